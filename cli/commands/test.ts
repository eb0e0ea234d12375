import { existsSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { checkOutcome } from "../cases/check.ts";
import { casePayload, loadCases, type TestCase } from "../cases/load.ts";
import { spawnHook, type SpawnSpec } from "../cases/spawn.ts";
import { isObject } from "../../shared/fields.ts";
import { openReplayState } from "../install/replay-state.ts";
import type { Command } from "./io.ts";

/**
 * `guards test [PATH] [--hooks-dir DIR] [--jobs N]`: replays universal-format cases against built hook files.
 * A case with `hook:` runs `<hooks-dir>/<hook>.mjs --dialect <dialect>`; a case without it runs the
 * command of a UAAPS package's hooks/hooks.json (event + hook-index), as the package format says.
 * Cases run N at a time (default: one per processor), as agents start hooks side by side; the report keeps
 * the cases' order. `--jobs 1` runs them one after another, for cases that share state.
 */
export const testCommand: Command = async (io) => {
  const { values, positionals } = parseArgs({ args: io.argv, options: { "hooks-dir": { type: "string" }, jobs: { type: "string" } }, allowPositionals: true });
  const jobs = values.jobs === undefined ? availableParallelism() : Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) {
    io.stderr(`guards test: --jobs takes a whole number of 1 or more, not "${values.jobs}"\n`);
    return 2;
  }
  const target = resolve(io.cwd, positionals[0] ?? "fixtures/cases");
  if (!existsSync(target)) {
    io.stderr(`guards test: no cases at ${target}\n`);
    return 2;
  }
  const hooksDir = resolve(io.cwd, values["hooks-dir"] ?? join(dirname(fileURLToPath(import.meta.url)), "hooks"));
  const cases = loadCases(target);
  // The cases are not the user's actions (many are denies): their records go to a folder deleted after, and are never exported.
  const replay = openReplayState(io.env);
  let outcomes: string[][];
  try {
    outcomes = await mapLimited(cases, jobs, (testCase) => runCase(testCase, hooksDir, replay.env));
  } finally {
    replay.close();
  }
  let passed = 0;
  let failed = 0;
  for (const [index, testCase] of cases.entries()) {
    const problems = outcomes[index]!;
    if (problems.length === 0) {
      passed++;
      io.stdout(`ok   ${testCase.name}\n`);
    } else {
      failed++;
      io.stdout(`FAIL ${testCase.name} (${testCase.file}): ${problems.join("; ")}\n`);
    }
  }
  io.stdout(`${passed} passed, ${failed} failed\n`);
  return failed === 0 && cases.length > 0 ? 0 : 1;
};

/** `work` over `items`, at most `limit` at a time, results in the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function runCase(testCase: TestCase, hooksDir: string, env: Readonly<Record<string, string | undefined>>): Promise<string[]> {
  let spec: SpawnSpec;
  try {
    const config = testConfig(testCase.root);
    const input = JSON.stringify(casePayload(testCase));
    const base = { input, cwd: testCase.root, env: { ...env, ...config.env, ...testCase.env }, timeoutMs: config.timeoutSeconds * 1000 };
    spec = testCase.hook
      ? { ...base, command: process.execPath, args: [join(hooksDir, `${testCase.hook}.mjs`), ...(testCase.dialect ? ["--dialect", testCase.dialect] : [])] }
      : { ...base, ...packageCommand(testCase) };
  } catch (error) {
    return [(error as Error).message];
  }
  return checkOutcome(testCase, await spawnHook(spec));
}

/** tests/test-config.json: `timeout` seconds per case (default 30) and `env`. */
function testConfig(root: string): { timeoutSeconds: number; env: Record<string, string> } {
  const file = join(root, "test-config.json");
  if (!existsSync(file)) return { timeoutSeconds: 30, env: {} };
  const value: unknown = JSON.parse(readFileSync(file, "utf8"));
  const obj = isObject(value) ? value : {};
  const env = isObject(obj.env) ? (Object.fromEntries(Object.entries(obj.env).map(([k, v]) => [k, String(v)])) as Record<string, string>) : {};
  return { timeoutSeconds: typeof obj.timeout === "number" ? obj.timeout : 30, env };
}

/** The command of hook group `hook-index` of `event` in the package's hooks/hooks.json, through sh. */
function packageCommand(testCase: TestCase): { command: string; args: string[] } {
  // The seed's layout keeps tests/ inside hooks/ (hooks/tests/cases, as `guards pack` writes it); tests/ at the package root works too.
  const inHooks = existsSync(join(dirname(testCase.root), "hooks.json"));
  const packageRoot = inHooks ? dirname(dirname(testCase.root)) : dirname(testCase.root);
  const file = join(packageRoot, "hooks", "hooks.json");
  if (!existsSync(file)) throw new Error(`case has no "hook:" and there is no ${file}`);
  const config: unknown = JSON.parse(readFileSync(file, "utf8"));
  const groups = isObject(config) && isObject(config.hooks) ? config.hooks[testCase.event] : undefined;
  const group = Array.isArray(groups) ? groups[testCase.hookIndex] : undefined;
  const handler = isObject(group) && Array.isArray(group.hooks) ? group.hooks[0] : undefined;
  if (!isObject(handler) || typeof handler.command !== "string") throw new Error(`${file} has no command hook for ${testCase.event}[${testCase.hookIndex}]`);
  const command = handler.command.replaceAll("${PACKAGE_ROOT}", packageRoot);
  return { command: "/bin/sh", args: ["-c", command] };
}
