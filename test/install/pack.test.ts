/** `guards pack --format uaaps`: a package valid against the UAAPS schema whose own test cases pass when replayed as the spec says. */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { hooks } from "../../hooks/index.ts";
import { testCommand } from "../../cli/commands/test.ts";
import { PACK_CASES } from "../../cli/install/pack-cases.ts";
import { ROOT } from "../support/process.ts";
import { schemaErrors } from "./schemas.ts";
import { guards as guardsCli, makeWorkspace } from "./workspace.ts";

const UAAPS_SCHEMA = join(ROOT, "test", "install", "schemas", "uaaps-hooks.schema.json");

interface Case {
  name: string;
  event: string;
  "hook-index": number;
  input: { fixture: string; overrides?: Record<string, string> };
  expected: { "exit-code"?: number; "stdout-json"?: unknown; "not-contains"?: string[] };
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

function partialMatch(actual: unknown, expected: unknown): boolean {
  if (typeof expected !== "object" || expected === null) return actual === expected;
  return typeof actual === "object" && actual !== null && Object.entries(expected).every(([k, v]) => partialMatch((actual as Record<string, unknown>)[k], v));
}

describe("guards pack --format uaaps", () => {
  test("writes hooks.json valid against the UAAPS schema, every hook file, and commands through ${PACKAGE_ROOT}", async () => {
    const ws = makeWorkspace();
    const out = join(ws.root, "pkg");
    const result = await guardsCli(ws, ["pack", "--format", "uaaps", "--out", out]);
    expect(result.code, result.stderr).toBe(0);
    const config = JSON.parse(readFileSync(join(out, "hooks", "hooks.json"), "utf8")) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    expect(schemaErrors(UAAPS_SCHEMA, config)).toEqual([]);
    for (const id of Object.keys(hooks)) expect(existsSync(join(out, "hooks", "scripts", `${id}.mjs`))).toBe(true);
    const commands = Object.values(config.hooks).flat().flatMap((g) => g.hooks.map((h) => h.command));
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) expect(command).toMatch(/^unset NODE_OPTIONS NODE_COMPILE_CACHE NODE_V8_COVERAGE; node "\$\{PACKAGE_ROOT\}\/hooks\/scripts\/[a-z-]+\.mjs"$/);
  });

  test("the package's own cases pass when replayed as the spec's assert runner does", async () => {
    const ws = makeWorkspace();
    const out = join(ws.root, "pkg");
    await guardsCli(ws, ["pack", "--format", "uaaps", "--out", out]);
    const tests = join(out, "hooks", "tests");
    expect(parse(readFileSync(join(tests, "test-config.json"), "utf8"))).toMatchObject({ version: 1 });
    const config = JSON.parse(readFileSync(join(out, "hooks", "hooks.json"), "utf8")) as { hooks: Record<string, { hooks: { command: string }[] }[]> };
    const cases = readdirSync(join(tests, "cases")).flatMap((f) => parseAllDocuments(readFileSync(join(tests, "cases", f), "utf8")).map((d) => d.toJS() as Case));
    expect(cases.map((c) => c.name)).toContain("git-to-gh-clone-redirected");
    for (const c of cases) {
      const payload = JSON.parse(readFileSync(join(tests, c.input.fixture), "utf8")) as Record<string, unknown>;
      for (const [path, value] of Object.entries(c.input.overrides ?? {})) setPath(payload, path, value);
      const command = config.hooks[c.event]![c["hook-index"]]!.hooks[0]!.command.replaceAll("${PACKAGE_ROOT}", out);
      const run = spawnSync("sh", ["-c", command], { cwd: out, input: JSON.stringify(payload), encoding: "utf8", env: { PATH: process.env.PATH } });
      if (c.expected["exit-code"] !== undefined) expect(run.status, `${c.name}: ${run.stderr}`).toBe(c.expected["exit-code"]);
      if (c.expected["stdout-json"]) expect(partialMatch(JSON.parse(run.stdout), c.expected["stdout-json"]), c.name).toBe(true);
      for (const text of c.expected["not-contains"] ?? []) expect(run.stdout + run.stderr, c.name).not.toContain(text);
    }
  });

  test("guards test replays the package's cases, all passing", async () => {
    const ws = makeWorkspace();
    const out = join(ws.root, "pkg");
    await guardsCli(ws, ["pack", "--format", "uaaps", "--out", out]);
    let stdout = "";
    const code = await testCommand({ argv: [join(out, "hooks", "tests")], stdout: (t) => void (stdout += t), stderr: () => {}, stdin: undefined as never, stdinIsTTY: false, env: { PATH: process.env.PATH }, cwd: ws.root });
    expect(stdout).toContain(`${PACK_CASES.length} passed, 0 failed`);
    expect(code).toBe(0);
  });

  test("a folder that is not empty is refused, and left as it was", async () => {
    const ws = makeWorkspace();
    const out = join(ws.root, "pkg");
    mkdirSync(out);
    writeFileSync(join(out, "mine.txt"), "keep");
    const result = await guardsCli(ws, ["pack", "--format", "uaaps", "--out", out]);
    expect(result.code).toBe(1);
    expect(readdirSync(out)).toEqual(["mine.txt"]);
  });

  test("an unknown format is a usage error", async () => {
    const ws = makeWorkspace();
    expect((await guardsCli(ws, ["pack", "--format", "zip", "--out", join(ws.root, "x")])).code).toBe(2);
  });
});
