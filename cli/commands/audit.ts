/** `guards audit`: the local audit trail as a table, filtered; what was stopped, where and why. */
import { parseArgs } from "node:util";
import { stateDirectory } from "../../shared/hook.ts";
import type { DecisionRecord } from "../../shared/audit/record.ts";
import { readTrail, trailFiles } from "../../shared/audit/trail.ts";
import { UsageError, type Command } from "./io.ts";

const USAGE = "usage: guards audit [--since 24h|7d|ISO-DATE] [--hook ID] [--decision deny|ask|redact|error|allow|pass] [--limit N] [--json]";
const DECISIONS = new Set(["deny", "ask", "redact", "error", "allow", "pass"]);
const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

export const auditCommand: Command = async (io) => {
  const { values, positionals } = parseArgs({
    args: io.argv,
    options: { since: { type: "string" }, hook: { type: "string" }, decision: { type: "string" }, limit: { type: "string" }, json: { type: "boolean" } },
    allowPositionals: true,
  });
  if (positionals.length) throw new UsageError(USAGE);
  const since = values.since === undefined ? undefined : sinceTime(values.since, Date.now());
  const hooks = values.hook?.split(",").filter(Boolean);
  const decisions = values.decision?.split(",").filter(Boolean);
  for (const d of decisions ?? []) if (!DECISIONS.has(d)) throw new UsageError(`unknown decision "${d}" (expected one of ${[...DECISIONS].join(", ")})`);
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new UsageError("--limit must be a positive whole number");

  const stateDir = stateDirectory(io.env);
  let records = (readTrail(stateDir) as Partial<DecisionRecord>[]).filter(
    (r) =>
      (since === undefined || Date.parse(r.time ?? "") >= since) &&
      (!hooks || hooks.includes(r.hook ?? "")) &&
      (!decisions || decisions.includes(r.decision ?? "")),
  );
  if (limit !== undefined) records = records.slice(-limit);
  if (values.json) {
    io.stdout(records.map((r) => `${JSON.stringify(r)}\n`).join(""));
    return 0;
  }
  if (records.length === 0) {
    io.stdout(`no decisions recorded${values.since || hooks || decisions ? " that match" : ""} (trail: ${trailFiles(stateDir).current})\n`);
    return 0;
  }
  io.stdout(table(records));
  return 0;
};

/** `24h`, `7d`, `30m` back from now, or a date `Date.parse` reads (`2026-11-24`, an ISO time). */
export function sinceTime(value: string, now: number): number {
  const relative = /^(\d+)([smhdw])$/.exec(value);
  if (relative) return now - Number(relative[1]) * UNITS[relative[2]!]!;
  const absolute = Date.parse(value);
  if (Number.isNaN(absolute)) throw new UsageError(`--since: cannot read "${value}" (use 24h, 7d, 30m or a date such as 2026-11-24)`);
  return absolute;
}

const COLUMNS = ["TIME", "AGENT", "HOOK", "RULE", "DECISION", "COMMAND OR PATH"] as const;

/** One row per decision and its reason below it: the reason is what a blocked person came to read. */
export function table(records: Partial<DecisionRecord>[]): string {
  const rows = records.map((r) => [
    (r.time ?? "").replace("T", " ").replace(/\.\d+Z$/, "Z"),
    r.agent ?? "",
    r.hook ?? "",
    r.rule ?? "-",
    r.decision ?? "",
    r.kind === "unread" ? "(payload not read)" : oneLine(r.command ?? r.path ?? "-", 100),
  ]);
  const widths = COLUMNS.slice(0, -1).map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) => `${cells.map((cell, i) => (i < widths.length ? cell.padEnd(widths[i]!) : cell)).join("  ")}`.trimEnd();
  const out = [line(COLUMNS)];
  records.forEach((r, i) => {
    out.push(line(rows[i]!));
    if (r.reason) out.push(`    why: ${oneLine(r.reason, 200)}`);
  });
  return `${out.join("\n")}\n`;
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s*\n\s*/g, " ⏎ ");
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
