/** Writes that never leave a half-written file: temp file + rename, a backup of what was there, created folders remembered. */
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, rmdirSync, writeFileSync, readdirSync } from "node:fs";
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

export function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
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

export function writeAtomic(path: string, content: string | Buffer, mode?: number): void {
  const temp = join(dirname(path), `.${basename(path)}.guards-${randomBytes(6).toString("hex")}.tmp`);
  try {
    writeFileSync(temp, content, mode === undefined ? undefined : { mode });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Copies `path` into `backupDir` under a name that says where it came from and when. */
export function backup(path: string, backupDir: string, now: Date): string {
  ensureDir(backupDir);
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
