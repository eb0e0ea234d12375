/**
 * Programs that run a command on other machines, like `ssh HOST CMD` does: configuration and fleet tools
 * (`ansible HOSTS -m shell -a CMD`, `salt '*' cmd.run CMD`, `pdsh -w HOSTS CMD`) and the cloud CLIs' remote
 * shells (`gcloud compute ssh VM --command CMD`, `aws ssm send-command … commands=CMD`, `az vm run-command
 * invoke --scripts CMD`). The command is judged as if it ran here (what exists there is unknown), and a
 * module that deletes (`-m file -a 'path=P state=absent'`, `file.remove P`) as `rm -rf P`.
 */
import type { Arg } from "./types.ts";
import { record, type Execution } from "./execute.ts";
import type { RunnerResult } from "./runners.ts";
import { walkCode } from "./walk.ts";

export const FLEET = new Set(["ansible", "salt", "salt-ssh", "pdsh", "pssh", "parallel-ssh", "clush", "gcloud", "aws", "az", "fly", "flyctl"]);

// Built on first use: most command lines never reach a fleet tool, and every process would pay for them.
let valuedSets: { pdsh: ReadonlySet<string>; salt: ReadonlySet<string> } | undefined;
const valued = () => (valuedSets ??= {
  pdsh: new Set(["-w", "-x", "-g", "-X", "-R", "-l", "-t", "-u", "-f", "-h", "--hosts", "-H", "--host", "-p", "--par", "-o", "--outdir", "-e", "--errdir", "-O", "--option", "-x", "--extra-args", "-X", "--extra-arg", "-t", "--timeout", "-n", "--nodes", "-a", "-b", "-c"
  ]),
  salt: new Set(["-t", "--timeout", "-L", "-E", "-G", "-C", "-N", "--out", "--output", "-c", "--config-dir", "--user", "-b", "--batch-size", "--roster", "--roster-file", "-i"]),
});

export function runFleet(program: string, args: Arg[], ex: Execution): RunnerResult {
  const words = args.map((a) => a.value);
  if (program === "ansible") {
    const module = option(args, ["-m", "--module-name"])?.value.replace(/^ansible\.(builtin|legacy)\./, "") ?? "command";
    const moduleArgs = option(args, ["-a", "--args"]);
    if (!moduleArgs) return undefined;
    if (module === "shell" || module === "command" || module === "raw") remote(moduleArgs, `ansible -m ${module}`, ex);
    else if (module === "file" && /\bstate\s*=\s*absent\b/.test(moduleArgs.value)) {
      const path = /\b(?:path|dest|name)\s*=\s*(\S+)/.exec(moduleArgs.value)?.[1];
      if (path) removeRemote(path, moduleArgs.dynamic, "ansible -m file state=absent", ex);
    }
    return undefined;
  }
  if (program === "salt" || program === "salt-ssh") {
    const positional = operands(args, valued().salt);
    const [, fn, ...rest] = positional;
    if (!fn || rest.length === 0) return undefined;
    if (/^cmd\.(run|run_all|run_stdout|run_stderr|shell|exec_code_all)$/.test(fn.value)) remote(joined(fn.value === "cmd.exec_code_all" ? rest.slice(1) : rest), `salt ${fn.value}`, ex);
    else if (fn.value === "file.remove" || fn.value === "file.absent") removeRemote(rest[0]!.value, rest[0]!.dynamic, `salt ${fn.value}`, ex);
    return undefined;
  }
  if (program === "pdsh" || program === "pssh" || program === "parallel-ssh" || program === "clush") {
    const rest = operands(args, valued().pdsh);
    if (rest.length) remote(joined(rest), program, ex);
    return undefined;
  }
  // The cloud CLIs: the remote shell is one subcommand among many; the others are judged as actions.
  if (program === "gcloud" && words.includes("ssh") && words.includes("compute")) {
    const code = option(args, ["--command"]);
    if (code) remote(code, "gcloud compute ssh --command", ex);
  } else if (program === "aws" && words.includes("ssm") && words.includes("send-command")) {
    const parameters = option(args, ["--parameters"]);
    const commands = parameters && /commands\s*[=:]\s*\[?\s*(?:"((?:\\.|[^"\\])*)"|'([^']*)'|([^\]}]+))/.exec(parameters.value);
    if (commands) remote({ ...parameters!, value: (commands[1] ?? commands[2] ?? commands[3] ?? "").replace(/\\(.)/g, "$1") }, "aws ssm send-command", ex);
  } else if (program === "az" && words.includes("run-command") && words.includes("invoke")) {
    const code = option(args, ["--scripts"]);
    if (code) remote(code, "az vm run-command invoke --scripts", ex);
  } else if ((program === "fly" || program === "flyctl") && words.includes("ssh") && words.includes("console")) {
    const code = option(args, ["-C", "--command"]);
    if (code) remote(code, `${program} ssh console -C`, ex);
  }
  return undefined;
}

/** The value of the first of these options: `-a X`, `--args=X`. */
function option(args: Arg[], names: string[]): Arg | undefined {
  for (let i = 1; i < args.length; i++) {
    const word = args[i]!.value;
    if (names.includes(word)) return args[i + 1];
    const eq = word.indexOf("=");
    if (word.startsWith("--") && eq > 0 && names.includes(word.slice(0, eq))) return { ...args[i]!, value: word.slice(eq + 1) };
  }
  return undefined;
}

/** The words that are not options or option values. */
function operands(args: Arg[], valued: ReadonlySet<string>): Arg[] {
  const out: Arg[] = [];
  for (let i = 1; i < args.length; i++) {
    const word = args[i]!.value;
    if (word === "--") return [...out, ...args.slice(i + 1)];
    if (word.startsWith("-") && word.length > 1) {
      if (valued.has(word)) i++;
      continue;
    }
    out.push(args[i]!);
  }
  return out;
}

function joined(words: Arg[]): Arg {
  return { value: words.map((w) => w.value).join(" "), dynamic: words.some((w) => w.dynamic), raw: words.map((w) => w.raw).join(" ") };
}

/** The command runs in the remote user's shell: judged the same way, without this shell's folder. */
function remote(code: Arg, wrapper: string, ex: Execution): void {
  if (code.dynamic) {
    record([{ value: "sh", dynamic: false, raw: "sh" }], [...ex.frame.wrappers, wrapper], undefined, { ...ex, redirects: [] }, { kind: "dynamic", from: code.raw });
    return;
  }
  walkCode(code.value, { ...ex.state, vars: new Map(ex.state.vars), cwd: undefined }, { ...ex.frame, wrappers: [...ex.frame.wrappers, wrapper], depth: ex.frame.depth + 1 }, ex.walk);
}

function removeRemote(path: string, dynamic: boolean, wrapper: string, ex: Execution): void {
  const target: Arg = { value: path.replace(/^['"]|['"]$/g, ""), dynamic, raw: path };
  record([{ value: "rm", dynamic: false, raw: "rm" }, { value: "-rf", dynamic: false, raw: "-rf" }, target], [...ex.frame.wrappers, wrapper], undefined, { ...ex, redirects: [] }, undefined, wrapper);
}
