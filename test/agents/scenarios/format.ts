/** Scenario 6: the agent writes a badly formatted file; the format hook runs the project's formatter (prettier) on it. */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { roundTripFailures, type Scenario } from "../scenario.ts";

const UGLY_JSON = '{"name":"guards",   "checks":[1,2,3],\n"nested":{"deep":   true}}\n';

export const formatAfterEdit: Scenario = {
  id: "format",
  title: "6. badly formatted file written: formatted on disk",
  hooks: ["format"],
  checkFailsWithoutGuards: true,
  stage({ workspace, repo }) {
    const prettier = [process.execPath, join(repo, "node_modules", "prettier", "bin", "prettier.cjs")];
    // The user's formatter choice, as a project would configure it (hooks/format/options.ts).
    writeFileSync(
      join(workspace.project, ".guards.yaml"),
      ["hooks:", "  format:", "    formatters:", '      - glob: "**/*.json"', `        command: [${[...prettier, "--write"].map((arg) => JSON.stringify(arg)).join(", ")}]`, ""].join("\n"),
    );
    const file = join(workspace.project, "settings.json");
    return {
      call: { role: "write", path: file, content: UGLY_JSON },
      verify(run) {
        const failures = roundTripFailures(run);
        if (!existsSync(file)) return [...failures, "the agent did not write the file"];
        const expected = spawnSync(prettier[0]!, [prettier[1]!, "--stdin-filepath", file], { input: UGLY_JSON, encoding: "utf8" }).stdout;
        const onDisk = readFileSync(file, "utf8");
        if (onDisk === UGLY_JSON) failures.push("the file on disk is exactly as the agent wrote it: not formatted");
        else if (onDisk !== expected) failures.push(`the file on disk is neither the agent's text nor prettier's: ${JSON.stringify(onDisk.slice(0, 120))}`);
        return failures;
      },
    };
  },
};
