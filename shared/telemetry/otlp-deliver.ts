/**
 * Sends the OTLP spool in batches, outside any decision: from the stop hook, `guards telemetry flush`.
 * Answers are handled as the OTLP/HTTP specification says:
 * - 2xx: delivered; a partial success counts its rejected records and is never resent;
 * - 429, 502, 503, 504, network errors and timeouts: kept, retried after Retry-After or a backoff kept on disk;
 * - 413: the batch is split; a single record too large is quarantined;
 * - 400: dropped and counted (the request is malformed; resending cannot help);
 * - any other answer: the batch is quarantined for the operator (`guards telemetry status`, `requeue`);
 * - nothing is sent while the settings have a problem (a header variable missing): the records wait.
 * A record is deleted only after a 2xx: a crash in between resends it, and its log.record.uid lets the
 * receiver drop the duplicate.
 */
import { join } from "node:path";
import { osModule, zlibModule } from "../builtins.ts";
import type { HttpPost } from "../hook.ts";
import { LockTimeout, withFileLock } from "../lock.ts";
import { isObject, type Json } from "../fields.ts";
import { encodeJson } from "./otlp-json.ts";
import { keyValues, logRecord, SCOPE_NAME, type LogsRequestModel } from "./otlp-log.ts";
import { decodePartialSuccess, encodeProtobuf } from "./otlp-protobuf.ts";
import type { OtlpSettings } from "./otlp-settings.ts";

// The settings are read only to send: they load with the sender, in its lazy section.
export { otlpSettings } from "./otlp-settings.ts";
import { OtlpSpool, type SpoolMeta } from "./otlp-spool.ts";

export interface OtlpDelivery {
  settings: OtlpSettings;
  post: HttpPost;
  now: () => Date;
  /** No request starts after this many ms. */
  budgetMs: number;
  /** Send even while a backoff is running (an operator's `flush --force`). */
  ignoreBackoff?: boolean;
  maxBatch?: number;
}

export interface OtlpReport {
  delivered: number;
  rejected: number;
  quarantined: number;
  pending: number;
  /** Why sending stopped with records left. */
  stopped?: string;
  notBefore?: string;
}

const MAX_BATCH = 200;
const MAX_BATCH_BYTES = 512 * 1024;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 5 * 60_000;
const RETRYABLE = new Set([429, 502, 503, 504]);
const GZIP_ABOVE = 4096;

/** Node's own http: the sender adds no HTTP client to the hook files. */
export async function defaultPost(): Promise<HttpPost> {
  return (await import("./node-post.ts")).nodePost;
}

export async function deliverOtlp(spool: OtlpSpool, options: OtlpDelivery): Promise<OtlpReport> {
  const report: OtlpReport = { delivered: 0, rejected: 0, quarantined: 0, pending: 0 };
  try {
    // One sender at a time; another one already sending is as good as this one.
    await withFileLock(join(spool.dir, "sender.lock"), { waitMs: 0, staleMs: 120_000 }, () => sendAll(spool, options, report));
  } catch (error) {
    if (!(error instanceof LockTimeout)) throw error;
    report.stopped = "another process is delivering";
  }
  report.pending = spool.pending().length;
  return report;
}

async function sendAll(spool: OtlpSpool, options: OtlpDelivery, report: OtlpReport): Promise<void> {
  const start = options.now().getTime();
  const meta = spool.meta();
  const finish = (stopped?: string) => {
    if (stopped) report.stopped = stopped;
    if (meta.notBefore) report.notBefore = meta.notBefore;
    spool.writeMeta(meta);
  };
  // A header that cannot be made (headersEnv names a variable this process lacks): sending without it
  // would only earn a 401 and a quarantine; the records wait for a sender that has it.
  const problem = options.settings.problem;
  if (problem) {
    note(meta, new Date(start), problem);
    return finish(problem);
  }
  if (!options.ignoreBackoff && meta.notBefore && Date.parse(meta.notBefore) > start) return finish(`backing off until ${meta.notBefore}`);
  const resource = resourceAttributes(options.settings.resource);
  let limit = options.maxBatch ?? MAX_BATCH;
  for (;;) {
    if (options.now().getTime() - start >= options.budgetMs) return finish("time budget used up");
    const batch = nextBatch(spool, limit, report, meta);
    if (batch.names.length === 0) return finish();
    const request: LogsRequestModel = { resource, scope: { name: SCOPE_NAME }, records: batch.records };
    const at = options.now();
    let answer: Awaited<ReturnType<HttpPost>>;
    try {
      answer = await options.post(options.settings.url, ...body(request, options.settings));
    } catch (error) {
      retryLater(meta, at, undefined, describe(error));
      return finish(meta.lastError);
    }
    const { status } = answer;
    if (status >= 200 && status < 300) {
      const partial = partialSuccess(answer, options.settings);
      report.delivered += batch.names.length - partial.rejected;
      report.rejected += partial.rejected;
      meta.delivered += batch.names.length - partial.rejected;
      meta.rejected += partial.rejected;
      meta.failures = 0;
      delete meta.notBefore;
      meta.lastDeliveredAt = at.toISOString();
      if (partial.rejected) note(meta, at, `partial success: ${partial.rejected} rejected${partial.message ? ` (${partial.message.slice(0, 200)})` : ""}`);
      spool.remove(batch.names);
      limit = options.maxBatch ?? MAX_BATCH;
    } else if (RETRYABLE.has(status)) {
      retryLater(meta, at, retryAfterMs(answer.headers?.["retry-after"], at), `HTTP ${status}`);
      return finish(meta.lastError);
    } else if (status === 413 && batch.names.length > 1) {
      limit = Math.ceil(batch.names.length / 2);
    } else if (status === 400) {
      report.rejected += batch.names.length;
      meta.rejected += batch.names.length;
      note(meta, at, `HTTP 400: ${batch.names.length} records refused as malformed and dropped`);
      spool.remove(batch.names);
    } else {
      report.quarantined += batch.names.length;
      meta.quarantined += batch.names.length;
      note(meta, at, `HTTP ${status}: ${batch.names.length} records quarantined`);
      spool.quarantine(batch.names);
    }
  }
}

/** The oldest records up to the count and byte limits; unreadable files are quarantined on the way. */
function nextBatch(spool: OtlpSpool, limit: number, report: OtlpReport, meta: SpoolMeta): { names: string[]; records: LogsRequestModel["records"] } {
  const names: string[] = [];
  const records: LogsRequestModel["records"] = [];
  let bytes = 0;
  for (const name of spool.pending()) {
    if (names.length >= limit) break;
    let log;
    try {
      const raw = spool.read(name);
      log = isObject(raw) ? logRecord(raw) : undefined;
    } catch {
      continue;
    }
    if (!log) {
      spool.quarantine([name]);
      report.quarantined++;
      meta.quarantined++;
      continue;
    }
    const size = JSON.stringify(log).length;
    if (names.length > 0 && bytes + size > MAX_BATCH_BYTES) break;
    bytes += size;
    names.push(name);
    records.push(log);
  }
  return { names, records };
}

function body(request: LogsRequestModel, settings: OtlpSettings): [string | Uint8Array, { headers: Record<string, string>; timeoutMs: number; userAgent: string }] {
  const json = settings.protocol === "http/json";
  let payload: string | Uint8Array = json ? encodeJson(request) : encodeProtobuf(request);
  const headers: Record<string, string> = { ...settings.headers, "content-type": json ? "application/json" : "application/x-protobuf" };
  if (payload.length > GZIP_ABOVE) {
    payload = new Uint8Array(zlibModule().gzipSync(payload));
    headers["content-encoding"] = "gzip";
  }
  return [payload, { headers, timeoutMs: settings.timeoutMs, userAgent: "agent-guards OTel-OTLP-Exporter" }];
}

function partialSuccess(answer: Awaited<ReturnType<HttpPost>>, settings: OtlpSettings): { rejected: number; message?: string } {
  const text = answer.body ?? "";
  if (!text && !answer.bytes?.length) return { rejected: 0 };
  try {
    if (settings.protocol === "http/json" || (answer.headers?.["content-type"] ?? "").includes("json")) {
      const parsed = JSON.parse(text) as { partialSuccess?: { rejectedLogRecords?: string | number; errorMessage?: string } };
      const rejected = Number(parsed.partialSuccess?.rejectedLogRecords ?? 0);
      return { rejected: Number.isFinite(rejected) ? rejected : 0, message: parsed.partialSuccess?.errorMessage };
    }
    return decodePartialSuccess(answer.bytes ?? new Uint8Array());
  } catch {
    return { rejected: 0 };
  }
}

function retryLater(meta: SpoolMeta, at: Date, retryAfter: number | undefined, reason: string): void {
  meta.failures += 1;
  // Half fixed, half random: a fleet that failed together does not come back together.
  const exponential = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (meta.failures - 1));
  const wait = retryAfter ?? exponential / 2 + Math.random() * (exponential / 2);
  meta.notBefore = new Date(at.getTime() + wait).toISOString();
  note(meta, at, `${reason}; retrying after ${meta.notBefore}`);
}

/** Retry-After in seconds or as an HTTP date; capped at an hour so a bad header cannot stop export for good. */
export function retryAfterMs(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const seconds = /^\s*(\d+)\s*$/.exec(value);
  const ms = seconds ? Number(seconds[1]) * 1000 : Date.parse(value) - now.getTime();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), 3_600_000) : undefined;
}

function note(meta: SpoolMeta, at: Date, message: string): void {
  meta.lastError = message;
  meta.lastErrorAt = at.toISOString();
}

function describe(error: unknown): string {
  const err = error as { code?: string; cause?: { code?: string }; name?: string; message?: string };
  const code = err.cause?.code ?? err.code;
  if (err.name === "TimeoutError" || err.name === "AbortError" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_CONNECT_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") return "timed out";
  return code ? `${code}` : String(err.message ?? error).split("\n")[0]!.slice(0, 200);
}

/** service.name and the machine's identity, then the configured attributes (which may override them). */
function resourceAttributes(configured: Record<string, string>): LogsRequestModel["resource"] {
  const os = osModule();
  let user: string | undefined;
  try {
    user = os.userInfo().username;
  } catch {
    user = undefined;
  }
  const base: Record<string, string | undefined> = {
    "service.name": "agent-guards",
    "host.name": os.hostname(),
    "os.type": os.platform() === "win32" ? "windows" : os.platform(),
    "user.name": user,
  };
  const merged: Json = { ...base, ...configured };
  return keyValues(Object.entries(merged));
}
