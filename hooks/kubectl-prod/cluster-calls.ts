/** Finds the kubectl and helm runs among the commands a shell line would execute. */
import type { ExecutedCommand } from "../../shared/shell.ts";
import { parseFlags, type FlagGrammar } from "./flags.ts";

/** What `-f -` would read. */
export type StdinSource =
  | { kind: "kustomization"; dir: string }
  | { kind: "text"; text: string; from: string }
  | { kind: "unknown"; from: string };

export interface ClusterCall {
  tool: "kubectl" | "helm";
  /** Arguments after the program name. */
  args: string[];
  /** Arguments whose value only run time knows (`$NS`, `$(…)`), as written. */
  dynamicArgs: ReadonlySet<string>;
  /**
   * Whole arguments only run time knows (`$FLAGS`, `"$@"`, `$(…)`), before any `--`: each may expand
   * to flags such as `-n prod`. Arguments appended by xargs are names, not counted.
   */
  opaqueArgs: string[];
  /** The directory it runs in; undefined when only run time knows (`cd "$DIR"`). */
  cwd: string | undefined;
  /** The words as run, for messages. */
  display: string;
  /** Variables the command line sets for this call (`KUBECONFIG=… kubectl`); null where run time decides. */
  lineEnv: Readonly<Record<string, string | null>>;
  stdin: StdinSource | undefined;
  /**
   * Set when it runs with another kubeconfig than the agent's: on another machine (`ssh host kubectl …`)
   * or as another user (`sudo`, `doas`: another HOME, KUBECONFIG dropped). Says where, for messages.
   */
  elsewhere?: string;
}

/** Programs that take kubectl's arguments: kubectl itself, the kubecolor wrapper, OpenShift's oc. */
const KUBECTL_PROGRAMS = new Set(["kubectl", "kubecolor", "oc", "microk8s.kubectl"]);
/** Distributions that ship kubectl as a sub-command: `k3s kubectl …`, `minikube kubectl -- …`. */
const KUBECTL_HOSTS = new Set(["k3s", "k0s", "microk8s", "minikube"]);
const HELM_PROGRAMS = new Set(["helm", "helm3", "microk8s.helm", "microk8s.helm3"]);
const KUSTOMIZE_GRAMMAR: FlagGrammar = {
  valueLong: new Set(["load-restrictor", "output", "helm-command", "helm-api-versions", "helm-kube-version", "env", "mount", "network-name", "reorder", "namespace", "context", "kubeconfig"]),
  short: { o: "output", e: "env", n: "namespace" },
};

export function findClusterCalls(commands: readonly ExecutedCommand[]): ClusterCall[] {
  const calls: ClusterCall[] = [];
  commands.forEach((command, index) => {
    const kubectl = kubectlArgs(command);
    const tool = kubectl ? "kubectl" : HELM_PROGRAMS.has(command.program) ? "helm" : undefined;
    if (!tool) return;
    const offset = command.argv.length - (kubectl ?? command.argv.slice(1)).length;
    const dynamicArgs = command.argv.filter((_, i) => i >= offset && command.dynamic[i]);
    const args = kubectl ?? command.argv.slice(1);
    const beforeDashes = args.includes("--") ? args.slice(0, args.indexOf("--")) : args;
    const call: ClusterCall = {
      tool,
      args,
      dynamicArgs: new Set(dynamicArgs),
      opaqueArgs: beforeDashes.filter((arg) => dynamicArgs.includes(arg) && (arg.startsWith("$") || arg.startsWith("`"))),
      cwd: command.cwd,
      display: command.argv.join(" "),
      lineEnv: command.env ?? {},
      stdin: stdinSource(command, commands[index - 1]),
    };
    const elsewhere = otherKubeconfig(command.wrappers);
    if (elsewhere) call.elsewhere = elsewhere;
    calls.push(call);
  });
  return calls;
}

function otherKubeconfig(wrappers: readonly string[]): string | undefined {
  const remote = wrappers.find((wrapper) => wrapper.startsWith("ssh"));
  if (remote) return `on another machine (${remote})`;
  const user = wrappers.find((wrapper) => wrapper === "sudo" || wrapper === "doas");
  return user ? `as another user (${user})` : undefined;
}

function kubectlArgs(command: ExecutedCommand): string[] | undefined {
  if (KUBECTL_PROGRAMS.has(command.program)) return command.argv.slice(1);
  if (KUBECTL_HOSTS.has(command.program) && command.argv[1] === "kubectl") {
    const rest = command.argv.slice(2);
    return rest[0] === "--" ? rest.slice(1) : rest;
  }
  return undefined;
}

/** A heredoc or here-string is read as it is; a pipe from `kustomize build DIR` is that kustomization. */
function stdinSource(command: ExecutedCommand, previous: ExecutedCommand | undefined): StdinSource | undefined {
  const input = command.input;
  if (!input) return undefined;
  if (input.kind === "static" && input.text !== undefined) return { kind: "text", text: input.text, from: input.from };
  const dir = previous && renderedKustomization(previous);
  if (dir !== undefined && input.from.includes(previous!.program)) return { kind: "kustomization", dir };
  return { kind: "unknown", from: input.from };
}

/** `kustomize build [DIR]` or `kubectl kustomize [DIR]` → DIR (default `.`). */
function renderedKustomization(command: ExecutedCommand): string | undefined {
  const isKustomize = command.program === "kustomize";
  const args = isKustomize ? command.argv.slice(1) : kubectlArgs(command);
  if (!args || command.dynamic.some(Boolean)) return undefined;
  const words = parseFlags(args, KUSTOMIZE_GRAMMAR).positionals;
  if (words[0] !== (isKustomize ? "build" : "kustomize")) return undefined;
  return words[1] ?? ".";
}
