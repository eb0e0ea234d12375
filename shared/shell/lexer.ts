/**
 * Splits shell text into words, operators and redirects the way a POSIX shell reads it, keeping what
 * shell-quote drops: which parts were quoted (`'~'` is not home), variables as variables (an unknown
 * `$VAR` is not an empty word), `$(…)`/backtick/`<(…)` code, newlines as separators and heredoc bodies.
 */
import { ShellLimitError, ShellSyntaxError } from "./errors.ts";
import { readAnsiC, readExpansion } from "./expansion.ts";
import { scanClosing } from "./scan.ts";

/** A piece of a word: literal text, a variable, or code whose output lands here. */
export type Part =
  | { kind: "text"; text: string; quoted: boolean }
  | { kind: "var"; name: string; raw: string; quoted: boolean }
  | { kind: "subst"; code: string; raw: string; quoted: boolean };

export interface Word {
  parts: Part[];
  /** The word as written, for messages and for re-reading (aliases). */
  raw: string;
}

export interface Heredoc {
  body: string;
  /** False when the delimiter was quoted: the body is then taken literally, with no `$(…)`. */
  expands: boolean;
}

export type Token =
  | { type: "word"; word: Word }
  | { type: "op"; op: string }
  | { type: "redirect"; op: string; target: Word; heredoc?: Heredoc; fd?: number };

const OPERATORS = [";;", "&&", "||", "|&", ";", "&", "|", "(", ")", "\n"];
const OPERATOR_START = new Set([";", "&", "|", "(", ")", "\n"]);
const REDIRECTS = ["<<<", "<<-", "&>>", "<<", ">>", "<>", "<&", ">&", ">|", "&>", "<", ">"];

/** Splits `text`; throws ShellLimitError past `maxPieces` words, operators and word parts together. */
export function lex(text: string, maxPieces = Infinity): Token[] {
  const tokens: Token[] = [];
  const pendingHeredocs: { delimiter: string; stripTabs: boolean; doc: Heredoc }[] = [];
  let parts: Part[] = [];
  let start = -1;
  let i = 0;
  const pushText = (t: string, quoted: boolean) => {
    const last = parts[parts.length - 1];
    if (last?.kind === "text" && last.quoted === quoted) last.text += t;
    else parts.push({ kind: "text", text: t, quoted });
  };
  const endWord = () => {
    if (start >= 0) tokens.push({ type: "word", word: { parts, raw: text.slice(start, i) } });
    parts = [];
    start = -1;
  };
  const readHeredocBodies = () => {
    for (const pending of pendingHeredocs.splice(0)) {
      const lines: string[] = [];
      while (i < text.length) {
        const end = text.indexOf("\n", i);
        const line = text.slice(i, end < 0 ? text.length : end);
        i = end < 0 ? text.length : end + 1;
        const content = pending.stripTabs ? line.replace(/^\t+/, "") : line;
        if (content === pending.delimiter) break;
        lines.push(content);
      }
      pending.doc.body = lines.join("\n");
    }
  };

  while (i < text.length) {
    const c = text[i]!;
    if (c === "\\" && text[i + 1] === "\n") {
      i += 2;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      endWord();
      i++;
      continue;
    }
    if (c === "#" && start < 0) {
      while (i < text.length && text[i] !== "\n") i++;
      continue;
    }
    // `2>`, `1>&2`: a word of digits right before a redirect is its file descriptor, not an argument.
    if (tokens.length + parts.length > maxPieces) throw new ShellLimitError(`more than ${maxPieces} words`);
    // Operators start with one of a few characters: the lists are only searched there.
    const redirect = c === "<" || c === ">" || c === "&" ? REDIRECTS.find((op) => text.startsWith(op, i)) : undefined;
    const isProcessSubstitution = (c === "<" || c === ">") && text[i + 1] === "(";
    if (redirect && !isProcessSubstitution) {
      let fd: number | undefined;
      if (start >= 0 && parts.length === 1 && parts[0]!.kind === "text" && !parts[0]!.quoted && /^\d+$/.test(parts[0]!.text)) {
        fd = Number(parts[0]!.text);
        parts = [];
        start = -1;
      }
      endWord();
      i += redirect.length;
      while (text[i] === " " || text[i] === "\t") i++;
      // `>&2`, `2>&1`: a descriptor, not a file.
      if ((redirect === ">&" || redirect === "<&") && /[\d-]/.test(text[i] ?? "")) {
        const from = i;
        while (/[\d-]/.test(text[i] ?? "")) i++;
        // `<&3`: stdin is what descriptor 3 was opened on (`exec 3< <(…)`), which the analysis may know.
        const source = text.slice(from, i);
        if (redirect === "<&" && /^\d+$/.test(source) && (fd ?? 0) === 0) tokens.push({ type: "redirect", op: "<&", target: { parts: [{ kind: "text", text: source, quoted: false }], raw: source }, fd: 0 });
        continue;
      }
      const target = readWordAt(text, i);
      if (!target) throw new ShellSyntaxError(`redirect ${redirect} without a target`);
      i = target.end;
      const token: Token = { type: "redirect", op: redirect, target: target.word };
      if (fd !== undefined) token.fd = fd;
      if (redirect === "<<" || redirect === "<<-") {
        const delimiter = target.word.parts.map((p) => (p.kind === "text" ? p.text : p.raw)).join("");
        const doc: Heredoc = { body: "", expands: target.word.parts.every((p) => !p.quoted) };
        token.heredoc = doc;
        pendingHeredocs.push({ delimiter, stripTabs: redirect === "<<-", doc });
      }
      tokens.push(token);
      continue;
    }
    const op = OPERATOR_START.has(c) ? OPERATORS.find((o) => text.startsWith(o, i)) : undefined;
    if (op && !isProcessSubstitution) {
      endWord();
      tokens.push({ type: "op", op });
      i += op.length;
      if (op === "\n") readHeredocBodies();
      continue;
    }
    if (start < 0) start = i;
    i = readPart(text, i, parts, pushText);
  }
  endWord();
  if (pendingHeredocs.length) readHeredocBodies();
  return tokens;
}

/** Reads one word starting at `from` (a redirect target); undefined when none is there. */
function readWordAt(text: string, from: number): { word: Word; end: number } | undefined {
  const parts: Part[] = [];
  const pushText = (t: string, quoted: boolean) => {
    const last = parts[parts.length - 1];
    if (last?.kind === "text" && last.quoted === quoted) last.text += t;
    else parts.push({ kind: "text", text: t, quoted });
  };
  let i = from;
  // `< <(code)`: the target itself may be a process substitution.
  while (i < text.length && (!/[\s;&|()<>]/.test(text[i]!) || (/[<>]/.test(text[i]!) && text[i + 1] === "("))) i = readPart(text, i, parts, pushText);
  if (i === from) return undefined;
  return { word: { parts, raw: text.slice(from, i) }, end: i };
}

/** Reads one quoting unit or expansion at `i` into `parts`; returns the index after it. */
function readPart(text: string, i: number, parts: Part[], pushText: (t: string, quoted: boolean) => void): number {
  const c = text[i]!;
  if (c === "\\") {
    pushText(text[i + 1] ?? "", true);
    return i + 2;
  }
  if (c === "'") {
    const end = text.indexOf("'", i + 1);
    if (end < 0) throw new ShellSyntaxError("unterminated single quote");
    pushText(text.slice(i + 1, end), true);
    return end + 1;
  }
  if (c === "$" && text[i + 1] === "'") return readAnsiC(text, i + 2, pushText);
  if (c === '"') return readDoubleQuoted(text, i + 1, parts, pushText);
  if (c === "$" || c === "`") return readExpansion(text, i, parts, false) ?? (pushText(c, false), i + 1);
  if ((c === "<" || c === ">") && text[i + 1] === "(") {
    const end = scanClosing(text, i + 2, ")");
    parts.push({ kind: "subst", code: text.slice(i + 2, end), raw: text.slice(i, end + 1), quoted: false });
    return end + 1;
  }
  pushText(c, false);
  return i + 1;
}

function readDoubleQuoted(text: string, i: number, parts: Part[], pushText: (t: string, quoted: boolean) => void): number {
  // An empty "" still makes a word.
  pushText("", true);
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') return i + 1;
    if (c === "\\" && /[$`"\\\n]/.test(text[i + 1] ?? "")) {
      if (text[i + 1] !== "\n") pushText(text[i + 1]!, true);
      i += 2;
      continue;
    }
    if (c === "$" || c === "`") {
      const next = readExpansion(text, i, parts, true);
      if (next !== undefined) {
        i = next;
        continue;
      }
    }
    pushText(c, true);
    i++;
  }
  throw new ShellSyntaxError("unterminated double quote");
}
