import { applyPlan } from "../install/apply.ts";
import { hooks as registry } from "../../hooks/index.ts";
import { defaultHooks, parseInstallOptions } from "../install/options.ts";
import { pickAgents, pickHooks } from "../install/picker.ts";
import { planInstall } from "../install/plan-install.ts";
import { describePlan, nextSteps, planDiff } from "../install/report.ts";
import { UsageError, type Command } from "./io.ts";

/** `guards install`: merge the guards' entries into each agent's config, copy the hook files, say what is left to do. */
export const installCommand: Command = async (io) => {
  const options = parseInstallOptions(io);
  const request = options.request;
  if (!options.agentsChosen) request.agents = await pickAgents(options.detected);
  if (!options.hooksChosen) request.hooks = await pickHooks(Object.values(registry), defaultHooks());
  if (request.hooks.length === 0) throw new UsageError("no guard picked: name them with --hooks id,… (or --hooks +id to add to the defaults)");
  if (request.agents.length === 0) throw new UsageError("no agent detected here: name them with --agent cursor,claude,… or --agent all");
  const plan = planInstall(request);
  if (options.json) {
    io.stdout(`${JSON.stringify({ dryRun: options.dryRun, scope: request.scope, changes: plan.changes, unchanged: plan.unchanged, copies: plan.copies, skipped: plan.skipped, notes: plan.notes }, null, 2)}\n`);
  } else {
    if (options.dryRun) io.stdout(planDiff(plan));
    io.stdout(describePlan(plan, "install", options.dryRun));
  }
  if (options.dryRun) return 0;
  const { backups } = applyPlan(plan, new Date());
  if (!options.json) {
    if (backups.length > 0) io.stdout(`backups of the previous files: ${plan.backupDir}\n`);
    io.stdout(nextSteps(plan));
  }
  return 0;
};
