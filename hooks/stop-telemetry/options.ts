/** The `hooks.stop-telemetry` section of the guards config (and its environment overrides), checked. */
import { join } from "node:path";
import { stateDirectory, type HookConfig } from "../../shared/hook.ts";

type Env = Readonly<Record<string, string | undefined>>;

export interface RetryOptions {
  enabled: boolean;
  /** Consecutive errored runs before the agent is asked to go on (default 2). */
  afterErrors: number;
  /** No follow-up once the agent's loop count, or our own follow-ups in a row, reach this (default 3). */
  loopLimit: number;
  message: string;
}

export interface TelemetryOptions {
  /** Telemetry is off without a URL; the conversation state is still kept. */
  url?: string;
  /** Names only, for `status`; values are resolved at send time, never written to disk. */
  headerNames: string[];
  timeoutMs: number;
  /** Requests start within this time in one hook run, spool included; each then gets its full timeout. */
  budgetMs: number;
  spoolMax: number;
}

export interface StopOptions {
  stateDir: string;
  /** Conversations untouched this many days are forgotten (default 30). */
  stateTtlDays: number;
  retry: RetryOptions;
  telemetry: TelemetryOptions;
}

export const DEFAULT_FOLLOWUP =
  "The last two runs ended with an error. Look at the error, fix its cause (a failing command, a missing file or credential), then try again.";

export function stopOptions(config: HookConfig, env: Env, fallbackStateDir?: string): StopOptions {
  const retry = section(config.retry, "retry");
  const telemetry = section(config.telemetry, "telemetry");
  const url = env.GUARDS_TELEMETRY_URL || optionalString(telemetry.url, "telemetry.url");
  const stateDir = optionalString(config.stateDir, "stateDir") ?? fallbackStateDir ?? stateDirectory(env);
  return {
    stateDir: join(stateDir, "stop-telemetry"),
    stateTtlDays: positive(config.stateTtlDays, "stateTtlDays", 30),
    retry: {
      enabled: optionalBoolean(retry.enabled, "retry.enabled") ?? true,
      afterErrors: positive(retry.afterErrors, "retry.afterErrors", 2),
      loopLimit: positive(retry.loopLimit, "retry.loopLimit", 3),
      message: optionalString(retry.message, "retry.message") ?? DEFAULT_FOLLOWUP,
    },
    telemetry: {
      url,
      headerNames: [...Object.keys(stringMap(telemetry.headers, "telemetry.headers")), ...(telemetry.tokenEnv ? ["authorization"] : [])],
      timeoutMs: positive(telemetry.timeoutMs, "telemetry.timeoutMs", 1500),
      budgetMs: positive(telemetry.budgetMs, "telemetry.budgetMs", 3000),
      spoolMax: positive(telemetry.spoolMax, "telemetry.spoolMax", 1000),
    },
  };
}

/**
 * The request headers: literal ones from the config, and the bearer token read from the environment
 * variable named by `telemetry.tokenEnv`, so the token itself never sits in a config file.
 */
export function telemetryHeaders(config: HookConfig, env: Env): Record<string, string> {
  const telemetry = section(config.telemetry, "telemetry");
  const headers: Record<string, string> = { ...stringMap(telemetry.headers, "telemetry.headers") };
  const tokenEnv = optionalString(telemetry.tokenEnv, "telemetry.tokenEnv");
  const token = tokenEnv ? env[tokenEnv] : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

function section(value: unknown, name: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) throw new Error(`hooks.stop-telemetry.${name} must be a mapping`);
  return value as Record<string, unknown>;
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || value === "") throw new Error(`hooks.stop-telemetry.${name} must be a non-empty string`);
  return value;
}

function optionalBoolean(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw new Error(`hooks.stop-telemetry.${name} must be true or false`);
  return value;
}

function positive(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1) throw new Error(`hooks.stop-telemetry.${name} must be a positive whole number`);
  return value;
}

function stringMap(value: unknown, name: string): Record<string, string> {
  const map = section(value, name);
  for (const [key, v] of Object.entries(map)) {
    if (typeof v !== "string") throw new Error(`hooks.stop-telemetry.${name}.${key} must be a string`);
  }
  return map as Record<string, string>;
}
