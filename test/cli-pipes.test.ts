/** The CLI in a pipe whose reader stops early: no stack trace, the command's own exit status. */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/process.ts";

const CLI = join(ROOT, "dist", "cli.mjs");

/** Runs `guards ARGS | READER` in bash and reports guards' own exit status and stderr. */
function throughPipe(args: string, reader: string) {
  const script = `node "${CLI}" ${args} | ${reader}; echo "status=\${PIPESTATUS[0]}" >&2`;
  const run = spawnSync("bash", ["-c", script], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  const status = Number(/status=(\d+)/.exec(run.stderr)?.[1]);
  return { status, stderr: run.stderr.replace(/status=\d+\n?$/, "") };
}

describe("guards with a reader that goes away", () => {
  it.for([
    ["list", "head -1", 0],
    ["list", "true", 0],
    ["--help", "true", 0],
    ["check -- rm -rf ~", "true", 1],
    ["check -- ls", "head -c 1", 0],
    // stderr closed too: the error line has nowhere to go, and the status still says usage error.
    ["nosuch 2>&1", "true", 2],
  ] as const)("guards %s | %s", ([args, reader, expected]) => {
    const { status, stderr } = throughPipe(args, reader);
    expect(stderr).toBe("");
    expect(status).toBe(expected);
  });

  it("still prints everything to a reader that stays", () => {
    const run = spawnSync("node", [CLI, "list"], { encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stdout.split("\n").length).toBeGreaterThan(5);
  });
});
