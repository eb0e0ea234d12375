/**
 * Reads a shell command the way a shell would, far enough to say which programs it would execute.
 * Tokenising is shell-quote's; this module adds what shell-quote does not do (segments, wrappers,
 * nested shells). Every command hook uses analyzeShell().
 */
import { parse as parseShell, type ParseEntry } from "shell-quote";

/** One simple command that would run, with its wrappers (sudo, env, …) peeled off. */
export interface ExecutedCommand {
  /** Arguments as the program receives them; argv[0] as written (path kept). */
  argv: string[];
  /** The program's name: basename of argv[0], without a leading backslash. */
  program: string;
  /** Wrappers peeled to reach it, outermost first (`sudo`, `env`, `bash -c`, …). */
  wrappers: string[];
}

export interface CommandAnalysis {
  commands: ExecutedCommand[];
  /** Why parts of the command could not be analysed (too deep, unparsable); empty when all was read. */
  unresolved: string[];
}

const MAX_DEPTH = 8;
const MAX_LENGTH = 100_000;
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash", "fish"]);
/** Wrappers whose next non-option word is the program. */
const SIMPLE_WRAPPERS = new Set(["sudo", "doas", "command", "builtin", "exec", "nohup", "nice", "ionice", "time", "stdbuf", "xargs", "busybox", "env", "timeout", "watch"]);

export function analyzeShell(command: string): CommandAnalysis {
  const result: CommandAnalysis = { commands: [], unresolved: [] };
  if (command.length > MAX_LENGTH) {
    result.unresolved.push(`command longer than ${MAX_LENGTH} characters`);
    return result;
  }
  walk(command, [], 0, result);
  return result;
}

function walk(text: string, wrappers: string[], depth: number, out: CommandAnalysis): void {
  if (depth > MAX_DEPTH) {
    out.unresolved.push(`nesting deeper than ${MAX_DEPTH} levels`);
    return;
  }
  // shell-quote treats newlines as blanks and ignores backticks: make them separators first.
  const entries = parseShell(text.replace(/\r?\n/g, " ; ").replace(/`/g, " ; "), (name) => `$${name}`);
  let words: string[] = [];
  const flush = () => {
    if (words.length) unwrap(words, wrappers, depth, out);
    words = [];
  };
  for (const entry of entries as ParseEntry[]) {
    if (typeof entry === "string") words.push(entry);
    else if ("op" in entry) {
      if (entry.op === "glob") words.push((entry as { pattern: string }).pattern);
      else flush();
    }
  }
  flush();
}

function unwrap(words: string[], wrappers: string[], depth: number, out: CommandAnalysis): void {
  let i = 0;
  // Leading assignments (FOO=bar cmd) are not the program.
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!)) i++;
  const argv = words.slice(i);
  if (argv.length === 0) return;
  const program = programName(argv[0]!);
  if (SIMPLE_WRAPPERS.has(program)) {
    let j = 1;
    while (j < argv.length && (argv[j]!.startsWith("-") || /^[A-Za-z_][A-Za-z0-9_]*=/.test(argv[j]!) || (program === "timeout" && /^\d/.test(argv[j]!)))) j++;
    if (j < argv.length) return unwrap(argv.slice(j), [...wrappers, program], depth, out);
  }
  if (SHELLS.has(program)) {
    const flag = argv.findIndex((a, k) => k > 0 && /^-[a-z]*c[a-z]*$/.test(a));
    if (flag > 0 && argv[flag + 1] !== undefined) return walk(argv[flag + 1]!, [...wrappers, `${program} -c`], depth + 1, out);
  }
  if (program === "eval" && argv.length > 1) return walk(argv.slice(1).join(" "), [...wrappers, "eval"], depth + 1, out);
  out.commands.push({ argv, program, wrappers });
}

/** `/usr/bin/git` → `git`, `\git` → `git`. */
export function programName(word: string): string {
  const base = word.slice(word.lastIndexOf("/") + 1);
  return base.replace(/^\\+/, "");
}
