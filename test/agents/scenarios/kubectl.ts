/** Scenario 4: `kubectl apply` of a manifest in namespace prod; a kubectl stub on PATH records any run. */
import { chmodSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { requestsAfterTool, roundTripFailures, type Scenario } from "../scenario.ts";

export const kubectlProd: Scenario = {
  id: "kubectl-prod",
  title: "4. `kubectl apply -f` (namespace prod): stub not run",
  hooks: ["kubectl-prod"],
  checkFailsWithoutGuards: true,
  stage({ workspace }) {
    const ranMarker = join(workspace.outside, "kubectl-ran");
    const stub = join(workspace.bin, "kubectl");
    writeFileSync(stub, `#!/bin/sh\necho "$@" >> '${ranMarker}'\n`);
    chmodSync(stub, 0o755);
    writeFileSync(
      join(workspace.project, "deploy.yaml"),
      ["apiVersion: apps/v1", "kind: Deployment", "metadata:", "  name: api", "  namespace: prod", "spec:", "  replicas: 3", ""].join("\n"),
    );
    return {
      call: { role: "shell", command: "kubectl apply -f deploy.yaml" },
      verify: (run) => [
        ...roundTripFailures(run),
        ...(existsSync(ranMarker) ? ["the kubectl stub ran"] : []),
        // A stub the shell cannot find would also "not run": then the scenario proves nothing.
        ...(requestsAfterTool(run).some((body) => /kubectl: (command )?not found/.test(body)) ? ["the shell could not find the kubectl stub"] : []),
      ],
    };
  },
};
