/** The `hooks.redact-secrets` section of the guards config, checked. */
import type { HookConfig } from "../../shared/hook.ts";

export interface Options {
  /** Globs of files never checked. */
  allowPaths: string[];
  /** Globs of files always refused, unread. */
  denyPaths: string[];
  /** Globs of more files that are secret by nature (always scanned in full). */
  secretPaths: string[];
  /** Kinds (`generic-secret`) or secretlint rule ids not to report. */
  allowRules: string[];
  /** Exact values not to report (a shared test key, a public demo token). */
  allowValues: string[];
  /** Larger files are refused: checking them would not fit the agent's hook timeout. */
  maxBytes: number;
  /** At most this many files are checked in a directory read; more is refused. */
  maxFiles: number;
  /** Redacted copies older than this are removed on later runs. */
  keepCopiesMinutes: number;
}

export const DEFAULT_OPTIONS: Options = {
  allowPaths: [],
  denyPaths: [],
  secretPaths: [],
  allowRules: [],
  allowValues: [],
  maxBytes: 16 * 1024 * 1024,
  maxFiles: 500,
  keepCopiesMinutes: 60,
};

/** The name a prompt is examined under: rules that apply to some file types only see it as plain text. */
export const PROMPT_FILE_NAME = "prompt.txt";

export class OptionsError extends Error {
  override name = "OptionsError";
}

export function readOptions(config: HookConfig): Options {
  const options: Options = { ...DEFAULT_OPTIONS };
  for (const key of ["allowPaths", "denyPaths", "secretPaths", "allowRules", "allowValues"] as const) {
    const value = config[key];
    if (value === undefined) continue;
    if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
      throw new OptionsError(`hooks.redact-secrets.${key} must be a list of strings`);
    }
    options[key] = value as string[];
  }
  for (const key of ["maxBytes", "maxFiles", "keepCopiesMinutes"] as const) {
    const value = config[key];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
      throw new OptionsError(`hooks.redact-secrets.${key} must be a positive number`);
    }
    options[key] = value;
  }
  return options;
}
