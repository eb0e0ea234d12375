/** Finds the kubectl and helm runs among the commands a shell line would execute. */
import type { ExecutedCommand } from "../../shared/shell.ts";
import { parseFlags, type FlagGrammar } from "./flags.ts";

export interface ClusterCall {
  tool: "kubectl" | "helm";
  /** Arguments after the program name. */
  args: string[];
  /** The words as run, for messages. */
  display: string;
  /**
   * The kustomization rendered by the command just before (`kustomize build DIR | kubectl apply -f -`),
   * which is what `-f -` reads.
   */
  stdinKustomization?: string;
}

/** Programs that take kubectl's arguments: kubectl itself, the kubecolor wrapper, OpenShift's oc. */
const KUBECTL_PROGRAMS = new Set(["kubectl", "kubecolor", "oc", "microk8s.kubectl"]);
/** Distributions that ship kubectl as a sub-command: `k3s kubectl …`, `minikube kubectl -- …`. */
const KUBECTL_HOSTS = new Set(["k3s", "k0s", "microk8s", "minikube"]);
const KUSTOMIZE_GRAMMAR: FlagGrammar = {
  valueLong: new Set(["load-restrictor", "output", "helm-command", "helm-api-versions", "helm-kube-version", "env", "mount", "network-name", "reorder", "namespace", "context", "kubeconfig"]),
  short: { o: "output", e: "env", n: "namespace" },
};
const HELM_PROGRAMS = new Set(["helm", "helm3", "microk8s.helm", "microk8s.helm3"]);

export function findClusterCalls(commands: readonly ExecutedCommand[]): ClusterCall[] {
  const calls: ClusterCall[] = [];
  commands.forEach((command, index) => {
    const args = kubectlArgs(command);
    const display = command.argv.join(" ");
    if (args) {
      const call: ClusterCall = { tool: "kubectl", args, display };
      const rendered = renderedKustomization(commands[index - 1]);
      if (rendered !== undefined) call.stdinKustomization = rendered;
      calls.push(call);
    } else if (HELM_PROGRAMS.has(command.program)) {
      calls.push({ tool: "helm", args: command.argv.slice(1), display });
    }
  });
  return calls;
}

function kubectlArgs(command: ExecutedCommand): string[] | undefined {
  if (KUBECTL_PROGRAMS.has(command.program)) return command.argv.slice(1);
  if (KUBECTL_HOSTS.has(command.program) && command.argv[1] === "kubectl") {
    const rest = command.argv.slice(2);
    return rest[0] === "--" ? rest.slice(1) : rest;
  }
  return undefined;
}

/** `kustomize build [DIR]` or `kubectl kustomize [DIR]` → DIR (default `.`). */
function renderedKustomization(command: ExecutedCommand | undefined): string | undefined {
  if (!command) return undefined;
  const args = command.program === "kustomize" ? command.argv.slice(1) : kubectlArgs(command);
  if (!args) return undefined;
  const verb = command.program === "kustomize" ? "build" : "kustomize";
  const words = parseFlags(args, KUSTOMIZE_GRAMMAR).positionals;
  if (words[0] !== verb) return undefined;
  return words[1] ?? ".";
}
