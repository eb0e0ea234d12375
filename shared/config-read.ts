/**
 * A config file's text and the value it has without the YAML parser (JSON, plain YAML, or the user's parsed
 * copy in config-cache.ts). Synchronous and parser-free: the hook file's front reads config with it too.
 */
import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { jsonConfigValue, keptConfigValue } from "./config-cache.ts";
import type { Json } from "./fields.ts";
import { plainYamlValue } from "./plain-yaml.ts";

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** A config file's text, and whether this user owns it (and so could rewrite it anyway). */
export function readConfigFile(path: string): { text: string; owned: boolean } {
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
 * The file's value when it is JSON or plain YAML (plain-yaml.ts), or when it is this user's own file and
 * its parsed copy was kept for exactly this text. The enterprise file is never taken from a copy: the user
 * it binds could write one.
 */
export function cheapConfigValue(file: { path: string; text: string; owned: boolean; enterprise: boolean }, env: Readonly<Record<string, string | undefined>>): Json | undefined {
  return jsonConfigValue(file.text) ?? plainYamlValue(file.text) ?? (file.owned && !file.enterprise ? keptConfigValue(file.path, file.text, env) : undefined);
}
