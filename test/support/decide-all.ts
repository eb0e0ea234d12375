/** Every payload of one dialect through the built engine in one process (test/support/decide-all.mjs). */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { DIST, ROOT, SYSTEM_NODE } from "./process.ts";

export interface DecideAll {
  hooks: string[];
  dialect: string;
  payloads: unknown[];
  env: Record<string, string | undefined>;
  cwd: string;
}

/** The engine's answer to each payload (the dialect's JSON, or `{ block }`), and what the process wrote on stderr. */
export function decideAll(job: DecideAll): Promise<{ answers: Record<string, unknown>[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(SYSTEM_NODE, [join(ROOT, "test", "support", "decide-all.mjs"), join(DIST, "plugin.mjs")], { cwd: job.cwd, env: job.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`${job.dialect}: exit ${code}: ${stderr}`));
      resolve({ answers: JSON.parse(stdout) as Record<string, unknown>[], stderr });
    });
    child.stdin.end(JSON.stringify({ hooks: job.hooks, dialect: job.dialect, payloads: job.payloads, env: job.env }));
  });
}
