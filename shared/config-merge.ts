/**
 * How the config files' values become one config. The runner (config.ts) and the hook file's front
 * (quick-config.ts) both merge here, so the front judges exactly the config the guards would get.
 */
import type { ConfigPaths } from "./config-paths.ts";
import { isObject, type Json } from "./fields.ts";

export interface GuardsConfig {
  /** `hooks.<id>` sections and any top-level keys, merged. */
  data: Json;
  sources: string[];
  /** The enterprise file alone, when there is one: what a project or user file cannot override. */
  enterprise?: Json;
}

/** The merged config of the files read (`values`, by path): user, then project, then the enterprise file. */
export function assembleConfig(paths: ConfigPaths, values: ReadonlyMap<string, Json>): GuardsConfig {
  let data: Json = {};
  const sources: string[] = [];
  for (const path of [paths.user, paths.project]) {
    const value = values.get(path);
    if (!value) continue;
    data = mergeConfig(data, path === paths.project ? withoutExport(value) : value);
    sources.push(path);
  }
  const enterprise = values.get(paths.enterprise);
  if (!enterprise) return { data, sources };
  sources.push(paths.enterprise);
  return { data: applyEnterprise(data, enterprise), sources, enterprise };
}

/**
 * A project's file may not set up the OTLP export: a cloned repository would otherwise choose where this
 * machine's commands, paths and identity are sent. Only the user's and the enterprise's files may.
 */
function withoutExport(data: Json): Json {
  if (!isObject(data.telemetry) || !("otlp" in data.telemetry)) return data;
  const { otlp: _ignored, ...telemetry } = data.telemetry;
  return { ...data, telemetry };
}

/** Objects merge key by key, lists are joined without duplicates, scalars are replaced. */
export function mergeConfig(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    if (isObject(prev) && isObject(value)) out[key] = mergeConfig(prev, value);
    else if (Array.isArray(prev) && Array.isArray(value)) out[key] = [...new Set([...prev, ...value])];
    else out[key] = value;
  }
  return out;
}

/**
 * The enterprise file is merged like the others, and every dot path in its `locked` list is then
 * reset to the enterprise value, so a project or user file cannot loosen it.
 */
export function applyEnterprise(data: Json, enterprise: Json): Json {
  const merged = mergeConfig(data, enterprise);
  const locked = Array.isArray(enterprise.locked) ? enterprise.locked.filter((p): p is string => typeof p === "string") : [];
  for (const path of locked) {
    const value = getPath(enterprise, path);
    if (value !== undefined) setPath(merged, path, value);
  }
  return merged;
}

function getPath(obj: Json, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split(".")) {
    if (!isObject(cur)) return undefined;
    cur = cur[part];
  }
  return cur;
}

function setPath(obj: Json, path: string, value: unknown): void {
  const parts = path.split(".");
  let cur = obj;
  for (const part of parts.slice(0, -1)) {
    const next = cur[part];
    cur = cur[part] = isObject(next) ? { ...next } : {};
  }
  cur[parts[parts.length - 1]!] = value;
}
