/**
 * The command string of an installed entry: `node <guards file> --dialect <agent> --hooks <a,b>`, one
 * process for every guard of the event, never npx (installers.md §9).
 */
import type { HookId } from "../../shared/hook.ts";
import { guardsFilePath, projectRelativeGuardsPath } from "./locations.ts";
import type { InstallTarget, ScopeDirs } from "./targets/types.ts";

export function entryCommand(target: InstallTarget, dirs: ScopeDirs, version: string, hookIds: readonly HookId[]): string {
  return `node ${fileWord(target, dirs, version)} --dialect ${target.entryDialect ?? target.agent} --hooks ${hookIds.join(",")}`;
}

/**
 * The guards file as one word of the command. On Windows the agents run entries through cmd /C (Codex),
 * PowerShell (Gemini CLI, Cursor, VS Code's 5.1) or Git Bash (Claude Code), so the command uses no shell
 * feature at all (agents-2026-11.md §16): a project entry that needs the agent's project variable or a
 * command substitution names the absolute path instead, and every path is one double-quoted word.
 */
function fileWord(target: InstallTarget, dirs: ScopeDirs, version: string): string {
  if (dirs.scope === "project") {
    const word = target.projectPath(projectRelativeGuardsPath(version));
    if (dirs.platform !== "win32" || !/[$`%]/.test(word)) return word;
  }
  return dirs.platform === "win32" ? windowsQuoted(guardsFilePath(dirs, version)) : doubleQuoted(guardsFilePath(dirs, version));
}

/**
 * A path as one word that cmd, PowerShell and bash all read the same: in double quotes, with forward
 * slashes. None of them can take `%` (cmd expands it even in quotes), `$` or a backtick (PowerShell and
 * bash do) or a double quote: such a path is refused rather than written as a command that runs elsewhere.
 */
export function windowsQuoted(path: string): string {
  const bad = /["$`%]/.exec(path)?.[0];
  if (bad) throw new Error(`the guards folder ${path} holds ${bad}, which cmd, PowerShell and bash read differently: install from a folder without it`);
  return `"${path.replace(/\\/g, "/")}"`;
}

/** A path as one shell word: double quotes work in sh, bash, cmd and PowerShell alike; sh specials are escaped. */
export function doubleQuoted(text: string): string {
  return `"${text.replace(/[\\"$`]/g, (c) => `\\${c}`)}"`;
}
