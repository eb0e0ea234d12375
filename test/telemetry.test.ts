/** stop-telemetry against a real endpoint on 127.0.0.1: fields, spool, retries, refusals, the cap, concurrency, the CLI. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readState, stateFile } from "../hooks/stop-telemetry/state.ts";
import { NODE_BINARIES, readFixture } from "./support/process.ts";
import { freePort, runCliAsync, runHookAsync, startTelemetryServer, type TelemetryServer } from "./hooks/observer-processes.ts";

// Many tests here start node processes; on a loaded two-core machine they outlast the default limit.
vi.setConfig({ testTimeout: 90_000 });

let dir: string;
let stateDir: string;
let server: TelemetryServer | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "guards-telemetry-"));
  stateDir = join(dir, "state");
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A Cursor stop (the seed's example event) in conversation `id`, status `status`. */
function cursorStop(id: string, status = "completed", extra: Record<string, unknown> = {}) {
  return { ...readFixture("cursor/stop/completed.json"), conversation_id: id, status, loop_count: 0, workspace_roots: [dir], ...extra };
}

function env(url: string, more: Record<string, string> = {}) {
  // HOME and XDG point into the temp dir: no user config of the machine is read.
  return { GUARDS_STATE_DIR: stateDir, GUARDS_TELEMETRY_URL: url, HOME: dir, XDG_CONFIG_HOME: join(dir, "xdg"), GUARDS_ENTERPRISE_CONFIG: join(dir, "none.yaml"), ...more };
}

function spoolLines(): Record<string, unknown>[] {
  try {
    return readFileSync(join(stateDir, "stop-telemetry", "spool.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
  } catch {
    return [];
  }
}

const FIELDS = ["schema", "eventId", "event", "agentEvent", "dialect", "conversationId", "generationId", "model", "status", "errorCount", "loopCount", "stopCount", "subagentStopCount", "followup", "startedAt", "timestamp", "durationMs", "reason"];

describe.for(NODE_BINARIES)("telemetry on $name", (node) => {
  it("posts the documented fields, with configured headers and the token from the environment, and nothing else", async () => {
    server = await startTelemetryServer();
    writeFileSync(join(dir, ".guards.yaml"), "hooks:\n  stop-telemetry:\n    telemetry:\n      headers: { x-team: platform }\n      tokenEnv: RUNS_TOKEN\n");
    const payload = cursorStop("conv-1", "error", { model: "gpt-5", generation_id: "gen-9", transcript_path: join(dir, "secret-transcript.jsonl") });
    const result = await runHookAsync("stop-telemetry", payload, { dialect: "cursor", node: node.path, cwd: dir, env: env(server.url, { RUNS_TOKEN: "tok-123" }) });
    expect(result.exitCode).toBe(0);
    expect(server.accepted).toHaveLength(1);
    const { headers, body } = server.accepted[0]!;
    expect(Object.keys(body).sort()).toEqual([...FIELDS].sort());
    expect(body).toMatchObject({
      schema: "guards.stop-telemetry/1",
      event: "agent.stop",
      agentEvent: "stop",
      dialect: "cursor",
      conversationId: "conv-1",
      generationId: "gen-9",
      model: "gpt-5",
      status: "error",
      errorCount: 1,
      loopCount: 0,
      stopCount: 1,
      followup: false,
    });
    expect(body.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers.authorization).toBe("Bearer tok-123");
    expect(headers["x-team"]).toBe("platform");
    expect(headers["content-type"]).toBe("application/json");
    // The token goes in the header only: never on disk.
    expect(JSON.stringify(server.accepted[0]!.body)).not.toContain("secret-transcript");
    expect(readFileSync(join(stateDir, "stop-telemetry", "spool-meta.json"), "utf8")).not.toContain("tok-123");
    expect(spoolLines()).toEqual([]);
  });

  it("endpoint down → spooled; back up → delivered in order with the next call, nothing duplicated", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/v1/agent-runs`;
    for (const status of ["error", "error", "completed"]) {
      const down = await runHookAsync("stop-telemetry", cursorStop("conv-2", status), { dialect: "cursor", node: node.path, env: env(url) });
      expect(down.exitCode).toBe(0);
      expect(down.stderr).toContain("telemetry not delivered");
    }
    expect(spoolLines().map((r) => r.stopCount)).toEqual([1, 2, 3]);
    server = await startTelemetryServer(port);
    const up = await runHookAsync("stop-telemetry", cursorStop("conv-2", "completed"), { dialect: "cursor", node: node.path, env: env(url) });
    expect(up.exitCode).toBe(0);
    expect(server.accepted.map((r) => r.body.stopCount)).toEqual([1, 2, 3, 4]);
    expect(server.accepted.map((r) => r.body.followup)).toEqual([false, true, false, false]);
    expect(spoolLines()).toEqual([]);
    // A flush afterwards finds nothing left to send.
    const flush = await runCliAsync(["telemetry", "flush"], { node: node.path, cwd: dir, env: env(url) });
    expect(flush.exitCode).toBe(0);
    expect(flush.stdout).toContain("delivered 0");
    expect(new Set(server.all.map((r) => r.body.eventId)).size).toBe(4);
    expect(server.all).toHaveLength(4);
  });

  it("slow endpoint → the hook answers within its timeout and keeps the event", async () => {
    server = await startTelemetryServer();
    server.replies.push({ status: 200, delayMs: 60_000 });
    writeFileSync(join(dir, ".guards.yaml"), "hooks:\n  stop-telemetry:\n    telemetry: { timeoutMs: 300, budgetMs: 600 }\n");
    // The runner kills the process at 10 s; the endpoint would answer after 60 s.
    const result = await runHookAsync("stop-telemetry", cursorStop("conv-3", "completed"), { dialect: "cursor", node: node.path, cwd: dir, env: env(server.url), timeoutMs: 10_000 });
    expect(result.killed).toBe(false);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({});
    expect(result.stderr).toContain("timed out");
    expect(spoolLines()).toHaveLength(1);
  });

  it("500 and 429 → kept and retried later, in order, each delivered once", async () => {
    server = await startTelemetryServer();
    server.replies.push({ status: 500 }, { status: 429 });
    const e = env(server.url);
    await runHookAsync("stop-telemetry", cursorStop("conv-4"), { dialect: "cursor", node: node.path, env: e });
    expect(spoolLines()).toHaveLength(1);
    await runHookAsync("stop-telemetry", cursorStop("conv-4"), { dialect: "cursor", node: node.path, env: e });
    expect(spoolLines()).toHaveLength(2);
    expect(server.accepted).toHaveLength(0);
    const status = await runCliAsync(["telemetry", "status", "--json"], { node: node.path, cwd: dir, env: e });
    expect(JSON.parse(status.stdout)).toMatchObject({ pending: 2, lastError: "HTTP 429" });
    await runHookAsync("stop-telemetry", cursorStop("conv-4"), { dialect: "cursor", node: node.path, env: e });
    expect(server.accepted.map((r) => r.body.stopCount)).toEqual([1, 2, 3]);
    expect(spoolLines()).toEqual([]);
  });

  it("a 4xx refusal is dropped with a note and not retried", async () => {
    server = await startTelemetryServer();
    server.replies.push({ status: 400 });
    const e = env(server.url);
    const refused = await runHookAsync("stop-telemetry", cursorStop("conv-5"), { dialect: "cursor", node: node.path, env: e });
    expect(refused.exitCode).toBe(0);
    expect(refused.stderr).toContain("HTTP 400; dropped");
    expect(spoolLines()).toEqual([]);
    await runHookAsync("stop-telemetry", cursorStop("conv-5"), { dialect: "cursor", node: node.path, env: e });
    expect(server.all.map((r) => r.body.stopCount)).toEqual([1, 2]);
    const status = await runCliAsync(["telemetry", "status", "--json"], { node: node.path, cwd: dir, env: e });
    expect(JSON.parse(status.stdout)).toMatchObject({ pending: 0, rejected: 1, delivered: 1 });
  });

  it("the spool is capped and counts what it dropped; flush delivers the rest", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/runs`;
    writeFileSync(join(dir, ".guards.yaml"), "hooks:\n  stop-telemetry:\n    telemetry: { spoolMax: 3 }\n");
    for (let i = 0; i < 5; i++) await runHookAsync("stop-telemetry", cursorStop("conv-6"), { dialect: "cursor", node: node.path, cwd: dir, env: env(url) });
    expect(spoolLines().map((r) => r.stopCount)).toEqual([3, 4, 5]);
    const status = await runCliAsync(["telemetry", "status", "--json"], { node: node.path, cwd: dir, env: env(url) });
    expect(JSON.parse(status.stdout)).toMatchObject({ pending: 3, dropped: 2, cap: 3 });
    const failed = await runCliAsync(["telemetry", "flush", "--timeout-ms", "2000"], { node: node.path, cwd: dir, env: env(url) });
    expect(failed.exitCode).toBe(1);
    server = await startTelemetryServer(port);
    const flush = await runCliAsync(["telemetry", "flush"], { node: node.path, cwd: dir, env: env(url) });
    expect(flush.exitCode).toBe(0);
    expect(server.accepted.map((r) => r.body.stopCount)).toEqual([3, 4, 5]);
  });
});

describe("many stop hooks at once", () => {
  it("twenty concurrent processes lose no count and deliver every event once", async () => {
    server = await startTelemetryServer();
    // Generous request timeouts: twenty processes on two cores must not time out a request the
    // endpoint did receive (that one would be sent again, by design: see the README's Limits).
    writeFileSync(join(dir, ".guards.yaml"), "hooks:\n  stop-telemetry:\n    telemetry: { timeoutMs: 20000, budgetMs: 40000 }\n");
    const runs = Array.from({ length: 20 }, (_, i) =>
      runHookAsync("stop-telemetry", cursorStop("conv-many", i % 2 ? "error" : "completed"), { dialect: "cursor", cwd: dir, env: env(server!.url), timeoutMs: 120_000 }),
    );
    const results = await Promise.all(runs);
    expect(results.map((r) => r.exitCode)).toEqual(Array(20).fill(0));
    const state = readState(stateFile(join(stateDir, "stop-telemetry"), "conv-many"))!;
    expect(state.stops).toBe(20);
    // Whatever a hook could not deliver in its budget is still spooled: flush, then count.
    await runCliAsync(["telemetry", "flush"], { cwd: dir, env: env(server.url) });
    const counts = server.accepted.map((r) => r.body.stopCount as number).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(server.all).toHaveLength(20);
  }, 180_000);
});

describe("the telemetry command", () => {
  it.for([
    [["telemetry"], 2, "usage: guards telemetry"],
    [["telemetry", "send"], 2, "usage: guards telemetry"],
    [["telemetry", "flush"], 2, "no telemetry endpoint"],
    [["telemetry", "flush", "--timeout-ms", "soon"], 2, "--timeout-ms"],
  ] as const)("%j → exit %i", async ([args, code, says]) => {
    const result = await runCliAsync([...args], { cwd: dir, env: { ...env(""), GUARDS_TELEMETRY_URL: "" } });
    expect(result.exitCode).toBe(code);
    expect(result.stderr).toContain(says);
    expect(result.stderr.split("\n").filter(Boolean)).toHaveLength(1);
  });

  it("status without an endpoint says how to set one", async () => {
    const result = await runCliAsync(["telemetry", "status"], { cwd: dir, env: { ...env(""), GUARDS_TELEMETRY_URL: "" } });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("GUARDS_TELEMETRY_URL");
    expect(result.stdout).toContain("pending:   0");
  });
});
