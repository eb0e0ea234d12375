/** `guards audit` over a trail the built hooks wrote: the table a blocked person reads, and its filters. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendToTrail } from "../../shared/audit/trail.ts";
import { sinceTime } from "../../cli/commands/audit.ts";
import { claudeBash, runBuiltHook, runCli } from "../support/process.ts";

const base = mkdtempSync(join(tmpdir(), "guards-audit-cli-"));
const env = { GUARDS_STATE_DIR: join(base, "state"), XDG_CONFIG_HOME: join(base, "config"), GUARDS_ENTERPRISE_CONFIG: join(base, "none.yaml") };
afterAll(() => rmSync(base, { recursive: true, force: true }));

const old = { schema: "guards.decision/1", id: "0".repeat(32), time: "2020-01-02T03:04:05.000Z", hook: "kubectl-prod", rule: "prod-delete", decision: "ask", reason: "kubectl-prod: deletes in prod", agent: "cursor", event: "beforeShellExecution", kind: "shell.before", command: "kubectl delete pod x -n prod" };

beforeAll(async () => {
  await appendToTrail(env.GUARDS_STATE_DIR, `${JSON.stringify(old)}\n`, 1 << 20);
  runBuiltHook("dangerous-command", claudeBash("rm -rf ~"), { dialect: "claude", env });
  runBuiltHook("dangerous-command", claudeBash("git push --force origin main"), { dialect: "claude", env });
});

describe("guards audit", () => {
  it("prints a table with the reason under each decision", () => {
    const result = runCli(["audit"], { env });
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^TIME\s+AGENT\s+HOOK\s+RULE\s+DECISION\s+COMMAND OR PATH$/);
    expect(lines[1]).toMatch(/^2020-01-02 03:04:05Z\s+cursor\s+kubectl-prod\s+prod-delete\s+ask\s+kubectl delete pod x -n prod$/);
    expect(lines[2]).toBe("    why: kubectl-prod: deletes in prod");
    expect(lines[3]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ\s+claude\s+dangerous-command\s+delete-home\s+deny\s+rm -rf ~$/);
    expect(lines[4]).toMatch(/^ {4}why: dangerous-command \(delete-home\)/);
  });

  it.for([
    { name: "--since leaves out older decisions", args: ["--since", "1d"], hooks: ["dangerous-command"] },
    { name: "--hook keeps one hook", args: ["--hook", "kubectl-prod"], hooks: ["kubectl-prod"] },
    { name: "--decision keeps one decision", args: ["--decision", "ask"], hooks: ["kubectl-prod"] },
    { name: "--limit keeps the newest", args: ["--limit", "1"], hooks: ["dangerous-command"] },
  ])("$name", ({ args, hooks }) => {
    const result = runCli(["audit", "--json", ...args], { env });
    expect(result.exitCode).toBe(0);
    const records = result.stdout.trim().split("\n").map((l) => JSON.parse(l) as { hook: string });
    expect([...new Set(records.map((r) => r.hook))]).toEqual(hooks);
  });

  it("says so when nothing matches, and refuses what it cannot read", () => {
    expect(runCli(["audit", "--hook", "format"], { env }).stdout).toMatch(/^no decisions recorded that match/);
    const bad = runCli(["audit", "--since", "yesterday-ish"], { env });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("--since: cannot read");
    expect(runCli(["audit", "--decision", "maybe"], { env }).exitCode).toBe(2);
  });

  it.for([
    ["24h", Date.UTC(2026, 0, 2) - 86_400_000],
    ["30m", Date.UTC(2026, 0, 2) - 1_800_000],
    ["2025-12-31T00:00:00Z", Date.UTC(2025, 11, 31)],
  ] as const)("--since %s", ([value, expected]) => {
    expect(sinceTime(value, Date.UTC(2026, 0, 2))).toBe(expected);
  });
});
