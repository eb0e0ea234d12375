/** Writes that never leave a half-written file: temp file + rename, a backup of what was there, created folders remembered. */
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, rmdirSync, statSync, writeFileSync, readdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { basename, dirname, join } from "node:path";

export function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** `mode`: each folder made here gets it exactly (mkdir's own mode is narrowed by the umask); folders already there keep theirs. */
export function ensureDir(dir: string, mode?: number): void {
  const first = mode === undefined ? undefined : firstMissingDir(dir);
  mkdirSync(dir, { recursive: true });
  if (first !== undefined) for (const made of foldersUpTo(dir, first)) chmodSync(made, mode!);
}

/** `from` and each folder above it up to `top`; nothing when `top` is not `from` or above it. */
export function foldersUpTo(from: string, top: string): string[] {
  const folders: string[] = [];
  for (let current = from; ; current = dirname(current)) {
    folders.push(current);
    if (current === top) return folders;
    if (dirname(current) === current) return [];
  }
}

/** The top-most folder that `ensureDir(dir)` would create, if any: uninstall removes it again when empty. */
export function firstMissingDir(dir: string): string | undefined {
  let missing: string | undefined;
  for (let current = dir; !existsSync(current); current = dirname(current)) {
    missing = current;
    if (dirname(current) === current) break;
  }
  return missing;
}

/**
 * How a written file's mode is chosen. `mode` alone: a new file's mode, narrowed by the umask as any program's.
 * With `exact`, the file gets `mode` whatever the umask (files every user of the machine reads). Without a
 * mode, a file that is replaced keeps its own: the rename would otherwise give a private settings file
 * (which may hold tokens) a new file's mode, readable by everyone under the usual umask.
 */
export interface WriteMode {
  mode?: number;
  exact?: boolean;
}

export function writeAtomic(path: string, content: string | Buffer, how: WriteMode = {}): void {
  const temp = join(dirname(path), `.${basename(path)}.guards-${randomBytes(6).toString("hex")}.tmp`);
  try {
    const kept = how.mode === undefined ? modeOf(path) : undefined;
    writeFileSync(temp, content, how.mode === undefined ? undefined : { mode: how.mode });
    if (how.exact && how.mode !== undefined) chmodSync(temp, how.mode);
    else if (kept !== undefined) chmodSync(temp, kept);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** The permission bits of `path`, undefined when there is no such file. */
export function modeOf(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o7777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Copies `path` into `backupDir` under a name that says where it came from and when (the copy keeps its mode). */
export function backup(path: string, backupDir: string, now: Date, dirMode?: number): string {
  ensureDir(backupDir, dirMode);
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const target = join(backupDir, `${stamp}${path.replace(/[\\/:]+/g, "_")}`);
  copyFileSync(path, target);
  return target;
}

export function removeFile(path: string): void {
  rmSync(path, { force: true });
}

/** Removes `dir` and its parents up to `top` while they are empty. */
export function removeEmptyDirs(dir: string, top: string): void {
  let current = dir;
  for (;;) {
    if (!existsSync(current) || readdirSync(current).length > 0) return;
    rmdirSync(current);
    if (current === top || dirname(current) === current) return;
    current = dirname(current);
  }
}
