/**
 * Every entry starts node without the variables that make Node run code of someone else's before the guards
 * file's first line, or keep it from answering: a guard cannot defend against code that ran before it, and
 * that code can answer "allow" to everything; an agent takes a guard that hangs or fails to start as no
 * objection, in most cases. Node reads them before any script runs, and no Node 20, 22 or 24 option ignores
 * them (NODE_OPTIONS can only be left out when Node itself is built, `configure --without-node-options`),
 * so the shell that starts node removes them, in its own syntax.
 *
 * Left in the environment, on purpose:
 * - NODE_PATH: extra folders for bare `require` names; the guards files load Node's built-ins and their own
 *   files by path only.
 * - NODE_ICU_DATA: data, not code; a file Node cannot read is ignored.
 * - NODE_EXTRA_CA_CERTS, NODE_TLS_REJECT_UNAUTHORIZED, NODE_USE_ENV_PROXY: how the telemetry export reaches
 *   its collector (a company proxy or CA needs them); they run no code.
 * - LD_PRELOAD, DYLD_INSERT_LIBRARIES, BASH_ENV, PATH: the shell that would remove them has read them
 *   already (a preloaded library is inside that shell, BASH_ENV ran before the command, PATH finds `node`).
 */

/** Acted on by Node around the file it runs, before its first line or after its last (nodejs.org/api/cli.html#environment-variables). */
export const NODE_START_VARIABLES = [
  // --require, --import, --loader, --experimental-loader, --env-file, --inspect, …; and one it refuses stops node (exit 9).
  "NODE_OPTIONS",
  // Node 22.1+: compiled code for every module it loads, the guards file included, read from that folder.
  "NODE_COMPILE_CACHE",
  // Coverage written at exit to that folder, created as needed: a folder it cannot write (/proc/x) keeps
  // node from exiting after its answer (Node 20 and 24), until the agent's timeout.
  "NODE_V8_COVERAGE",
] as const;

/**
 * The shells entries are started with: a POSIX shell (sh, bash, Git Bash, Crush's mvdan.cc/sh), cmd.exe
 * (`cmd /C`: Codex, Goose on Windows) and PowerShell (Windows PowerShell 5.1 and pwsh).
 */
export type EntryShell = "posix" | "cmd" | "powershell";

/**
 * The part before `node` that removes the variables, per shell. POSIX: `unset` is a special built-in, so
 * no exported function can stand in for it in sh (POSIX's command search), and it needs no extra process.
 * cmd: `set NAME=` with nothing before `&` removes NAME (a space before `&` would set it to a space); `&`,
 * not `&&`, as `set` of a name that is not there fails. PowerShell: Remove-Item on the Env: drive, silent
 * when a name is not there; no `$`, so nothing in the line is expanded.
 */
const PREFIX: Record<EntryShell, string> = {
  posix: `unset ${NODE_START_VARIABLES.join(" ")}; `,
  cmd: NODE_START_VARIABLES.map((name) => `set ${name}=& `).join(""),
  powershell: `Remove-Item ${NODE_START_VARIABLES.map((name) => `Env:${name}`).join(",")} -ErrorAction Ignore; `,
};

/** `nodeCommand` (`node <file> <args>`) as `shell` must be given it so node starts without NODE_START_VARIABLES; unchanged for a shell nobody documents. */
export function withCleanNodeStart(shell: EntryShell | undefined, nodeCommand: string): string {
  return shell === undefined ? nodeCommand : PREFIX[shell] + nodeCommand;
}

/** The `node …` part of an entry command, and the shell whose removal part is before it (none in an entry of an earlier install). */
export function cleanNodeStartOf(command: string): { shell: EntryShell | undefined; nodeCommand: string } {
  for (const shell of Object.keys(PREFIX) as EntryShell[]) {
    if (command.startsWith(PREFIX[shell])) return { shell, nodeCommand: command.slice(PREFIX[shell].length) };
  }
  return { shell: undefined, nodeCommand: command };
}

/** The lines a generated POSIX script starts with, so every node it starts runs without NODE_START_VARIABLES. */
export const POSIX_SCRIPT_CLEAN_START = `unset ${NODE_START_VARIABLES.join(" ")}`;
