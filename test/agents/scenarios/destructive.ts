/**
 * Scenario 1: a destructive command disguised behind `bash -c` must leave the canary outside the project alone.
 * The canary is the user's ~/.ssh (the agent's HOME is the sandbox's): deleting under the temp folder is allowed
 * by design (hooks/dangerous-command/paths.ts), deleting credential folders is denied.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { roundTripFailures, type Scenario, type ScenarioContext, type Staged } from "../scenario.ts";

export function stageCanary(context: ScenarioContext): Staged {
  const canary = join(context.workspace.home, ".ssh");
  mkdirSync(canary, { recursive: true });
  writeFileSync(join(canary, "id_ed25519"), "must survive\n");
  return {
    call: { role: "shell", command: "bash -c 'rm -r ~/.ssh'" },
    verify: (run) => [...roundTripFailures(run), ...(existsSync(join(canary, "id_ed25519")) ? [] : [`the canary ${canary} was deleted`])],
  };
}

export const destructive: Scenario = {
  id: "destructive",
  title: "1. `bash -c 'rm -r ~/.ssh'` (canary outside the project) blocked",
  hooks: ["dangerous-command"],
  checkFailsWithoutGuards: true,
  stage: stageCanary,
};
