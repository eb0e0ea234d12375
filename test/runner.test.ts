/** Bad input reaches the built hook files as processes: one line on stderr, the dialect's answer, no stack trace. */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeBash, DIST, NODE_BINARIES, runBuiltHook } from "./support/process.ts";


interface BadInput {
  name: string;
  input: string | Buffer;
  args?: string[];
  env?: Record<string, string>;
  /** What the one stderr line must say. */
  says: string;
}

const badInputs: BadInput[] = [
  { name: "empty stdin", input: "", says: "empty input" },
  { name: "blank stdin", input: "  \n", says: "empty input" },
  { name: "invalid JSON", input: "{not json", says: "not valid JSON" },
  { name: "truncated JSON", input: '{"hook_event_name":"PreToolUse","tool_', says: "not valid JSON" },
  { name: "binary bytes", input: Buffer.from([0xff, 0x00, 0xfe, 0x13, 0x88, 0x01]), says: "not valid JSON" },
  { name: "JSON array", input: "[1,2]", says: "must be a JSON object, got an array" },
  { name: "JSON null", input: "null", says: "must be a JSON object, got null" },
  { name: "JSON string", input: '"git push"', says: "must be a JSON object, got string" },
  { name: "wrong field type", input: JSON.stringify(claudeBash(42)), args: ["--dialect", "claude"], says: 'field "tool_input.command" must be a string' },
  { name: "missing field", input: JSON.stringify({ ...claudeBash("x"), tool_input: {} }), args: ["--dialect", "claude"], says: 'missing field "tool_input.command"' },
  { name: "unknown dialect", input: JSON.stringify(claudeBash("ls")), args: ["--dialect", "vim"], says: 'unknown dialect "vim"' },
  { name: "undetectable shape", input: JSON.stringify({ hello: "world" }), says: "cannot tell which agent" },
  { name: "unknown argument", input: JSON.stringify(claudeBash("ls")), args: ["--bogus"], says: "bad arguments" },
  { name: "input over the size limit", input: JSON.stringify(claudeBash("x".repeat(5000))), args: ["--dialect", "claude"], env: { GUARDS_MAX_INPUT_BYTES: "1000" }, says: "input larger than 1000 bytes" },
];

function expectOneCleanLine(stderr: string, says: string) {
  const lines = stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(says);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe.for(NODE_BINARIES)("bad input on $name", (node) => {
  describe("a security hook fails closed", () => {
    it.for(badInputs)("$name → exit 2 with the reason", (bad) => {
      const result = runBuiltHook("git-to-gh", bad.input, { args: bad.args, env: bad.env, node: node.path });
      expect(result.exitCode).toBe(2);
      expectOneCleanLine(result.stderr, bad.says);
      expect(result.stderr).toContain("denied to be safe");
    });
  });

  describe("an observer fails open", () => {
    it.for(badInputs)("$name → exit 0 with the reason on stderr", (bad) => {
      const result = runBuiltHook("format", bad.input, { args: bad.args, env: bad.env, node: node.path });
      expect(result.exitCode).toBe(0);
      expectOneCleanLine(result.stderr, bad.says);
      expect(result.stdout).toBe("");
    });
  });

  it("a payload that never ends does not hang the agent", async () => {
    const child = spawn(node.path, [join(DIST, "hooks", "git-to-gh.mjs"), "--dialect", "claude"], {
      env: { ...process.env, GUARDS_STDIN_TIMEOUT_MS: "300" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    child.stdin.write('{"hook_event_name":"PreToolUse",');
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(2);
    expectOneCleanLine(stderr, "input did not end within 300 ms");
  });
});

describe("events a hook does not serve pass through silently", () => {
  it.for(NODE_BINARIES)("$name: a Claude Stop event to git-to-gh", (node) => {
    const result = runBuiltHook("git-to-gh", { session_id: "s", cwd: "/tmp", permission_mode: "default", hook_event_name: "Stop", stop_hook_active: false }, { dialect: "claude", node: node.path });
    expect(result).toMatchObject({ exitCode: 0, stdout: "", stderr: "" });
  });

  it("an event the dialect does not know", () => {
    const result = runBuiltHook("git-to-gh", { session_id: "s", cwd: "/tmp", hook_event_name: "SomethingNew" }, { dialect: "claude" });
    expect(result).toMatchObject({ exitCode: 0, stdout: "", stderr: "" });
  });
});
