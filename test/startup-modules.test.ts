/**
 * What a hook decision loads beyond Node's own start. A hook is a fresh process on every agent action, and
 * each Node built-in it loads (node:os, streams, net, child_process...) costs start-up time on every one.
 * A preload records process.moduleLoadList at exit; an empty ES module run the same way is the baseline.
 * Each hook runs once first, as every run after a hook's first: its code cache and unpacked source are kept.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIST, NODE_BINARIES, ROOT, claudeBash, runNodeFile } from "./support/process.ts";

const work = mkdtempSync(join(tmpdir(), "guards-modules-"));
const preload = join(work, "record-modules.cjs");
writeFileSync(preload, 'process.on("exit", () => require("node:fs").writeFileSync(process.env.GUARDS_TEST_MODULES_OUT, process.moduleLoadList.join("\\n")));\n');
const empty = join(work, "empty.mjs");
writeFileSync(empty, "export {};\n");

/** The built-ins a hook file may add: vm compiles the bundle through the code cache; import.meta finds the file. */
const ALLOWED = new Set(["NativeModule vm", "NativeModule internal/modules/esm/initialize_import_meta"]);

const codeCache = join(work, "code-cache");

function loadedModules(file: string, args: string[], input: string, node: string): { modules: Set<string>; exitCode: number | null; stdout: string } {
  const out = join(work, `modules-${Math.random().toString(36).slice(2)}.txt`);
  const env = { GUARDS_TEST_MODULES_OUT: out, NODE_OPTIONS: `--require ${preload}`, GUARDS_STATE_DIR: join(work, "state"), GUARDS_CODE_CACHE: codeCache };
  runNodeFile(file, { args, input, node, cwd: ROOT, env });
  const result = runNodeFile(file, { args, input, node, cwd: ROOT, env });
  return { modules: new Set(readFileSync(out, "utf8").split("\n")), exitCode: result.exitCode, stdout: result.stdout };
}

const readPayload = (file: string) => ({
  session_id: "s1", transcript_path: "/tmp/t.jsonl", cwd: ROOT, permission_mode: "default",
  hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: file }, tool_use_id: "toolu_1",
});

const notes = join(work, "notes.txt");
writeFileSync(notes, "x\n");
const writePayload = (file: string) => ({
  session_id: "s1", transcript_path: "/tmp/t.jsonl", cwd: work, permission_mode: "default",
  hook_event_name: "PostToolUse", tool_name: "Write", tool_input: { file_path: file, content: "x\n" }, tool_response: { success: true }, tool_use_id: "toolu_1",
});

const RUNS = [
  { name: "dangerous-command allowing a build", hook: "dangerous-command", payload: claudeBash("npm test && rm -rf ./build") },
  { name: "dangerous-command denying rm -rf ~", hook: "dangerous-command", payload: claudeBash("rm -rf ~") },
  { name: "kubectl-prod allowing a get", hook: "kubectl-prod", payload: claudeBash("kubectl get pods -n prod") },
  { name: "git-to-gh on git status", hook: "git-to-gh", payload: claudeBash("git status") },
  { name: "redact-secrets reading a clean file", hook: "redact-secrets", payload: readPayload(join(ROOT, "package.json")) },
  // No formatter for .txt: no process to start, so neither node:child_process nor node:crypto.
  { name: "format after an edit no formatter handles", hook: "format", payload: writePayload(notes) },
  // No telemetry endpoint: the state is counted and kept, with neither node:crypto nor the HTTP client.
  {
    name: "stop-telemetry on a Stop without an endpoint",
    hook: "stop-telemetry",
    payload: { session_id: "0d9d8a54-7a1e-4c4b-9d55-0c3f5a1b2c3d", transcript_path: "/tmp/t.jsonl", cwd: work, permission_mode: "default", hook_event_name: "Stop", stop_hook_active: false },
  },
];

describe.each(NODE_BINARIES)("built-ins a decision loads on $name", ({ path: node }) => {
  const baseline = loadedModules(empty, [], "{}", node).modules;

  it.for(RUNS)("$name: nothing beyond vm", ({ hook, payload }) => {
    const run = loadedModules(join(DIST, "hooks", `${hook}.mjs`), ["--dialect", "claude"], JSON.stringify(payload), node);
    expect(run.exitCode).not.toBeNull();
    const extra = [...run.modules].filter((m) => m.startsWith("NativeModule") && !baseline.has(m) && !ALLOWED.has(m));
    expect(extra).toEqual([]);
  });
});

/** Threads of the process at exit, and UV_THREADPOOL_SIZE as the hook's code left it. */
function threadsAtExit(env: Record<string, string>, node: string): { threads: number; poolSize: string | undefined } {
  const out = join(work, `threads-${Math.random().toString(36).slice(2)}.json`);
  const probe = join(work, "record-threads.cjs");
  writeFileSync(
    probe,
    'process.on("exit", () => require("node:fs").writeFileSync(process.env.GUARDS_TEST_THREADS_OUT, JSON.stringify({ threads: Number(/Threads:\\s+(\\d+)/.exec(require("node:fs").readFileSync("/proc/self/status", "utf8"))[1]), poolSize: process.env.UV_THREADPOOL_SIZE })));\n',
  );
  // Spawned with a pipe for stdin, as Node-based agents do: a socket, read through the thread pool.
  runNodeFile(join(DIST, "hooks", "dangerous-command.mjs"), { args: ["--dialect", "claude"], input: JSON.stringify(claudeBash("ls")), node, env: { ...env, GUARDS_TEST_THREADS_OUT: out, NODE_OPTIONS: `--require ${probe}` } });
  return JSON.parse(readFileSync(out, "utf8")) as { threads: number; poolSize: string | undefined };
}

describe.runIf(process.platform === "linux").each(NODE_BINARIES)("the thread pool on $name", ({ name, path: node }) => {
  // Node 20's ES module loader reads the main file through the thread pool: the pool is up before a hook runs.
  const poolStartsInHook = !name.startsWith("node 20.");

  it("a socket read starts one thread-pool thread where the hook starts the pool, and leaves no UV_THREADPOOL_SIZE behind", () => {
    const own = threadsAtExit({}, node);
    const usersFour = threadsAtExit({ UV_THREADPOOL_SIZE: "4" }, node);
    expect(own.poolSize).toBeUndefined();
    expect(usersFour.poolSize).toBe("4");
    expect(usersFour.threads - own.threads).toBe(poolStartsInHook ? 3 : 0);
  });
});
