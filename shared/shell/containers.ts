/**
 * `docker run -v SRC:DST IMAGE CMD…`: CMD runs in the container, where only the mounted host folders
 * can be harmed. Its commands are recorded with the mounts, so a delete of DST/x is a delete of SRC/x.
 */
import { posix } from "node:path";
import type { Arg, Mount } from "./types.ts";
import { executeProgram, type Execution } from "./execute.ts";

export const CONTAINER_RUNNERS = new Set(["docker", "podman", "nerdctl"]);

/** `docker run` options that take a value (the image is the first word after the options). */
const VALUED = new Set([
  "-v", "--volume", "--mount", "-w", "--workdir", "-e", "--env", "--env-file", "--name", "-p", "--publish", "-u", "--user", "--entrypoint",
  "--network", "--net", "-h", "--hostname", "--platform", "-l", "--label", "--label-file", "--cpus", "-m", "--memory", "--restart", "--pull",
  "--add-host", "--device", "--dns", "--log-driver", "--log-opt", "--cap-add", "--cap-drop", "--security-opt", "--tmpfs", "--ulimit", "--gpus",
  "--shm-size", "--ipc", "--pid", "--runtime", "--stop-signal", "--stop-timeout", "--cidfile", "--volumes-from", "--link", "--expose",
  "--group-add", "--cgroupns", "--uts", "--userns", "--memory-swap", "--cpu-shares", "-c", "--cpuset-cpus", "--health-cmd", "--attach", "-a",
]);
const GLOBAL_VALUED = new Set(["-H", "--host", "--context", "-c", "--config", "-l", "--log-level", "--url", "--connection"]);

export function runContainer(args: Arg[], ex: Execution): undefined {
  let i = 1;
  while (i < args.length && args[i]!.value.startsWith("-")) i += GLOBAL_VALUED.has(args[i]!.value) ? 2 : 1;
  if (args[i]?.value === "container") i++;
  if (args[i]?.value === "exec") return execInContainer(args, i + 1, ex);
  if (args[i]?.value !== "run") return undefined;
  const mounts: Mount[] = [];
  let workdir: string | undefined;
  let entrypoint: Arg | undefined;
  for (i++; i < args.length; i++) {
    const word = args[i]!.value;
    if (!word.startsWith("-") || word === "-") break;
    const eq = word.indexOf("=");
    const name = word.startsWith("--") && eq > 0 ? word.slice(0, eq) : word;
    const attached = /^-[vw]./.test(word) ? word.slice(2) : undefined;
    const valued = attached === undefined && eq < 0 && VALUED.has(name);
    const value = attached ?? (eq > 0 && word.startsWith("--") ? word.slice(eq + 1) : valued ? args[i + 1] : undefined);
    const text = typeof value === "string" ? value : value?.value;
    const dynamic = typeof value === "object" ? value.dynamic : args[i]!.dynamic;
    if (valued) i++;
    if (text === undefined) continue;
    if (name === "-v" || name === "--volume" || word.startsWith("-v")) addVolume(text, dynamic, ex, mounts);
    else if (name === "--mount") addMount(text, dynamic, ex, mounts);
    else if (name === "-w" || name === "--workdir" || word.startsWith("-w")) workdir = text;
    else if (name === "--entrypoint" && typeof value === "object") entrypoint = value;
  }
  const command = [...(entrypoint ? [entrypoint] : []), ...args.slice(i + 1)];
  // A privileged container, or one in the host's process namespace, reaches the host (`nsenter -t 1`):
  // its paths are judged as this machine's.
  const host = args.slice(0, i).some((a) => a.value === "--privileged" || /^--pid(=|$)/.test(a.value) && (a.value === "--pid=host" || args[args.indexOf(a) + 1]?.value === "host"));
  // Even with no mount the command is read: a privileged container reaches the host's disks.
  if (command.length === 0) return undefined;
  const wrappers = [...ex.frame.wrappers, `${args[0]!.value.slice(args[0]!.value.lastIndexOf("/") + 1)} run`];
  const frame = host ? { ...ex.frame, wrappers } : { ...ex.frame, wrappers, mounts };
  // Inside the container, HOME and the directory are the image's, not this machine's.
  const state = { ...ex.state, vars: new Map<string, string | undefined>(), cwd: workdir?.startsWith("/") ? posix.normalize(workdir) : undefined, env: { HOME: "/root" } };
  executeProgram(command, { ...ex, state, frame, input: undefined, redirects: [] });
  return undefined;
}

/** `-v SRC:DST[:ro]`: a bind mount when SRC is a path (a name is a docker volume). */
function addVolume(text: string, dynamic: boolean, ex: Execution, mounts: Mount[]): void {
  const [source, target, mode] = text.split(":");
  if (!source || !target || !(source.startsWith("/") || source.startsWith(".") || source.startsWith("~"))) return;
  mounts.push(mount(source, target, dynamic, mode?.split(",").includes("ro") ?? false, ex));
}

function addMount(text: string, dynamic: boolean, ex: Execution, mounts: Mount[]): void {
  const fields = new Map(text.split(",").map((f) => [f.slice(0, f.indexOf("=") < 0 ? f.length : f.indexOf("=")), f.slice(f.indexOf("=") + 1)]));
  const source = fields.get("source") ?? fields.get("src");
  const target = fields.get("target") ?? fields.get("destination") ?? fields.get("dst");
  if (!source || !target || (fields.get("type") ?? "volume") !== "bind") return;
  mounts.push(mount(source, target, dynamic, fields.has("readonly") || fields.has("ro"), ex));
}

function mount(source: string, target: string, dynamic: boolean, readOnly: boolean, ex: Execution): Mount {
  const cwd = ex.state.cwd;
  // `~` after `-v` is not expanded by the shell; compose files and some docker front ends do it.
  const home = ex.state.env.HOME;
  if (/^~(\/|$)/.test(source)) source = home ? home + source.slice(1) : source;
  const host = dynamic || source.startsWith("~") ? undefined : source.startsWith("/") ? posix.resolve(source) : cwd ? posix.resolve(cwd, source) : undefined;
  return { host, container: posix.resolve("/", target), readOnly };
}

const EXEC_VALUED = ["-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir", "--detach-keys"];

/**
 * `docker exec [OPTIONS] CONTAINER CMD…`: CMD runs in a running container whose mounts are not on the
 * line: any of its folders may be a host folder or a service's data, so a recursive delete outside its
 * temp folders is only known at run time (see effects.ts); what it destroys elsewhere (`psql -c 'DROP
 * DATABASE …'`) is judged all the same.
 */
function execInContainer(args: Arg[], start: number, ex: Execution): undefined {
  let i = start;
  let workdir: string | undefined;
  for (; i < args.length && args[i]!.value.startsWith("-"); i += EXEC_VALUED.includes(args[i]!.value) ? 2 : 1) {
    if ((args[i]!.value === "-w" || args[i]!.value === "--workdir") && !args[i + 1]?.dynamic && args[i + 1]?.value.startsWith("/")) workdir = args[i + 1]!.value;
  }
  runInRunning(args.slice(i + 1), `${args[0]!.value.slice(args[0]!.value.lastIndexOf("/") + 1)} exec`, ex, workdir);
  return undefined;
}

/** `kubectl exec [OPTIONS] POD -- CMD…` (and `oc exec`): CMD runs in a running pod's container. */
export function execInPod(args: Arg[], ex: Execution): void {
  const at = args.findIndex((a, k) => k > 0 && a.value === "exec");
  const dashes = args.findIndex((a) => a.value === "--");
  if (at < 0 || dashes < at) return;
  runInRunning(args.slice(dashes + 1), `${args[0]!.value} exec`, ex);
}

function runInRunning(command: Arg[], wrapper: string, ex: Execution, workdir?: string): void {
  if (command.length === 0) return;
  const state = { ...ex.state, vars: new Map<string, string | undefined>(), cwd: workdir, env: { HOME: "/root" } };
  executeProgram(command, { ...ex, state, frame: { ...ex.frame, wrappers: [...ex.frame.wrappers, wrapper], mounts: [{ host: undefined, container: "/", readOnly: false, running: true }] }, input: ex.input, redirects: [] });
}
