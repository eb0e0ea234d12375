/** A file with nothing secret in it is read with the agent's read tool: its content must reach the model unchanged. */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { requestsAfterTool, roundTripFailures, type Scenario } from "../scenario.ts";

export const cleanRead: Scenario = {
  id: "clean-read",
  title: "a harmless read with the read tool, all four security guards installed: the file reaches the model",
  hooks: ["redact-secrets", "dangerous-command", "kubectl-prod", "git-to-gh"],
  checkFailsWithoutGuards: false,
  stage({ workspace }) {
    // A marker new on every run, so only this read can have put it in a request.
    const marker = `release-notes-${randomBytes(6).toString("hex")}`;
    const file = join(workspace.project, "NOTES.md");
    writeFileSync(file, `# Notes\n\n${marker}: the build is green.\n`);
    return {
      call: { role: "read", path: file },
      verify(run) {
        return [...roundTripFailures(run), ...(requestsAfterTool(run).some((body) => body.includes(marker)) ? [] : ["the file's content never reached the model: the read was blocked or emptied"])];
      },
    };
  },
};
