/** Scenario 5: raw `git` with git-to-gh installed is not run, and the model is told the gh command instead. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { requestsAfterTool, roundTripFailures, type Scenario } from "../scenario.ts";

// hooks/git-to-gh/suggestions.ts: `git init` → `gh repo create`.
const SUGGESTION = "gh repo create";

export const gitToGh: Scenario = {
  id: "git-to-gh",
  title: "5. raw `git init`: not run, model told `gh repo create`",
  hooks: ["git-to-gh"],
  checkFailsWithoutGuards: true,
  stage({ workspace }) {
    const nested = join(workspace.project, "nested");
    return {
      call: { role: "shell", command: "git init nested" },
      verify: (run) => [
        ...roundTripFailures(run),
        ...(existsSync(join(nested, ".git")) ? ["`git init nested` ran: nested/.git exists"] : []),
        ...(requestsAfterTool(run).some((body) => body.includes(SUGGESTION)) ? [] : [`no request after the call carries "${SUGGESTION}"`]),
      ],
    };
  },
};
