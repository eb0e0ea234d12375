/** Carries out a plan: hook files first (entries never point at a missing file), then the state, then the configs. */
import { dirname } from "node:path";
import { chmodSync, readFileSync, rmSync } from "node:fs";
import { backup, ensureDir, removeEmptyDirs, removeFile, writeAtomic, type WriteMode } from "./disk.ts";
import { FILE_MODE, FOLDER_MODE, settleFileMode, settleFolderMode } from "./modes.ts";
import type { Plan } from "./plan.ts";

export interface Applied {
  backups: string[];
}

/** Runs the plan; a permission error says what to do about it (system folders need an administrator). */
export function applyPlan(plan: Plan, now: Date): Applied {
  try {
    return applyAll(plan, now);
  } catch (error) {
    const { code, path } = error as NodeJS.ErrnoException;
    if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
      throw new Error(`${path ?? "a file"}: permission denied (${code}); system locations need an administrator, or stage the files with --root DIR`);
    }
    throw error;
  }
}

function applyAll(plan: Plan, now: Date): Applied {
  const backups: string[] = [];
  const folderMode = plan.everyUser ? FOLDER_MODE : undefined;
  const fileMode = (mode?: number): WriteMode => (plan.everyUser ? { mode: mode ?? FILE_MODE, exact: true } : mode === undefined ? {} : { mode });
  for (const copy of plan.copies) {
    ensureDir(dirname(copy.stagedPath), folderMode);
    writeAtomic(copy.stagedPath, readFileSync(copy.source), fileMode(0o644));
  }
  if (plan.managedCacheDir) {
    // Readable by every user, writable by its owner only, or the hooks will not read it.
    ensureDir(plan.managedCacheDir, FOLDER_MODE);
    chmodSync(plan.managedCacheDir, FOLDER_MODE);
  }
  if (plan.state.after !== undefined && plan.state.after !== plan.state.before) {
    ensureDir(dirname(plan.state.stagedPath), folderMode);
    writeAtomic(plan.state.stagedPath, plan.state.after, fileMode());
  }
  for (const change of plan.changes) {
    // A file removed by uninstall held nothing but guards' entries: there is nothing of the user's to back up.
    if (change.before !== undefined && change.after !== undefined) backups.push(backup(change.stagedPath, plan.backupDir, now, folderMode));
    if (change.after === undefined) {
      removeFile(change.stagedPath);
      continue;
    }
    ensureDir(dirname(change.stagedPath), folderMode);
    writeAtomic(change.stagedPath, change.after, fileMode(change.mode));
  }
  if (plan.everyUser) {
    for (const folder of plan.everyUser.folders) settleFolderMode(folder);
    for (const file of [...plan.everyUser.files, plan.state.stagedPath]) settleFileMode(file);
  }
  for (const dir of plan.removeDirs) rmSync(dir, { recursive: true, force: true });
  if (plan.state.after === undefined && plan.state.before !== undefined) removeFile(plan.state.stagedPath);
  for (const { from, to } of plan.prune) removeEmptyDirs(from, to);
  return { backups };
}
