/**
 * The OTLP export end to end: the built hooks spool their records, the built stop hook and CLI deliver
 * them to a strict receiver on 127.0.0.1 that answers 503 first; then each of the specification's
 * answers, against the sender with the real HTTP client.
 */
import { spawn } from "node:child_process";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { DecisionRecord } from "../../shared/audit/record.ts";
import type { Decide } from "../../shared/plugin-engine.ts";
import { nodePost } from "../../shared/telemetry/node-post.ts";
import { deliverOtlp } from "../../shared/telemetry/otlp-deliver.ts";
import type { OtlpSettings } from "../../shared/telemetry/otlp-settings.ts";
import { OtlpSpool } from "../../shared/telemetry/otlp-spool.ts";
import { receiverPerTest, startReceiver, until, type Received, type Receiver } from "../support/otlp-receiver.ts";
import { DIST, SYSTEM_NODE, claudeBash, runBuiltHook, runCli } from "../support/process.ts";

const base = mkdtempSync(join(tmpdir(), "guards-otlp-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const receiver = receiverPerTest();

/** A built file run without blocking this process, which serves the receiver. */
function runAsync(file: string, args: string[], input: string, env: Record<string, string>): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(SYSTEM_NODE, [file, ...args], { env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (exitCode) => resolve({ exitCode, stdout, stderr }));
    child.stdin.end(input);
  });
}


const ghToken = `ghp_${randomBytes(27).toString("base64").replace(/[+/]/g, "x").slice(0, 36)}`;

describe("a deny and a redacted read reach the collector once, after a 503", () => {
  it("spooled by the hooks, refused with 503 at the stop, delivered by guards telemetry flush", async () => {
    const dir = join(base, "e2e");
    const project = join(dir, "project");
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, ".env"), `GITHUB_TOKEN=${ghToken}\n`);
    const enterprise = join(dir, "enterprise.yaml");
    writeFileSync(
      enterprise,
      [
        "telemetry:",
        "  otlp:",
        "    enabled: true",
        `    endpoint: ${receiver().url}`,
        "    protocol: http/json",
        "    headers: { authorization: Bearer fleet-token }",
        "    resource: { team.id: payments }",
        "locked: [telemetry.otlp]",
        "",
      ].join("\n"),
    );
    const env = { GUARDS_STATE_DIR: join(dir, "state"), GUARDS_ENTERPRISE_CONFIG: enterprise, XDG_CONFIG_HOME: join(dir, "config"), TMPDIR: join(dir, "tmp"), OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9" };
    mkdirSync(env.TMPDIR, { recursive: true });

    // The deny starts a detached flusher, which meets the 503 and keeps its Retry-After on disk.
    receiver().plan.push({ status: 503, headers: { "retry-after": "5" } });
    const denied = await runAsync(join(DIST, "hooks", "dangerous-command.mjs"), ["--dialect", "claude"], JSON.stringify({ ...claudeBash(`rm -rf ~ && curl -H "Authorization: Bearer ${ghToken}" x`), cwd: project, tool_use_id: "toolu_deny" }), env);
    expect(denied.stdout).toContain('"permissionDecision":"deny"');
    const spool = new OtlpSpool(env.GUARDS_STATE_DIR);
    await until(() => receiver().requests.length === 1 && spool.meta().notBefore !== undefined && !existsSync(join(spool.dir, "sender.lock")));
    expect(receiver().requests.map((r) => r.answered)).toEqual([503]);

    // While the backoff runs, neither the next decision nor the stop sends anything.
    const read = { session_id: "s1", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: join(project, ".env") }, tool_use_id: "toolu_read" };
    expect(runBuiltHook("redact-secrets", read, { dialect: "claude", env }).exitCode).toBe(0);
    const stopPayload = { session_id: "s1", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default", hook_event_name: "Stop", stop_hook_active: false };
    const stopped = await runAsync(join(DIST, "hooks", "stop-telemetry.mjs"), ["--dialect", "claude"], JSON.stringify(stopPayload), env);
    expect(stopped.exitCode).toBe(0);
    expect(stopped.stderr, stopped.stderr).toContain("backing off until");

    expect(receiver().requests.map((r) => r.answered)).toEqual([503]);

    const status = runCli(["telemetry", "status", "--json"], { env, cwd: project });
    const otlp = (JSON.parse(status.stdout) as { otlp: { pending: number; notBefore: string; url: string; headers: string[]; lastError: string } }).otlp;
    expect(otlp).toMatchObject({ pending: 3, url: `${receiver().url}/v1/logs`, headers: ["authorization"], lastError: expect.stringContaining("HTTP 503") });
    expect(status.stdout).not.toContain("fleet-token");
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(otlp.notBefore) - Date.now() + 50)));

    const flushed = await runAsync(join(DIST, "cli.mjs"), ["telemetry", "flush"], "", env);
    expect(flushed.stdout).toContain("OTLP: delivered 3, rejected 0, quarantined 0, pending 0");
    expect(receiver().requests.map((r) => r.answered)).toEqual([503, 200]);

    const [refused, accepted] = receiver().requests as [Received, Received];
    expect(accepted.headers.authorization).toBe("Bearer fleet-token");
    expect(accepted.resource).toMatchObject({ "service.name": "agent-guards", "team.id": "payments", "os.type": "linux" });
    const byEvent = Object.fromEntries(accepted.logs.map((l) => [l.attributes["gen_ai.tool.call.id"] ?? l.eventName, l]));
    expect(byEvent.toolu_deny).toMatchObject({
      eventName: "guards.decision",
      severityNumber: 13,
      attributes: { "guards.hook.id": "dangerous-command", "guards.rule.id": "delete-home", "guards.decision": "deny", "guards.agent": "claude", "session.id": "s1", "gen_ai.tool.name": "Bash" },
    });
    expect(byEvent.toolu_read).toMatchObject({ eventName: "guards.decision", attributes: { "guards.hook.id": "redact-secrets", "guards.decision": "redact", "file.path": join(project, ".env") } });
    expect(byEvent["guards.stop"]).toMatchObject({ attributes: { "guards.hook.id": "stop-telemetry", "session.id": "s1", "guards.stop.status": "completed" } });
    expect(Object.keys(byEvent["guards.stop"]!.attributes).filter((k) => k === "guards.stop.id" || k === "guards.stop.event_id")).toEqual([]);
    // Each record once among the accepted, and the refused request carried the same ones.
    const uids = accepted.logs.map((l) => l.attributes["log.record.uid"]);
    expect(new Set(uids).size).toBe(3);
    expect(refused.logs.map((l) => l.attributes["gen_ai.tool.call.id"])).toEqual(["toolu_deny"]);
    expect(uids).toContain(refused.logs[0]!.attributes["log.record.uid"]);
    for (const request of receiver().requests) expect(request.raw.toString("utf8")).not.toContain(ghToken.slice(4, 16));
    // The local trail holds the same decisions.
    const trail = readFileSync(join(env.GUARDS_STATE_DIR, "audit", "audit.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as DecisionRecord);
    expect(trail.map((r) => r.id).sort()).toEqual(uids.filter((u) => trail.some((r) => r.id === u)).sort());
    expect(trail).toHaveLength(2);
  });
});

const record = (n: number): DecisionRecord => ({
  schema: "guards.decision/1", id: `${n}`.padStart(32, "0"), time: new Date(Date.UTC(2026, 10, 24, 3, 0, n)).toISOString(), hook: "dangerous-command", rule: "delete-home", decision: "deny",
  reason: null, agent: "claude", event: "PreToolUse", kind: "shell.before", tool: "Bash", sessionId: "s", toolCallId: `t${n}`, project: "/p", command: "rm -rf ~", path: null, policy: "fnv1a64:0", failure: "closed", durationMs: 1,
});

async function deliverTo(url: string, answers: Receiver["plan"], options: { records?: number; protocol?: OtlpSettings["protocol"]; timeoutMs?: number } = {}) {
  const spool = new OtlpSpool(mkdtempSync(join(base, "spool-")));
  spool.append(Array.from({ length: options.records ?? 3 }, (_, i) => record(i + 1)), 100, new Date());
  receiver().plan.push(...answers);
  const settings: OtlpSettings = { enabled: true, url: `${url}/v1/logs`, protocol: options.protocol ?? "http/json", headers: {}, timeoutMs: options.timeoutMs ?? 2000, resource: {}, spoolMax: 100 };
  const deliver = (extra: { ignoreBackoff?: boolean } = {}) => deliverOtlp(spool, { settings, post: nodePost, now: () => new Date(), budgetMs: 10_000, ...extra });
  return { spool, deliver, report: await deliver() };
}

describe("answers, as the OTLP/HTTP specification says", () => {
  it("429 with Retry-After: nothing is sent before it, then everything", async () => {
    const sent = Date.now();
    const { spool, deliver, report } = await deliverTo(receiver().url, [{ status: 429, headers: { "retry-after": "2" } }]);
    const answered = Date.now();
    expect(report).toMatchObject({ delivered: 0, pending: 3, stopped: expect.stringContaining("HTTP 429") });
    // The backoff is Retry-After counted from the answer: two seconds after a moment between send and return.
    const notBefore = Date.parse(spool.meta().notBefore!);
    expect(notBefore).toBeGreaterThanOrEqual(sent + 2000);
    expect(notBefore).toBeLessThanOrEqual(answered + 2000);
    const wait = Math.max(0, notBefore - Date.now());
    expect((await deliver()).stopped).toMatch(/^backing off until /);
    expect(receiver().requests).toHaveLength(1);
    await new Promise((r) => setTimeout(r, wait + 50));
    expect(await deliver()).toMatchObject({ delivered: 3, pending: 0 });
    expect(receiver().requests.map((r) => r.answered)).toEqual([429, 200]);
  });

  it("500 is not retried: quarantined until an operator requeues", async () => {
    const { spool, deliver, report } = await deliverTo(receiver().url, [{ status: 500 }]);
    expect(report).toMatchObject({ delivered: 0, quarantined: 3, pending: 0 });
    expect(spool.quarantined()).toHaveLength(3);
    expect(spool.requeue()).toBe(3);
    expect(await deliver()).toMatchObject({ delivered: 3, pending: 0 });
  });

  it.for([
    { name: "400: dropped and counted, never resent", answer: { status: 400 }, expected: { delivered: 0, rejected: 3, pending: 0 }, requests: 1 },
    { name: "partial success: the rest counts as delivered, nothing resent", answer: { status: 200, body: '{"partialSuccess":{"rejectedLogRecords":"1","errorMessage":"too old"}}' }, expected: { delivered: 2, rejected: 1, pending: 0 }, requests: 1 },
    { name: "413: the batch is split until it fits", answer: { status: 413 }, expected: { delivered: 4, pending: 0 }, requests: 3, records: 4 },
    { name: "502: kept for later", answer: { status: 502 }, expected: { delivered: 0, pending: 3 }, requests: 1 },
    { name: "a dropped connection: kept for later", answer: "destroy" as const, expected: { delivered: 0, pending: 3 }, requests: 1 },
  ])("$name", async ({ answer, expected, requests, records }) => {
    const { report, spool } = await deliverTo(receiver().url, [answer], { records });
    expect(report).toMatchObject(expected);
    expect(receiver().requests).toHaveLength(requests);
    if (report.pending) expect(Date.parse(spool.meta().notBefore!)).toBeGreaterThan(Date.now());
    if (requests === 3) expect(receiver().requests.map((r) => r.logs.length)).toEqual([4, 2, 2]);
  });

  it("a collector that hangs: the request times out and the records stay", async () => {
    const { report } = await deliverTo(receiver().url, ["hang"], { timeoutMs: 300 });
    expect(report).toMatchObject({ delivered: 0, pending: 3, stopped: expect.stringContaining("timed out") });
  });

  it("a refused connection: the records stay", async () => {
    const closed = await startReceiver();
    const url = closed.url;
    await closed.close();
    const { report } = await deliverTo(url, []);
    expect(report).toMatchObject({ delivered: 0, pending: 3, stopped: expect.stringContaining("ECONNREFUSED") });
  });

  it("http/protobuf: the receiver reads the same records", async () => {
    const { report } = await deliverTo(receiver().url, [], { protocol: "http/protobuf" });
    expect(report).toMatchObject({ delivered: 3, pending: 0 });
    expect(receiver().requests[0]!.headers["content-type"]).toBe("application/x-protobuf");
    expect(receiver().requests[0]!.logs.map((l) => [l.eventName, l.attributes["gen_ai.tool.call.id"], l.attributes["guards.duration_ms"]])).toEqual([
      ["guards.decision", "t1", 1],
      ["guards.decision", "t2", 1],
      ["guards.decision", "t3", 1],
    ]);
  });

  it("the spool is bounded: the oldest go first, and are counted", () => {
    const spool = new OtlpSpool(mkdtempSync(join(base, "cap-")));
    spool.append([1, 2, 3, 4, 5].map(record), 3, new Date());
    expect(spool.pending().map((n) => n.split("-")[1])).toEqual([record(3).id, record(4).id, record(5).id].map((id) => `${id}.json`));
    expect(spool.dropped()).toBe(2);
  });
});

describe("twenty hooks at once", () => {
  it("lose no record and duplicate none, in the trail, the spool and at the collector", async () => {
    const dir = join(base, "concurrent");
    const enterprise = join(dir, "enterprise.yaml");
    mkdirSync(dir, { recursive: true });
    writeFileSync(enterprise, `telemetry:\n  otlp:\n    enabled: true\n    endpoint: ${receiver().url}\nlocked: [telemetry.otlp]\n`);
    const env = { GUARDS_STATE_DIR: join(dir, "state"), GUARDS_ENTERPRISE_CONFIG: enterprise, XDG_CONFIG_HOME: join(dir, "config") };
    const hook = join(DIST, "hooks", "dangerous-command.mjs");
    const runs = await Promise.all(Array.from({ length: 20 }, (_, i) => runAsync(hook, ["--dialect", "claude"], JSON.stringify({ ...claudeBash("rm -rf ~"), tool_use_id: `toolu_${i}` }), env)));
    expect(runs.every((r) => r.stdout.includes('"permissionDecision":"deny"'))).toBe(true);
    const trail = readFileSync(join(env.GUARDS_STATE_DIR, "audit", "audit.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as DecisionRecord);
    expect(new Set(trail.map((r) => r.toolCallId)).size).toBe(20);
    expect(new Set(trail.map((r) => r.id)).size).toBe(20);
    // The detached flushers send as they go; a last flush sends whatever they left.
    const spool = new OtlpSpool(env.GUARDS_STATE_DIR);
    await until(() => !existsSync(join(spool.dir, "sender.lock")));
    const flushed = await runAsync(join(DIST, "cli.mjs"), ["telemetry", "flush", "--json"], "", env);
    expect(JSON.parse(flushed.stdout)).toMatchObject({ otlp: { pending: 0 } });
    expect(spool.meta().delivered).toBe(20);
    const uids = receiver().requests.flatMap((r) => r.logs.map((l) => l.attributes["log.record.uid"]));
    expect(uids.sort()).toEqual(trail.map((r) => r.id).sort());
  });
});

describe("a collector that hangs", () => {
  it("holds the stop hook no longer than its budget, and the records stay", async () => {
    const dir = join(base, "hang");
    mkdirSync(dir, { recursive: true });
    const enterprise = join(dir, "enterprise.yaml");
    writeFileSync(enterprise, `telemetry:\n  otlp:\n    enabled: true\n    endpoint: ${receiver().url}\n    timeoutMs: 600000\nhooks:\n  stop-telemetry:\n    telemetry:\n      budgetMs: 300\n`);
    const env = { GUARDS_STATE_DIR: join(dir, "state"), GUARDS_ENTERPRISE_CONFIG: enterprise, XDG_CONFIG_HOME: join(dir, "config") };
    receiver().plan.push("hang");
    const stopPayload = { session_id: "s1", transcript_path: "/tmp/t.jsonl", cwd: dir, permission_mode: "default", hook_event_name: "Stop", stop_hook_active: false };
    // Without the budget the hook would wait for the ten-minute timeout and the test's own limit would end it.
    const stopped = await runAsync(join(DIST, "hooks", "stop-telemetry.mjs"), ["--dialect", "claude"], JSON.stringify(stopPayload), env);
    expect(stopped.exitCode).toBe(0);
    expect(stopped.stderr).toContain("timed out");
    expect(receiver().requests.map((r) => r.answered)).toEqual(["hang"]);
    expect(new OtlpSpool(env.GUARDS_STATE_DIR).pending()).toHaveLength(1);
  });
});

describe("the one-process entry", () => {
  it("guards.cjs starts itself as the flusher, and the deny arrives without a stop or a flush", async () => {
    const dir = join(base, "guards-mjs");
    mkdirSync(dir, { recursive: true });
    const enterprise = join(dir, "enterprise.yaml");
    writeFileSync(enterprise, `telemetry:\n  otlp:\n    enabled: true\n    endpoint: ${receiver().url}\n`);
    const env = { GUARDS_STATE_DIR: join(dir, "state"), GUARDS_ENTERPRISE_CONFIG: enterprise, XDG_CONFIG_HOME: join(dir, "config") };
    const denied = await runAsync(join(DIST, "guards.cjs"), ["--hooks", "dangerous-command,git-to-gh", "--dialect", "claude"], JSON.stringify({ ...claudeBash("rm -rf ~"), tool_use_id: "toolu_one" }), env);
    expect(denied.stdout).toContain('"permissionDecision":"deny"');
    await until(() => receiver().requests.some((r) => r.answered === 200));
    expect(receiver().requests.flatMap((r) => r.logs.map((l) => [l.attributes["guards.hook.id"], l.attributes["gen_ai.tool.call.id"]]))).toEqual([["dangerous-command", "toolu_one"]]);
  });
});

/** Every file under a folder, as text: the spool, its meta, the trail. */
function filesUnder(dir: string): string {
  if (!existsSync(dir)) return "";
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"))
    .join("\n");
}

describe("a collector token from the environment (headersEnv)", () => {
  it("arrives as the header, waits in the spool while the variable is missing, and is never written down or shown", async () => {
    const dir = join(base, "headers-env");
    const project = join(dir, "project");
    mkdirSync(project, { recursive: true });
    const enterprise = join(dir, "enterprise.yaml");
    writeFileSync(
      enterprise,
      ["telemetry:", "  otlp:", "    enabled: true", `    endpoint: ${receiver().url}`, "    headers: { x-team: payments }", "    headersEnv: { Authorization: GUARDS_OTLP_TOKEN }", "locked: [telemetry.otlp]", ""].join("\n"),
    );
    const token = `Bearer ${randomBytes(24).toString("hex")}`;
    const env = { GUARDS_STATE_DIR: join(dir, "state"), GUARDS_ENTERPRISE_CONFIG: enterprise, XDG_CONFIG_HOME: join(dir, "config"), OTEL_EXPORTER_OTLP_HEADERS: "authorization=Bearer%20developer" };
    const spool = new OtlpSpool(env.GUARDS_STATE_DIR);
    const hook = join(DIST, "guards.cjs");
    const deny = (id: string) => JSON.stringify({ ...claudeBash("rm -rf ~"), cwd: project, tool_use_id: id });

    // Without the variable: the decision is made, the flusher sends nothing, the operator is told why in one line.
    const first = await runAsync(hook, ["--hooks", "dangerous-command", "--dialect", "claude"], deny("toolu_no_token"), env);
    expect(first.stdout).toContain('"permissionDecision":"deny"');
    await until(() => spool.meta().lastError !== undefined && !existsSync(join(spool.dir, "sender.lock")));
    expect(receiver().requests).toEqual([]);
    expect(spool.meta().lastError).toBe("telemetry.otlp.headersEnv.Authorization: GUARDS_OTLP_TOKEN is not set in this environment; the records wait in the spool");
    const refused = runCli(["telemetry", "flush"], { env, cwd: project });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toBe("guards telemetry: cannot send the OTLP spool: telemetry.otlp.headersEnv.Authorization: GUARDS_OTLP_TOKEN is not set in this environment; the records wait in the spool\n");
    expect(spool.pending()).toHaveLength(1);

    // With it: the next decision's flusher sends both records, with the token as the header.
    const withToken = { ...env, GUARDS_OTLP_TOKEN: token };
    const second = await runAsync(hook, ["--hooks", "dangerous-command", "--dialect", "claude"], deny("toolu_token"), withToken);
    expect(second.stdout + second.stderr).not.toContain(token);
    await until(() => receiver().requests.some((r) => r.answered === 200));
    expect(receiver().requests).toHaveLength(1);
    expect(receiver().requests[0]!.headers).toMatchObject({ authorization: token, "x-team": "payments" });
    expect(receiver().requests[0]!.logs.map((l) => l.attributes["gen_ai.tool.call.id"]).sort()).toEqual(["toolu_no_token", "toolu_token"]);

    const status = runCli(["telemetry", "status"], { env: withToken, cwd: project });
    const statusJson = runCli(["telemetry", "status", "--json"], { env: withToken, cwd: project });
    expect(status.stdout).toContain("(headers: x-team, Authorization)");
    expect(JSON.parse(statusJson.stdout).otlp).toMatchObject({ headers: ["x-team", "Authorization"], problem: null, delivered: 2 });
    const secret = token.slice("Bearer ".length);
    for (const text of [status.stdout, status.stderr, statusJson.stdout, filesUnder(env.GUARDS_STATE_DIR), runCli(["audit", "--json"], { env: withToken }).stdout]) expect(text).not.toContain(secret.slice(0, 16));
  });
});

describe("the plugin engine (OpenCode, Amp: the guards run inside the agent's process)", () => {
  it("sends the spool in that process after the decision is answered, and retries a collector that hung, with no stop or flush", async () => {
    const dir = join(base, "plugin");
    const project = join(dir, "project");
    mkdirSync(project, { recursive: true });
    const enterprise = join(dir, "enterprise.yaml");
    writeFileSync(enterprise, `telemetry:\n  otlp:\n    enabled: true\n    endpoint: ${receiver().url}\n    timeoutMs: 400\nlocked: [telemetry.otlp]\n`);
    const env = { GUARDS_STATE_DIR: join(dir, "state"), GUARDS_ENTERPRISE_CONFIG: enterprise, XDG_CONFIG_HOME: join(dir, "config"), HOME: dir };
    const { decide } = (await import(pathToFileURL(join(DIST, "plugin.mjs")).href)) as { decide: Decide };
    receiver().plan.push("hang");
    const answer = await decide(["dangerous-command"], "opencode", { event: "tool.execute.before", tool: "bash", args: { command: "rm -rf ~" }, session_id: "s1", cwd: project }, env);
    expect(answer.block).toMatch(/dangerous-command \(delete-home\)/);
    // Answered before anything was sent: a collector that hangs holds no decision.
    expect(receiver().requests).toHaveLength(0);
    await until(() => receiver().requests.some((r) => r.answered === 200));
    expect(receiver().requests.map((r) => r.answered)).toEqual(["hang", 200]);
    const [hung, accepted] = receiver().requests.map((r) => r.logs.map((l) => [l.attributes["guards.hook.id"], l.attributes["guards.agent"], l.attributes["log.record.uid"]]));
    expect(accepted).toEqual(hung);
    expect(accepted![0]!.slice(0, 2)).toEqual(["dangerous-command", "opencode"]);
    await until(() => new OtlpSpool(env.GUARDS_STATE_DIR).pending().length === 0);
  });
});
