/**
 * The home and temp directories without loading `node:os` when the environment already says: a hook is a
 * fresh process on every agent action, and loading `node:os` costs about 0.4 ms of a cold start.
 */
type Env = Readonly<Record<string, string | undefined>>;

/** `node:os`, loaded only on the rare run that needs it. */
function os(): typeof import("node:os") {
  // Node before 20.16 has no getBuiltinModule; it runs only the built files, whose bundles have require().
  return process.getBuiltinModule?.("node:os") ?? (require("node:os") as typeof import("node:os"));
}

/** $HOME, else the account's home directory (what os.homedir() answers). */
export function homeDirectory(env: Env): string {
  return env.HOME || os().homedir();
}

/** What os.tmpdir() answers: on Unix $TMPDIR, $TMP, $TEMP or /tmp, without a trailing slash. */
export function tempDirectory(env: Env): string {
  if (process.platform === "win32") return os().tmpdir();
  const dir = env.TMPDIR || env.TMP || env.TEMP || "/tmp";
  return dir.length > 1 && dir.endsWith("/") ? dir.slice(0, -1) : dir;
}
