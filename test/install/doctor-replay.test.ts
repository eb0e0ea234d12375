/**
 * Doctor's replays are not the user's actions: with the audit trail on (every decision) and OTLP export
 * pointing at a real receiver on 127.0.0.1, a doctor run (and an enterprise install's warm-up) leaves the
 * trail as it was and sends nothing, while a real call of the same installed entry, with the same config,
 * is recorded and exported. Doctor still finds an entry that lets the probe through.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import claudeLs from "../../fixtures/claude/PreToolUse/ls.json" with { type: "json" };
import { receiverPerTest, until } from "../support/otlp-receiver.ts";
import { configPath } from "./entries.ts";
import { guards, makeWorkspace, type Workspace } from "./workspace.ts";

const shared = mkdtempSync("/tmp/guards-doctor-replay-");
chmodSync(shared, 0o755);
afterAll(() => rmSync(shared, { recursive: true, force: true }));

const receiver = receiverPerTest();

/** The trail and export settings, where each kind of administrator puts them. */
const CONFIGS = [
  ["the user's config", (ws: Workspace, yaml: string) => (writeConfig(join(ws.home, ".config", "guards", "config.yaml"), yaml), {})],
  // Locked on: OTEL_SDK_DISABLED cannot switch it off, so only the replay's own state keeps it quiet.
  // In a folder every user can enter, as doctor wants the enterprise file (the test run's temp folder is private).
  ["an enterprise file that locks the export on", (ws: Workspace, yaml: string) => ({ GUARDS_ENTERPRISE_CONFIG: writeConfig(join(shared, basename(ws.root), "enterprise.yaml"), `${yaml}locked: [telemetry.otlp, audit]\n`), OTEL_SDK_DISABLED: "true" })],
] as const;

const settings = (url: string) => ["audit:", "  all: true", "telemetry:", "  otlp:", "    enabled: true", `    endpoint: ${url}`, "    protocol: http/json", ""].join("\n");

describe("guards doctor leaves no record and sends nothing", () => {
  test.for(CONFIGS)("with the trail and the export set in %s", async ([, configure]) => {
    const ws = makeWorkspace();
    const env = configure(ws, settings(receiver().url));
    expect((await guards(ws, ["install", "--agent", "claude"], env)).code).toBe(0);
    const state = join(ws.home, ".local", "state", "guards");
    const before = listing(state);

    const result = await guards(ws, ["doctor"], env);
    expect(result.code, result.stdout).toBe(0);
    // The probe ran and was denied by the real entries: what doctor proves is unchanged.
    expect(result.stdout).toContain("Claude Code: stops `rm -rf /`, lets `ls` run");
    expect(listing(state)).toEqual(before);

    // The same entry and config, called as the agent calls it: this one is the user's, and is kept and sent.
    const session = randomUUID();
    const answer = await runEntry(ws, "rm -rf /", session, env);
    expect(answer.stdout).toContain('"permissionDecision":"deny"');
    await until(() => receiver().requests.some((r) => r.logs.some((log) => log.attributes["session.id"] === session)));
    // A flusher started by a replay would have sent its records by now, or together with these.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sessions = receiver().requests.flatMap((r) => r.logs.map((log) => log.attributes["session.id"]));
    expect(new Set(sessions)).toEqual(new Set([session]));
    const trail = readFileSync(join(state, "audit", "audit.jsonl"), "utf8").trim().split("\n");
    expect(new Set(trail.map((line) => (JSON.parse(line) as { sessionId: string }).sessionId))).toEqual(new Set([session]));
  });

  test("still reports an entry that lets the probe through", async () => {
    const ws = makeWorkspace();
    const env = CONFIGS[0][1](ws, settings(receiver().url));
    await guards(ws, ["install", "--agent", "claude"], env);
    // A hook file that answers nothing: every agent would run `rm -rf /`.
    writeFileSync(join(ws.project, ".guards", "0.1.0", "guards.cjs"), "");
    const result = await guards(ws, ["doctor"], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/PROBLEM +Claude Code runs this file but is not protected: `rm -rf \/` would run/);
  });

  test("an enterprise install's warm-up records and sends nothing either", async () => {
    const ws = makeWorkspace();
    const env = CONFIGS[1][1](ws, settings(receiver().url));
    const result = await guards(ws, ["install", "--agent", "claude", "--scope", "enterprise", "--root", ws.stage, "--platform", "linux"], env);
    expect(result.code, result.stderr).toBe(0);
    // The warm-up ran (root's compiled code is kept only for a hook file root owns).
    expect(result.stdout).toMatch(/compiled code .*kept in .*code-cache/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver().requests).toEqual([]);
    expect(existsSync(join(ws.home, ".local", "state", "guards"))).toBe(false);
  });
});

function writeConfig(path: string, yaml: string): string {
  mkdirSync(join(path, ".."), { recursive: true, mode: 0o755 });
  writeFileSync(path, yaml, { mode: 0o644 });
  return path;
}

/** Every file under `dir` with its size: what a replay could have added to the user's state. */
function listing(dir: string): Record<string, number> {
  if (!existsSync(dir)) return {};
  const files: Record<string, number> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const path = join(dir, name);
    if (statSync(path).isFile()) files[relative(dir, path)] = statSync(path).size;
  }
  return files;
}

/** Claude's installed PreToolUse entry, run through the shell as Claude Code runs it, without blocking the receiver. */
async function runEntry(ws: Workspace, command: string, session: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string }> {
  const doc = JSON.parse(readFileSync(configPath("claude", "project", ws), "utf8")) as { hooks: { PreToolUse: { matcher: string; hooks: { command: string }[] }[] } };
  const entry = doc.hooks.PreToolUse.find((group) => group.matcher.includes("Bash"))!.hooks[0]!.command;
  const payload = { ...claudeLs, session_id: session, cwd: ws.project, tool_input: { command, description: "x" } };
  const child = spawn("sh", ["-c", entry], { cwd: ws.project, env: { HOME: ws.home, PATH: "/usr/bin:/bin", CLAUDE_PROJECT_DIR: ws.project, ...env } });
  let stdout = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stdin.end(JSON.stringify(payload));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, stdout };
}

