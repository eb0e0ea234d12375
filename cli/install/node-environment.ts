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
 * (`cmd /C`: Codex, Goose on Windows) and PowerShell (Windows PowerShell 5.1 and pwsh); and the line for a
 * committed project entry of an agent with one `command` for every OS, which all three read alike:
 * `posix+powershell+cmd` (Cursor, Gemini CLI, Qwen Code, Windsurf, Kiro).
 */
export type EntryShell = "posix" | "cmd" | "powershell" | "posix+powershell+cmd";

const POSIX_UNSET = `unset ${NODE_START_VARIABLES.join(" ")}`;
const POWERSHELL_REMOVE = `Remove-Item ${NODE_START_VARIABLES.map((name) => `Env:${name}`).join(",")} -ErrorAction Ignore`;
const CMD_SETS = NODE_START_VARIABLES.map((name) => `set ${name}=& `).join("");

/**
 * The whole command, per shell, around `node` (`nodeCommand`). POSIX: `unset` is a special built-in, so
 * no exported function can stand in for it in sh (POSIX's command search), and it needs no extra process.
 * cmd: `set NAME=` with nothing before `&` removes NAME (a space before `&` would set it to a space); `&`,
 * not `&&`, as `set` of a name that is not there fails. PowerShell: Remove-Item on the Env: drive, silent
 * when a name is not there; no `$`, so nothing in the line is expanded.
 *
 * One of these alone is not enough where teammates' agents run the same committed line in other shells:
 * PowerShell reports `unset` as an unknown command on stderr (a statement-terminating error, so the next
 * statement runs) and starts node with that teammate's NODE_OPTIONS; cmd reads the POSIX line as one
 * command named `unset` and never starts the guards; sh reports `Remove-Item` as not found and runs cmd's
 * `set NAME=&` in the background, and node starts with the variables either way. So those entries are one
 * line that sh, PowerShell (5.1 and 7) and cmd each read as their own removal, then node:
 *
 *   set NODE_OPTIONS=; set "\"; <Remove-Item …>; set '"; <unset …>; set \" \'; node … #& <set NAME=& …>node …
 *
 * - `set` is a special built-in in sh and an alias of Set-Variable in both PowerShells: given words it sets
 *   sh's `$1`…, or a PowerShell variable named by its first word (no colon in it, which would name a scope
 *   or a drive) to $null or its second; silent in both. Like `unset`, under `bash -c` an exported function
 *   of that name (a BASH_FUNC_ variable, README "Left in the environment") would run instead.
 * - sh and PowerShell part where they quote apart: in sh, `\"` inside double quotes is a quote character,
 *   so the second `set` takes the PowerShell part as one word; PowerShell has no backslash escape, so `"\"`
 *   is a whole string and Remove-Item runs. PowerShell then reads the POSIX part as the third `set`'s
 *   single-quoted word, up to the `'` of `\'`; sh, out of its double quotes, runs `unset`, then
 *   `set \" \'` (two escaped quotes). Both run node, then read the rest, from ` #`, as a comment.
 * - cmd has no `;`, no `#` and no backslash escape, and `"` toggles its quoting: the line's four double
 *   quotes pair up before the first `&`, so its first command is `set NODE_OPTIONS=` of all the text up to
 *   there (quotes included), then the three removals (the first undoing that value), then node. Rust's
 *   `Command::arg` (Kiro) hands the line to `cmd /C` with each `"` as `\"`, which keeps the pairs: only
 *   that first, discarded value changes.
 * Nothing is created, deleted or printed; no `$`, backtick, `%`, `^`, `<`, `>`, `|` or parenthesis, so no
 * shell expands, redirects or starts anything else; node runs once, in the foreground, as the last
 * command, so its exit code is the line's (PowerShell's -Command maps a native exit code other than 0 to 1
 * unless the agent passes $LASTEXITCODE on, as Gemini CLI does).
 */
const FORM: Record<EntryShell, (nodeCommand: string) => string> = {
  posix: (node) => `${POSIX_UNSET}; ${node}`,
  cmd: (node) => `${CMD_SETS}${node}`,
  powershell: (node) => `${POWERSHELL_REMOVE}; ${node}`,
  "posix+powershell+cmd": (node) =>
    `set ${NODE_START_VARIABLES[0]}=; set "\\"; ${POWERSHELL_REMOVE}; set '"; ${POSIX_UNSET}; set \\" \\'; ${node} #& ${CMD_SETS}${node}`,
};

/** `nodeCommand` (`node <file> <args>`) as `shell` must be given it so node starts without NODE_START_VARIABLES; unchanged for a shell nobody documents. */
export function withCleanNodeStart(shell: EntryShell | undefined, nodeCommand: string): string {
  return shell === undefined ? nodeCommand : FORM[shell](nodeCommand);
}

/** The `node …` part of an entry command, and the shell whose form it is written in (none in an entry of an earlier install). */
export function cleanNodeStartOf(command: string): { shell: EntryShell | undefined; nodeCommand: string } {
  for (const shell of Object.keys(FORM) as EntryShell[]) {
    // The node command is what follows the last fixed part of the form; the form rebuilt around it must be the command.
    const fixed = FORM[shell]("\0").split("\0").at(-2)!;
    const at = command.lastIndexOf(fixed);
    if (at < 0) continue;
    const nodeCommand = command.slice(at + fixed.length);
    if (nodeCommand.startsWith("node ") && FORM[shell](nodeCommand) === command) return { shell, nodeCommand };
  }
  return { shell: undefined, nodeCommand: command };
}

/** The lines a generated POSIX script starts with, so every node it starts runs without NODE_START_VARIABLES. */
export const POSIX_SCRIPT_CLEAN_START = `unset ${NODE_START_VARIABLES.join(" ")}`;
