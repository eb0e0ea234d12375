/**
 * What a user of `npx agent-guards install` gets: the package packed by npm (package.json `files`),
 * run through npx from the tarball in a fresh project with a temporary HOME, from npm's cache where it can.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { ROOT } from "../support/process.ts";
import { entryNodes, runInstalledShellEntries } from "./entries.ts";
import { builtCopy, makeWorkspace, tree, type Workspace } from "./workspace.ts";

let tarball: string;
let npmCache: string;

beforeAll(() => {
  // Packed from a copy: dist/ may be rebuilt meanwhile, and `prepare` must not run (--ignore-scripts).
  const stage = mkdtempSync(join(tmpdir(), "guards-pack-"));
  for (const file of ["package.json", "README.md", "LICENSE"]) if (existsSync(join(ROOT, file))) cpSync(join(ROOT, file), join(stage, file));
  cpSync(builtCopy(), join(stage, "dist"), { recursive: true });
  const packed = spawnSync("npm", ["pack", "--ignore-scripts", "--silent"], { cwd: stage, encoding: "utf8" });
  expect(packed.status, packed.stderr).toBe(0);
  tarball = join(stage, readdirSync(stage).find((f) => f.endsWith(".tgz"))!);
  npmCache = spawnSync("npm", ["config", "get", "cache"], { encoding: "utf8" }).stdout.trim();
}, 120_000);

function npxGuards(ws: Workspace, args: string[]) {
  return spawnSync("npx", ["--yes", `--package=${tarball}`, "--", "guards", ...args], {
    cwd: ws.project,
    encoding: "utf8",
    timeout: 180_000,
    env: {
      PATH: process.env.PATH,
      HOME: ws.home,
      // The dependencies come from npm's cache where it has them; a fresh machine fetches what it lacks (metadata).
      npm_config_cache: npmCache,
      npm_config_prefer_offline: "true",
      npm_config_update_notifier: "false",
      npm_config_audit: "false",
      npm_config_fund: "false",
    },
  });
}

describe("npx <packed tarball>", () => {
  test("installs working entries into a fresh project, and uninstalls them again", () => {
    const ws = makeWorkspace();
    const before = tree(ws.project, ws.home);
    const installed = npxGuards(ws, ["install", "--agent", "claude,cursor", "--hooks", "git-to-gh"]);
    expect(installed.status, installed.stderr).toBe(0);
    expect(installed.stdout).toContain("workspace-trust");
    const node = entryNodes()[0]!.path;
    for (const agent of ["claude", "cursor"] as const) {
      const runs = runInstalledShellEntries(agent, "project", ws, "git-to-gh", "git-clone", node);
      expect(runs.length).toBeGreaterThan(0);
      for (const run of runs) expect(run, run.stderr).toMatchObject({ verdict: "deny" });
    }
    const removed = npxGuards(ws, ["uninstall"]);
    expect(removed.status, removed.stderr).toBe(0);
    // The denies above went to the audit trail in the state folder, which outlives the install on purpose.
    const after = tree(ws.project, ws.home);
    const state = Object.keys(after).filter((path) => path.includes("/.local/"));
    expect(state.some((path) => path.endsWith("audit.jsonl"))).toBe(true);
    for (const path of state) delete after[path];
    expect(after).toEqual(before);
  }, 400_000);
});
