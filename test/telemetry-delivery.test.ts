/** Delivery rules, status by status, with a fake POST: what is delivered, kept for later or dropped. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deliver } from "../hooks/stop-telemetry/deliver.ts";
import type { TelemetryRecord } from "../hooks/stop-telemetry/payload.ts";
import { Spool } from "../hooks/stop-telemetry/spool.ts";
import type { HttpPost } from "../shared/hook.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "guards-delivery-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const record = (n: number) => ({ eventId: `id-${n}`, stopCount: n }) as unknown as TelemetryRecord;

async function run(answers: (number | Error)[], options: { spoolMax?: number; records?: number; budgetMs?: number } = {}) {
  const spool = new Spool(dir, options.spoolMax ?? 100);
  for (let n = 1; n <= (options.records ?? 3); n++) await spool.append(record(n));
  const sent: number[] = [];
  const notes: string[] = [];
  const post: HttpPost = async (_url, body) => {
    sent.push((JSON.parse(String(body)) as { stopCount: number }).stopCount);
    const answer = answers.shift() ?? 200;
    if (answer instanceof Error) throw answer;
    return { status: answer };
  };
  const report = await deliver(spool, { url: "http://127.0.0.1:9/runs", headers: {}, timeoutMs: 1000, budgetMs: options.budgetMs ?? 10_000, post, now: () => new Date(), log: (l) => notes.push(l) });
  return { report, sent, notes, left: spool.records().map((r) => r.stopCount), meta: spool.meta() };
}

describe("delivery rules", () => {
  it.for([
    { answer: 200, delivered: [1, 2, 3], left: [] },
    { answer: 201, delivered: [1, 2, 3], left: [] },
    { answer: 204, delivered: [1, 2, 3], left: [] },
    { answer: 500, delivered: [], left: [1, 2, 3] },
    { answer: 503, delivered: [], left: [1, 2, 3] },
    { answer: 429, delivered: [], left: [1, 2, 3] },
    { answer: 408, delivered: [], left: [1, 2, 3] },
    { answer: 301, delivered: [], left: [1, 2, 3] },
    { answer: 400, delivered: [2, 3], left: [], refused: 1 },
    { answer: 404, delivered: [2, 3], left: [], refused: 1 },
    { answer: 413, delivered: [2, 3], left: [], refused: 1 },
  ])("first answer $answer", async ({ answer, delivered, left, refused }) => {
    const out = await run([answer]);
    expect(out.left).toEqual(left);
    expect(out.report.delivered).toBe(delivered.length);
    expect(out.meta.rejected).toBe(refused ?? 0);
    // A kept record stops the run: the rest wait, so the order is never broken.
    if (left.length) expect(out.sent).toEqual([1]);
    if (refused) expect(out.notes.join("\n")).toContain(`HTTP ${answer}; dropped`);
  });

  it("a connection error keeps everything and names the cause", async () => {
    const out = await run([Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })]);
    expect(out.left).toEqual([1, 2, 3]);
    expect(out.report.error).toBe("ECONNREFUSED");
    expect(out.meta.lastError).toBe("ECONNREFUSED");
  });

  it("a failure midway keeps the undelivered tail in order", async () => {
    const out = await run([200, 500]);
    expect(out.left).toEqual([2, 3]);
    const again = await run([], { records: 0 });
    expect(again.sent).toEqual([2, 3]);
    expect(again.left).toEqual([]);
  });

  it("requests start while the budget lasts, each with its full timeout", async () => {
    const spool = new Spool(dir, 100);
    for (let n = 1; n <= 4; n++) await spool.append(record(n));
    let clock = 0;
    const timeouts: number[] = [];
    // Each request takes 400 ms of a 1000 ms budget: three start (at 0, 400, 800), the fourth waits.
    const post: HttpPost = async (_url, _body, { timeoutMs }) => {
      timeouts.push(timeoutMs);
      clock += 400;
      return { status: 200 };
    };
    const report = await deliver(spool, { url: "http://127.0.0.1:9/runs", headers: {}, timeoutMs: 1500, budgetMs: 1000, post, now: () => new Date(clock), log: () => undefined });
    expect(timeouts).toEqual([1500, 1500, 1500]);
    expect(report).toMatchObject({ delivered: 3, pending: 1, error: "time budget used up" });
    expect(spool.records().map((r) => r.stopCount)).toEqual([4]);
  });

  it("the cap drops the oldest and counts them", async () => {
    const out = await run([500], { spoolMax: 2, records: 5 });
    expect(out.left).toEqual([4, 5]);
    expect(out.meta.dropped).toBe(3);
  });
});
