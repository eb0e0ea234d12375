/** `guards test` replays the universal-format cases against the built hooks, and can fail. */
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NODE_BINARIES, ROOT, runCli, runNodeFile } from "./support/process.ts";

describe("guards test", () => {
  it("passes every shipped case in fixtures/cases", () => {
    const result = runCli(["test", "fixtures/cases"], { cwd: ROOT, timeoutMs: 120_000 });
    const summary = /^(\d+) passed, (\d+) failed$/m.exec(result.stdout);
    expect(result.stdout.split("\n").filter((l) => l.startsWith("FAIL"))).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(Number(summary?.[1])).toBeGreaterThanOrEqual(48);
    // As long as the run it waits for: every hook adds its cases here.
  }, 120_000);

  it("reports a case whose expectation is wrong, and exits 1", () => {
    const dir = mkdtempSync(join(tmpdir(), "guards-cases-"));
    cpSync(join(ROOT, "fixtures", "claude"), join(dir, "claude"), { recursive: true });
    mkdirSync(join(dir, "cases"));
    writeFileSync(
      join(dir, "cases", "wrong.yaml"),
      [
        "name: git-clone-wrongly-expected-to-pass",
        "hook: git-to-gh",
        "dialect: claude",
        "event: pre-tool-use",
        "input: { fixture: claude/PreToolUse/ls.json, overrides: { tool_input.command: 'git clone https://github.com/o/r' } }",
        "expected: { exit-code: 0, not-contains: [permissionDecision] }",
      ].join("\n"),
    );
    const result = runCli(["test", join(dir, "cases")], { cwd: dir });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain("FAIL git-clone-wrongly-expected-to-pass");
    expect(result.stdout).toContain('output contains "permissionDecision"');
    expect(result.stdout).toMatch(/^0 passed, 1 failed$/m);
  });

  it("--jobs N runs the cases N at a time and still reports them in the file's order; --jobs 0 is a usage error", () => {
    const dir = mkdtempSync(join(tmpdir(), "guards-cases-"));
    cpSync(join(ROOT, "fixtures", "claude"), join(dir, "claude"), { recursive: true });
    mkdirSync(join(dir, "cases"));
    const caseDoc = (name: string, command: string, expected: string) =>
      [
        `name: ${name}`,
        "hook: git-to-gh",
        "dialect: claude",
        "event: pre-tool-use",
        `input: { fixture: claude/PreToolUse/ls.json, overrides: { tool_input.command: '${command}' } }`,
        `expected: ${expected}`,
      ].join("\n");
    // A failing case between two passing ones: its place in the report shows the order is kept.
    writeFileSync(
      join(dir, "cases", "ordered.yaml"),
      [
        caseDoc("first-ls-passes", "ls -la", "{ exit-code: 0, not-contains: [permissionDecision] }"),
        caseDoc("second-clone-wrongly-expected-to-pass", "git clone https://github.com/o/r", "{ exit-code: 0, not-contains: [permissionDecision] }"),
        caseDoc("third-pwd-passes", "pwd", "{ exit-code: 0, not-contains: [permissionDecision] }"),
      ].join("\n---\n"),
    );
    const report = (jobs: string) => {
      const result = runCli(["test", join(dir, "cases"), "--jobs", jobs], { cwd: dir });
      expect(result.exitCode, result.stderr).toBe(1);
      return result.stdout.split("\n").filter(Boolean).map((line) => line.split(" (")[0]);
    };
    const expected = ["ok   first-ls-passes", "FAIL second-clone-wrongly-expected-to-pass", "ok   third-pwd-passes", "2 passed, 1 failed"];
    expect(report("1")).toEqual(expected);
    expect(report("3")).toEqual(expected);
    const bad = runCli(["test", join(dir, "cases"), "--jobs", "0"], { cwd: dir });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr.trim()).toBe('guards test: --jobs takes a whole number of 1 or more, not "0"');
    expect(bad.stdout).toBe("");
  });

  it("the cases' decisions stay out of the user's audit trail (they are not the user's actions)", () => {
    const dir = mkdtempSync(join(tmpdir(), "guards-cases-"));
    cpSync(join(ROOT, "fixtures", "claude"), join(dir, "claude"), { recursive: true });
    mkdirSync(join(dir, "cases"));
    const clone = "input: { fixture: claude/PreToolUse/ls.json, overrides: { tool_input.command: 'git clone https://github.com/o/r' } }";
    writeFileSync(join(dir, "cases", "deny.yaml"), ["name: git-clone-denied", "hook: git-to-gh", "dialect: claude", "event: pre-tool-use", clone, "expected: { exit-code: 0, stdout-json: { hookSpecificOutput: { permissionDecision: deny } } }"].join("\n"));
    const state = join(dir, "state");
    const result = runCli(["test", join(dir, "cases")], { cwd: dir, env: { GUARDS_STATE_DIR: state } });
    expect(result.stdout).toMatch(/^1 passed, 0 failed$/m);
    expect(existsSync(state)).toBe(false);
    // The same deny, run as an agent runs the hook, is recorded there.
    const payload = { ...(JSON.parse(readFileSync(join(dir, "claude", "PreToolUse", "ls.json"), "utf8")) as object), tool_input: { command: "git clone https://github.com/o/r" } };
    runNodeFile(join(ROOT, "dist", "hooks", "git-to-gh.mjs"), { args: ["--dialect", "claude"], input: JSON.stringify(payload), cwd: dir, env: { GUARDS_STATE_DIR: state } });
    expect(readFileSync(join(state, "audit", "audit.jsonl"), "utf8")).toContain("git-to-gh");
  });

  it("a malformed case file is a one-line error", () => {
    const dir = mkdtempSync(join(tmpdir(), "guards-cases-"));
    mkdirSync(join(dir, "cases"));
    writeFileSync(join(dir, "cases", "bad.yaml"), "name: [unclosed\n");
    const result = runCli(["test", join(dir, "cases")], { cwd: dir });
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("bad.yaml");
  });
});

describe("a built hook copied alone outside the repository", () => {
  it.for(NODE_BINARIES)("answers every dialect's git-to-gh cases on $name", { timeout: 120_000 }, (node) => {
    const dir = mkdtempSync(join(tmpdir(), "guards-standalone-"));
    mkdirSync(join(dir, "hooks"));
    copyFileSync(join(ROOT, "dist", "hooks", "git-to-gh.mjs"), join(dir, "hooks", "git-to-gh.mjs"));
    // The CLI spawns the hook with its own Node, so this runs the copied file on `node`.
    const result = runCli(["test", join(ROOT, "fixtures", "cases", "git-to-gh"), "--hooks-dir", join(dir, "hooks")], { cwd: dir, node: node.path, timeoutMs: 120_000 });
    expect(result.stdout.split("\n").filter((l) => l.startsWith("FAIL"))).toEqual([]);
    expect(result.stdout).toMatch(/^56 passed, 0 failed$/m);
  });
});
