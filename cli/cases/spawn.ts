import { spawn } from "node:child_process";
import type { Outcome } from "./check.ts";

export interface SpawnSpec {
  command: string;
  args: string[];
  input: string;
  cwd: string;
  env: Record<string, string | undefined>;
  timeoutMs: number;
}

/** Runs a hook the way an agent does: a fresh process, the payload on stdin, killed at the timeout. */
export function spawnHook(spec: SpawnSpec): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, spec.timeoutMs);
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ stdout, stderr: `${stderr}${error.message}\n`, exitCode: null, timedOut });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, exitCode: code, timedOut });
    });
    // A hook may exit before reading its input (a pass on an unknown event): ignore EPIPE.
    child.stdin.on("error", () => {});
    child.stdin.end(spec.input);
  });
}
