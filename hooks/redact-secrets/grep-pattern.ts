/**
 * Which lines a recursive grep would print, so a search of a tree that holds a `.env` is refused only when
 * it would print a line with a secret (`rg TOKEN`), not for every search (`rg useState`). Any doubt (a
 * pattern file, inverted or context output, a pattern JavaScript cannot read) counts as printing every line.
 */

/** A test of one line; undefined when any line may be printed. */
export type LineTest = ((line: string) => boolean) | undefined;

// Options that print lines the pattern does not match, or read patterns from a file.
const ANY_LINE = /^-(?:[a-zA-Z]*[vfABCz][a-zA-Z0-9]*)$|^--(?:invert-match|file|after-context|before-context|context|passthru|null-data)/;

export function grepLineTest(program: string, args: readonly string[]): LineTest {
  if (args.some((word) => ANY_LINE.test(word))) return undefined;
  const patterns: string[] = [];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === "-e" || word === "--regexp") patterns.push(args[++i] ?? "");
    else if (word.startsWith("--regexp=")) patterns.push(word.slice(9));
    else if (/^-[a-zA-Z]*e$/.test(word)) patterns.push(args[++i] ?? "");
    else if (!word.startsWith("-")) operands.push(word);
  }
  if (patterns.length === 0 && operands[0] !== undefined) patterns.push(operands[0]);
  if (patterns.length === 0) return undefined;
  const flags = args.some((word) => /^-[a-zA-Z]*i/.test(word) || word === "--ignore-case" || (program !== "grep" && word === "--smart-case")) ? "i" : "";
  const fixed = program === "fgrep" || args.some((word) => /^-[a-zA-Z]*F/.test(word) || word === "--fixed-strings");
  const extended = program !== "grep" || args.some((word) => /^-[a-zA-Z]*[EP]/.test(word) || word === "--extended-regexp" || word === "--perl-regexp");
  try {
    const tests = patterns.map((pattern) => new RegExp(fixed ? escape(pattern) : extended ? pattern : fromBasic(pattern), flags));
    return (line) => tests.some((test) => test.test(line));
  } catch {
    return undefined;
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A POSIX basic regular expression as JavaScript reads it: `\|`, `\(`, `\+` are the operators, `|`, `(`, `+` literals. */
function fromBasic(pattern: string): string {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\" && i + 1 < pattern.length) {
      const next = pattern[++i]!;
      out += "|(){}+?".includes(next) ? next : `\\${next}`;
    } else out += "|(){}+?".includes(c) ? `\\${c}` : c;
  }
  return out;
}
