/**
 * Static expansion of one word: quotes removed, `~`, `~user`, known variables (`$HOME`, `${HOME}`,
 * `$TMPDIR`, `$PWD`, earlier assignments) and brace lists resolved. Whatever depends on run time
 * (an unknown variable, `$(…)` output) stays as written and marks the word dynamic.
 */
import { ShellLimitError } from "./errors.ts";
import type { Word } from "./lexer.ts";
import type { CodeInput } from "./types.ts";

/** What the analysis knows at one point of the command line. */
export interface ShellState {
  vars: Map<string, string | undefined>;
  /** Current directory; undefined once a `cd` went somewhere unknown. */
  cwd: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /** How many more `${x/pattern/…}`-style matches this analysis may run (shared by every copy of the state). */
  patternBudget?: { left: number };
  /** `for NAME in a b; do …`: names whose value is the list, one word per element wherever it is used. */
  loops?: Set<string>;
  /** What file descriptors above 2 were opened on (`exec 3<<<CODE`, `3< <(…)`), for `<&3` and `/dev/fd/3`. */
  fds?: Map<number, CodeInput>;
  /** The output of `$(CODE)` when it is known before the line runs (`$(echo rm)`), else undefined. */
  substitute?: (code: string, state: ShellState) => string | undefined;
}

export interface Expanded {
  values: string[];
  /** True when part of the word is only known at run time. */
  dynamic: boolean;
}

const MAX_BRACE_VALUES = 256;
/** Bounds for `${x/pattern/…}` and `${x%pattern}`: a few wildcards over a short value stay cheap. */
const MAX_PATTERN_SUBJECT = 256;
const MAX_PATTERN_STARS = 1;
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

/**
 * Array elements (`arr=(a b)`, `set -- a b`) are kept in one variable, separated by this mark.
 * Unquoted expansions are split into words at IFS characters, marked with SPLIT until the braces are done.
 */
export const ELEMENT = "\uE005";
const SPLIT = "\uE004";

export function expandWord(word: Word, state: ShellState): Expanded {
  let text = "";
  let dynamic = false;
  let split = false;
  for (const part of word.parts) {
    if (part.kind === "text") {
      text += part.quoted ? hide(part.text) : part.text;
    } else if (part.kind === "var") {
      const value = resolveVariable(part.name, state);
      if (value === undefined) {
        dynamic = true;
        text += hide(part.raw);
      } else if (!part.quoted) {
        // `c="rm -rf /"; $c`, `IFS=,; $c`: an unquoted expansion becomes several words.
        split = true;
        text += splitFields(value, state);
      } else if (value.includes(ELEMENT)) {
        // `"$@"`, `"${arr[@]}"` keep one word per element; `"$*"`, `"${arr[*]}"` join them.
        const each = part.name === "@" || /\[@\]\}$/.test(part.name) || (state.loops?.has(/^\{?([A-Za-z_][A-Za-z0-9_]*)/.exec(part.name)?.[1] ?? "") ?? false);
        split ||= each;
        text += value.split(ELEMENT).map(hide).join(each ? SPLIT : " ");
      } else text += hide(value);
    } else {
      const temp = /^\s*pwd(\s+-[LP])?\s*$/.test(part.code) ? state.cwd : mktempPath(part.code, state);
      const output = temp === undefined && part.raw.startsWith("$") ? state.substitute?.(part.code, state) : undefined;
      if (output !== undefined) {
        // Unquoted output is split into words like an unquoted variable.
        split ||= !part.quoted;
        text += part.quoted ? hide(output) : splitFields(output, state);
        continue;
      }
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
  if (!split) return { values, dynamic };
  return { values: values.flatMap((v) => v.split(SPLIT).filter((piece) => piece !== "")), dynamic };
}

/** IFS characters (space, tab, newline unless IFS is set) become word breaks; elements too. */
function splitFields(value: string, state: ShellState): string {
  const ifs = state.vars.has("IFS") ? state.vars.get("IFS") ?? " \t\n" : " \t\n";
  let out = "";
  for (const c of value) out += c === ELEMENT || ifs.includes(c) ? SPLIT : HIDE[c] ?? c;
  return out;
}

/**
 * `NAME`, or a `${…}` form whose value follows from NAME's when that is known: defaults, arrays,
 * substrings, pattern removal and substitution, case changes, indirection. Command words assembled
 * this way (`x=rXm; ${x/X/}`) are read as the shell would read them.
 */
function resolveVariable(name: string, state: ShellState): string | undefined {
  if (!name.startsWith("{")) return lookupVariable(name, state);
  const inner = name.slice(1, -1);
  const form = /^([A-Za-z_][A-Za-z0-9_]*|[@*#0-9])(\[[^\]]*\])?(.*)$/s.exec(inner);
  if (inner.startsWith("!")) {
    const target = /^!([A-Za-z_][A-Za-z0-9_]*)$/.exec(inner);
    const pointed = target && lookupVariable(target[1]!, state);
    return pointed && /^[A-Za-z_][A-Za-z0-9_]*$/.test(pointed) ? lookupVariable(pointed, state) : undefined;
  }
  if (inner.startsWith("#")) {
    const value = inner.length > 1 ? lookupVariable(inner.slice(1), state) : undefined;
    return value === undefined ? undefined : String(value.length);
  }
  if (!form) return undefined;
  let value = lookupVariable(form[1]!, state);
  const index = form[2]?.slice(1, -1);
  if (value !== undefined && index !== undefined && index !== "@" && index !== "*") {
    value = /^\d+$/.test(index) ? value.split(ELEMENT)[Number(index)] ?? "" : undefined;
  }
  // A loop variable holds every word of the list: an operation applies to each.
  if (value !== undefined && form[3] && state.loops?.has(form[1]!) && value.includes(ELEMENT)) {
    const each = value.split(ELEMENT).map((v) => applyOperation(v, form[3]!, state));
    return each.every((v) => v !== undefined) ? each.join(ELEMENT) : undefined;
  }
  return applyOperation(value, form[3]!, state);
}

/** One `${NAME…}` operation on a known (or unknown) value. */
function applyOperation(value: string | undefined, op: string, state: ShellState): string | undefined {
  if (op === "") return value;
  const fallback = /^(:?)([-=?+])(.*)$/s.exec(op);
  if (fallback) {
    const unset = value === undefined;
    const empty = fallback[1] === ":" ? !value : unset;
    if (fallback[2] === "+") return empty ? (unset ? undefined : "") : fallback[3];
    if (fallback[2] === "-" || fallback[2] === "=") return empty ? fallback[3] : value;
    return value;
  }
  // Patterns are matched by RegExp: long values and many wildcards are left to run time (asked about).
  if (value === undefined || value.length > MAX_PATTERN_SUBJECT) return undefined;
  const substring = /^:\s*(-?\d+)(?::\s*(-?\d+))?$/.exec(op) ?? /^:\s*\((-?\d+)\)(?::\s*(-?\d+))?$/.exec(op);
  if (substring) {
    const from = Number(substring[1]);
    const start = from < 0 ? Math.max(0, value.length + from) : from;
    if (substring[2] === undefined) return value.slice(start);
    const length = Number(substring[2]);
    return length < 0 ? value.slice(start, value.length + length) : value.slice(start, start + length);
  }
  if (op === ",," || op === ",") return op === ",," ? value.toLowerCase() : value.charAt(0).toLowerCase() + value.slice(1);
  if (op === "^^" || op === "^") return op === "^^" ? value.toUpperCase() : value.charAt(0).toUpperCase() + value.slice(1);
  const removal = /^(##?|%%?)(.*)$/s.exec(op);
  const budget = state.patternBudget;
  if (budget && (removal || op.startsWith("/")) && budget.left-- <= 0) return undefined;
  if (removal) {
    const pattern = globSource(removal[2]!);
    if (pattern === undefined) return undefined;
    const greedy = removal[1]!.length === 2;
    const whole = new RegExp(`^(?:${pattern})$`);
    if (removal[1]!.startsWith("#")) {
      for (let k = 0; k <= value.length; k++) {
        const n = greedy ? value.length - k : k;
        if (whole.test(value.slice(0, n))) return value.slice(n);
      }
      return value;
    }
    for (let k = 0; k <= value.length; k++) {
      const n = greedy ? k : value.length - k;
      if (whole.test(value.slice(n))) return value.slice(0, n);
    }
    return value;
  }
  const substitution = /^\/([\/#%]?)((?:\\.|[^/])*)(?:\/(.*))?$/s.exec(op);
  if (substitution) {
    const pattern = globSource(substitution[2]!);
    if (pattern === undefined || pattern === "") return undefined;
    const anchor = substitution[1] === "#" ? "^" : "";
    const end = substitution[1] === "%" ? "$" : "";
    return value.replace(new RegExp(`${anchor}(?:${pattern})${end}`, substitution[1] === "/" ? "g" : ""), () => substitution[3] ?? "");
  }
  return undefined;
}

/** A shell glob as RegExp source; undefined for forms not read here (extglob, classes). */
function globSource(glob: string): string | undefined {
  if (glob.length > 200 || /[[(]/.test(glob) || glob.split("*").length > MAX_PATTERN_STARS + 1) return undefined;
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "\\") out += (glob[++i] ?? "").replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    else if (c === "*") out += "[^]*";
    else if (c === "?") out += "[^]";
    else out += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return out;
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
