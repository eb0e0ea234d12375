/**
 * How stdin reaches a built hook: agents hand over a socket (Node-based agents), a pipe (shells, Rust
 * agents) or a file. Each kind has its own reading path; each must read the whole payload, stop at the
 * size limit, and never leave the agent waiting on input that does not end.
 */
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDialectArgument } from "../shared/entry.ts";
import { claudeBash, DIST, NODE_BINARIES } from "./support/process.ts";


const HOOK = join(DIST, "hooks", "git-to-gh.mjs");

const gitClone = (padding = "") => ({ ...claudeBash("git clone https://github.com/o/r"), ...(padding ? { padding } : {}) });

type StdinKind = "socket" | "pipe" | "file";

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the hook with `input` arriving through stdin of the given kind; `input: null` never writes nor closes. */
function runWith(kind: StdinKind, node: string, input: string | null, env: Record<string, string> = {}): Promise<Outcome> {
  const dir = mkdtempSync(join(tmpdir(), "guards-stdin-kind-"));
  const payload = join(dir, "payload.json");
  writeFileSync(payload, input ?? "");
  const args = [HOOK, "--dialect", "claude"];
  const options = { env: { ...process.env, ...env }, cwd: dir };
  const started = Date.now();
  const child =
    kind === "socket"
      ? spawn(node, args, { ...options, stdio: ["pipe", "pipe", "pipe"] })
      : kind === "pipe"
        ? spawnWithPipe(node, args, options, input === null ? "sleep 10" : 'cat "$PAYLOAD"', payload)
        : spawnWithFile(node, args, options, payload);
  if (kind === "socket" && input !== null) child.stdin!.end(input);
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      if (kind === "socket") child.stdin!.destroy();
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** stdin is a pipe from `writer` (bash process substitution); exec leaves node itself as the child. */
function spawnWithPipe(node: string, args: string[], options: { env: NodeJS.ProcessEnv; cwd: string }, writer: string, payload: string) {
  return spawn("bash", ["-c", `exec "$0" "$@" < <(${writer} 2>/dev/null)`, node, ...args], { ...options, env: { ...options.env, PAYLOAD: payload }, stdio: ["ignore", "pipe", "pipe"] });
}

function spawnWithFile(node: string, args: string[], options: { env: NodeJS.ProcessEnv; cwd: string }, payload: string) {
  const fd = openSync(payload, "r");
  try {
    return spawn(node, args, { ...options, stdio: [fd, "pipe", "pipe"] });
  } finally {
    closeSync(fd);
  }
}

const denied = (outcome: Outcome) => (JSON.parse(outcome.stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision;

describe.for(NODE_BINARIES)("stdin on $name", (node) => {
  describe.for(["socket", "pipe", "file"] as const)("from a %s", (kind) => {
    it("reads a whole payload and decides on it", async () => {
      const outcome = await runWith(kind, node.path, JSON.stringify(gitClone()));
      expect(outcome.code).toBe(0);
      expect(denied(outcome)).toBe("deny");
    });

    it("reads a payload of several megabytes to its end", async () => {
      // More than one read, and more than a socket buffers: the payload only parses if every byte arrived.
      const outcome = await runWith(kind, node.path, JSON.stringify(gitClone("x".repeat(3 * 1024 * 1024))));
      expect(outcome.stderr).toBe("");
      expect(denied(outcome)).toBe("deny");
    });

    it("stops at the size limit", async () => {
      const outcome = await runWith(kind, node.path, JSON.stringify(gitClone("x".repeat(5000))), { GUARDS_MAX_INPUT_BYTES: "1000" });
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toContain("input larger than 1000 bytes");
    });
  });

  it("a pipe that stays open after a whole payload: decided without waiting for the end", async () => {
    // A whole JSON document is all an agent sends: the hook does not wait for the writer to close.
    const dir = mkdtempSync(join(tmpdir(), "guards-stdin-whole-"));
    const env = { ...process.env, WHOLE: JSON.stringify(gitClone()), GUARDS_STDIN_TIMEOUT_MS: "5000" };
    const child = spawnWithPipe(node.path, [HOOK, "--dialect", "claude"], { env, cwd: dir }, 'printf %s "$WHOLE"; sleep 10', "");
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
    expect(denied({ code, signal: null, stdout, stderr: "", ms: 0 })).toBe("deny");
  });

  it("a socket that stays open after a whole payload: decided without waiting for the end", async () => {
    const child = spawn(node.path, [HOOK, "--dialect", "claude"], { env: { ...process.env, GUARDS_STDIN_TIMEOUT_MS: "5000" }, stdio: ["pipe", "pipe", "pipe"] });
    child.stdin.write(JSON.stringify(gitClone()));
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on("exit", (c, sig) => resolve([c, sig])));
    child.stdin.destroy();
    expect([code, signal]).toEqual([0, null]);
    expect(denied({ code, signal, stdout, stderr: "", ms: 0 })).toBe("deny");
  });

  it("a pipe that stays open with a partial payload: denied at the time limit", async () => {
    const dir = mkdtempSync(join(tmpdir(), "guards-stdin-partial-"));
    const env = { ...process.env, PARTIAL: '{"hook_event_name":"PreToolUse",', GUARDS_STDIN_TIMEOUT_MS: "300" };
    const child = spawnWithPipe(node.path, [HOOK, "--dialect", "claude"], { env, cwd: dir }, 'printf %s "$PARTIAL"; sleep 10', "");
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(2);
    expect(stderr.trim()).toBe("guards git-to-gh: input did not end within 300 ms; denied to be safe");
  });

  it("a pipe that stays open and silent: denied at the time limit", async () => {
    const outcome = await runWith("pipe", node.path, null, { GUARDS_STDIN_TIMEOUT_MS: "300" });
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain("input did not end within 300 ms");
  });

  it("a socket that stays open and silent: the answer is written at the time limit and the process ends", async () => {
    // A read of a socket cannot be cancelled, so the process cannot exit normally: it ends itself.
    const outcome = await runWith("socket", node.path, null, { GUARDS_STDIN_TIMEOUT_MS: "300" });
    expect(outcome.stderr.trim()).toBe("guards git-to-gh: input did not end within 300 ms; denied to be safe");
    expect(outcome.signal).toBe("SIGKILL");
  });
});

describe("the --dialect argument", () => {
  const cases: { args: string[]; dialect?: string; error?: string }[] = [
    { args: [], dialect: undefined },
    { args: ["--dialect", "claude"], dialect: "claude" },
    { args: ["--dialect=cursor"], dialect: "cursor" },
    { args: ["--dialect", "claude", "--dialect", "claude"], dialect: "claude" },
    { args: ["--dialect"], error: "argument missing" },
    { args: ["--dialect", "--other"], error: "argument missing" },
    { args: ["--dialect", "claude", "--dialect=cursor"], error: "given twice" },
    { args: ["--bogus"], error: "unknown option '--bogus'" },
    { args: ["-d", "claude"], error: "unknown option '-d'" },
    { args: ["claude"], error: "unexpected argument 'claude'" },
  ];
  it.for(cases)("$args", ({ args, dialect, error }) => {
    if (error) expect(() => parseDialectArgument(args)).toThrow(error);
    else expect(parseDialectArgument(args)).toBe(dialect);
  });
});
