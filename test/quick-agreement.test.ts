/**
 * The front answers a shell command only with the pass every guard would give it (shared/quick-answer.ts).
 * Here every shell row of every guard's case tables and of the lists written apart from them (the
 * independent destructive and harmless lists) goes through the front's grammar and, where the front would
 * answer, through every guard of the registry: any row the front answers that a guard denies, asks about,
 * rewrites or comments on fails. Each row is also tried inside a list (`ls && ROW`, `ROW; pwd`, `ls || ROW`), where
 * the front must judge it the same.
 */
import { describe, expect, it } from "vitest";
import { hooks } from "../hooks/index.ts";
import { isInertCommand } from "../hooks/inert-commands.ts";
import { independentDestructive, independentHarmless } from "../hooks/dangerous-command/cases/independent.ts";
import { gitCases } from "../hooks/guard-files/git-cases.ts";
import { shellEvent, type HookCase } from "../shared/hook-case.ts";
import { servesKind, type HookContext } from "../shared/hook.ts";
import type { ShellBefore } from "../shared/event.ts";

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

describe("the front and the guards agree on every shell row", () => {
  it("no row the front answers draws a guard's objection, alone or in a list", async () => {
    const rows = await shellRows();
    expect(rows.length).toBeGreaterThan(1000);
    const answered: string[] = [];
    const disagreements: string[] = [];
    for (const row of rows) {
      for (const command of [row.event.command, `ls && ${row.event.command}`, `${row.event.command}; pwd`, `ls || ${row.event.command}`]) {
        if (!isInertCommand(command)) continue;
        answered.push(command);
        const objections = await guardsDecide({ ...row.event, command }, row.env);
        if (objections.length) disagreements.push(`${row.name}: ${JSON.stringify(command)} -> ${objections.join("; ")}`);
      }
    }
    expect(disagreements).toEqual([]);
    // Not vacuous: the tables hold commands the front answers.
    expect(answered.length).toBeGreaterThan(20);
  });
});
