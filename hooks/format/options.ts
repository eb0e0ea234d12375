/** The `hooks.format` section of the guards config, checked. */
import type { HookConfig } from "../../shared/hook.ts";

export interface ConfiguredFormatter {
  glob: string;
  /** argv: program then arguments; `{file}` marks where the file goes, else it is appended. */
  command: string[];
}

export interface FormatOptions {
  formatters: ConfiguredFormatter[];
  /** Look for the project's own formatter when no glob matches (default true). */
  detect: boolean;
  timeoutMs: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export function formatOptions(config: HookConfig): FormatOptions {
  const list = config.formatters ?? [];
  if (!Array.isArray(list)) throw new Error("hooks.format.formatters must be a list of {glob, command}");
  const formatters = list.map((entry, i) => {
    const where = `hooks.format.formatters[${i}]`;
    const { glob, command } = (entry ?? {}) as Record<string, unknown>;
    if (typeof glob !== "string" || glob === "") throw new Error(`${where}.glob must be a non-empty string`);
    if (!Array.isArray(command) || command.length === 0 || command.some((a) => typeof a !== "string" || a === "")) {
      throw new Error(`${where}.command must be a non-empty list of strings (program, then arguments)`);
    }
    return { glob, command: command as string[] };
  });
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== "number" || !(timeoutMs > 0)) throw new Error("hooks.format.timeoutMs must be a positive number");
  if (config.detect !== undefined && typeof config.detect !== "boolean") throw new Error("hooks.format.detect must be true or false");
  return { formatters, detect: config.detect !== false, timeoutMs };
}
