/**
 * Where and how the OTLP export sends: `telemetry.otlp` in the guards config, then the standard
 * `OTEL_EXPORTER_OTLP_*` variables. Keys the enterprise file locks beat the variables; the variables beat
 * the rest of the config (the OpenTelemetry convention). Nothing is sent unless the config enables it.
 * Read by the sender, in its lazy section: a decision reads only otlp-switch.ts.
 */
import { isObject, type Json } from "../fields.ts";
import { isLocked, otlpEnabled, otlpSection, spoolMaxOf } from "./otlp-switch.ts";

export type OtlpProtocol = "http/json" | "http/protobuf";

export interface OtlpSettings {
  enabled: boolean;
  /** The full logs URL: `<endpoint>/v1/logs`, or OTEL_EXPORTER_OTLP_LOGS_ENDPOINT as it is. */
  url: string;
  protocol: OtlpProtocol;
  /** Literal headers, then those `headersEnv` takes from the environment (values resolved now, never written down). */
  headers: Record<string, string>;
  /**
   * Why nothing may be sent: a `headersEnv` that is not valid, or that names a variable this process does
   * not have. One line, naming keys and variables, never a value. The records wait in the spool.
   */
  problem?: string;
  timeoutMs: number;
  /** Resource attributes added to service.name, host.name, os.type and user.name. */
  resource: Record<string, string>;
  /** Records the spool keeps at most; older ones are dropped and counted. */
  spoolMax: number;
}

type Env = Readonly<Record<string, string | undefined>>;

export const DEFAULT_ENDPOINT = "http://localhost:4318";
const PROTOCOLS: readonly OtlpProtocol[] = ["http/json", "http/protobuf"];

export { otlpEnabled };

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
  const fromEnv = headersFromEnv(section.headersEnv, env);
  for (const [name, value] of Object.entries(fromEnv.headers)) setHeader(headers, name, value);
  if (!isLocked(data, "headers") && !isLocked(data, "headersEnv")) {
    for (const name of ["OTEL_EXPORTER_OTLP_HEADERS", "OTEL_EXPORTER_OTLP_LOGS_HEADERS"]) for (const [k, v] of Object.entries(parseKeyValues(env[name]))) setHeader(headers, k, v);
  }
  const resource: Record<string, string> = { ...parseKeyValues(env.OTEL_RESOURCE_ATTRIBUTES), ...stringMap(section.resource) };
  if (env.OTEL_SERVICE_NAME?.trim()) resource["service.name"] = env.OTEL_SERVICE_NAME.trim();
  return {
    enabled: otlpEnabled(data, env),
    url,
    protocol: PROTOCOLS.includes(protocol as OtlpProtocol) ? (protocol as OtlpProtocol) : "http/json",
    headers,
    ...(fromEnv.problem ? { problem: fromEnv.problem } : {}),
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : 10_000,
    resource,
    spoolMax: spoolMaxOf(data),
  };
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `telemetry.otlp.headersEnv: { Authorization: GUARDS_OTLP_TOKEN }`: each header's value is the named
 * variable's, as it is, so the enterprise file need not hold the collector's token. Claude Code removes
 * every `OTEL_*` variable from a hook's environment (and so from the flusher it starts): such a name is refused.
 */
function headersFromEnv(value: unknown, env: Env): { headers: Record<string, string>; problem?: string } {
  if (value === undefined || value === null) return { headers: {} };
  const key = "telemetry.otlp.headersEnv";
  if (!isObject(value)) return { headers: {}, problem: `${key} must be a mapping of header names to environment variable names` };
  const headers: Record<string, string> = {};
  for (const [header, variable] of Object.entries(value)) {
    if (!HEADER_NAME.test(header)) return { headers, problem: `${key}: ${JSON.stringify(header)} is not an HTTP header name` };
    if (typeof variable !== "string" || !VARIABLE_NAME.test(variable)) return { headers, problem: `${key}.${header} must name an environment variable (letters, digits and _)` };
    if (/^OTEL_/i.test(variable)) return { headers, problem: `${key}.${header}: ${variable} starts with OTEL_, which Claude Code removes from hooks' environment; name another variable` };
    const secret = env[variable];
    if (!secret) return { headers, problem: `${key}.${header}: ${variable} is not set in this environment; the records wait in the spool` };
    // A line break in a header value is refused by any HTTP client: say so, without the value.
    if (/[\0-\x08\x0a-\x1f\x7f]/.test(secret)) return { headers, problem: `${key}.${header}: the value of ${variable} holds a control character` };
    headers[header] = secret;
  }
  return { headers };
}

/** HTTP header names are case-insensitive: a later source replaces the same header however it is spelled. */
function setHeader(headers: Record<string, string>, name: string, value: string): void {
  for (const existing of Object.keys(headers)) if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
  headers[name] = value;
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
