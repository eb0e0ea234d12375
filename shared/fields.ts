/** Typed reads of payload fields, each failing with an InputError that names the field. */
import { InputError } from "./dialect.ts";

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

export function requireString(obj: Json, key: string, path = key): string {
  const value = obj[key];
  if (typeof value !== "string") {
    throw new InputError(value === undefined ? `missing field "${path}"` : `field "${path}" must be a string, got ${describe(value)}`);
  }
  return value;
}

export function optionalString(obj: Json, key: string, path = key): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new InputError(`field "${path}" must be a string, got ${describe(value)}`);
  return value;
}

export function optionalNumber(obj: Json, key: string, path = key): number | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value)) throw new InputError(`field "${path}" must be a number, got ${describe(value)}`);
  return value;
}

export function optionalBoolean(obj: Json, key: string, path = key): boolean | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw new InputError(`field "${path}" must be a boolean, got ${describe(value)}`);
  return value;
}

export function optionalObject(obj: Json, key: string, path = key): Json | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw new InputError(`field "${path}" must be an object, got ${describe(value)}`);
  return value;
}

export function requireObject(obj: Json, key: string, path = key): Json {
  const value = optionalObject(obj, key, path);
  if (!value) throw new InputError(`missing field "${path}"`);
  return value;
}

export function optionalStringArray(obj: Json, key: string, path = key): string[] | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    throw new InputError(`field "${path}" must be an array of strings`);
  }
  return value as string[];
}

/** Tool input that some agents send as a JSON-encoded string (older Copilot `toolArgs`, Cursor MCP `tool_input`). */
export function objectOrJsonString(obj: Json, key: string, path = key): Json | undefined {
  const value = obj[key];
  if (typeof value === "string") {
    if (value.trim() === "") return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new InputError(`field "${path}" is a string but not valid JSON`);
    }
    if (!isObject(parsed)) throw new InputError(`field "${path}" must encode a JSON object`);
    return parsed;
  }
  return optionalObject(obj, key, path);
}
