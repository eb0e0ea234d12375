/** The parts of a word that expand: variables, command substitutions, `$'…'` escapes. */
import { ShellSyntaxError } from "./errors.ts";
import type { Part } from "./lexer.ts";
import { scanClosing } from "./scan.ts";

const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;
const SPECIAL_VARS = new Set(["@", "*", "#", "?", "$", "!", "-", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);

/** `$NAME`, `${…}`, `$(…)`, `$((…))`, `` `…` ``; undefined when `$` is just a dollar sign. */
export function readExpansion(text: string, i: number, parts: Part[], quoted: boolean): number | undefined {
  const c = text[i]!;
  if (c === "`") {
    let j = i + 1;
    let code = "";
    while (j < text.length && text[j] !== "`") {
      if (text[j] === "\\" && j + 1 < text.length) {
        code += text[j + 1];
        j += 2;
      } else code += text[j++];
    }
    if (j >= text.length) throw new ShellSyntaxError("unterminated backtick");
    parts.push({ kind: "subst", code, raw: text.slice(i, j + 1), quoted });
    return j + 1;
  }
  const next = text[i + 1] ?? "";
  if (next === "(" && text[i + 2] === "(") {
    const end = scanClosing(text, i + 3, ")");
    // Arithmetic: a number we do not compute, and any $(…) inside still runs.
    parts.push({ kind: "var", name: "((arithmetic))", raw: text.slice(i, end + 2), quoted });
    return Math.min(end + 2, text.length);
  }
  if (next === "(") {
    const end = scanClosing(text, i + 2, ")");
    parts.push({ kind: "subst", code: text.slice(i + 2, end), raw: text.slice(i, end + 1), quoted });
    return end + 1;
  }
  if (next === "{") {
    const end = scanClosing(text, i + 2, "}");
    const inner = text.slice(i + 2, end);
    const name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(inner) ? inner : `{${inner}}`;
    parts.push({ kind: "var", name, raw: text.slice(i, end + 1), quoted });
    return end + 1;
  }
  if (NAME_START.test(next)) {
    let j = i + 1;
    while (j < text.length && NAME_CHAR.test(text[j]!)) j++;
    parts.push({ kind: "var", name: text.slice(i + 1, j), raw: text.slice(i, j), quoted });
    return j;
  }
  if (SPECIAL_VARS.has(next)) {
    parts.push({ kind: "var", name: next, raw: text.slice(i, i + 2), quoted });
    return i + 2;
  }
  return undefined;
}

const ANSI_ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", v: "\v", "\\": "\\", "'": "'", '"': '"', "?": "?" };

/** `$'…'`: C escapes, including `\x72\x6d` spelling a program name. */
export function readAnsiC(text: string, i: number, pushText: (t: string, quoted: boolean) => void): number {
  let out = "";
  while (i < text.length && text[i] !== "'") {
    if (text[i] === "\\") {
      const e = text[i + 1] ?? "";
      const hex = /^x([0-9A-Fa-f]{1,2})/.exec(text.slice(i + 1, i + 4));
      const octal = /^([0-7]{1,3})/.exec(text.slice(i + 1, i + 4));
      if (hex) {
        out += String.fromCharCode(parseInt(hex[1]!, 16));
        i += 1 + hex[0].length;
      } else if (octal) {
        out += String.fromCharCode(parseInt(octal[1]!, 8));
        i += 1 + octal[0].length;
      } else {
        out += ANSI_ESCAPES[e] ?? `\\${e}`;
        i += 2;
      }
    } else out += text[i++];
  }
  if (i >= text.length) throw new ShellSyntaxError("unterminated $'…' quote");
  pushText(out, true);
  return i + 1;
}

/** The command substitutions in text that expands them (an unquoted heredoc body). */
export function substitutionsIn(text: string): Part[] {
  const parts: Part[] = [];
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === "\\") i += 2;
    else if (c === "$" || c === "`") i = readExpansion(text, i, parts, true) ?? i + 1;
    else i++;
  }
  return parts.filter((p) => p.kind === "subst");
}
