/**
 * `.env` files that set a variable the guards depend on. Gemini CLI and Qwen Code load the first `.env`
 * up from the working folder (and `.gemini/.env`, `.qwen/.env`, `~/.env`) into their own environment at
 * start, and every hook they run inherits it: `NODE_OPTIONS=--require /tmp/x.js` there runs the agent's
 * code in every guard of the next session. Writing `.env` files is everyday work, and a dotenv file is
 * parsed, never run (no `source`, `eval` or alias can hide a key), so here the text is judged: a write
 * whose text sets one of these keys. Text the guard cannot see (a file copied from a path that is not
 * there yet) passes.
 */
import { readFileSync } from "node:fs";
import { posix } from "node:path";
import type { FileEditBefore } from "../../shared/event.ts";
import type { GuardedPlace } from "../../shared/guarded-places.ts";
import type { ExecutedCommand } from "../../shared/shell.ts";
import { pathEffects, splitOptions } from "../../shared/shell/effects.ts";
import type { GuardedChange } from "./shell-writes.ts";

/**
 * A dotenv line (`KEY=…`, `export KEY=…`, `KEY: …`) setting what the guards' process reads before or while
 * it runs: `BASH_ENV` too, sourced by the `bash -c` some agents start an entry with. Not `ENV`
 * (interactive sh only, and `ENV=production` is everywhere).
 */
const GUARD_KEY = /^[ \t]*(?:export[ \t]+)?(PATH|HOME|USERPROFILE|XDG_\w+|TMPDIR)[ \t]*(=|:[ \t])/m;
/** Names no everyday .env uses for anything else: anywhere in the text, so `printf '%s=%s' NODE_OPTIONS …` counts too. */
const GUARD_NAME = /\b(NODE_OPTIONS|NODE_PATH|LD_PRELOAD|LD_LIBRARY_PATH|DYLD_\w+|BASH_ENV|GUARDS_\w+|OTEL_\w+)\b/;
const PRINTERS = new Set(["echo", "printf"]);
const PASSERS = new Set(["cat", "tee", "", "sponge"]);
const COPIERS = new Set(["cp", "mv", "install", "ln", "rsync"]);

const PLACE = (path: string): GuardedPlace => ({ path, folder: false, what: "a .env file that Gemini CLI and Qwen Code load into their environment, and so into every hook's", environment: true });
const isEnvFile = (path: string) => posix.basename(path.replace(/\\/g, "/")) === ".env";
const setsGuardKey = (text: string | undefined) => text !== undefined && (GUARD_NAME.test(text) || GUARD_KEY.test(text.replace(/\\n/g, "\n")));

export function envFileShellWrite(command: ExecutedCommand): GuardedChange | undefined {
  const targets = pathEffects(command).filter((e) => e.path !== undefined && (e.kind === "write" || e.kind === "overwrite" || e.kind === "move") && isEnvFile(e.kind === "move" ? e.to ?? "" : e.path));
  const { operands } = splitOptions(command);
  const words = operands.filter((o) => !o.dynamic).map((o) => o.value);
  const copied = COPIERS.has(command.program) && words.length >= 2 && isEnvFile(words[words.length - 1]!);
  if (targets.length === 0 && !copied) return undefined;
  const target = copied ? words[words.length - 1]! : targets[0]!.raw;
  const texts: (string | undefined)[] = [];
  if (PRINTERS.has(command.program)) texts.push(command.argv.slice(1).join(" "), printed(command.argv.slice(1)));
  if (PASSERS.has(command.program)) texts.push(command.input?.text);
  if (copied) for (const source of words.slice(0, -1)) texts.push(readable(posix.resolve(command.cwd ?? "/", source)));
  return texts.some(setsGuardKey) ? { verb: "set a variable the guards read in", target, place: PLACE(target) } : undefined;
}

export function envFileEdit(event: FileEditBefore): { file: string; place: GuardedPlace } | undefined {
  const text = [event.content ?? "", ...event.edits.map((edit) => edit.newText)].join("\n");
  const file = (event.filePaths.length ? event.filePaths : [event.filePath]).find(isEnvFile);
  return file !== undefined && setsGuardKey(text) ? { file, place: PLACE(file) } : undefined;
}

/** What `printf FORMAT ARGS` prints, near enough: each `%s`-like directive takes the next argument (`printf '%s=%s\n' PATH /tmp`). */
function printed(args: readonly string[]): string {
  const words = args[0] === "-v" ? args.slice(2) : args;
  let next = 1;
  return (words[0] ?? "").replace(/%[-+ #0-9.]*[sbdiq]/g, () => words[next++] ?? "");
}

function readable(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8").slice(0, 1_000_000);
  } catch {
    return undefined;
  }
}
