/** A fresh project + HOME per run, and the agent's headless run in it against a recording fake model. */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { AgentUnderTest, SharedDirs, Workspace } from "./agent.ts";
import { startRecordingServer, type RecordedRequest } from "./fake/recorder.ts";
import type { NativeToolCall } from "./fake/script.ts";

export function createWorkspace(label: string): Workspace {
  // realpath: agents report the resolved cwd, and trust settings are keyed by it.
  const root = realpathSync(mkdtempSync(join(tmpdir(), `guards-agents-${label}-`)));
  const workspace = { root, project: join(root, "project"), home: join(root, "home"), outside: join(root, "outside"), bin: join(root, "bin") };
  for (const dir of [workspace.project, workspace.home, workspace.outside, workspace.bin]) mkdirSync(dir, { recursive: true });
  // Projects are git repositories, as the installer expects (Codex entries find the project through git).
  spawnSync("git", ["init", "-q", workspace.project], { stdio: "ignore" });
  // Codex runs commands in a login shell, which resets PATH from /etc/profile: the user's own bin comes back here.
  const profile = `PATH="${workspace.bin}:$PATH"; export PATH\n`;
  for (const file of [".profile", ".bash_profile"]) writeFileSync(join(workspace.home, file), profile);
  return workspace;
}

export interface AgentRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Every request the fake model server received, in order. */
  requests: RecordedRequest[];
  /** A pre-tool hook ended the run, by the agent's own account (AgentUnderTest.stoppedByHook). */
  stoppedByHook: boolean;
}

export interface RunOptions {
  agent: AgentUnderTest;
  agentBin: string;
  workspace: Workspace;
  call: NativeToolCall;
  shared: SharedDirs;
  prompt?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 150_000;

export async function runAgent(options: RunOptions): Promise<AgentRun> {
  const { agent, workspace } = options;
  const server = await startRecordingServer(agent.answer(options.call));
  try {
    agent.prepare(workspace, server.url);
    const invocation = agent.invocation(workspace, server.url, options.prompt ?? "Run the scripted step.", options.shared);
    // A clean environment: nothing of the caller's credentials or agent settings leaks into the run.
    const env: Record<string, string> = {
      PATH: [workspace.bin, dirname(process.execPath), "/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"].join(":"),
      HOME: workspace.home,
      TMPDIR: workspace.root,
      LANG: "C.UTF-8",
      TERM: "dumb",
      NO_COLOR: "1",
      CI: "1",
      ...invocation.env,
      ...options.env,
    };
    for (const name of invocation.unset) delete env[name];
    const run = await spawnAgent(options.agentBin, invocation.args, workspace.project, env, options.timeoutMs ?? DEFAULT_TIMEOUT_MS, server.requests);
    return { ...run, stoppedByHook: agent.stoppedByHook?.(run) ?? false };
  } finally {
    await server.close();
  }
}

function spawnAgent(file: string, args: string[], cwd: string, env: Record<string, string>, timeoutMs: number, requests: RecordedRequest[]): Promise<Omit<AgentRun, "stoppedByHook">> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const timer = setTimeout(() => {
      stderr += `\n[timed out after ${timeoutMs} ms]`;
      killGroup(child.pid);
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ exitCode: null, stdout, stderr: `${stderr}\n${error.message}`, requests });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      // The agent may leave hook or shell children behind: end its whole process group.
      killGroup(child.pid);
      resolve({ exitCode: code, stdout, stderr, requests });
    });
  });
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}
