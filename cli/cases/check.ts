/** Compares one hook run with a case's expectations; returns what did not match. */
import type { TestCase } from "./load.ts";

export interface Outcome {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timedOut: boolean;
}

export function checkOutcome(testCase: TestCase, outcome: Outcome): string[] {
  const problems: string[] = [];
  const { expected } = testCase;
  if (outcome.timedOut) problems.push("timed out");
  if (expected.exitCode !== undefined && outcome.exitCode !== expected.exitCode) {
    problems.push(`exit code ${outcome.exitCode}, expected ${expected.exitCode}`);
  }
  for (const text of expected.stderrContains) {
    if (!outcome.stderr.includes(text)) problems.push(`stderr lacks ${JSON.stringify(text)}`);
  }
  if (expected.stdoutJson !== undefined) {
    let actual: unknown;
    try {
      actual = JSON.parse(outcome.stdout);
    } catch {
      problems.push(`stdout is not JSON: ${JSON.stringify(outcome.stdout.slice(0, 200))}`);
    }
    if (actual !== undefined) {
      const mismatch = partialMismatch(expected.stdoutJson, actual, "stdout");
      if (mismatch) problems.push(mismatch);
    }
  }
  const combined = outcome.stdout + outcome.stderr;
  for (const text of expected.notContains) {
    if (combined.includes(text)) problems.push(`output contains ${JSON.stringify(text)}`);
  }
  return problems;
}

/** Deep partial match: every key of `expected` must match in `actual`; arrays element by element. */
export function partialMismatch(expected: unknown, actual: unknown, path: string): string | undefined {
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object") return `${path} is ${JSON.stringify(actual)}, expected an object`;
    for (const [key, value] of Object.entries(expected)) {
      const found = partialMismatch(value, (actual as Record<string, unknown>)[key], `${path}.${key}`);
      if (found) return found;
    }
    return undefined;
  }
  return Object.is(expected, actual) ? undefined : `${path} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`;
}
