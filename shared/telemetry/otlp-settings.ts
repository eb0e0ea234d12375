/**
 * Where and how the OTLP export sends: `telemetry.otlp` in the guards config, then the standard
 * `OTEL_EXPORTER_OTLP_*` variables. Keys the enterprise file locks beat the variables; the variables beat
 * the rest of the config (the OpenTelemetry convention). Nothing is sent unless the config enables it.
 */
import { isObject, type Json } from "../fields.ts";

export type OtlpProtocol = "http/json" | "http/protobuf";

export interface OtlpSettings {
  enabled: boolean;
  /** The full logs URL: `<endpoint>/v1/logs`, or OTEL_EXPORTER_OTLP_LOGS_ENDPOINT as it is. */
  url: string;
  protocol: OtlpProtocol;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Resource attributes added to service.name, host.name, os.type and user.name. */
  resource: Record<string, string>;
  /** Records the spool keeps at most; older ones are dropped and counted. */
  spoolMax: number;
}

type Env = Readonly<Record<string, string | undefined>>;

export const DEFAULT_ENDPOINT = "http://localhost:4318";
const PROTOCOLS: readonly OtlpProtocol[] = ["http/json", "http/protobuf"];

/** The cheap check the runner makes on every record: is export on at all? */
export function otlpEnabled(data: Json, env: Env): boolean {
  const section = otlpSection(data);
  if (section.enabled !== true) return false;
  // OTEL_SDK_DISABLED switches OpenTelemetry off, unless the enterprise locked export on.
  return env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== "true" || isLocked(data, "enabled");
}

export function otlpSettings(data: Json, env: Env): OtlpSettings {
  const section = otlpSection(data);
  const pick = (key: string, variables: string[]): unknown => {
    if (isLocked(data, key)) return section[key];
    for (const name of variables) if (env[name]?.trim()) return env[name]!.trim();
    return section[key];
  };
  let url: string;
  const logsEndpoint = isLocked(data, "endpoint") ? undefined : env.OTEL_EXPORTER_OTLP_LOGS_ENDPOINT?.trim();
  if (logsEndpoint) url = logsEndpoint;
  else url = `${String(pick("endpoint", ["OTEL_EXPORTER_OTLP_ENDPOINT"]) ?? DEFAULT_ENDPOINT).replace(/\/+$/, "")}/v1/logs`;
  const protocol = pick("protocol", ["OTEL_EXPORTER_OTLP_LOGS_PROTOCOL", "OTEL_EXPORTER_OTLP_PROTOCOL"]);
  const timeout = Number(pick("timeoutMs", ["OTEL_EXPORTER_OTLP_LOGS_TIMEOUT", "OTEL_EXPORTER_OTLP_TIMEOUT"]));
  const headers: Record<string, string> = { ...stringMap(section.headers) };
  if (!isLocked(data, "headers")) {
    for (const name of ["OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_LOGS_HEADERS"]) Object.assign(headers, parseKeyValues(env[name]));
  }
  const resource: Record<string, string> = { ...parseKeyValues(env.OTEL_RESOURCE_ATTRIBUTES), ...stringMap(section.resource) };
  if (env.OTEL_SERVICE_NAME?.trim()) resource["service.name"] = env.OTEL_SERVICE_NAME.trim();
  const spoolMax = Number(section.spoolMax);
  return {
    enabled: otlpEnabled(data, env),
    url,
    protocol: PROTOCOLS.includes(protocol as OtlpProtocol) ? (protocol as OtlpProtocol) : "http/json",
    headers,
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : 10_000,
    resource,
    spoolMax: Number.isInteger(spoolMax) && spoolMax > 0 ? spoolMax : 10_000,
  };
}

function otlpSection(data: Json): Json {
  const telemetry = isObject(data.telemetry) ? data.telemetry : {};
  return isObject(telemetry.otlp) ? telemetry.otlp : {};
}

/** `telemetry.otlp.<key>` or one of its parents is in the enterprise file's `locked` list. */
function isLocked(data: Json, key: string): boolean {
  const locked = Array.isArray(data.locked) ? data.locked : [];
  return ["telemetry", "telemetry.otlp", `telemetry.otlp.${key}`].some((path) => locked.includes(path));
}

function stringMap(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string | number | boolean] => ["string", "number", "boolean"].includes(typeof e[1])).map(([k, v]) => [k, String(v)]));
}

/** `k=v,k2=v2` with percent-encoding (the W3C baggage form the OTEL_* variables use); a bad list is ignored whole. */
export function parseKeyValues(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!text?.trim()) return out;
  try {
    for (const part of text.split(",")) {
      if (!part.trim()) continue;
      const at = part.indexOf("=");
      if (at <= 0) return {};
      out[decodeURIComponent(part.slice(0, at).trim())] = decodeURIComponent(part.slice(at + 1).trim());
    }
  } catch {
    return {};
  }
  return out;
}
