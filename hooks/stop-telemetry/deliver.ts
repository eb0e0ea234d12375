/**
 * Delivers the spool in order, oldest first, one record per POST, within a time budget.
 * One process delivers at a time (the sender lock), so no record is sent twice concurrently.
 */
import { join } from "node:path";
import type { HttpPost } from "../../shared/hook.ts";
import { LockTimeout, withFileLock } from "../../shared/lock.ts";
import type { Spool } from "./spool.ts";

export interface DeliveryOptions {
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
  budgetMs: number;
  post: HttpPost;
  now: () => Date;
  log: (line: string) => void;
}

export interface DeliveryReport {
  delivered: number;
  rejected: number;
  /** Records still in the spool afterwards. */
  pending: number;
  /** Why delivery stopped early (endpoint down, 5xx, 429, timeout, budget), if it did. */
  error?: string;
}

/** Kept when the endpoint is down or overloaded; a 4xx other than these means the record itself is refused. */
const RETRYABLE_4XX = new Set([408, 425, 429]);

export async function deliver(spool: Spool, options: DeliveryOptions): Promise<DeliveryReport> {
  const start = options.now().getTime();
  const left = () => start + options.budgetMs - options.now().getTime();
  const report: DeliveryReport = { delivered: 0, rejected: 0, pending: 0 };
  try {
    // Waiting for another sender costs at most the budget; it usually empties the spool, ours included.
    await withFileLock(join(spool.dir, "sender.lock"), { waitMs: Math.max(0, left()), staleMs: 120_000 }, () => sendAll(spool, options, left, report));
  } catch (error) {
    if (!(error instanceof LockTimeout)) throw error;
    report.error ??= "another process is delivering";
  }
  report.pending = spool.records().length;
  return report;
}

async function sendAll(spool: Spool, options: DeliveryOptions, left: () => number, report: DeliveryReport): Promise<void> {
  // Re-read after each pass: records appended by other hooks while we were sending go out too.
  for (let records = spool.records(); records.length > 0; records = spool.records()) {
    for (const record of records) {
      // The budget bounds when requests start; each gets its full timeout, since a request cut short
      // after the endpoint got it would be sent twice. The worst case is budget + one timeout.
      if (left() <= 0) return stop(spool, options, report, "time budget used up");
      let status: number;
      try {
        status = (await options.post(options.url, JSON.stringify(record), { headers: options.headers, timeoutMs: options.timeoutMs })).status;
      } catch (error) {
        return stop(spool, options, report, describe(error));
      }
      const at = options.now().toISOString();
      if (status >= 200 && status < 300) {
        report.delivered++;
        await spool.remove(new Set([record.eventId]), (m) => ({ ...m, delivered: m.delivered + 1, lastDeliveredAt: at }));
      } else if (status >= 400 && status < 500 && !RETRYABLE_4XX.has(status)) {
        report.rejected++;
        options.log(`telemetry endpoint refused event ${record.eventId} with HTTP ${status}; dropped`);
        await spool.remove(new Set([record.eventId]), (m) => ({ ...m, rejected: m.rejected + 1, lastError: `HTTP ${status} (refused, dropped)`, lastErrorAt: at }));
      } else {
        return stop(spool, options, report, `HTTP ${status}`);
      }
    }
  }
}

async function stop(spool: Spool, options: DeliveryOptions, report: DeliveryReport, reason: string): Promise<void> {
  report.error = reason;
  await spool.noteError(reason, options.now());
}

function describe(error: unknown): string {
  const err = error as { code?: string; cause?: { code?: string }; name?: string; message?: string };
  const code = err.cause?.code ?? err.code;
  if (err.name === "TimeoutError" || err.name === "AbortError" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_CONNECT_TIMEOUT") return "timed out";
  return code ? `${code}` : String(err.message ?? error).split("\n")[0]!.slice(0, 200);
}
