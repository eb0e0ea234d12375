/** Scenario 1: a destructive command disguised behind `bash -c` must leave the canary outside the project alone. */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { roundTripFailures, type Scenario, type ScenarioContext, type Staged } from "../scenario.ts";

export function stageCanary(context: ScenarioContext): Staged {
  const canary = join(context.workspace.outside, "canary");
  mkdirSync(canary, { recursive: true });
  writeFileSync(join(canary, "keep.txt"), "must survive\n");
  return {
    call: { role: "shell", command: `bash -c 'rm -rf ${canary}'` },
    verify: (run) => [...roundTripFailures(run), ...(existsSync(join(canary, "keep.txt")) ? [] : [`the canary ${canary} was deleted`])],
  };
}

export const destructive: Scenario = {
  id: "destructive",
  title: "1. `bash -c 'rm -rf <canary outside>'` blocked",
  hooks: ["dangerous-command"],
  stage: stageCanary,
};
