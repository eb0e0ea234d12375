/**
 * Enterprise files are read by every user's agent, as that user. A hook file, its code or an agent's managed
 * config that other users cannot read (a file of 0600, a folder on the way of 0700: an install under root's
 * umask 077, a folder an administrator made private) stops the guard from starting for them, and most agents
 * then run the action anyway. Doctor names the first thing in the way, whoever runs it (root reads anything,
 * so the modes are checked, not a read).
 */
import { dirname } from "node:path";
import { configPaths } from "../../shared/config.ts";
import type { Finding } from "./doctor.ts";
import type { InstalledFile, InventoryRequest } from "./inventory.ts";
import { GUARDS_CODE_FILE, GUARDS_FILE, guardsFilePath, staged } from "./locations.ts";
import { modeOf } from "./disk.ts";

const VERSION_IN_PATH = /guards[/\\](\d+\.\d+\.\d+[^/\\\s"']*)[/\\]/i;
const REPAIR = "run the enterprise install again as root: it sets folders 0755 and files 0644";

/** `seen`: hook files already checked for another agent's file (they share one version folder). */
export function everyUserFindings(file: InstalledFile, request: InventoryRequest, seen: Set<string>): Finding[] {
  if (file.scope !== "enterprise" || request.platform === "win32") return [];
  const top = request.root ?? "/";
  const config = hiddenFromOthers(file.stagedPath, top);
  const findings: Finding[] = config ? [{ ok: false, file, text: `other users cannot read this file (${config}): their agents do not see these entries and run no guard; ${REPAIR}` }] : [];
  const versions = new Set(file.entries.map((entry) => VERSION_IN_PATH.exec(entry.command)?.[1]).filter((v) => v !== undefined));
  for (const path of [...versions].flatMap((version) => [GUARDS_FILE, GUARDS_CODE_FILE].map((name) => staged(request.root, guardsFilePath(file.dirs, version, name))))) {
    if (seen.has(path)) continue;
    seen.add(path);
    const why = hiddenFromOthers(path, top);
    if (why) findings.push({ ok: false, file, text: `other users cannot read ${path} (${why}): their agents cannot start the guards and most then run the action unguarded; ${REPAIR}` });
  }
  return findings;
}

/** The guards' enterprise config, which every user's hooks read: the policy the administrator pushes. */
export function enterpriseConfigFindings(request: InventoryRequest): Finding[] {
  if (!request.scopes.includes("enterprise") || request.platform === "win32") return [];
  const path = staged(request.root, configPaths(request.project, request.env).enterprise);
  const why = hiddenFromOthers(path, request.root ?? "/");
  return why ? [{ ok: false, text: `other users cannot read the guards config ${path} (${why}): the hooks read it as the user who runs the agent; make it 0644 in a 0755 folder` }] : [];
}

/**
 * Why a user other than the owner cannot read `path`: the first folder below `top` they may not enter, or
 * the file's own mode. Undefined when they can, or when there is nothing there.
 */
export function hiddenFromOthers(path: string, top: string): string | undefined {
  const folders: string[] = [];
  for (let current = dirname(path); current !== top && dirname(current) !== current; current = dirname(current)) folders.unshift(current);
  try {
    for (const folder of folders) {
      const mode = modeOf(folder);
      if (mode === undefined) return undefined;
      if ((mode & 0o001) === 0) return `folder ${folder} is ${octal(mode)}`;
    }
    const mode = modeOf(path);
    if (mode === undefined) return undefined;
    return (mode & 0o004) === 0 ? `mode ${octal(mode)}` : undefined;
  } catch (error) {
    return `${(error as NodeJS.ErrnoException).code ?? "unreadable"} for this user`;
  }
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;
