/** Runs built files as the agents do: a fresh process, JSON on stdin, a cwd, an env, a timeout. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { nodeBinaries } from "../../scripts/node-binaries.mjs";
import { join } from "node:path";

export const ROOT = join(import.meta.dirname, "..", "..");
export const DIST = join(ROOT, "dist");

/** `npm run test:quick` (vitest.quick.config.ts): the tables of built files over NODE_BINARIES are left out. */
function inProcessOnly(): boolean {
  return process.env.GUARDS_TEST_IN_PROCESS === "1";
}

/**
 * Node binaries every process test runs on: the machine's own (Node 20 here and in CI) and Node 24
 * from the `node` dev dependency. Under npm scripts `node` itself is that Node 24, so the machine's
 * is looked up on PATH outside node_modules.
 */
export const NODE_BINARIES: { name: string; path: string }[] = inProcessOnly() ? [] : nodeBinaries(ROOT);

/**
 * The Node that version-independent tables of built files run on: decisions and the bytes each dialect
 * gets are the same code on every Node. What does depend on the version (the hook file's loader and code
 * cache, stdin and exit handling, the modules a start loads, HTTP delivery) is tested on every binary of
 * NODE_BINARIES.
 */
export const TABLE_NODES: { name: string; path: string }[] = NODE_BINARIES.slice(0, 1);

/** The machine's Node, which users run hooks with; runNodeFile's default. */
export const SYSTEM_NODE = NODE_BINARIES[0]?.path ?? process.execPath;

export interface ProcessResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  /** stdout parsed as JSON, when it is JSON. */
  json?: unknown;
}

export interface RunFileOptions {
  args?: string[];
  input?: string | Buffer;
  cwd?: string;
  env?: Record<string, string | undefined>;
  node?: string;
  timeoutMs?: number;
}

/** Runs `node FILE ARGS` with `input` on stdin. */
export function runNodeFile(file: string, options: RunFileOptions = {}): ProcessResult {
  const result = spawnSync(options.node ?? SYSTEM_NODE, [file, ...(options.args ?? [])], {
    input: options.input ?? "",
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    timeout: options.timeoutMs ?? 20_000,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  let json: unknown;
  try {
    json = result.stdout.trim() ? JSON.parse(result.stdout) : undefined;
  } catch {
    json = undefined;
  }
  return { stdout: result.stdout, stderr: result.stderr, exitCode: result.status, json };
}

/** Runs the built `dist/hooks/<id>.mjs` with a payload object or raw text. */
export function runBuiltHook(id: string, payload: unknown, options: RunFileOptions & { dialect?: string } = {}): ProcessResult {
  const args = [...(options.dialect ? ["--dialect", options.dialect] : []), ...(options.args ?? [])];
  const input = typeof payload === "string" || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
  return runNodeFile(join(DIST, "hooks", `${id}.mjs`), { ...options, args, input });
}

/** Runs the built CLI `dist/cli.mjs`. */
export function runCli(args: string[], options: RunFileOptions = {}): ProcessResult {
  return runNodeFile(join(DIST, "cli.mjs"), { ...options, args: [...args, ...(options.args ?? [])] });
}

/** A Claude Code `PreToolUse` Bash payload, as in fixtures/claude/PreToolUse/; `command` may be of any type (bad input). */
export const claudeBash = (command: unknown) => ({
  session_id: "s1",
  transcript_path: "/tmp/t.jsonl",
  cwd: "/tmp",
  permission_mode: "default",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command },
  tool_use_id: "toolu_1",
});

export function readFixture(relativePath: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(ROOT, "fixtures", relativePath), "utf8")) as Record<string, unknown>;
}
