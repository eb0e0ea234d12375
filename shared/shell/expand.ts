/**
 * Static expansion of one word: quotes removed, `~`, `~user`, known variables (`$HOME`, `${HOME}`,
 * `$TMPDIR`, `$PWD`, earlier assignments) and brace lists resolved. Whatever depends on run time
 * (an unknown variable, `$(…)` output) stays as written and marks the word dynamic.
 */
import { ShellLimitError } from "./errors.ts";
import type { Word } from "./lexer.ts";

/** What the analysis knows at one point of the command line. */
export interface ShellState {
  vars: Map<string, string | undefined>;
  /** Current directory; undefined once a `cd` went somewhere unknown. */
  cwd: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
}

export interface Expanded {
  values: string[];
  /** True when part of the word is only known at run time. */
  dynamic: boolean;
}

const MAX_BRACE_VALUES = 256;
const MAX_BRACE_GROUPS = 64;
// Brace syntax and `~` inside quoted text or variable values are literal: hidden from the expanders.
const HIDE: Record<string, string> = { "{": "\uE000", "}": "\uE001", ",": "\uE002", "~": "\uE003" };
const SHOW: Record<string, string> = { "\uE000": "{", "\uE001": "}", "\uE002": ",", "\uE003": "~" };

/** The quoted characters back as themselves; most words hold none, and are returned as they are. */
function showHidden(word: string): string {
  let first = 0;
  while (first < word.length && !(word.charCodeAt(first) >= 0xe000 && word.charCodeAt(first) <= 0xe003)) first++;
  if (first === word.length) return word;
  let out = word.slice(0, first);
  for (let i = first; i < word.length; i++) out += SHOW[word[i]!] ?? word[i];
  return out;
}

export function lookupVariable(name: string, state: ShellState): string | undefined {
  if (state.vars.has(name)) return state.vars.get(name);
  if (name === "PWD") return state.cwd;
  if (name === "HOME" || name === "TMPDIR") return state.env[name] || undefined;
  return undefined;
}

export function expandWord(word: Word, state: ShellState): Expanded {
  let text = "";
  let dynamic = false;
  for (const part of word.parts) {
    if (part.kind === "text") {
      text += part.quoted ? hide(part.text) : part.text;
    } else if (part.kind === "var") {
      const value = resolveVariable(part.name, state);
      if (value === undefined) {
        dynamic = true;
        text += hide(part.raw);
      } else text += hide(value);
    } else {
      const temp = /^\s*pwd(\s+-[LP])?\s*$/.test(part.code) ? state.cwd : mktempPath(part.code, state);
      if (temp === undefined) dynamic = true;
      text += hide(temp ?? part.raw);
    }
  }
  // Brace lists expand first, then a `~` that starts a resulting word (`{build,~}` reaches home).
  const values = expandBraces(text).map((v) => {
    const expanded = v.startsWith("~") ? expandTilde(v, state) : v;
    // A `~` nobody can resolve here (no HOME) is a home directory all the same: only run time knows which.
    if (expanded.startsWith("~") && /^~[A-Za-z0-9_+-]*(\/|$)/.test(expanded)) dynamic = true;
    return showHidden(expanded);
  });
  return { values, dynamic };
}

/** `NAME`, or `{NAME:-default}` style forms whose value is known when NAME is. */
function resolveVariable(name: string, state: ShellState): string | undefined {
  if (!name.startsWith("{")) return lookupVariable(name, state);
  const form = /^\{([A-Za-z_][A-Za-z0-9_]*)(:?[-=?+])(.*)\}$/.exec(name);
  if (!form) return undefined;
  const value = lookupVariable(form[1]!, state);
  if (form[2]!.endsWith("+")) return value ? form[3] : value === undefined ? undefined : "";
  return value ?? undefined;
}

/**
 * `$(mktemp)`, `$(mktemp -d)`: a fresh name under the temp directory (or under `-p DIR`). The exact
 * name is unknown, where it lives is not, and that is what a delete rule needs.
 */
function mktempPath(code: string, state: ShellState): string | undefined {
  const words = code.trim().split(/\s+/);
  if (words[0] !== "mktemp" || words.some((w) => /[$`'"\\;|&<>(]/.test(w))) return undefined;
  const dirAt = words.findIndex((w) => w === "-p" || w === "--tmpdir");
  const dir = dirAt > 0 ? words[dirAt + 1] : words.find((w) => w.startsWith("--tmpdir="))?.slice(9);
  const base = dir ?? (lookupVariable("TMPDIR", state) || "/tmp");
  return base.startsWith("/") ? `${base.replace(/\/+$/, "")}/tmp.mktemp` : undefined;
}

function expandTilde(text: string, state: ShellState): string {
  const slash = text.indexOf("/");
  const user = text.slice(1, slash < 0 ? undefined : slash);
  const rest = slash < 0 ? "" : text.slice(slash);
  const home = lookupVariable("HOME", state);
  if (user === "") return home ? home + rest : text;
  if (user === "+") return state.cwd ? state.cwd + rest : text;
  if (!/^[a-z_][a-z0-9_-]*$/i.test(user)) return text;
  if (user === state.env.USER && home) return home + rest;
  return (user === "root" ? "/root" : `/home/${user}`) + rest;
}

function hide(text: string): string {
  return text.replace(/[{},~]/g, (c) => HIDE[c]!);
}

/** `a{b,c}d` → `abd acd`, nested and repeated; `{1..3}`; capped so hostile input stays cheap. */
export function expandBraces(text: string, groups = 0): string[] {
  const open = text.indexOf("{");
  if (open < 0) return [text];
  if (groups > MAX_BRACE_GROUPS) throw new ShellLimitError(`more than ${MAX_BRACE_GROUPS} brace lists in one word`);
  let depth = 0;
  const commas: number[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "{") depth++;
    else if (c === "}") {
      depth--;
      if (depth === 0) {
        const head = text.slice(0, open);
        const tail = text.slice(i + 1);
        const inner = text.slice(open + 1, i);
        const options = commas.length ? splitAt(inner, commas.map((p) => p - open - 1)) : sequence(inner);
        if (!options) return expandBraces(tail, groups + 1).map((t) => `${head}{${inner}}${t}`).slice(0, MAX_BRACE_VALUES);
        const out: string[] = [];
        for (const option of options) {
          for (const rest of expandBraces(option + tail, groups + 1)) {
            out.push(head + rest);
            if (out.length >= MAX_BRACE_VALUES) return out;
          }
        }
        return out;
      }
    } else if (c === "," && depth === 1) commas.push(i);
  }
  return [text];
}

function splitAt(text: string, positions: number[]): string[] {
  const out: string[] = [];
  let from = 0;
  for (const p of positions) {
    out.push(text.slice(from, p));
    from = p + 1;
  }
  out.push(text.slice(from));
  return out;
}

function sequence(inner: string): string[] | undefined {
  const range = /^(-?\d+)\.\.(-?\d+)$/.exec(inner);
  if (!range) return undefined;
  const [a, b] = [Number(range[1]), Number(range[2])];
  const step = a <= b ? 1 : -1;
  const out: string[] = [];
  for (let n = a; out.length < MAX_BRACE_VALUES; n += step) {
    out.push(String(n));
    if (n === b) break;
  }
  return out;
}
