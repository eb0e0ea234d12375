/** Scenario 5: a clone of a GitHub remote with git-to-gh installed is not run, and the model is told the gh command instead. */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { requestsAfterTool, roundTripFailures, type Scenario } from "../scenario.ts";

const REMOTE = "https://github.com/octo/shop.git";
// hooks/git-to-gh/redirects.ts: a GitHub clone → `gh repo clone <remote>`.
const SUGGESTION = `gh repo clone ${REMOTE}`;

export const gitToGh: Scenario = {
  id: "git-to-gh",
  title: "5. `git clone` of a GitHub remote: not run, model told `gh repo clone`",
  hooks: ["git-to-gh"],
  checkFailsWithoutGuards: true,
  notApplicable: (agent) => (agent.stoppedByHook ? `a deny ends ${agent.name}'s run, so no later request can carry the suggestion` : undefined),
  stage({ workspace }) {
    const nested = join(workspace.project, "nested");
    // Offline, the GitHub address is served by a local bare repository (git's url.<base>.insteadOf), so the
    // clone succeeds when nothing stops it.
    const bare = join(workspace.outside, "shop.git");
    spawnSync("git", ["init", "--bare", "-q", bare]);
    return {
      call: { role: "shell", command: `git clone ${REMOTE} nested` },
      env: { GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: `url.${bare}.insteadOf`, GIT_CONFIG_VALUE_0: REMOTE },
      verify: (run) => [
        ...roundTripFailures(run),
        ...(existsSync(join(nested, ".git")) ? ["`git clone` ran: nested/.git exists"] : []),
        ...(requestsAfterTool(run).some((body) => body.includes(SUGGESTION)) ? [] : [`no request after the call carries "${SUGGESTION}"`]),
      ],
    };
  },
};
