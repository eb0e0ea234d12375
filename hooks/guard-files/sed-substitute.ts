/**
 * What an in-place substitution (`sed -i 's/A/B/g' f`, `perl -pi -e 's/A/B/' f`) makes of a text, so the
 * file after it can be judged like an edit tool's. Only plain `s` commands are followed; anything else
 * (addresses, other commands, several commands in one script) is undefined: the caller then judges the
 * script and the file without it.
 */
import type { ExecutedCommand } from "../../shared/shell.ts";

interface Substitution {
  pattern: RegExp;
  replacement: string;
}

/** The text after the command's substitutions, or undefined when they cannot be followed. */
export function substituted(command: ExecutedCommand, text: string): string | undefined {
  const subs = substitutions(command);
  if (!subs) return undefined;
  return text
    .split("\n")
    .map((line) => subs.reduce((out, s) => out.replace(s.pattern, s.replacement), line))
    .join("\n");
}

function substitutions(command: ExecutedCommand): Substitution[] | undefined {
  const { program, argv } = command;
  if (command.dynamic.some(Boolean)) return undefined;
  const perl = program === "perl";
  if (!perl && program !== "sed" && program !== "gsed") return undefined;
  const scripts: string[] = [];
  let extended = perl;
  let operands = 0;
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === "-e" || word === "--expression") scripts.push(argv[++i] ?? "");
    else if (word.startsWith("--expression=")) scripts.push(word.slice(13));
    else if (perl && /^-[a-zA-Z]*e$/.test(word)) scripts.push(argv[++i] ?? "");
    else if (word === "-E" || word === "-r" || word === "--regexp-extended") extended = true;
    else if (word === "-n" || word === "--quiet" || word === "--silent" || word === "-f" || word === "--file" || (perl && /^-[a-zA-Z]*[n0lF]/.test(word))) return undefined;
    else if (word.startsWith("-")) continue;
    else if (scripts.length === 0 && !perl && operands === 0) {
      scripts.push(word);
      operands++;
    }
  }
  if (scripts.length === 0) return undefined;
  const subs: Substitution[] = [];
  for (const script of scripts) {
    const sub = parse(script.trim().replace(/;$/, ""), extended, perl);
    if (!sub) return undefined;
    subs.push(sub);
  }
  return subs;
}

/** `s<d>A<d>B<d>[flags]` with one delimiter; undefined for anything else. */
function parse(script: string, extended: boolean, perl: boolean): Substitution | undefined {
  if (script[0] !== "s" || script.length < 4) return undefined;
  const d = script[1]!;
  if (/[\sA-Za-z0-9\\\n]/.test(d)) return undefined;
  const parts: string[] = [""];
  for (let i = 2; i < script.length; i++) {
    const c = script[i]!;
    if (c === "\\" && i + 1 < script.length) {
      const next = script[++i]!;
      parts[parts.length - 1] += next === d ? d : `\\${next}`;
    } else if (c === d) parts.push("");
    else parts[parts.length - 1] += c;
  }
  if (parts.length !== 3) return undefined;
  const [pattern, replacement, flags] = parts as [string, string, string];
  if (!/^[gIi]*$/.test(flags)) return undefined;
  try {
    const source = perl || extended ? pattern : basicToExtended(pattern);
    return { pattern: new RegExp(source, `${flags.includes("g") ? "g" : ""}${/[Ii]/.test(flags) ? "i" : ""}`), replacement: perl ? perlReplacement(replacement) : sedReplacement(replacement) };
  } catch {
    return undefined;
  }
}

/** A POSIX basic expression as JavaScript reads one: `\(` `\)` `\{` `\}` `\+` `\?` `\|` are operators, the bare ones literals. */
function basicToExtended(pattern: string): string {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\" && i + 1 < pattern.length) {
      const next = pattern[++i]!;
      out += "(){}+?|".includes(next) ? next : next === "t" ? "\t" : next === "n" ? "\n" : `\\${next}`;
    } else out += "(){}+?|".includes(c) ? `\\${c}` : c;
  }
  return out;
}

/** sed's `&`, `\1`…`\9`, `\n`, `\t` in JavaScript's replacement syntax. */
function sedReplacement(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length) {
      const next = text[++i]!;
      out += /[1-9]/.test(next) ? `$${next}` : next === "n" ? "\n" : next === "t" ? "\t" : next === "$" ? "$$" : next;
    } else out += c === "&" ? "$&" : c === "$" ? "$$" : c;
  }
  return out;
}

/** perl's `$1`, `$&`, `\n`, `\t` in JavaScript's replacement syntax; other variables are not followed. */
function perlReplacement(text: string): string {
  return text.replace(/\\n/g, "\n").replace(/\\t/g, "\t").replace(/\\(.)/g, "$1").replace(/\$(?![1-9&])/g, "$$$$");
}
