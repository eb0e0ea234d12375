import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { checkOutcome } from "../cases/check.ts";
import { casePayload, loadCases, type TestCase } from "../cases/load.ts";
import { spawnHook, type SpawnSpec } from "../cases/spawn.ts";
import { isObject } from "../../shared/fields.ts";
import type { Command } from "./io.ts";

/**
 * `guards test [PATH] [--hooks-dir DIR]`: replays universal-format cases against built hook files.
 * A case with `hook:` runs `<hooks-dir>/<hook>.mjs --dialect <dialect>`; a case without it runs the
 * command of a UAAPS package's hooks/hooks.json (event + hook-index), as the package format says.
 */
export const testCommand: Command = async (io) => {
  const { values, positionals } = parseArgs({ args: io.argv, options: { "hooks-dir": { type: "string" } }, allowPositionals: true });
  const target = resolve(io.cwd, positionals[0] ?? "fixtures/cases");
  if (!existsSync(target)) {
    io.stderr(`guards test: no cases at ${target}\n`);
    return 2;
  }
  const hooksDir = resolve(io.cwd, values["hooks-dir"] ?? join(dirname(fileURLToPath(import.meta.url)), "hooks"));
  const cases = loadCases(target);
  let passed = 0;
  let failed = 0;
  for (const testCase of cases) {
    const problems = await runCase(testCase, hooksDir, io.env);
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
