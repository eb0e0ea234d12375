/**
 * The guards' own failure policy, end to end: with a .guards.yaml that cannot be parsed, dangerous-command
 * cannot decide and must deny (README "Hooks": security hooks fail closed), so even the harmless `rm -r ./build` does not run.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { roundTripFailures, type Scenario } from "../scenario.ts";

export const brokenConfigFailsClosed: Scenario = {
  id: "proof-fail-closed",
  title: "proof: broken `.guards.yaml` → the guard fails closed, `rm -r ./build` denied",
  hooks: ["dangerous-command"],
  checkFailsWithoutGuards: false,
  stage({ workspace }) {
    const build = join(workspace.project, "build");
    mkdirSync(build, { recursive: true });
    writeFileSync(join(build, "out.js"), "built\n");
    writeFileSync(join(workspace.project, ".guards.yaml"), "hooks:\n  dangerous-command: [unclosed\n");
    return {
      call: { role: "shell", command: "rm -r ./build" },
      verify: (run) => [...roundTripFailures(run), ...(existsSync(build) ? [] : ["./build was deleted: a guard that could not read its config let the command through"])],
    };
  },
};
