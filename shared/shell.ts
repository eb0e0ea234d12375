/**
 * Reads a shell command the way a shell would, far enough to say which programs it would execute and
 * with which arguments. Every command hook uses analyzeShell(). The pieces live in shared/shell/:
 * lexer (words, quotes, operators, heredocs), walk (segments, subshells, groups, functions),
 * expand (static resolution), wrappers and runners (sudo, xargs, find, bash -c, eval, interpreters).
 *
 * Why not shell-quote alone: it does not parse backticks, heredocs or newlines as separators, drops
 * the quotes of `'~'`, and expands unknown `$VARS` to empty, each a silent bypass for a guard
 * (see test/shell.test.ts, which checks each of these).
 */
import type { CommandAnalysis } from "./shell/types.ts";
import { LIMITS, walkCode } from "./shell/walk.ts";
import { echoedOutput } from "./shell/simple.ts";
import { POWERSHELL_PENDING, usePowerShellReader } from "./shell/scripts.ts";
import { TEARDOWN_FILE_PROGRAMS, teardownReaderLoaded, useTeardownReader } from "./shell/effects.ts";
import { CLOUD_PROGRAMS, TEARDOWN_ACTORS } from "./shell/actions.ts";

export type { Arg, CodeInput, CommandAnalysis, ExecutedCommand, Mount, Redirect } from "./shell/types.ts";
export { programName } from "./shell/wrappers.ts";
export { SHELLS } from "./shell/runners.ts";
export { HOME_MARK, interpreterCode, languageOf } from "./shell/scripts.ts";
export { pathsInScript } from "./shell/script-paths.ts";

export interface ShellContext {
  /** The directory the command starts in (relative paths and `cd` resolve from it). */
  cwd?: string;
  /** HOME, TMPDIR, USER of the agent's environment: `~`, `$HOME`, `$TMPDIR` resolve through them. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The last analysis: every shell guard of one process analyses the same command in the same context
 * (one process runs all of an entry's guards), so it is done once. Callers share the result: they read it
 * and never change it (its lists are frozen).
 */
let last: { command: string; cwd: string | undefined; env: ShellContext["env"]; analysis: CommandAnalysis } | undefined;

/**
 * Whether the analysis met PowerShell code it could not read yet: the reader (shell/powershell.ts) is loaded
 * only for such lines. A guard that judges PowerShell loads it (`loadPowerShellReader`) and analyses again.
 */
export function metPowerShell(analysis: CommandAnalysis): boolean {
  return analysis.commands.some((c) => c.opaqueCode?.from === POWERSHELL_PENDING);
}

let powershellLoaded = false;
/** Loads the PowerShell reader; undefined when it already is (the caller goes on at once). */
export function loadPowerShellReader(): Promise<void> | undefined {
  if (powershellLoaded) return undefined;
  return import("./shell/powershell.ts").then((reader) => {
    usePowerShellReader(reader.powershellCommands);
    powershellLoaded = true;
    // An analysis made before holds the PowerShell code unread.
    last = undefined;
  });
}

/**
 * Archivers, sync tools, restores, migration tools, the table of cloud deletes and PowerShell's cloud cmdlets are read by a section
 * loaded only for lines that run them (shared/shell/teardown.ts): until a guard loads it, `pathEffects`
 * and `actionEffects` give them no effects. `metTeardown` says whether a line needs it.
 */
export function metTeardown(analysis: CommandAnalysis): boolean {
  return teardownReaderLoaded() === undefined && analysis.commands.some((c) => TEARDOWN_FILE_PROGRAMS.has(c.program) || TEARDOWN_ACTORS.has(c.program) || CLOUD_PROGRAMS.has(c.program) || c.program.startsWith("Remove-") || (/^python[\d.]*$/.test(c.program) && c.argv[1] === "-m" && TEARDOWN_ACTORS.has(c.argv[2] ?? "")) || (c.wrappers.length === 0 && ["npx", "pnpx", "bunx"].includes(c.program) && TEARDOWN_ACTORS.has(c.argv[1] ?? "")));
}

/** Loads the teardown reader; undefined when it already is. */
export function loadTeardownReader(): Promise<void> | undefined {
  if (teardownReaderLoaded() !== undefined) return undefined;
  return import("./shell/teardown.ts").then((reader) => useTeardownReader(reader.teardownReader));
}

export function analyzeShell(command: string, context: ShellContext = {}): CommandAnalysis {
  if (last && last.command === command && last.cwd === context.cwd && last.env === context.env) return last.analysis;
  const analysis = analyzeOnce(command, context);
  Object.freeze(analysis.commands);
  Object.freeze(analysis.unresolved);
  last = { command, cwd: context.cwd, env: context.env, analysis };
  return analysis;
}

function analyzeOnce(command: string, context: ShellContext): CommandAnalysis {
  const out: CommandAnalysis = { commands: [], unresolved: [] };
  if (command.length > LIMITS.length) {
    out.limit = `command longer than ${LIMITS.length} characters`;
    out.unresolved.push(out.limit);
    return out;
  }
  const state = { vars: new Map<string, string | undefined>(), cwd: context.cwd, env: context.env ?? {}, patternBudget: { left: 64 }, substitute: echoedOutput };
  walkCode(command, state, { wrappers: [], depth: 0 }, { out, aliases: new Map(), files: new Map(), functions: new Map(), calling: new Set(), calls: { count: 0 } });
  if (out.limit) out.unresolved.push(out.limit);
  return out;
}
