/**
 * Compiles a built hook's code through V8's code cache. A hook is a fresh process on every agent action;
 * parsing and compiling its bundle is most of what it costs beyond Node's own start. The first run writes
 * the compiled code to a private cache folder; later runs load it instead of compiling. The same folder
 * keeps the hook's source unpacked (the hook file carries it compressed), so later runs only read it.
 *
 * The cache is loaded code, so it is only read from a folder and a file this user owns and nobody else can
 * write (a planted file would be code run as the user). Anything wrong with the cache (missing, rejected by
 * V8 after a Node upgrade, unwritable folder) costs only speed: the source is compiled as without a cache.
 */
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, type Stats } from "node:fs";
import { join } from "node:path";
import { Script } from "node:vm";
import { tempDirectory } from "./system-dirs.ts";

/** `GUARDS_CODE_CACHE`: a folder for the cache, or `off`. */
export const CODE_CACHE_ENV = "GUARDS_CODE_CACHE";

interface Pending {
  file: string;
  /** The bytes to write, worked out at exit (a code cache is taken after the run). */
  contents: () => Uint8Array | string;
}

const pending: Pending[] = [];
let folder: string | null | undefined;

/**
 * Compiles `source` (an expression, usually a function wrapper) and returns its value. `key` names this
 * exact source (a content hash): the cache file is keyed by it and by the Node version.
 */
export function compileCached(source: string, key: string, filename: string): unknown {
  const dir = cacheFolder();
  const file = dir ? join(dir, `${key}-${process.version}-${process.arch}.bin`) : undefined;
  const cachedData = file ? readOwnFile(file) : undefined;
  const script = new Script(source, { filename, cachedData });
  if (file && (!cachedData || script.cachedDataRejected)) {
    writeAtExit(file, () => script.createCachedData());
  }
  return script.runInThisContext();
}

/**
 * The source named `key` (`length` characters of ASCII): the unpacked copy in the cache folder, else what
 * `unpack` returns, then kept there for the next runs. A kept copy of another length is not used (a write
 * cut short, a file of another build), and is replaced.
 */
export function cachedSource(key: string, length: number, unpack: () => string): string {
  const dir = cacheFolder();
  const file = dir ? join(dir, `${key}.js`) : undefined;
  const kept = file ? readOwnFile(file) : undefined;
  if (kept?.length === length) return kept.toString("latin1");
  const source = unpack();
  if (file) writeAtExit(file, () => source);
  return source;
}

function writeAtExit(file: string, contents: () => Uint8Array | string): void {
  if (pending.length === 0) process.once("exit", writePending);
  pending.push({ file, contents });
}

/** Written at exit, after the answer: by then the code cache also holds every function the run compiled. */
function writePending(): void {
  for (const { file, contents } of pending.splice(0)) {
    const temp = `${file}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, contents(), { mode: 0o600, flag: "wx", encoding: "latin1" });
      renameSync(temp, file);
    } catch {
      try {
        unlinkSync(temp);
      } catch {
        // Nothing was written.
      }
    }
  }
}

function cacheFolder(): string | null {
  if (folder !== undefined) return folder;
  folder = null;
  const chosen = process.env[CODE_CACHE_ENV];
  if (chosen === "off" || chosen === "0") return folder;
  const dir = chosen || defaultFolder();
  try {
    // Made only when missing: a mkdir on every run is a system call for nothing.
    let stat = lstatSync(dir, { throwIfNoEntry: false });
    if (!stat) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      stat = lstatSync(dir);
    }
    if (stat.isDirectory() && isPrivate(stat)) folder = dir;
  } catch {
    // No cache: every run compiles.
  }
  return folder;
}

/**
 * Under the temp folder, not the home folder: a cache needs no uninstalling and may vanish at any time.
 * The folder name carries the user id; a folder of that name that someone else made is not used.
 */
function defaultFolder(): string {
  return join(tempDirectory(process.env), `guards-code-cache-${process.getuid?.() ?? "user"}`);
}

/** Owned by this user and writable by nobody else (no ownership on Windows: the profile folder is private). */
function isPrivate(stat: Stats): boolean {
  const uid = process.getuid?.();
  if (uid === undefined) return true;
  return stat.uid === uid && (stat.mode & 0o022) === 0;
}

function readOwnFile(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const stat = fstatSync(fd);
    if (!stat.isFile() || !isPrivate(stat)) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
