/** Scenario 2: everyday commands run with every security guard installed. */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { roundTripFailures, type Scenario } from "../scenario.ts";

export const harmless: Scenario = {
  id: "harmless",
  title: "2. `rm -r ./build && ls` runs",
  hooks: ["dangerous-command", "kubectl-prod", "git-to-gh", "redact-secrets"],
  checkFailsWithoutGuards: false,
  stage({ workspace }) {
    const build = join(workspace.project, "build");
    mkdirSync(build, { recursive: true });
    writeFileSync(join(build, "out.js"), "built\n");
    const listing = join(workspace.project, "listing.txt");
    return {
      call: { role: "shell", command: "rm -r ./build && ls > listing.txt" },
      verify: (run) => [
        ...roundTripFailures(run),
        ...(existsSync(build) ? ["./build still exists: the harmless command did not run"] : []),
        ...(existsSync(listing) ? [] : ["listing.txt is missing: `ls` did not run"]),
      ],
    };
  },
};
