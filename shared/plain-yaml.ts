/**
 * The plain YAML a guards config is usually written in, read without the YAML parser (a lazy section of
 * some 12 million instructions, at every event under a YAML enterprise file): nested mappings, lists of words, words,
 * whole numbers, true, false, null and quoted strings without escapes, with comments. Anything else (anchors,
 * tags, directives, multi-line or escaped strings, floats, duplicate keys, a tab) is undefined, and the
 * runner reads the file with the parser. test/plain-yaml.test.ts holds every reading to the parser's.
 */
import type { Json } from "./fields.ts";

interface Line {
  indent: number;
  /** The line after its indentation, its comment included. */
  body: string;
}

/** A failed reading: never thrown past plainYamlValue. */
class NotPlain extends Error {}

const fail = (): never => {
  throw new NotPlain();
};

const KEY = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
/** A word in block context: no indicator first, no space, no `#`; a `~` or `.` first only as a path. */
const BLOCK_WORD = /^(?:[A-Za-z_/]|~\/|\.\.?\/)[A-Za-z0-9_./:@+*?=~-]*$/;
/** A word inside `[…]` or `{…}`: no `:` either (an URL there is quoted). */
const FLOW_WORD = /^(?:[A-Za-z_/]|~\/|\.\.?\/)[A-Za-z0-9_./@+*?=~-]*$/;
const INTEGER = /^(?:0|-?[1-9][0-9]{0,14})$/;
/** The core schema's other spellings of true, false and null: not taken as words. */
const RESERVED = /^(?:true|false|null|True|TRUE|False|FALSE|Null|NULL)$/;

export function plainYamlValue(text: string): Json | undefined {
  try {
    const lines = significantLines(text);
    if (lines.length === 0) return {};
    if (lines[0]!.indent !== 0 || isItem(lines[0]!.body)) return undefined;
    const { value, next } = mapping(lines, 0, 0);
    return next === lines.length ? value : undefined;
  } catch (error) {
    if (error instanceof NotPlain) return undefined;
    throw error;
  }
}

function significantLines(text: string): Line[] {
  // Tabs, carriage returns, other controls and the line breaks of other YAML versions: for the parser.
  if (/[\x00-\x09\x0b-\x1f\x7f\x85\u2028\u2029\uFEFF]/.test(text)) fail();
  const lines: Line[] = [];
  for (const raw of text.split("\n")) {
    const body = raw.replace(/^ +/, "");
    if (body === "" || body.startsWith("#")) continue;
    // Directives and document markers: another schema, or several documents.
    if (raw.startsWith("%") || raw.startsWith("---") || raw.startsWith("...")) fail();
    lines.push({ indent: raw.length - body.length, body: body.replace(/ +$/, "") });
  }
  return lines;
}

const isItem = (body: string) => body === "-" || body.startsWith("- ");

function mapping(lines: Line[], at: number, indent: number): { value: Json; next: number } {
  const value: Json = {};
  let i = at;
  while (i < lines.length && lines[i]!.indent === indent && !isItem(lines[i]!.body)) {
    const body = lines[i]!.body;
    const colon = body.indexOf(":");
    const key = body.slice(0, colon);
    const rest = body.slice(colon + 1);
    if (colon < 1 || !KEY.test(key) || RESERVED.test(key) || key === "__proto__" || Object.hasOwn(value, key)) fail();
    if (rest !== "" && !rest.startsWith(" ")) fail();
    i++;
    const inline = withoutComment(rest.trimStart());
    if (inline !== "") {
      value[key] = inlineValue(inline);
      continue;
    }
    const child = lines[i];
    if (child && child.indent > indent) {
      const nested = isItem(child.body) ? sequence(lines, i, child.indent) : mapping(lines, i, child.indent);
      value[key] = nested.value;
      i = nested.next;
    } else if (child && child.indent === indent && isItem(child.body)) {
      // A list may sit at its key's own indentation.
      const nested = sequence(lines, i, indent);
      value[key] = nested.value;
      i = nested.next;
    } else {
      value[key] = null;
    }
  }
  if (i < lines.length && lines[i]!.indent >= indent) fail();
  return { value, next: i };
}

function sequence(lines: Line[], at: number, indent: number): { value: unknown[]; next: number } {
  const value: unknown[] = [];
  let i = at;
  while (i < lines.length && lines[i]!.indent === indent && isItem(lines[i]!.body)) {
    const item = withoutComment(lines[i]!.body.slice(1).trimStart());
    if (item === "") fail();
    value.push(inlineValue(item));
    i++;
  }
  if (i < lines.length && lines[i]!.indent > indent) fail();
  return { value, next: i };
}

/** The value's text without a trailing comment (` #…`); quoted and flow values are read to their end first. */
function withoutComment(text: string): string {
  if (text === "" || text.startsWith("#")) return "";
  let end: number;
  if (text[0] === '"' || text[0] === "'") end = text.indexOf(text[0], 1) + 1;
  else if (text[0] === "[" || text[0] === "{") end = text.indexOf(text[0] === "[" ? "]" : "}") + 1;
  else end = text.search(/ |$/);
  if (end <= 0) fail();
  const rest = text.slice(end);
  if (rest !== "" && !/^ +#/.test(rest)) fail();
  return text.slice(0, end);
}

function inlineValue(text: string): unknown {
  if (text[0] === "[") return flowSequence(text.slice(1, -1));
  if (text[0] === "{") return flowMapping(text.slice(1, -1));
  return scalar(text, BLOCK_WORD);
}

function scalar(text: string, word: RegExp): unknown {
  if (text === "true") return true;
  if (text === "false") return false;
  if (text === "null" || text === "~") return null;
  if (INTEGER.test(text)) return Number(text);
  if (/^"[\x20-\x7e]*"$/.test(text) && !/["\\]/.test(text.slice(1, -1))) return text.slice(1, -1);
  if (/^'[\x20-\x7e]*'$/.test(text) && !text.slice(1, -1).includes("'")) return text.slice(1, -1);
  if (word.test(text) && !RESERVED.test(text) && !text.endsWith(":")) return text;
  return fail();
}

/** The items between `[` and `]`, split at commas (no nested flow, no comma inside a quoted item). */
function flowItems(inner: string): string[] {
  if (/[[\]{}]/.test(inner)) fail();
  if (inner.trim() === "") return [];
  return inner.split(",").map((item) => (item.trim() === "" ? fail() : item.trim()));
}

function flowSequence(inner: string): unknown[] {
  return flowItems(inner).map((item) => scalar(item, FLOW_WORD));
}

function flowMapping(inner: string): Json {
  const value: Json = {};
  for (const item of flowItems(inner)) {
    const match = /^([^:\s]+): +(\S+)$/.exec(item) ?? fail();
    const key = match[1]!;
    if (!KEY.test(key) || RESERVED.test(key) || key === "__proto__" || Object.hasOwn(value, key)) fail();
    value[key] = scalar(match[2]!, FLOW_WORD);
  }
  return value;
}
