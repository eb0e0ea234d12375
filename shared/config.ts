/** The guards config: YAML merged from the enterprise, user and project files. */
import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { jsonConfigValue, keepConfigValue, keptConfigValue } from "./config-cache.ts";
import { isObject, type Json } from "./fields.ts";
import type { HookConfig, HookId } from "./hook.ts";

export interface GuardsConfig {
  /** `hooks.<id>` sections and any top-level keys, merged. */
  data: Json;
  sources: string[];
  /** The enterprise file alone, when there is one: what a project or user file cannot override. */
  enterprise?: Json;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export { configPaths, DEFAULT_ENTERPRISE_CONFIG, PROJECT_CONFIG_FILE } from "./config-paths.ts";
import { configPaths, presentConfigFiles } from "./config-paths.ts";

export async function loadConfig(projectRoot: string, env: Readonly<Record<string, string | undefined>>): Promise<GuardsConfig> {
  const paths = configPaths(projectRoot, env);
  const present = presentConfigFiles(paths);
  // Most projects have no config; the YAML parser is loaded only for a file that needs it (config-cache.ts).
  if (present.length === 0) return { data: {}, sources: [] };
  const read = async (path: string): Promise<Json> => {
    const { text, owned } = readConfigFile(path);
    const json = jsonConfigValue(text);
    if (json) return json;
    // The enterprise file is never kept: its copy would be writable by the user it binds.
    const keep = owned && path !== paths.enterprise;
    const kept = keep ? keptConfigValue(path, text, env) : undefined;
    if (kept) return kept;
    const { parseDocument } = await import("yaml");
    const doc = parseDocument(text, { prettyErrors: false });
    const first = doc.errors[0];
    if (first) {
      const line = first.linePos?.[0]?.line;
      throw new ConfigError(`config ${path}${line ? ` line ${line}` : ""} is not valid YAML: ${first.message.split("\n")[0]}`);
    }
    const value: unknown = doc.toJS() ?? {};
    if (!isObject(value)) throw new ConfigError(`config ${path} must be a YAML mapping at the top level`);
    if (keep) keepConfigValue(path, text, value, env);
    return value;
  };
  let data: Json = {};
  const sources: string[] = [];
  for (const path of [paths.user, paths.project]) {
    if (!present.includes(path)) continue;
    data = mergeConfig(data, path === paths.project ? withoutExport(await read(path)) : await read(path));
    sources.push(path);
  }
  if (present.includes(paths.enterprise)) {
    const enterprise = await read(paths.enterprise);
    data = applyEnterprise(data, enterprise);
    sources.push(paths.enterprise);
    return { data, sources, enterprise };
  }
  return { data, sources };
}

/** A config file's text, and whether this user owns it (and so could rewrite it anyway). */
function readConfigFile(path: string): { text: string; owned: boolean } {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const uid = process.getuid?.();
    const owned = uid === undefined || fstatSync(fd).uid === uid;
    return { text: readFileSync(fd, "utf8"), owned };
  } catch (error) {
    throw new ConfigError(`cannot read config ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
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

/** Whether the config switches the hook off; for `onlyEnterpriseDisables` hooks only the enterprise file counts. */
export function switchedOff(config: GuardsConfig, id: HookId, onlyEnterprise: boolean): boolean {
  if (!onlyEnterprise) return hookSection(config, id).enabled === false;
  return config.enterprise !== undefined && hookSection({ data: config.enterprise, sources: [] }, id).enabled === false;
}

/** The `hooks.<id>` section of the merged config. */
export function hookSection(config: GuardsConfig, id: HookId): HookConfig {
  const hooks = config.data.hooks;
  const section = isObject(hooks) ? hooks[id] : undefined;
  return isObject(section) ? section : {};
}
