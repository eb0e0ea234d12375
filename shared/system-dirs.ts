/**
 * The home and temp directories without loading `node:os` when the environment already says: a hook is a
 * fresh process on every agent action, and loading `node:os` costs about 0.4 ms of a cold start.
 */
import { sep } from "node:path";
import { osModule } from "./builtins.ts";

type Env = Readonly<Record<string, string | undefined>>;


/**
 * `dir` and `names` joined with the platform's separator, the trailing separators of `dir` dropped. Not
 * path.join: it normalizes character by character, and on a cold Node 24 three calls cost more than the
 * file checks they name (about 0.6 ms).
 */
export function pathUnder(dir: string, ...names: string[]): string {
  let end = dir.length;
  while (end > 1 && (dir[end - 1] === "/" || dir[end - 1] === sep)) end--;
  const base = dir.slice(0, end);
  if (base === "") return names.join(sep);
  return [base === "/" || base === sep ? "" : base, ...names].join(sep);
}

/** $HOME, else the account's home directory (what os.homedir() answers). */
export function homeDirectory(env: Env): string {
  return env.HOME || osModule().homedir();
}

/** What os.tmpdir() answers: on Unix $TMPDIR, $TMP, $TEMP or /tmp, without a trailing slash. */
export function tempDirectory(env: Env): string {
  if (process.platform === "win32") return osModule().tmpdir();
  const dir = env.TMPDIR || env.TMP || env.TEMP || "/tmp";
  return dir.length > 1 && dir.endsWith("/") ? dir.slice(0, -1) : dir;
}
