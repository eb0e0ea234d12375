/**
 * The independent lists through the built engine in every dialect with a shell event: the same command
 * must be stopped, or pass, whichever agent sends it. One process per dialect runs every row through
 * dist/plugin.mjs (the runner of guards.cjs); guards.cjs itself then answers a few rows per dialect the
 * same way, as its own process.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { independentDestructive, independentHarmless } from "../../hooks/dangerous-command/cases/independent.ts";
import { DIST, ROOT, SYSTEM_NODE, readFixture, runNodeFile, type ProcessResult } from "../support/process.ts";
import { EVERY_SHELL_DIALECT, stoppedIn, withCommand } from "../support/shell-payloads.ts";
import { decideAll } from "../support/decide-all.ts";

const HOME = "/home/dev";
const PROJECT = "/home/dev/project";
const ENV = { HOME, USER: "dev", PWD: PROJECT, TMPDIR: "/tmp/", XDG_CONFIG_HOME: "/nonexistent/xdg", GUARDS_ENTERPRISE_CONFIG: "/nonexistent/enterprise.yaml", PATH: process.env.PATH };
const ROWS = [...independentDestructive.map((command) => ({ command, stopped: true })), ...independentHarmless.map((command) => ({ command, stopped: false }))];

/** Every row for one dialect, in one process; answers read as ProcessResults. */
async function decideRows(dialect: string, fixture: string): Promise<ProcessResult[]> {
  const payloads = ROWS.map((row) => withCommand(readFixture(fixture), row.command, PROJECT));
  const { answers } = await decideAll({ hooks: ["dangerous-command"], dialect, payloads, env: ENV, cwd: ROOT });
  return answers.map((json) => (typeof json.block === "string" ? { stdout: "", stderr: json.block, exitCode: 2 } : { stdout: JSON.stringify(json), stderr: "", exitCode: 0, json }));
}

/** Two processes at a time (the machine's cores); each dialect's answers as soon as its own process ends. */
function everyDialect(): Map<string, Promise<ProcessResult[]>> {
  const results = new Map<string, Promise<ProcessResult[]>>();
  const lanes: Promise<unknown>[] = [Promise.resolve(), Promise.resolve()];
  EVERY_SHELL_DIALECT.forEach(({ dialect, fixture }, i) => {
    const lane = i % 2;
    const answers = lanes[lane]!.then(() => decideRows(dialect, fixture));
    lanes[lane] = answers.then(() => undefined, () => undefined);
    results.set(fixture, answers);
  });
  return results;
}

describe("dangerous-command in every dialect", () => {
  const answers = everyDialect();

  it.for(EVERY_SHELL_DIALECT)("$dialect ($fixture): every destructive row stopped, every harmless row passes", async ({ fixture }) => {
    const results = await answers.get(fixture)!;
    const wrong = ROWS.flatMap((row, i) => (stoppedIn(results[i]!) === row.stopped ? [] : [`${row.stopped ? "passed" : "stopped"}: ${row.command}`]));
    expect(wrong).toEqual([]);
  });

  // The entry of the installed file answers like the engine: a deny, and a pass, per dialect.
  it.for(EVERY_SHELL_DIALECT)("$dialect ($fixture): guards.cjs answers the same", async ({ dialect, fixture }) => {
    for (const [command, stopped] of [["bash -c 'rm -rf ~'", true], ["rm -rf ./node_modules", false]] as const) {
      const result = runNodeFile(join(DIST, "guards.cjs"), { args: ["--dialect", dialect, "--hooks", "dangerous-command"], input: JSON.stringify(withCommand(readFixture(fixture), command, PROJECT)), cwd: ROOT, env: ENV });
      expect(stoppedIn(result), `${command}: ${result.stdout}${result.stderr}`).toBe(stopped);
    }
  });
});

describe("a payload that names no folder", () => {
  const root = mkdtempSync(join(tmpdir(), "dangerous-command-nocwd-"));
  const project = join(root, "project");
  mkdirSync(join(project, ".git"), { recursive: true });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // The universal envelope has no cwd; started without a shell there is no PWD either: the hook's own folder is the agent's.
  it("is judged in the folder the hook was started in", () => {
    const env = { HOME: join(root, "home"), PATH: process.env.PATH, XDG_CONFIG_HOME: join(root, "xdg"), GUARDS_ENTERPRISE_CONFIG: join(root, "none.yaml") };
    const input = JSON.stringify(withCommand(readFixture("universal/pre-tool-use/ls.json"), "rm -rf .git", project));
    const result = spawnSync(SYSTEM_NODE, [join(DIST, "guards.cjs"), "--dialect", "universal", "--hooks", "dangerous-command"], { input, cwd: project, env, encoding: "utf8" });
    expect(result.stdout + result.stderr).toContain("delete-git-dir");
    expect(result.status).toBe(2);
  });
});
