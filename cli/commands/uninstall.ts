import { hooks as registry } from "../../hooks/index.ts";
import { applyPlan } from "../install/apply.ts";
import { parseInstallOptions } from "../install/options.ts";
import { planUninstall } from "../install/plan-uninstall.ts";
import { describePlan, planDiff } from "../install/report.ts";
import { AGENT_IDS } from "../install/targets/index.ts";
import type { Command } from "./io.ts";

/** `guards uninstall`: remove exactly the entries and files install added; untouched originals come back byte for byte. */
export const uninstallCommand: Command = async (io) => {
  const options = parseInstallOptions(io);
  const request = options.request;
  // Without --agent, every agent is looked at: entries are found by their marker, not by detection.
  if (!io.argv.some((arg) => arg === "--agent" || arg.startsWith("--agent="))) request.agents = [...AGENT_IDS];
  // Without --hooks, every hook of ours comes out, opt-in policies included.
  if (!options.hooksNamed) request.hooks = Object.values(registry);
  const plan = planUninstall(request);
  if (options.json) io.stdout(`${JSON.stringify({ dryRun: options.dryRun, changes: plan.changes, removeDirs: plan.removeDirs }, null, 2)}\n`);
  else {
    if (options.dryRun) io.stdout(planDiff(plan));
    io.stdout(describePlan(plan, "uninstall", options.dryRun));
  }
  if (!options.dryRun) applyPlan(plan, new Date());
  return 0;
};
