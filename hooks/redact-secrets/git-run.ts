/**
 * git asked by the hook itself, read-only, so that a repository's own config cannot make the hook run code:
 * no pager, no external diff, no textconv, no fsmonitor, no hooks, no signature programs, no transport (a
 * partial clone's lazy fetch), and the clean and smudge filters the repository or its includes name are
 * emptied. System config is skipped; the user's own config is kept (it is theirs, not the repository's).
 */
import { execFile } from "node:child_process";

/** What git answered: its output, or why there is none to read. */
export type GitAnswer =
  | { status: "ok"; stdout: Buffer; exitCode: number }
  /** Not a repository, no such revision or path, a usage error: git printed nothing on stdout. */
  | { status: "failed"; exitCode: number | null; stderr: string }
  /** git is not installed: the agent's command prints nothing either. */
  | { status: "absent" }
  | { status: "timeout" }
  | { status: "too-large" }
  /** The repository's config could not be neutralised, so git was not run. */
  | { status: "unsafe"; reason: string };

export interface GitPlace {
  cwd: string;
  /** The agent's environment; git's own variables other than those that locate the repository are dropped. */
  env: Readonly<Record<string, string | undefined>>;
  timeoutMs: number;
  maxBytes: number;
}

// Variables that say which repository and index the agent's git reads: kept, so the hook reads the same.
const LOCATING = new Set([
  "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR",
  "GIT_NAMESPACE", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM", "GIT_CONFIG_GLOBAL",
]);

// Settings that would run a program: each overridden on the command line, which wins over every config file.
const FIXED_CONFIG = [
  "core.fsmonitor=false", "core.hooksPath=/dev/null", "core.pager=cat", "core.sshCommand=false", "protocol.allow=never",
  "log.showSignature=false", "gpg.program=false", "gpg.ssh.program=false", "gpg.x509.program=false",
  "diff.noprefix=false", "diff.mnemonicPrefix=false", "color.ui=false",
];

/** The environment git runs in: no system config, no prompts, no optional locks, no lazy fetch. */
function gitEnv(env: GitPlace["env"], extra: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || (name.startsWith("GIT_") && !LOCATING.has(name))) continue;
    out[name] = value;
  }
  return { ...out, ...extra, GIT_CONFIG_NOSYSTEM: "1", GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0", GIT_NO_LAZY_FETCH: "1", GIT_PAGER: "cat", PAGER: "cat", LC_ALL: "C" };
}

function spawnGit(args: readonly string[], place: GitPlace, extraEnv: Readonly<Record<string, string>> = {}, input?: string): Promise<GitAnswer> {
  return new Promise((resolve) => {
    const child = execFile(
      "git",
      args,
      { cwd: place.cwd, env: gitEnv(place.env, extraEnv), timeout: place.timeoutMs, maxBuffer: place.maxBytes, encoding: "buffer", windowsHide: true },
      (error, stdout, stderr) => {
        if (!error) return resolve({ status: "ok", stdout, exitCode: 0 });
        const failure = error as NodeJS.ErrnoException & { killed?: boolean; signal?: string; code?: string | number };
        if (failure.code === "ERR_CHILD_PROCESS_STDIO_MAXBUFFER") return resolve({ status: "too-large" });
        if (failure.code === "ENOENT") return resolve({ status: "absent" });
        if (failure.killed || failure.signal) return resolve({ status: "timeout" });
        const exitCode = typeof failure.code === "number" ? failure.code : null;
        // grep with no match, diff --exit-code with changes, stash show with no stash: 1, the output complete.
        if (exitCode === 1) return resolve({ status: "ok", stdout, exitCode });
        resolve({ status: "failed", exitCode, stderr: stderr.toString("utf8").slice(0, 500) });
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** Names of the filter drivers the config defines (`filter.<name>.clean`): each is emptied before a view runs. */
async function filterDrivers(top: readonly string[], place: GitPlace): Promise<string[] | undefined> {
  // The same repository the view reads (`--git-dir`, kept settings): its config names the drivers.
  const answer = await spawnGit(["-c", "core.fsmonitor=false", ...top, "config", "-z", "--name-only", "--get-regexp", "^filter\\."], place);
  if (answer.status === "failed") return [];
  if (answer.status !== "ok") return undefined;
  const names = new Set<string>();
  for (const key of answer.stdout.toString("utf8").split("\0")) {
    const last = key.lastIndexOf(".");
    if (last > "filter.".length) names.add(key.slice("filter.".length, last));
  }
  return [...names];
}

/**
 * Runs `git <args>` with every override above. `top` holds options that come before the subcommand
 * (`--git-dir`, `--literal-pathspecs`); the agent's own `-c` and `--exec-path` are never among them.
 */
export async function runGit(top: readonly string[], args: readonly string[], place: GitPlace, input?: string): Promise<GitAnswer> {
  const drivers = await filterDrivers(top, place);
  if (drivers === undefined) return { status: "timeout" };
  const config: string[] = FIXED_CONFIG.flatMap((setting) => ["-c", setting]);
  // `-c` splits at the first `=`: a driver name with one cannot be emptied that way, so git is not run.
  if (drivers.some((name) => name.includes("="))) return { status: "unsafe", reason: "the repository's config names a filter driver the hook cannot switch off" };
  for (const name of drivers) {
    for (const key of ["clean", "smudge", "process"]) config.push("-c", `filter.${name}.${key}=`);
    config.push("-c", `filter.${name}.required=false`);
  }
  // The command's own kept settings come first, so that every override here wins over them.
  const own = top.flatMap((word, i) => (word === "-c" || top[i - 1] === "-c" ? [word] : []));
  const rest = top.filter((word, i) => !(word === "-c" || top[i - 1] === "-c"));
  return spawnGit([...own, ...config, "--no-pager", ...rest, ...args], place, {}, input);
}

/** One config value (`alias.d`), read without running anything; undefined when unset or git cannot say. */
export async function gitConfigValue(top: readonly string[], key: string, place: GitPlace): Promise<string | undefined> {
  const answer = await spawnGit(["-c", "core.fsmonitor=false", ...top, "config", "--get", key], place);
  return answer.status === "ok" && answer.exitCode === 0 ? answer.stdout.toString("utf8").replace(/\n$/, "") : undefined;
}
