/**
 * The front answers a shell command only with the pass every guard would give it (shared/quick-answer.ts).
 * Here every shell row of every guard's case tables and of the lists written apart from them (the
 * independent destructive and harmless lists) goes through the front's grammar and its check of deletes
 * (in each row's own folders and environment) and, where the front would answer, through every guard of
 * the registry: any row the front answers that a guard denies, asks about,
 * rewrites or comments on fails. Each row is also tried inside a list (`ls && ROW`, `ROW; pwd`, `ls || ROW`), where
 * the front must judge it the same.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hooks } from "../hooks/index.ts";
import { inertLine, QUICK_RULES } from "../hooks/inert-commands.ts";
import { deletesPassEveryGuard } from "../hooks/inert-deletes.ts";
import { independentDestructive, independentHarmless } from "../hooks/dangerous-command/cases/independent.ts";
import { gitCases } from "../hooks/guard-files/git-cases.ts";
import { shellEvent, type HookCase } from "../shared/hook-case.ts";
import { servesKind, type HookContext } from "../shared/hook.ts";
import type { ShellBefore } from "../shared/event.ts";
import { quickAnswer } from "../shared/quick-answer.ts";
import { runHooks } from "../shared/run.ts";
import { claudeBash } from "./support/process.ts";

const ENV = { HOME: "/home/dev", USER: "dev", TMPDIR: "/tmp/" };

/** Every shell row with no config of its own: the front answers only where no config file is present. */
async function shellRows(): Promise<{ name: string; event: ShellBefore; env?: Record<string, string> }[]> {
  const tables = await Promise.all(Object.keys(hooks).map(async (id) => ((await import(`../hooks/${id}/cases.ts`)) as { cases: unknown[] }).cases));
  const cases = [...tables.flat(), ...gitCases] as HookCase[];
  const rows = cases
    .filter((c) => c.event?.kind === "shell.before" && (c.config === undefined || Object.keys(c.config).length === 0))
    .map((c) => ({ name: c.name, event: c.event as ShellBefore, env: c.env }));
  for (const command of [...independentDestructive, ...independentHarmless]) rows.push({ name: command, event: shellEvent(command), env: undefined });
  return rows;
}

/** What every guard of the registry decides for `event`, as the runner combines it: pass only if all pass. */
async function guardsDecide(event: ShellBefore, env: Record<string, string> | undefined): Promise<string[]> {
  const ctx: HookContext = { env: { ...ENV, ...env }, now: () => new Date("2026-11-22T12:00:00Z"), config: {}, configSources: [] };
  const objections: string[] = [];
  for (const hook of Object.values(hooks)) {
    if (!servesKind(hook, "shell.before")) continue;
    const decision = await hook.run(event as never, ctx);
    if (decision.action !== "pass" || decision.rewrite !== undefined || decision.context !== undefined) objections.push(`${hook.meta.id}: ${decision.action} ${decision.rule ?? ""}`);
  }
  return objections;
}

/** Whether the front answers the line with no config file: inert commands, and deletes its check passes. */
function frontAnswers(event: ShellBefore, env: Record<string, string> | undefined): boolean {
  const line = inertLine(event.command);
  if (!line) return false;
  return line.deletes.length === 0 || deletesPassEveryGuard(line.deletes, event.cwd, event.projectRoot, { ...ENV, ...env });
}

describe("the front and the guards agree on every shell row", () => {
  it("no row the front answers draws a guard's objection, alone or in a list", async () => {
    const rows = await shellRows();
    expect(rows.length).toBeGreaterThan(1000);
    const answered: string[] = [];
    const disagreements: string[] = [];
    for (const row of rows) {
      for (const command of [row.event.command, `ls && ${row.event.command}`, `${row.event.command}; pwd`, `ls || ${row.event.command}`]) {
        if (!frontAnswers({ ...row.event, command }, row.env)) continue;
        answered.push(command);
        const objections = await guardsDecide({ ...row.event, command }, row.env);
        if (objections.length) disagreements.push(`${row.name}: ${JSON.stringify(command)} -> ${objections.join("; ")}`);
      }
    }
    expect(disagreements).toEqual([]);
    // Not vacuous: the tables hold commands the front answers.
    expect(answered.length).toBeGreaterThan(20);
    expect(answered.filter((command) => inertLine(command)!.deletes.length > 0).length).toBeGreaterThan(5);
  });
});

/** Deletes of plain names from folders and environments where the guards' classes of places differ. */
const DELETES: { command: string; cwd: string; projectRoot?: string; env?: Record<string, string>; answered: boolean }[] = [
  { command: "rm -rf build", cwd: "/home/dev/project", answered: true },
  { command: "npm test && rm -rf ./build", cwd: "/home/dev/project", answered: true },
  { command: "rm -rf node_modules dist && npm ci", cwd: "/home/dev/project", answered: false },
  { command: "rm -rf node_modules dist; npm run build", cwd: "/home/dev/project", answered: true },
  { command: "rm -r coverage", cwd: "/home/dev/project/packages/app", projectRoot: "/home/dev/project", answered: true },
  { command: "rm -rf build", cwd: "/usr/local/src/app", answered: true },
  { command: "rm -rf project", cwd: "/home/dev", projectRoot: "/home/dev/project", answered: false },
  { command: "rm -rf dev", cwd: "/home", projectRoot: "/home/dev/project", answered: false },
  { command: "rm -rf etc", cwd: "/", answered: false },
  { command: "rm -rf ssh", cwd: "/etc", answered: false },
  { command: "rm -rf lib", cwd: "/usr", answered: false },
  { command: "rm -rf keys", cwd: "/home/dev/.ssh", answered: false },
  { command: "rm -rf objects", cwd: "/home/dev/project/.git", projectRoot: "/home/dev/project", answered: false },
  { command: "rm -rf gcloud", cwd: "/home/dev/.config", answered: false },
  { command: "rm -rf build", cwd: "/tmp/x", projectRoot: "/home/dev/project", answered: false },
  { command: "rm -rf y", cwd: "/opt/x", projectRoot: "/home/dev/project", answered: false },
  { command: "rm -rf build", cwd: "/home/dev/project", env: { HOME: "/home/dev/project/build/home" }, answered: false },
  { command: "rm -rf out", cwd: "/home/dev/project", env: { GUARDS_STATE_DIR: "/home/dev/project/out/state" }, answered: false },
  { command: "rm -rf cache", cwd: "/home/dev/project", env: { GUARDS_CODE_CACHE: "/home/dev/project/cache" }, answered: false },
  { command: "rm -rf cfg", cwd: "/home/dev/project", env: { XDG_CONFIG_HOME: "/home/dev/project/cfg" }, answered: false },
  { command: "rm -rf guards-code-cache-1000", cwd: "/tmp", projectRoot: "/tmp", answered: false },
  { command: "cd .. && rm -rf project", cwd: "/home/dev/project", answered: false },
  { command: "rm -rf build/", cwd: "/home/dev/project", answered: false },
  { command: "rm -rf .git", cwd: "/home/dev/project", answered: false },
  { command: "rm -rf ../project", cwd: "/home/dev/project/src", projectRoot: "/home/dev/project", answered: false },
  { command: "rm -rf build", cwd: "relative/dir", answered: false },
];

describe("the front's deletes and the guards agree in every folder", () => {
  it.each(DELETES)("$command in $cwd: answered $answered", async ({ command, cwd, projectRoot, env, answered }) => {
    const event = shellEvent(command, { cwd, projectRoot: projectRoot ?? cwd, workspaceRoots: [projectRoot ?? cwd] });
    const objections = await guardsDecide(event, env);
    expect(frontAnswers(event, env)).toBe(answered);
    if (answered) expect(objections).toEqual([]);
  });

  it("the rows hold deletes every guard passes and deletes a guard objects to", async () => {
    const objected = await Promise.all(DELETES.map(async ({ command, cwd, projectRoot, env }) => (await guardsDecide(shellEvent(command, { cwd, projectRoot: projectRoot ?? cwd }), env)).length > 0));
    expect(objected.filter(Boolean).length).toBeGreaterThan(10);
  });
});

describe("the front's deletes on a real disk, against the runner", () => {
  const root = mkdtempSync(join(tmpdir(), "guards-deletes-"));
  const project = join(root, "project");
  const home = join(root, "home");
  for (const dir of ["build", "dist", "src", ".claude", "elsewhere", ".git"]) mkdirSync(join(project, dir), { recursive: true });
  mkdirSync(join(home, ".ssh"), { recursive: true });
  writeFileSync(join(project, ".claude", "settings.json"), "{}\n");
  // Links the guards resolve: to the agent's settings folder, to the home folder, to nowhere.
  symlinkSync(join(project, ".claude"), join(project, "settings"));
  symlinkSync(home, join(project, "home"));
  symlinkSync(join(root, "missing"), join(project, "dangling"));
  symlinkSync(project, join(root, "project-link"));
  const withConfig = join(root, "configured");
  mkdirSync(join(withConfig, "build"), { recursive: true });
  writeFileSync(join(withConfig, ".guards.yaml"), "audit:\n  denies: true\n");
  const env = { HOME: home, PWD: project, GUARDS_STATE_DIR: join(root, "state"), GUARDS_CODE_CACHE: join(root, "cache") };

  it.each([
    ["rm -rf build dist", project, {}, true, false],
    ["npm test && rm -rf ./build", project, {}, true, false],
    ["rm -rf settings", project, {}, false, true],
    ["rm -rf home", project, {}, false, true],
    ["rm -rf dangling", project, {}, false, false],
    ["rm -rf build", join(root, "project-link"), {}, false, false],
    ["rm -rf build", withConfig, {}, false, false],
    ["rm -rf project", root, {}, true, false],
    ["rm -rf project", root, { CLAUDE_PROJECT_DIR: project }, false, true],
    ["rm -rf build", project, { HOME: join(project, "build") }, false, true],
    ["rm -rf elsewhere", project, { GUARDS_STATE_DIR: join(project, "elsewhere", "state") }, false, true],
  ] as const)("%j in %s %j: answered early %s, stopped by the guards %s", async (command, cwd, extra, answered, stopped) => {
    const payload = JSON.stringify({ ...claudeBash(command), cwd });
    const environment = { ...env, ...extra };
    const guards = await runHooks(Object.values(hooks), payload, { dialect: "claude", env: environment });
    const front = await quickAnswer(payload, { dialect: "claude", hooks: Object.keys(hooks) }, environment, QUICK_RULES);
    expect(front !== undefined, JSON.stringify(guards)).toBe(answered);
    if (front) expect(front).toEqual(guards);
    // Not vacuous: the rows the front leaves hold ones the guards stop (a deny or an ask is output or exit 2).
    expect(guards.stdout !== "" || guards.exitCode !== 0, JSON.stringify(guards)).toBe(stopped);
  });
});
