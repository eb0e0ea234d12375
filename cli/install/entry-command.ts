/**
 * The command string of an installed entry: `node <guards file> --dialect <agent> --hooks <a,b>`, one
 * process for every guard of the event, never npx (npx resolves the package on every call), after the part
 * that starts node without the variables that would run other code first (node-environment.ts).
 */
import type { HookId } from "../../shared/hook.ts";
import { guardsFilePath, projectRelativeGuardsPath } from "./locations.ts";
import { cleanNodeStartOf, withCleanNodeStart, type EntryShell } from "./node-environment.ts";
import type { HookEntry, InstallTarget, ScopeDirs } from "./targets/types.ts";

export function entryCommand(target: InstallTarget, dirs: ScopeDirs, version: string, hookIds: readonly HookId[]): string {
  return withCleanNodeStart(commandShell(target, dirs), `node ${fileWord(target, dirs, version)} ${entryArguments(target, hookIds)}`);
}

/**
 * The shell that runs an entry's `command`: a POSIX one off Windows; on Windows the agent's own, except
 * where a project entry has a Windows field (its `command` then runs only on teammates' other systems).
 * A project entry of an agent with one `command` for every OS is committed and run by every teammate's
 * agent, so it is written, from any OS, in the form both of that agent's shells read alike.
 */
export function commandShell(target: InstallTarget, dirs: ScopeDirs): EntryShell | undefined {
  if (dirs.scope === "project" && target.projectEntryShell !== undefined) return target.projectEntryShell;
  if (dirs.platform !== "win32" || target.posixShellOnWindows) return "posix";
  if (dirs.scope === "project" && target.windowsField !== undefined) return "posix";
  return target.windowsShell;
}

/**
 * The command a Windows teammate's agent runs for a project entry, for agents whose handler has a field
 * of its own for Windows (Codex `commandWindows`, Copilot's `powershell`): the guards file relative to the
 * project root, unquoted. No quote, `%`, `$` or space means cmd /C, both PowerShells and Git Bash split it
 * alike, and it survives a second round of quoting: Codex hands the string to `cmd.exe /C` as one argument,
 * where an inner `"` would arrive escaped (openai/codex codex-rs/hooks/src/engine/command_runner.rs). An
 * agent that may start it in a subfolder gets it wrapped by `windowsFromRoot`. Undefined where the agent has
 * no such field, or outside project scope (a user or enterprise file is written on the machine that runs it).
 */
export function windowsEntryCommand(target: InstallTarget, dirs: ScopeDirs, version: string, hookIds: readonly HookId[]): string | undefined {
  if (dirs.scope !== "project" || target.windowsField === undefined) return undefined;
  const path = projectRelativeGuardsPath(version);
  if (!/^[\w./+-]+$/.test(path)) throw new Error(`the guards folder ${path} is not one word in every Windows shell`);
  const command = withCleanNodeStart(target.windowsShell, `node ${path} ${entryArguments(target, hookIds)}`);
  return target.windowsFromRoot?.(command) ?? command;
}

/**
 * The plain `node …` command inside an installed Windows command, whether it is wrapped in the part that
 * finds the project root (`InstallTarget.windowsFromRoot`), and whether node starts without Node's code
 * variables (`clean`): an earlier install wrote the plain form, then one without the variables removed.
 */
export function windowsNodeCommand(target: InstallTarget, windowsCommand: string): { command: string; fromRoot: boolean; clean: boolean } {
  const prefix = target.windowsFromRoot?.("");
  const fromRoot = prefix === undefined || windowsCommand.startsWith(prefix);
  const { shell, nodeCommand } = cleanNodeStartOf(prefix && windowsCommand.startsWith(prefix) ? windowsCommand.slice(prefix.length) : windowsCommand);
  return { command: nodeCommand, fromRoot, clean: shell !== undefined && shell === target.windowsShell };
}

/** The guards file and arguments of an entry as parts (HookEntry.launch). */
export function entryLaunch(target: InstallTarget, dirs: ScopeDirs, version: string, hookIds: readonly HookId[]): HookEntry["launch"] {
  const args = entryArguments(target, hookIds);
  return dirs.scope === "project" ? { path: projectRelativeGuardsPath(version), fromProject: true, args } : { path: guardsFilePath(dirs, version), fromProject: false, args };
}

function entryArguments(target: InstallTarget, hookIds: readonly HookId[]): string {
  return `--dialect ${target.entryDialect ?? target.agent} --hooks ${hookIds.join(",")}`;
}

/**
 * The guards file as one word of the command. On Windows the agents run entries through cmd /C (Codex),
 * PowerShell (Gemini CLI, Cursor, VS Code's 5.1) or Git Bash (Claude Code), so the command uses no shell
 * feature at all (README "On Windows: what each agent runs"): a project entry that needs the agent's project variable or a
 * command substitution names the absolute path instead, and every path is one double-quoted word. Two
 * kinds of agent keep the project form on every platform, so one committed file serves the whole team:
 * those whose handler has a Windows field of its own (`command` is then never run on Windows), and those
 * that run hook commands through a POSIX shell on Windows too.
 */
function fileWord(target: InstallTarget, dirs: ScopeDirs, version: string): string {
  if (dirs.scope === "project") {
    const word = target.projectPath(projectRelativeGuardsPath(version));
    if (dirs.platform !== "win32" || target.windowsField !== undefined || target.posixShellOnWindows || !/[$`%]/.test(word)) return word;
  }
  return dirs.platform === "win32" ? windowsQuoted(guardsFilePath(dirs, version)) : doubleQuoted(guardsFilePath(dirs, version));
}

/**
 * A path as one word that cmd, PowerShell and bash all read the same, with forward slashes: bare when it
 * is plain (Codex hands the whole command to `cmd.exe /C` as one argument, where inner quotes would arrive
 * escaped: codex-rs/hooks/src/engine/command_runner.rs), else in double quotes. None of them can take `%` (cmd expands it even in
 * quotes), `$` or a backtick (PowerShell and bash do) or a double quote: such a path is refused rather
 * than written as a command that runs elsewhere.
 */
export function windowsQuoted(path: string): string {
  const bad = /["$`%]/.exec(path)?.[0];
  if (bad) throw new Error(`the guards folder ${path} holds ${bad}, which cmd, PowerShell and bash read differently: install from a folder without it`);
  const slashed = path.replace(/\\/g, "/");
  return /^[\w:./+-]+$/.test(slashed) ? slashed : `"${slashed}"`;
}

/** A path as one shell word: double quotes work in sh, bash, cmd and PowerShell alike; sh specials are escaped. */
export function doubleQuoted(text: string): string {
  return `"${text.replace(/[\\"$`]/g, (c) => `\\${c}`)}"`;
}
