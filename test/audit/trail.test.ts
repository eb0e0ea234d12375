/**
 * The audit trail as the built hooks write it: a fresh process per agent action, real secrets (random
 * tokens in the providers' formats, a key from ssh-keygen) in the commands, the trail read back from disk.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { appendToTrail, readTrail, trailFiles } from "../../shared/audit/trail.ts";
import { policyDigest, type DecisionRecord } from "../../shared/audit/record.ts";
import { logRecord } from "../../shared/telemetry/otlp-log.ts";
import { claudeBash, DIST, runBuiltHook, runCli, runNodeFile } from "../support/process.ts";

const base = mkdtempSync(join(tmpdir(), "guards-audit-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const ALPHANUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const random = (length: number, alphabet = ALPHANUM) => [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join("");

execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "", "-f", join(base, "id_ed25519")]);
const SSH_KEY = readFileSync(join(base, "id_ed25519"), "utf8").trim();
const SECRETS = {
  github: `ghp_${random(36)}`,
  awsSecret: random(40, `${ALPHANUM}+/`),
  postgres: random(20),
  anthropic: `sk-ant-api03-${random(93, `${ALPHANUM}-_`)}AA`,
  generic: random(24),
};
const SECRET_COMMAND = [
  `rm -rf ~ && AWS_SECRET_ACCESS_KEY=${SECRETS.awsSecret} aws s3 ls`,
  `curl -H "Authorization: Bearer ${SECRETS.github}" https://api.github.com/user`,
  `psql postgres://admin:${SECRETS.postgres}@db.internal:5432/app`,
  `ANTHROPIC_API_KEY=${SECRETS.anthropic} claude`,
  `export API_KEY=${SECRETS.generic}`,
  `printf '%s' '${SSH_KEY}' > ~/.ssh/id_ed25519`,
].join("\n");

/** Every run of 8 characters of every secret: not one may reach the trail. */
function secretPieces(): string[] {
  const values = [...Object.values(SECRETS), ...SSH_KEY.split("\n").filter((l) => !l.startsWith("-----"))];
  return values.flatMap((v) => Array.from({ length: v.length - 7 }, (_, i) => v.slice(i, i + 8)));
}

function stateFor(name: string, config?: string): { env: Record<string, string>; state: string; project: string } {
  const state = join(base, name, "state");
  const project = join(base, name, "project");
  mkdirSync(project, { recursive: true });
  if (config) writeFileSync(join(project, ".guards.yaml"), config);
  // No user or enterprise config from the machine running the test.
  return { state, project, env: { GUARDS_STATE_DIR: state, XDG_CONFIG_HOME: join(base, name, "config"), GUARDS_ENTERPRISE_CONFIG: join(base, "none.yaml") } };
}

const inProject = (project: string, command: string) => ({ ...claudeBash(command), cwd: project, tool_use_id: "toolu_01Audit" });

describe("the audit trail of the built hooks", () => {
  it("a deny is recorded with its metadata, in a 0600 file, with every secret masked", () => {
    const { env, state, project } = stateFor("deny");
    const result = runBuiltHook("dangerous-command", inProject(project, SECRET_COMMAND), { dialect: "claude", env });
    expect(JSON.stringify(result.json)).toContain('"permissionDecision":"deny"');
    const { current } = trailFiles(state);
    expect(statSync(current).mode & 0o777).toBe(0o600);
    expect(statSync(join(state, "audit")).mode & 0o777).toBe(0o700);
    const text = readFileSync(current, "utf8");
    expect(secretPieces().filter((piece) => text.includes(piece))).toEqual([]);
    const records = readTrail(state) as Record<string, unknown>[];
    expect(records).toHaveLength(1);
    const record = records[0]!;
    expect(record).toMatchObject({
      schema: "guards.decision/1",
      hook: "dangerous-command",
      rule: "delete-home",
      decision: "deny",
      agent: "claude",
      event: "PreToolUse",
      kind: "shell.before",
      tool: "Bash",
      sessionId: "s1",
      toolCallId: "toolu_01Audit",
      project,
      path: null,
      failure: "closed",
    });
    expect(record.id).toMatch(/^[0-9a-f]{32}$/);
    expect(record.policy).toBe(policyDigest("{}"));
    expect(typeof record.durationMs).toBe("number");
    expect(record.reason).toMatch(/^dangerous-command \(delete-home\)/);
    const command = record.command as string;
    expect(command.startsWith("rm -rf ~ && AWS_SECRET_ACCESS_KEY=[REDACTED:")).toBe(true);
    for (const kind of ["github-token", "private-key", "database-connection-string", "anthropic-api-key"]) expect(command).toContain(`[REDACTED:${kind}]`);
  });

  it("a config that cannot be read stops the action before any guard decides, and the trail still shows it", () => {
    const { env, state, project } = stateFor("bad-config", "dangerous-command: [unclosed\n");
    const result = runBuiltHook("dangerous-command", inProject(project, "ls -la"), { dialect: "claude", env });
    expect(JSON.stringify(result.json)).toContain('"permissionDecision":"deny"');
    const records = readTrail(state) as Record<string, unknown>[];
    expect(records.map((r) => [r.hook, r.decision, r.rule, r.command, r.tool])).toEqual([["dangerous-command", "deny", "bad-input", "ls -la", "Bash"]]);
    expect(records[0]!.reason).toMatch(/^guards dangerous-command: .*\.guards\.yaml/);
  });

  it.for([
    { name: "not JSON, with a token in it", input: `{"tool_input":{"command":"curl -H 'Authorization: Bearer ${SECRETS.github}'"}, oops`, extra: {}, reason: /input is not valid JSON \(at character \d+ of \d+ characters\)/, agent: "claude" },
    { name: "a JSON array", input: `["${SECRETS.anthropic}"]`, extra: {}, reason: /input must be a JSON object, got an array/, agent: "claude" },
    { name: "larger than the limit", input: `{"k":"${SECRETS.generic}${"x".repeat(200)}"}`, extra: { GUARDS_MAX_INPUT_BYTES: "64" }, reason: /input larger than 64 bytes/, agent: "claude" },
    { name: "from an agent the entry does not know", input: `{"secret":"${SECRETS.postgres}"}`, extra: {}, reason: /unknown dialect "claud"/, agent: "unknown", dialect: "claud" },
  ])("a payload that cannot be read ($name) is recorded for every guard of the entry, without a byte of it", ({ name, input, extra, reason, agent, dialect }) => {
    const { env, state, project } = stateFor(`unread-${name.replace(/\W+/g, "-")}`);
    const result = runNodeFile(join(DIST, "guards.cjs"), { args: ["--dialect", dialect ?? "claude", "--hooks", "dangerous-command,stop-telemetry"], input, cwd: project, env: { ...env, ...extra } });
    expect(result.exitCode).toBe(2);
    const listed = runCli(["audit", "--json"], { env });
    expect(listed.exitCode).toBe(0);
    const records = listed.stdout.trim().split("\n").map((line) => JSON.parse(line) as DecisionRecord);
    expect(records.map((r) => [r.hook, r.decision, r.rule, r.failure, r.kind, r.agent, r.project, r.event, r.tool, r.command])).toEqual([
      ["dangerous-command", "deny", "bad-input", "closed", "unread", agent, project, null, null, null],
      ["stop-telemetry", "error", null, "open", "unread", agent, project, null, null, null],
    ]);
    for (const record of records) expect(record.reason).toMatch(reason);
    expect(Date.now() - Date.parse(records[0]!.time)).toBeLessThan(60_000);
    const trail = readFileSync(trailFiles(state).current, "utf8");
    expect(secretPieces().filter((piece) => trail.includes(piece))).toEqual([]);
    expect(trail).not.toContain("oops");
  });

  it("a pass is not recorded by default, and is with audit.all", () => {
    const quiet = stateFor("pass-default");
    expect(runBuiltHook("dangerous-command", inProject(quiet.project, "ls -la"), { dialect: "claude", env: quiet.env }).exitCode).toBe(0);
    expect(existsSync(join(quiet.state, "audit"))).toBe(false);

    const all = stateFor("pass-all", "audit:\n  all: true\n");
    expect(runBuiltHook("dangerous-command", inProject(all.project, "ls -la"), { dialect: "claude", env: all.env }).exitCode).toBe(0);
    const records = readTrail(all.state) as Record<string, unknown>[];
    expect(records.map((r) => [r.hook, r.decision, r.command])).toEqual([["dangerous-command", "pass", "ls -la"]]);
    expect(records[0]!.policy).not.toBe(policyDigest("{}"));
  });

  it("a read of a file with secrets records the redaction", () => {
    const { env, state, project } = stateFor("redact");
    writeFileSync(join(project, ".env"), `PORT=3000\nGITHUB_TOKEN=${SECRETS.github}\n`);
    const payload = { session_id: "s2", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: join(project, ".env") }, tool_use_id: "toolu_01Read" };
    const result = runBuiltHook("redact-secrets", payload, { dialect: "claude", env: { ...env, TMPDIR: join(base, "redact") } });
    expect(result.exitCode).toBe(0);
    const records = readTrail(state) as Record<string, unknown>[];
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ hook: "redact-secrets", decision: "redact", kind: "file.read.before", tool: "Read", toolCallId: "toolu_01Read", path: join(project, ".env"), command: null });
    expect(readFileSync(trailFiles(state).current, "utf8")).not.toContain(SECRETS.github.slice(4, 20));
    // The hook's message shows the token's last characters (`ghp_…wxyz`); the trail keeps none of them.
    expect(result.stdout).toContain(`\u2026${SECRETS.github.slice(-4)})`);
    expect(records[0]!.reason).toContain("([REDACTED:shown])");
    expect(records[0]!.reason).not.toContain(SECRETS.github.slice(-4));
  });

  it("a trail that cannot be written never changes the decision", () => {
    const { env, project } = stateFor("unwritable");
    const blocker = join(base, "unwritable", "a-file");
    writeFileSync(blocker, "");
    const result = runBuiltHook("dangerous-command", inProject(project, "rm -rf ~"), { dialect: "claude", env: { ...env, GUARDS_STATE_DIR: join(blocker, "state") } });
    expect(JSON.stringify(result.json)).toContain('"permissionDecision":"deny"');
    expect(result.stderr).toMatch(/^guards: the audit trail was not written \(/m);
  });
});

describe("an observer that fails open", () => {
  it("is recorded as an error with its reason, and exported as guards.error", () => {
    const { env, state, project } = stateFor("observer-error", "hooks:\n  stop-telemetry:\n    retry:\n      afterErrors: many\n");
    const stop = { session_id: "s1", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default", hook_event_name: "Stop", stop_hook_active: false };
    const result = runBuiltHook("stop-telemetry", stop, { dialect: "claude", env });
    expect(result.exitCode).toBe(0);
    const records = readTrail(state) as DecisionRecord[];
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ hook: "stop-telemetry", decision: "error", failure: "open", kind: "agent.stop" });
    expect(records[0]!.reason).toContain("afterErrors");
    expect(logRecord(records[0] as never)).toMatchObject({ eventName: "guards.error", body: "guards.error", severityNumber: 17, severityText: "ERROR" });
  });
});

describe("rotation", () => {
  it("past the cap the trail moves to audit.1.jsonl and a new one starts; reading gets both, oldest first", async () => {
    const state = join(base, "rotation");
    const line = (n: number) => `${JSON.stringify({ n, pad: "x".repeat(80) })}\n`;
    for (let n = 0; n < 30; n++) await appendToTrail(state, line(n), 1000);
    const { current, previous } = trailFiles(state);
    expect(statSync(current).size).toBeLessThanOrEqual(1000);
    expect(statSync(previous).size).toBeLessThanOrEqual(1000);
    const kept = (readTrail(state) as { n: number }[]).map((r) => r.n);
    expect(kept.length).toBeGreaterThan(10);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 30 - kept.length + i));
  });
});
