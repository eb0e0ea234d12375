/** Where each scope keeps the copied hook files, and how a path is staged under --root. */
import { platform as osPlatform } from "node:os";
import { isAbsolute, join, posix } from "node:path";
import type { Platform, Scope, ScopeDirs } from "./targets/types.ts";

/** The folder guards own in a scope: hook files live in `<it>/<version>/`, the install state beside them. */
export function guardsHome(dirs: ScopeDirs): string {
  if (dirs.scope === "project") return posix.join(toSlashes(dirs.project), ".guards");
  if (dirs.scope === "user") return posix.join(toSlashes(dirs.home), ".guards");
  return ENTERPRISE_HOME[dirs.platform];
}

const ENTERPRISE_HOME: Record<Platform, string> = {
  linux: "/opt/guards",
  darwin: "/Library/Application Support/Guards",
  win32: "C:/ProgramData/Guards",
};

/**
 * Where replaced files are backed up: under the home directory for project and user scope (so an
 * uninstall leaves the project as it was), in the system guards folder for enterprise scope.
 */
export function backupDir(dirs: ScopeDirs): string {
  if (dirs.scope === "enterprise" || !dirs.home) return posix.join(guardsHome(dirs), "backups");
  return posix.join(toSlashes(dirs.home), ".guards", "backups");
}

/** The file that holds every hook, and its code beside it: what an install copies into `<guards>/<version>/`. */
export const GUARDS_FILE = "guards.cjs";
export const GUARDS_CODE_FILE = "guards.code.js";

/** The project-relative path of the guards file (project scope entries go through the agent's project root). */
export function projectRelativeGuardsPath(version: string): string {
  return `.guards/${version}/${GUARDS_FILE}`;
}

/** A single-hook file of the earlier layout (one entry per hook), which installs now replace. */
export function hookFilePath(dirs: ScopeDirs, version: string, hookId: string): string {
  return posix.join(guardsHome(dirs), version, `${hookId}.mjs`);
}

export function guardsFilePath(dirs: ScopeDirs, version: string, file = GUARDS_FILE): string {
  return posix.join(guardsHome(dirs), version, file);
}

/**
 * Where a file is really written: under --root when staging (`C:/X` becomes `<root>/C/X`), else the
 * path itself. Agents and entries always see the unstaged path.
 */
export function staged(root: string | undefined, path: string): string {
  if (!root) return path;
  const drive = /^([A-Za-z]):[\\/](.*)$/.exec(path);
  if (drive) return join(root, drive[1]!.toUpperCase(), drive[2]!);
  return join(root, path);
}

export function toSlashes(path: string): string {
  return path.replace(/\\/g, "/");
}

export function isAbsoluteFor(platform: Platform, path: string): boolean {
  return platform === "win32" ? /^[A-Za-z]:[\\/]/.test(path) : isAbsolute(path);
}

export function scopeDirs(scope: Scope, platform: Platform, project: string, env: Readonly<Record<string, string | undefined>>): ScopeDirs {
  const home = env.HOME ?? env.USERPROFILE;
  if (!home && scope !== "enterprise") throw new Error("HOME is not set: cannot find the user's config folders");
  return { scope, platform, project, home: home ?? "", env };
}

export function currentPlatform(): Platform {
  const p = osPlatform();
  return p === "darwin" || p === "win32" ? p : "linux";
}
