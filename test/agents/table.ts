/** The agent × scenario table: pass, FAIL with the reason, or not applicable with the reason (never counted as passed). */
import type { AgentUnderTest } from "./agent.ts";
import type { Scenario } from "./scenario.ts";

export type Outcome =
  | { status: "pass"; note?: string; seconds: number }
  | { status: "fail"; reasons: string[]; seconds: number; kept: string }
  | { status: "n/a"; reason: string };

export type Results = Map<string, Outcome>;

export const resultKey = (agent: AgentUnderTest, scenario: Scenario) => `${agent.id}/${scenario.id}`;

export function renderTable(agents: readonly AgentUnderTest[], scenarios: readonly Scenario[], results: Results): string {
  const header = `| scenario | ${agents.map((a) => `${a.name} ${a.version}`).join(" | ")} |`;
  const rule = `|---|${agents.map(() => "---").join("|")}|`;
  const rows = scenarios.map((s) => `| ${s.title} | ${agents.map((a) => cell(results.get(resultKey(a, s)))).join(" | ")} |`);
  return [header, rule, ...rows].join("\n");
}

function cell(outcome: Outcome | undefined): string {
  if (!outcome) return "not run";
  if (outcome.status === "pass") return outcome.note ? `pass (${outcome.note})` : "pass";
  if (outcome.status === "n/a") return `not applicable: ${outcome.reason}`;
  return `**FAIL**: ${outcome.reasons[0]?.replace(/\|/g, "\\|").slice(0, 160)}`;
}

export function counts(results: Results): { pass: number; fail: number; notApplicable: number } {
  const all = [...results.values()];
  return {
    pass: all.filter((o) => o.status === "pass").length,
    fail: all.filter((o) => o.status === "fail").length,
    notApplicable: all.filter((o) => o.status === "n/a").length,
  };
}
