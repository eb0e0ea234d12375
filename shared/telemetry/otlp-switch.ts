/**
 * What a hook reads of `telemetry.otlp` at every decision: is the export on, and how many records may the
 * spool keep. The rest of the settings (endpoint, headers, the OTEL_* variables) is read by the sender
 * (otlp-settings.ts), which is loaded only to deliver.
 */
import { isObject, type Json } from "../fields.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** Is export on at all? Only the config can say so. */
export function otlpEnabled(data: Json, env: Env): boolean {
  const section = otlpSection(data);
  if (section.enabled !== true) return false;
  // OTEL_SDK_DISABLED switches OpenTelemetry off, unless the enterprise locked export on.
  return env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== "true" || isLocked(data, "enabled");
}

/** Records the spool keeps at most (`spoolMax`, default 10000); older ones are dropped and counted. */
export function spoolMaxOf(data: Json): number {
  const spoolMax = Number(otlpSection(data).spoolMax);
  return Number.isInteger(spoolMax) && spoolMax > 0 ? spoolMax : 10_000;
}

export function otlpSection(data: Json): Json {
  const telemetry = isObject(data.telemetry) ? data.telemetry : {};
  return isObject(telemetry.otlp) ? telemetry.otlp : {};
}

/** `telemetry.otlp.<key>` or one of its parents is in the enterprise file's `locked` list. */
export function isLocked(data: Json, key: string): boolean {
  const locked = Array.isArray(data.locked) ? data.locked : [];
  return ["telemetry", "telemetry.otlp", `telemetry.otlp.${key}`].some((path) => locked.includes(path));
}
