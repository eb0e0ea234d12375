/** What install and uninstall print: per file what happened, a diff in --dry-run, the steps left to the user. */
import { unifiedDiff } from "./diff.ts";
import type { Plan } from "./plan.ts";

export function describePlan(plan: Plan, verb: "install" | "uninstall", dryRun: boolean): string {
  const lines: string[] = [];
  const would = dryRun ? "would " : "";
  for (const change of plan.changes) {
    const what = change.after === undefined ? "remove" : change.before === undefined ? "create" : verb === "uninstall" ? "restore" : "update";
    lines.push(`${would}${what} ${change.stagedPath} (${change.agent})`);
  }
  for (const file of plan.unchanged) lines.push(`unchanged ${file.stagedPath} (${file.agent})`);
  if (plan.copies.length > 0) lines.push(`${would}copy ${plan.copies.length} guards file(s) to ${commonDir(plan.copies.map((c) => c.stagedPath))}`);
  for (const dir of plan.removeDirs) lines.push(`${would}remove ${dir}`);
  for (const skip of plan.skipped) lines.push(`skipped ${skip.agent}: ${skip.reason}`);
  if (plan.changes.length === 0 && plan.copies.length === 0 && plan.removeDirs.length === 0) {
    lines.push(verb === "install" ? "Nothing to change: guards are already installed as requested." : "Nothing to remove: no guards entries found.");
  }
  return lines.map((line) => `${line}\n`).join("");
}

/** Every config file the plan would write, as a unified diff (hook files are listed, not diffed). */
export function planDiff(plan: Plan): string {
  return plan.changes.map((change) => unifiedDiff(change.path, change.before, change.after)).join("");
}

export function nextSteps(plan: Plan): string {
  if (plan.notes.length === 0) return "";
  return `\nBefore the agents run the hooks:\n${plan.notes.map((note) => `  - ${note.text}\n`).join("")}`;
}

function commonDir(paths: string[]): string {
  const first = paths[0] ?? "";
  return first.slice(0, first.lastIndexOf("/") + 1);
}
