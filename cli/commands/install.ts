import { applyPlan } from "../install/apply.ts";
import { hooks as registry } from "../../hooks/index.ts";
import { defaultHooks, parseInstallOptions } from "../install/options.ts";
import { pickAgents, pickHooks } from "../install/picker.ts";
import { planInstall } from "../install/plan-install.ts";
import { describePlan, nextSteps, planDiff } from "../install/report.ts";
import { warmManagedCache } from "../install/warm-cache.ts";
import { currentPlatform } from "../install/locations.ts";
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
  // Where the install went on a supported platform, fill root's compiled-code folder now, with this machine's node.
  const warmed = plan.managedCacheDir && request.platform === currentPlatform() && request.platform !== "win32" ? warmManagedCache(request, plan.managedCacheDir) : undefined;
  if (!options.json) {
    if (backups.length > 0) io.stdout(`backups of the previous files: ${plan.backupDir}\n`);
    if (warmed) io.stdout(`${describeWarmed(warmed, plan.managedCacheDir!)}\n`);
    io.stdout(nextSteps(plan));
  }
  return 0;
};

function describeWarmed(warmed: { files: number; problems: string[] }, dir: string): string {
  if (warmed.files === 0) return `no compiled code kept in ${dir}${warmed.problems.length ? ` (${warmed.problems[0]})` : ""}: users compile the hooks at every run until this install runs again as root on the machine`;
  return `compiled code for every user kept in ${dir} (${warmed.files} file${warmed.files === 1 ? "" : "s"}, for the \`node\` on PATH); after a Node upgrade, run this install again as root to renew it`;
}
