/**
 * Config files read without the YAML parser where that is safe. Loading the parser costs a hook about as
 * much as its own work (some 12 million instructions at every event of a project with a `.guards.yaml`).
 * - A file written as JSON, which is YAML too, is read with JSON.parse; one in plain YAML (nested mappings,
 *   words, lists: shared/plain-yaml.ts) without the parser too.
 * - Otherwise the parsed value is kept in the private cache folder (shared/cache-folder.ts) beside the exact
 *   text it was parsed from, and used only for that same text: an edited file is always parsed again.
 * - Only a file this user owns is kept there. The enterprise file, owned by root, would otherwise be decided
 *   by a copy that the user, and so the guarded agent, can write; it is parsed at every run unless it is JSON or plain YAML.
 */
import { join } from "node:path";
import { cacheFolder, readOwnFile, writePrivateFile } from "./cache-folder.ts";
import { isObject, type Json } from "./fields.ts";
import { fnv1a64 } from "./text-hash.ts";

/** Bumped when what is kept changes meaning. */
const ENTRY_PREFIX = "config-v1-";

/** The value of a config text written as a JSON object; undefined for anything else (YAML then decides). */
export function jsonConfigValue(text: string): Json | undefined {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!body.trimStart().startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(body);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The value kept for `path` when it was parsed from exactly `text`. */
export function keptConfigValue(path: string, text: string, env: Readonly<Record<string, string | undefined>>): Json | undefined {
  const file = entryFile(path, env);
  const bytes = file ? readOwnFile(file) : undefined;
  if (!bytes) return undefined;
  try {
    const entry: unknown = JSON.parse(bytes.toString("utf8"));
    return isObject(entry) && entry.text === text && isObject(entry.value) ? entry.value : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `value`, parsed from `text`, if JSON holds it exactly (a YAML `.inf` or binary would not come back the same). */
export function keepConfigValue(path: string, text: string, value: Json, env: Readonly<Record<string, string | undefined>>): void {
  const file = entryFile(path, env);
  if (file && isPlainJson(value)) writePrivateFile(file, Buffer.from(JSON.stringify({ path, text, value })));
}

function entryFile(path: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const dir = cacheFolder(env);
  return dir ? join(dir, `${ENTRY_PREFIX}${fnv1a64(path)}.json`) : undefined;
}

function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value !== "object") return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && Object.values(value).every(isPlainJson);
}
