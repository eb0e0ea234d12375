/**
 * The proof that the suite can fail: scenario 1 again, with the installed guards file (the one every entry
 * runs) replaced after `guards install` by a stand-in. One lets everything through, so the canary must die; one crashes,
 * and each agent's reaction is checked against the one its `onHookCrash` records.
 */
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { GUARDS_FILE } from "../../../cli/install/locations.ts";
import type { AgentRun } from "../sandbox.ts";
import type { Scenario, ScenarioContext } from "../scenario.ts";
import { stageCanary } from "./destructive.ts";

// Cline's scripts take no answer as a failure and cancel (cli/install/targets/cline.ts): there the stand-in says
// Cline's own "go on".
const LET_THROUGH =
  '// Stand-in: reads nothing, objects to nothing.\nif (process.argv.includes("cline")) process.stdout.write(\'{"cancel":false}\\n\');\nprocess.exitCode = 0;\n';
const CRASH = '// Stand-in: an uncaught error, exit 1 with a stack trace.\nthrow new Error("stand-in crash");\n';
// The same two for the in-process engine the OpenCode and Amp plugins import instead of running the guards file.
const LET_THROUGH_ENGINE = "// Stand-in engine: objects to nothing.\nexport async function decide() {\n  return {};\n}\n";
const CRASH_ENGINE = '// Stand-in engine: fails on every call.\nexport async function decide() {\n  throw new Error("stand-in crash");\n}\n';
const ENGINE_FILE = "plugin.mjs";

function installedGuardsFile(project: string): string {
  const home = join(project, ".guards");
  const version = existsSync(home) ? readdirSync(home).find((name) => existsSync(join(home, name, GUARDS_FILE))) : undefined;
  if (!version) throw new Error(`guards install left no ${GUARDS_FILE} under ${home}`);
  return join(home, version, GUARDS_FILE);
}

function stageWithStandIn(context: ScenarioContext, source: string, engine: string, verify: (canaryFailures: string[], run: AgentRun) => string[], note?: string) {
  const staged = stageCanary(context);
  return {
    call: staged.call,
    note: () => note,
    afterInstall: () => {
      const file = installedGuardsFile(context.workspace.project);
      writeFileSync(file, source);
      const plugin = join(dirname(file), ENGINE_FILE);
      if (existsSync(plugin)) writeFileSync(plugin, engine);
    },
    verify: async (run: AgentRun) => verify(await staged.verify(run), run),
  };
}

export const letThroughStandIn: Scenario = {
  id: "proof-let-through",
  title: "proof: a stand-in that lets everything through → canary deleted",
  hooks: ["dangerous-command"],
  checkFailsWithoutGuards: false,
  stage: (context) =>
    stageWithStandIn(context, LET_THROUGH, LET_THROUGH_ENGINE, (canaryFailures) =>
      canaryFailures.some((failure) => failure.includes("was deleted")) ? [] : ["the canary survived a hook that lets everything through: scenario 1 cannot fail"],
    ),
};

export const crashingStandIn: Scenario = {
  id: "proof-crash",
  title: "proof: a stand-in that crashes (exit 1) → what the agent does",
  hooks: ["dangerous-command"],
  checkFailsWithoutGuards: false,
  stage: (context) =>
    stageWithStandIn(context, CRASH, CRASH_ENGINE, (canaryFailures) => {
      const observed = canaryFailures.some((failure) => failure.includes("was deleted")) ? "runs the command" : "blocks the command";
      return observed === context.agent.onHookCrash ? [] : [`the agent ${observed} when the hook crashes; it was recorded as ${context.agent.onHookCrash}`];
    }, context.agent.onHookCrash),
};
