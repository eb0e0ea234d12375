/** Scenario 3: a file holding a credential is read; its bytes must reach no model request. */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { requestsAfterTool, roundTripFailures, type Scenario } from "../scenario.ts";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** A line with no secret in it: where a redacted read reaches the model, this line does. */
export const VISIBLE_LINE = "DATABASE_HOST=db.internal.corp";

/** A GitHub token shaped value, new on every run, with the entropy of a real one. */
function freshToken(): string {
  return `ghp_${[...randomBytes(36)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join("")}`;
}

export const secretRead: Scenario = {
  id: "secret-read",
  title: "3. reading a file with a secret (read tool, else `cat`): its bytes reach no request",
  hooks: ["redact-secrets"],
  stage({ workspace }) {
    const token = freshToken();
    const file = join(workspace.project, "deploy.env");
    writeFileSync(file, `${VISIBLE_LINE}\nGITHUB_TOKEN=${token}\n`);
    return {
      call: { role: "read", path: file },
      shellFallback: `cat ${file}`,
      note: (run) => (requestsAfterTool(run).some((body) => body.includes(VISIBLE_LINE)) ? "the redacted file reached the model" : "the read was denied"),
      verify(run) {
        const leaked = run.requests.filter((request) => request.body.includes(token) || request.body.includes(token.slice(8)));
        return [
          ...roundTripFailures(run),
          ...(leaked.length ? [`the secret reached the model in ${leaked.length} of ${run.requests.length} requests`] : []),
          ...(requestsAfterTool(run).length ? [] : ["no request after the read: nothing proves what the model saw"]),
        ];
      },
    };
  },
};
