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
 * (`cmd /C`: Codex, Goose on Windows) and PowerShell (Windows PowerShell 5.1 and pwsh); and the two lines
 * for a committed project entry of an agent with one `command` for every OS, read alike by a POSIX shell
 * and by the agent's Windows shell: `posix+powershell` (Cursor, Gemini CLI, Qwen Code, Windsurf),
 * `posix+cmd` (Kiro).
 */
export type EntryShell = "posix" | "cmd" | "powershell" | "posix+powershell" | "posix+cmd";

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
 * The POSIX form alone is not enough where a teammate's agent runs the same committed line in another
 * shell: PowerShell reports `unset` as an unknown command on stderr (a statement-terminating error, so the
 * next statement runs) and starts node with that teammate's NODE_OPTIONS; cmd reads the whole line as one
 * command named `unset` and never starts the guards. So those entries are polyglots:
 *
 * - `posix+powershell`: `set "\"; <Remove-Item …>; set '"; <unset …>; set \'; node …`. `set` is a
 *   special built-in in sh and an alias of Set-Variable in both PowerShells: with one word it sets sh's
 *   `$1`, or a PowerShell variable of that name to $null (no colon in it, which would name a scope or a
 *   drive); silent in both. Like `unset`, under `bash -c` an exported function of that name (a BASH_FUNC_
 *   variable, README "Left in the environment") would run instead. The shells part where they quote apart:
 *   in sh, `\"` inside double quotes is a quote character, so the first `set` takes everything up to the
 *   next bare `"` (the PowerShell part) as one word; PowerShell knows no backslash escape, so `"\"` is a
 *   whole string and Remove-Item runs. Then PowerShell opens a single-quoted string at `'` and reads the
 *   POSIX part as the second `set`'s word, up to the `'` of `\'`; sh, out of its double quotes, runs
 *   `unset`, then `set \'` (a backslash-escaped quote, no string). node is then one plain command in both.
 *   Nothing is created, deleted or printed; no `$` and no backtick anywhere, so neither shell expands
 *   anything; node is the last command, so its exit code is the line's (PowerShell's -Command maps a
 *   native exit code other than 0 to 1 unless the agent passes $LASTEXITCODE on, as Gemini CLI does).
 * - `posix+cmd`: `set NODE_OPTIONS=; <unset …>; node … #& <set NAME=& …>node …`. cmd has no `;` and
 *   no `#`: its first command is `set` of NODE_OPTIONS to the text up to the first `&`, which the next
 *   `set NODE_OPTIONS=` removes again, then the three removals and node. sh sets `$1`, runs `unset` and
 *   node, and takes the rest, from `#`, as a comment: node runs once in each, in the foreground, and is
 *   the last command. No double quote, which Rust's `Command::arg` would turn into `\"` on its way to
 *   `cmd /C`, and no `%`, `^`, `<`, `>` or `|`.
 */
const FORM: Record<EntryShell, (nodeCommand: string) => string> = {
  posix: (node) => `${POSIX_UNSET}; ${node}`,
  cmd: (node) => `${CMD_SETS}${node}`,
  powershell: (node) => `${POWERSHELL_REMOVE}; ${node}`,
  "posix+powershell": (node) => `set "\\"; ${POWERSHELL_REMOVE}; set '"; ${POSIX_UNSET}; set \\'; ${node}`,
  "posix+cmd": (node) => `set ${NODE_START_VARIABLES[0]}=; ${POSIX_UNSET}; ${node} #& ${CMD_SETS}${node}`,
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
