/** Many runs of the built redact-secrets hook, two at a time, and what each lets the agent see. */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DIST, SYSTEM_NODE } from "./process.ts";

export interface Outcome {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

export interface HookRunner {
  /** Runs the built hook once per payload, two at a time (the machine's cores), answers in order. */
  runAll: (jobs: { dialect: string; payload: unknown }[]) => Promise<Outcome[]>;
  /**
   * What the agent sees: the hook's output and the redacted copies it is pointed at. A decision that is
   * neither a deny nor a redirect lets the agent read the original, which is then part of what it sees.
   */
  seenByAgent: (outcome: Outcome, original: string) => { verdict: "denied" | "redacted" | "passed"; seen: string };
}

export function hookRunner(options: { cwd: () => string; env: () => Record<string, string>; copies: () => string }): HookRunner {
  const runOne = (dialect: string, payload: unknown) =>
    new Promise<Outcome>((resolve, reject) => {
      const child = spawn(SYSTEM_NODE, [join(DIST, "hooks", "redact-secrets.mjs"), "--dialect", dialect], { cwd: options.cwd(), env: { ...process.env, ...options.env() } });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      child.on("error", reject);
      child.on("close", (exitCode) => resolve({ exitCode, stdout, stderr }));
      child.stdin.end(JSON.stringify(payload));
    });
  const runAll = async (jobs: { dialect: string; payload: unknown }[]) => {
    const results: Outcome[] = new Array(jobs.length);
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await runOne(jobs[i]!.dialect, jobs[i]!.payload);
      }
    };
    await Promise.all([worker(), worker()]);
    return results;
  };
  /** Redacted copies named anywhere in the answer: a path, or a word of a rewritten command. */
  const copyPaths = (stdout: string): string[] => {
    const words = new Set<string>();
    const visit = (value: unknown): void => {
      if (typeof value === "string") for (const word of value.split(/[\s'"()]+/)) if (word.startsWith(options.copies()) && existsSync(word)) words.add(word);
      if (value && typeof value === "object") Object.values(value).forEach(visit);
    };
    try {
      visit(JSON.parse(stdout));
    } catch {
      // Not JSON: nothing points at a copy.
    }
    return [...words];
  };
  const seenByAgent = (outcome: Outcome, original: string) => {
    const copiesIn = copyPaths(outcome.stdout);
    const seen = [outcome.stdout, outcome.stderr, ...copiesIn.map((copy) => readFileSync(copy, "utf8"))].join("\n");
    // A deny in each dialect's shape: Claude's and Cursor's decisions, Cline's `cancel`, the plugins' `block`.
    if (outcome.exitCode === 2 || /"(?:permissionDecision|permission|decision)"\s*:\s*"(?:deny|block)"|"cancel"\s*:\s*true|"block"\s*:\s*"/.test(outcome.stdout)) return { verdict: "denied" as const, seen };
    if (copiesIn.length > 0) return { verdict: "redacted" as const, seen };
    return { verdict: "passed" as const, seen: `${seen}\n${original}` };
  };
  return { runAll, seenByAgent };
}
