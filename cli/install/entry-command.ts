/** The command string of an installed entry: `node <hook file> --dialect <agent>`, never npx (installers.md §9). */
import { hookFilePath, projectRelativeHookPath } from "./locations.ts";
import type { InstallTarget, ScopeDirs } from "./targets/types.ts";

export function entryCommand(target: InstallTarget, dirs: ScopeDirs, version: string, hookId: string): string {
  const file =
    dirs.scope === "project" ? target.projectPath(projectRelativeHookPath(version, hookId)) : doubleQuoted(hookFilePath(dirs, version, hookId));
  return `node ${file} --dialect ${target.entryDialect ?? target.agent}`;
}

/** A path as one shell word: double quotes work in sh, bash, cmd and PowerShell alike; sh specials are escaped. */
export function doubleQuoted(text: string): string {
  return `"${text.replace(/[\\"$`]/g, (c) => `\\${c}`)}"`;
}
