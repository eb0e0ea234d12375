/** `guards run` from the built CLI: one hook, several hooks combined, unknown hooks. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli } from "./support/process.ts";

const gitPush = readFileSync(join(ROOT, "fixtures", "claude", "PreToolUse", "git-clone.json"), "utf8");
const withCommand = (command: string) => {
  const payload = JSON.parse(gitPush) as { tool_input: { command: string } };
  payload.tool_input.command = command;
  return JSON.stringify(payload);
};

describe("guards run", () => {
  it("prints git-to-gh's deny for a git fixture in Claude's shape", () => {
    const result = runCli(["run", "git-to-gh", "--dialect", "claude"], { input: gitPush });
    expect(result.exitCode).toBe(0);
    expect(result.json).toMatchObject({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } });
    expect(JSON.stringify(result.json)).toContain("gh repo clone");
  });

  it("detects the dialect when --dialect is absent", () => {
    const result = runCli(["run", "git-to-gh"], { input: gitPush });
    expect(result.json).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
  });

  it("several hooks: the most severe decision wins", () => {
    const asks = runCli(["run", "git-to-gh,format"], { input: withCommand("gh pr merge 3") });
    expect(asks.json).toMatchObject({ hookSpecificOutput: { permissionDecision: "ask" } });
    const denies = runCli(["run", "format,git-to-gh"], { input: withCommand("gh pr merge 3 && git clone https://github.com/o/r") });
    expect(denies.json).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
  });

  it("an unknown hook id is a usage error", () => {
    const result = runCli(["run", "git-to-gh,nope"], { input: gitPush });
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim()).toBe('guards run: unknown hook "nope" (expected one of redact-secrets, dangerous-command, kubectl-prod, guard-files, git-to-gh, format, stop-telemetry)');
  });

  it("an unknown command prints the usage", () => {
    const result = runCli(["frobnicate"]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('unknown command "frobnicate"');
  });
});
