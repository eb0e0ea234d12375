/** Every agent × scope: install → valid config, runnable entries, a second install changes no byte, uninstall leaves nothing behind. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseConfig } from "../../cli/install/json-text.ts";
import { guardsHandlers } from "../../cli/install/merge.ts";
import { installTargets } from "../../cli/install/targets/index.ts";
import type { Scope } from "../../cli/install/targets/types.ts";
import { configPath, hasScope, entryNodes, runInstalledShellEntries } from "./entries.ts";
import { CONFIG_AGENT_IDS, SCHEMA_FILES, schemaErrors } from "./schemas.ts";
import { guards, makeWorkspace, tree, type Workspace } from "./workspace.ts";

const SCOPES: Scope[] = ["project", "user", "enterprise"];
const CASES = CONFIG_AGENT_IDS.flatMap((agent) => SCOPES.filter((scope) => hasScope(agent, scope)).map((scope) => ({ agent, scope })));

function scopeArgs(scope: Scope, ws: Workspace): string[] {
  return scope === "enterprise" ? ["--scope", "enterprise", "--root", ws.stage, "--platform", "linux"] : ["--scope", scope];
}

describe.for(CASES)("$agent, $scope scope", ({ agent, scope }) => {
  test("install writes a config the agent's schema accepts, and a second install changes no byte", async () => {
    const ws = makeWorkspace();
    const first = await guards(ws, ["install", "--agent", agent, ...scopeArgs(scope, ws)]);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const file = configPath(agent, scope, ws);
    const doc = parseConfig(readFileSync(file, "utf8"), file).value;
    expect(schemaErrors(SCHEMA_FILES[agent], doc)).toEqual([]);
    expect(guardsHandlers(doc, installTargets[agent].layout).length).toBeGreaterThan(0);
    expect(first.stdout).toContain(installTargets[agent].afterInstall[scope] ?? installTargets[agent].afterInstall.project);

    const before = tree(ws.project, ws.home, ws.stage);
    const second = await guards(ws, ["install", "--agent", agent, ...scopeArgs(scope, ws)]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("Nothing to change");
    expect(tree(ws.project, ws.home, ws.stage)).toEqual(before);
  });

  test("the guards file and its code are copied into the scope's versioned folder and no entry calls npx", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", agent, ...scopeArgs(scope, ws)]);
    const text = readFileSync(configPath(agent, scope, ws), "utf8");
    expect(text).not.toContain("npx");
    const home = { project: join(ws.project, ".guards"), user: join(ws.home, ".guards"), enterprise: join(ws.stage, "opt", "guards") }[scope];
    expect(readdirSync(join(home, "0.1.0")).filter((name) => name.endsWith("js")).sort()).toEqual(["guards.cjs", "guards.code.js"]);
    // One entry per event and matcher: the default guards of an event run in one process.
    // (Augment's entries name a wrapper script per entry, which runs the guards file with the same arguments.)
    expect(text).toMatch(/guards\.cjs\\?"? --dialect [a-z]+ --hooks [a-z-]+(,[a-z-]+)*|augment\/[a-z-]+(\+[a-z-]+)*\.sh/);
    expect(text).not.toMatch(/--hooks[^"]*git-to-gh/);
    if (scope === "project") expect(text).not.toContain(ws.project);
  });

  test.for(entryNodes())("installed entries, run as the agent runs them, deny a GitHub clone and pass ls ($name)", async (node) => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", agent, "--hooks", "git-to-gh", ...scopeArgs(scope, ws)]);
    const denied = runInstalledShellEntries(agent, scope, ws, "git-to-gh", "git-clone", node.path);
    expect(denied.length).toBeGreaterThan(0);
    for (const run of denied) expect(run, run.stderr).toMatchObject({ verdict: "deny" });
    const passed = runInstalledShellEntries(agent, scope, ws, "git-to-gh", "ls", node.path);
    for (const run of passed) expect(run, run.stderr).toMatchObject({ verdict: "pass" });
  });

  test("uninstall after a fresh install leaves the folders as they were", async () => {
    const ws = makeWorkspace();
    const before = tree(ws.project, ws.home, ws.stage);
    await guards(ws, ["install", "--agent", agent, ...scopeArgs(scope, ws)]);
    expect(tree(ws.project, ws.home, ws.stage)).not.toEqual(before);
    const removed = await guards(ws, ["uninstall", "--agent", agent, ...scopeArgs(scope, ws)]);
    expect(removed.code).toBe(0);
    expect(tree(ws.project, ws.home, ws.stage)).toEqual(before);
  });
});

/**
 * Droid 0.225.2 reads `.factory/hooks.json` with the events at the top level: a `{"hooks": {…}}` there is
 * ignored ("Ignoring unknown hook event keys"), so guards write the `hooks` key of settings.json, which it reads.
 */
describe("Factory Droid", () => {
  test.for(["project", "user"] as const)("the %s install fills the hooks key of .factory/settings.json and writes no hooks.json", async (scope) => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "factory", "--scope", scope]);
    const dir = join(scope === "project" ? ws.project : ws.home, ".factory");
    expect(readdirSync(dir)).toEqual(["settings.json"]);
    const doc = parseConfig(readFileSync(join(dir, "settings.json"), "utf8"), "settings.json").value;
    expect(Object.keys(doc.hooks as object)).toContain("PreToolUse");
  });
});
