/** stop-telemetry: the retry rule's case table, the follow-up on each agent's wire, every dialect's stop fixtures as processes. */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import stopTelemetry from "../../hooks/stop-telemetry/index.ts";
import { cases, type Stop } from "../../hooks/stop-telemetry/cases.ts";
import { decideFollowup } from "../../hooks/stop-telemetry/followup.ts";
import { DEFAULT_FOLLOWUP, stopOptions } from "../../hooks/stop-telemetry/options.ts";
import { Spool } from "../../hooks/stop-telemetry/spool.ts";
import { advance, readState, stateFile, type StopEvent } from "../../hooks/stop-telemetry/state.ts";
import type { AgentStop, DialectId } from "../../shared/event.ts";
import type { HookContext } from "../../shared/hook.ts";
import { dialects } from "../../shared/dialects/index.ts";
import { runHooks } from "../../shared/run.ts";
import { TABLE_NODES, ROOT, readFixture, runBuiltHook } from "../support/process.ts";

// Many tests here start node processes; on a loaded two-core machine they outlast the default limit.
vi.setConfig({ testTimeout: 90_000 });

let stateDir: string;
beforeEach(() => {
  stateDir = mkdtempSync(join(tmpdir(), "guards-stop-"));
});
afterEach(() => rmSync(stateDir, { recursive: true, force: true }));

function stopEvent(stop: Stop, conversationId: string): AgentStop {
  return {
    kind: stop.kind ?? "agent.stop",
    dialect: "universal",
    nativeEvent: "stop",
    cwd: "/home/dev/project",
    projectRoot: "/home/dev/project",
    workspaceRoots: ["/home/dev/project"],
    conversationId,
    raw: {},
    status: stop.status,
    loopCount: stop.loopCount ?? 0,
    stopHookActive: stop.stopHookActive ?? false,
  };
}

describe("retry follow-up cases", () => {
  it.for(cases)("$name", async (c) => {
    const ctx: HookContext = { env: {}, now: () => new Date("2026-11-22T12:00:00Z"), config: c.config ?? {}, configSources: [], stateDir };
    const events = c.stops.map((s) => stopEvent(s, c.name));
    for (const event of events.slice(0, -1)) await stopTelemetry.run(event, ctx);
    const last = events[events.length - 1]!;
    // The reason, from the state on disk just before the last stop.
    const options = stopOptions(c.config ?? {}, {}, stateDir);
    const before = readState(stateFile(options.stateDir, c.name));
    const verdict = decideFollowup(last, advance(before, last, c.name, new Date()), options.retry);
    expect("followup" in verdict ? "followup" : verdict.none).toBe(c.expect);
    const decision = await stopTelemetry.run(last, ctx);
    expect(decision.action).toBe("pass");
    if (c.expect === "followup") expect(decision.followup).toBe(DEFAULT_FOLLOWUP);
    else expect(decision.followup).toBeUndefined();
  });

  it("uses the configured message", async () => {
    const ctx: HookContext = { env: {}, now: () => new Date(), config: { retry: { message: "Check the VPN, then retry." } }, configSources: [], stateDir };
    await stopTelemetry.run(stopEvent({ status: "error" }, "c"), ctx);
    expect((await stopTelemetry.run(stopEvent({ status: "error" }, "c"), ctx)).followup).toBe("Check the VPN, then retry.");
  });

  // Ids come from the agent: none may name a path outside the conversations folder.
  it.for([
    { id: "0d9d8a54-7a1e-4c4b-9d55-0c3f5a1b2c3d", named: "c-0d9d8a54-7a1e-4c4b-9d55-0c3f5a1b2c3d.json" },
    { id: "conv_42", named: "c-conv_42.json" },
    { id: "../../etc/passwd", named: /^h-[0-9a-f]{40}\.json$/ },
    { id: "a/b", named: /^h-[0-9a-f]{40}\.json$/ },
    { id: "x.json", named: /^h-[0-9a-f]{40}\.json$/ },
    { id: "a".repeat(101), named: /^h-[0-9a-f]{40}\.json$/ },
    // An id that looks like a hash stays apart from the hashed names.
    { id: "0".repeat(40), named: `c-${"0".repeat(40)}.json` },
  ])("the state file of conversation $id", ({ id, named }) => {
    const file = stateFile("/state", id);
    expect(dirname(file)).toBe(join("/state", "conversations"));
    if (typeof named === "string") expect(basename(file)).toBe(named);
    else expect(basename(file)).toMatch(named);
  });

  it("forgets conversations untouched for stateTtlDays when a new one starts", async () => {
    const ctx: HookContext = { env: {}, now: () => new Date(), config: { stateTtlDays: 30 }, configSources: [], stateDir };
    await stopTelemetry.run(stopEvent({ status: "completed" }, "old"), ctx);
    await stopTelemetry.run(stopEvent({ status: "completed" }, "recent"), ctx);
    const dir = join(stateDir, "stop-telemetry");
    const old = stateFile(dir, "old");
    const longAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    utimesSync(old, longAgo, longAgo);
    const leftover = join(dir, "conversations", "x.json.abc.tmp");
    writeFileSync(leftover, "{");
    utimesSync(leftover, longAgo, longAgo);
    await stopTelemetry.run(stopEvent({ status: "completed" }, "recent"), ctx);
    expect(existsSync(old)).toBe(true);
    await stopTelemetry.run(stopEvent({ status: "completed" }, "new"), ctx);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(stateFile(dir, "recent"))).toBe(true);
  });

  it("an endpoint that is not http(s) is reported and the event kept for when it is fixed", async () => {
    const notes: string[] = [];
    const ctx: HookContext = { env: {}, now: () => new Date(), config: { telemetry: { url: "ftp://telemetry.example" } }, configSources: [], stateDir, log: (l) => notes.push(l) };
    const decision = await stopTelemetry.run(stopEvent({ status: "completed" }, "c"), ctx);
    expect(decision).toEqual({ action: "pass" });
    expect(notes.join("\n")).toContain("is not http(s)");
    expect(new Spool(join(stateDir, "stop-telemetry"), 10).records()).toHaveLength(1);
  });

  it("state and spool are private to their owner", async () => {
    const ctx: HookContext = { env: {}, now: () => new Date(), config: { telemetry: { url: "ftp://x" } }, configSources: [], stateDir };
    await stopTelemetry.run(stopEvent({ status: "completed" }, "c"), ctx);
    const dir = join(stateDir, "stop-telemetry");
    for (const path of [stateFile(dir, "c"), join(dir, "spool.jsonl"), join(dir, "conversations")]) expect(statSync(path).mode & 0o077).toBe(0);
  });

  it.for([
    [{ retry: { afterErrors: 0 } }, "retry.afterErrors"],
    [{ retry: { loopLimit: "3" } }, "retry.loopLimit"],
    [{ retry: "yes" }, "retry must be a mapping"],
    [{ telemetry: { headers: { "x-team": 3 } } }, "telemetry.headers.x-team"],
  ] as const)("a bad config is a one-line error naming the key: %j", ([config, says]) => {
    expect(() => stopOptions(config as never, {}, stateDir)).toThrow(says);
  });
});

/** Each agent's error stop, and how it carries the follow-up (each dialect's stop fixtures). */
const ERROR_STOPS: { dialect: DialectId; fixture: string; patch?: Record<string, unknown>; expect: unknown }[] = [
  { dialect: "cursor", fixture: "cursor/stop/error-after-followups.json", patch: { loop_count: 0 }, expect: { followup_message: DEFAULT_FOLLOWUP } },
  { dialect: "claude", fixture: "claude/StopFailure/rate-limit.json", expect: { decision: "block", reason: DEFAULT_FOLLOWUP } },
  { dialect: "codex", fixture: "codex/StopFailure/rate-limit.json", expect: { decision: "block", reason: DEFAULT_FOLLOWUP } },
  { dialect: "qwen", fixture: "qwen/StopFailure/loop.json", expect: { decision: "block", reason: DEFAULT_FOLLOWUP } },
];

describe("the follow-up on each agent's wire", () => {
  it.for(ERROR_STOPS)("$dialect: second error in a row → follow-up", async ({ dialect, fixture, patch, expect: wire }) => {
    const payload = JSON.stringify({ ...readFixture(fixture), ...patch });
    const env = { GUARDS_STATE_DIR: stateDir };
    const first = await runHooks([stopTelemetry], payload, { dialect, env, config: { data: {}, sources: [] } });
    expect(first.exitCode).toBe(0);
    expect(first.stdout.includes(DEFAULT_FOLLOWUP)).toBe(false);
    const second = await runHooks([stopTelemetry], payload, { dialect, env, config: { data: {}, sources: [] } });
    expect(second.exitCode).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual(wire);
  });

  it("cursor: no follow-up once loop_count reaches the limit", async () => {
    const payload = JSON.stringify(readFixture("cursor/stop/error-after-followups.json"));
    const env = { GUARDS_STATE_DIR: stateDir };
    for (let i = 0; i < 3; i++) {
      const out = await runHooks([stopTelemetry], payload, { dialect: "cursor", env, config: { data: {}, sources: [] } });
      expect(out.stdout.includes("followup_message")).toBe(false);
    }
  });

  it("claude: no block while stop_hook_active is true", async () => {
    const raw = readFixture("claude/StopFailure/rate-limit.json");
    const env = { GUARDS_STATE_DIR: stateDir };
    const config = { data: {}, sources: [] };
    await runHooks([stopTelemetry], JSON.stringify(raw), { dialect: "claude", env, config });
    const active = await runHooks([stopTelemetry], JSON.stringify({ ...raw, stop_hook_active: true }), { dialect: "claude", env, config });
    expect(active.stdout.includes("block")).toBe(false);
  });
});

/** Every stop, sub-agent stop and session end fixture each dialect has, by the kind it parses to. */
const STOP_FIXTURES: { dialect: DialectId; event: string; file: string; counts: "stops" | "subagentStops" | "endedAt" }[] = (() => {
  const kinds: Partial<Record<string, "stops" | "subagentStops" | "endedAt">> = { "agent.stop": "stops", "subagent.stop": "subagentStops", "session.end": "endedAt" };
  const out: typeof STOP_FIXTURES = [];
  for (const dialect of Object.keys(dialects) as DialectId[]) {
    if (!existsSync(join(ROOT, "fixtures", dialect))) continue;
    for (const event of readdirSync(join(ROOT, "fixtures", dialect))) {
      for (const file of readdirSync(join(ROOT, "fixtures", dialect, event))) {
        const counts = kinds[dialects[dialect].parse(readFixture(`${dialect}/${event}/${file}`), {})?.kind ?? ""];
        if (counts) out.push({ dialect, event, file, counts });
      }
    }
  }
  return out;
})();

describe.for(TABLE_NODES)("every dialect's stop fixtures through the built hook on $name", (node) => {
  it("covers every dialect", () => {
    // Crush and Amp have no stop or session-end event.
    const withStops = (Object.keys(dialects) as DialectId[]).filter((id) => !["crush", "amp"].includes(id));
    expect(new Set(STOP_FIXTURES.map((f) => f.dialect))).toEqual(new Set(withStops));
  });
  it.for(STOP_FIXTURES)("$dialect $event/$file", ({ dialect, event, file, counts }) => {
    const raw = readFixture(`${dialect}/${event}/${file}`);
    const result = runBuiltHook("stop-telemetry", raw, { dialect, node: node.path, env: { GUARDS_STATE_DIR: stateDir, GUARDS_TELEMETRY_URL: "" } });
    expect(result.stderr).toBe("");
    expect(result.exitCode).toBe(0);
    const dir = join(stateDir, "stop-telemetry", "conversations");
    const [only] = readdirSync(dir).filter((f) => f.endsWith(".json"));
    const state = readState(join(dir, only!))!;
    if (counts === "endedAt") expect(state.endedAt).toBeTruthy();
    else expect(state[counts]).toBe(1);
  });
});

export type { StopEvent };
