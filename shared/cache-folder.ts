/**
 * The private folder where hook runs keep what they can skip next time: compiled code (shared/code-cache.ts)
 * and parsed config files (shared/config-cache.ts). What is read from it runs or decides as this user, so
 * the folder and each file in it are used only if this user owns them and nobody else can write them.
 * guard-files stands between the guarded agent and the folder (shared/guarded-places.ts).
 */
import { chmodSync, closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, type Stats } from "node:fs";
import { join } from "node:path";
import { tempDirectory } from "./system-dirs.ts";

/** `GUARDS_CODE_CACHE`: a folder for the cache, or `off`. */
export const CODE_CACHE_ENV = "GUARDS_CODE_CACHE";

const folders = new Map<string, string | null>();

/** The cache folder for `env`, made when missing; null when switched off or not private. */
export function cacheFolder(env: Readonly<Record<string, string | undefined>>): string | null {
  const chosen = env[CODE_CACHE_ENV];
  if (chosen === "off" || chosen === "0") return null;
  const dir = chosen || defaultFolder(env);
  const known = folders.get(dir);
  if (known !== undefined) return known;
  let usable: string | null = null;
  try {
    // Made only when missing: a mkdir on every run is a system call for nothing.
    let stat = lstatSync(dir, { throwIfNoEntry: false });
    if (!stat) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      stat = lstatSync(dir);
    }
    if (stat.isDirectory() && isPrivate(stat)) usable = dir;
  } catch {
    // No cache: every run does the work.
  }
  folders.set(dir, usable);
  return usable;
}

/**
 * Under the temp folder, not the home folder: a cache needs no uninstalling and may vanish at any time.
 * The folder name carries the user id; a folder of that name that someone else made is not used.
 */
function defaultFolder(env: Readonly<Record<string, string | undefined>>): string {
  return join(tempDirectory(env), `guards-code-cache-${process.getuid?.() ?? "user"}`);
}

/**
 * Owned by `owner` (this user unless told) and writable by nobody else (no ownership on Windows: the
 * profile folder is private).
 */
export function isPrivate(stat: Stats, owner = process.getuid?.()): boolean {
  if (owner === undefined) return true;
  return stat.uid === owner && (stat.mode & 0o022) === 0;
}

/** A file of the folder, if it is a regular file (not a link) that only `owner` (this user unless told) can write. */
export function readOwnFile(file: string, owner = process.getuid?.()): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const stat = fstatSync(fd);
    if (!stat.isFile() || !isPrivate(stat, owner)) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Replaces `file` whole (a new file, private unless `mode` says, renamed over it), or leaves it as it was. */
export function writePrivateFile(file: string, bytes: Uint8Array, mode = 0o600): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, bytes, { mode, flag: "wx" });
    // A file every user reads (the managed cache, 0644) must not take its writer's umask (077 for root on hardened machines).
    if (mode !== 0o600) chmodSync(temp, mode);
    renameSync(temp, file);
  } catch {
    try {
      unlinkSync(temp);
    } catch {
      // Nothing was written.
    }
  }
}
