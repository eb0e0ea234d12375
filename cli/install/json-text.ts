import { jsonSyntaxProblem } from "./json-position.ts";

/** Reads a JSON config keeping what its author chose (indentation, line endings, final newline), and writes it back the same way. */

export type JsonObject = Record<string, unknown>;

export interface TextStyle {
  /** The indentation unit ("  ", "    ", "\t", "   "…), or "" for a one-line file. */
  indent: string;
  eol: "\n" | "\r\n";
  finalNewline: boolean;
  /** The file started with a byte-order mark (some Windows editors write one). */
  bom?: boolean;
}

export const DEFAULT_STYLE: TextStyle = { indent: "  ", eol: "\n", finalNewline: true };

/** A config file that is not JSON: it is never overwritten. */
export class ConfigParseError extends Error {
  override name = "ConfigParseError";
}

export function parseConfig(text: string, path: string): { value: JsonObject; style: TextStyle } {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    const problem = jsonSyntaxProblem(text) ?? { line: 1, column: 1, message: "not JSON" };
    throw new ConfigParseError(`${path}:${problem.line}:${problem.column}: not valid JSON (${problem.message}); fix or move the file, guards will not rewrite it`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ConfigParseError(`${path}:1:1: expected a JSON object at the top level; guards will not rewrite it`);
  }
  return { value: value as JsonObject, style: styleOf(text) };
}

export function formatConfig(value: JsonObject, style: TextStyle): string {
  const body = JSON.stringify(value, null, style.indent || undefined);
  const text = style.eol === "\r\n" ? body.replace(/\n/g, "\r\n") : body;
  return `${style.bom ? "\uFEFF" : ""}${text}${style.finalNewline ? style.eol : ""}`;
}

function styleOf(text: string): TextStyle {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const indented = /\n([ \t]+)\S/.exec(text);
  return { indent: indented ? indented[1]! : "", eol, finalNewline: /\n$/.test(text), ...(text.startsWith("\uFEFF") ? { bom: true } : {}) };
}

