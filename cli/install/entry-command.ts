/**
 * The command string of an installed entry: `node <guards file> --dialect <agent> --hooks <a,b>`, one
 * process for every guard of the event, never npx (installers.md §9).
 */
import type { HookId } from "../../shared/hook.ts";
import { guardsFilePath, projectRelativeGuardsPath } from "./locations.ts";
import type { InstallTarget, ScopeDirs } from "./targets/types.ts";

export function entryCommand(target: InstallTarget, dirs: ScopeDirs, version: string, hookIds: readonly HookId[]): string {
  const file = dirs.scope === "project" ? target.projectPath(projectRelativeGuardsPath(version)) : doubleQuoted(guardsFilePath(dirs, version));
  return `node ${file} --dialect ${target.entryDialect ?? target.agent} --hooks ${hookIds.join(",")}`;
}

/** A path as one shell word: double quotes work in sh, bash, cmd and PowerShell alike; sh specials are escaped. */
export function doubleQuoted(text: string): string {
  return `"${text.replace(/[\\"$`]/g, (c) => `\\${c}`)}"`;
}
