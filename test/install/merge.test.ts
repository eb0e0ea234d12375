/** A user's existing config: every key, hook, order and indentation kept; uninstall gives back the original bytes; a broken file is never touched. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseConfig } from "../../cli/install/json-text.ts";
import { guardsHandlers } from "../../cli/install/merge.ts";
import { installTargets } from "../../cli/install/targets/index.ts";
import type { AgentId, Scope } from "../../cli/install/targets/types.ts";
import { configPath, hasScope } from "./entries.ts";
import { CONFIG_AGENT_IDS, SCHEMA_FILES, schemaErrors, type ConfigAgentId } from "./schemas.ts";
import { USER_CONFIGS, userText } from "./user-configs.ts";
import { guards, makeWorkspace, tree, type Workspace } from "./workspace.ts";

const SCOPES: Scope[] = ["project", "user", "enterprise"];
const CASES = CONFIG_AGENT_IDS.flatMap((agent) => SCOPES.filter((scope) => hasScope(agent, scope)).map((scope) => ({ agent, scope })));

const scopeArgs = (scope: Scope, ws: Workspace) =>
  scope === "enterprise" ? ["--scope", "enterprise", "--root", ws.stage, "--platform", "linux"] : ["--scope", scope];

function writeUserConfig(agent: ConfigAgentId, scope: Scope, ws: Workspace): { path: string; text: string } {
  const config = USER_CONFIGS[agent];
  const ours = configPath(agent, scope, ws);
  const path = config.name ? join(dirname(ours), config.name) : ours;
  mkdirSync(dirname(path), { recursive: true });
  const text = userText(config);
  writeFileSync(path, text);
  return { path, text };
}

describe.for(CASES)("$agent, $scope scope, with the user's own config", ({ agent, scope }) => {
  test("install keeps every key, the user's hooks first, and the indentation; uninstall restores the bytes", async () => {
    const ws = makeWorkspace();
    const user = writeUserConfig(agent, scope, ws);
    const result = await guards(ws, ["install", "--agent", agent, ...scopeArgs(scope, ws)]);
    expect(result.code, result.stderr).toBe(0);

    const ours = configPath(agent, scope, ws);
    const text = readFileSync(ours, "utf8");
    const doc = parseConfig(text, ours).value;
    expect(schemaErrors(SCHEMA_FILES[agent], doc)).toEqual([]);
    if (user.path === ours) {
      const original = USER_CONFIGS[agent].doc;
      expect(Object.keys(doc).slice(0, Object.keys(original).length)).toEqual(Object.keys(original));
      for (const [event, items] of Object.entries(original.hooks as Record<string, unknown[]>)) {
        expect((doc.hooks as Record<string, unknown[]>)[event]!.slice(0, items.length)).toEqual(items);
      }
      for (const [key, value] of Object.entries(original)) if (key !== "hooks") expect(doc[key]).toEqual(value);
      expect(text.split("\n")[1]!.startsWith(`${USER_CONFIGS[agent].indent}"`)).toBe(true);
    } else {
      expect(readFileSync(user.path, "utf8")).toBe(user.text);
    }
    expect(guardsHandlers(doc, installTargets[agent].layout).length).toBeGreaterThan(0);

    const removed = await guards(ws, ["uninstall", "--agent", agent, ...scopeArgs(scope, ws)]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(readFileSync(user.path, "utf8")).toBe(user.text);
    if (user.path !== ours) expect(existsSync(ours)).toBe(false);
  });

  test("a config that does not parse is an error naming file and line, and nothing is written", async () => {
    const ws = makeWorkspace();
    const path = configPath(agent, scope, ws);
    mkdirSync(dirname(path), { recursive: true });
    const broken = '{\n  "hooks": {\n    "x": [,]\n  }\n}\n';
    writeFileSync(path, broken);
    const before = tree(ws.project, ws.home, ws.stage);
    const result = await guards(ws, ["install", "--agent", agent, ...scopeArgs(scope, ws)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${basename(path)}:3:`);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(readFileSync(path, "utf8")).toBe(broken);
    expect(tree(ws.project, ws.home, ws.stage)).toEqual(before);
  });
});

describe("upgrades and foreign entries", () => {
  test("entries of an older guards version are replaced in place, not duplicated", async () => {
    const ws = makeWorkspace();
    const path = configPath("claude", "project", ws);
    mkdirSync(dirname(path), { recursive: true });
    const old = { type: "command", command: 'node "$CLAUDE_PROJECT_DIR/.guards/0.0.9/git-to-gh.mjs" --dialect claude', timeout: 30 };
    writeFileSync(path, JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash|PowerShell", hooks: [old] }] } }, null, 2));
    await guards(ws, ["install", "--agent", "claude", "--hooks", "git-to-gh"]);
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain("0.0.9");
    expect(text.match(/git-to-gh/g)).toHaveLength(1);
    expect(text).toContain("guards.cjs");
  });

  test("a hook command that merely mentions guards is not taken for ours", async () => {
    const ws = makeWorkspace();
    const path = configPath("cursor", "project", ws);
    mkdirSync(dirname(path), { recursive: true });
    const doc = { version: 1, hooks: { beforeShellExecution: [{ command: "node tools/guards/check.mjs" }, { command: "echo .guards/notes.mjs" }] } };
    const text = `${JSON.stringify(doc, null, 2)}\n`;
    writeFileSync(path, text);
    await guards(ws, ["install", "--agent", "cursor"]);
    await guards(ws, ["uninstall", "--agent", "cursor"]);
    expect(readFileSync(path, "utf8")).toBe(text);
  });

  test("uninstall keeps what the user added to the file after install", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "gemini"]);
    const path = configPath("gemini", "project", ws);
    const doc = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    writeFileSync(path, JSON.stringify({ ...doc, ui: { theme: "ANSI" } }, null, 2));
    await guards(ws, ["uninstall", "--agent", "gemini"]);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({ ui: { theme: "ANSI" } });
  });

  test("an event that is not a list is an error, and the file is untouched", async () => {
    const ws = makeWorkspace();
    const path = configPath("claude", "project", ws);
    mkdirSync(dirname(path), { recursive: true });
    const text = '{ "hooks": { "PreToolUse": { "matcher": "Bash" } } }\n';
    writeFileSync(path, text);
    const result = await guards(ws, ["install", "--agent", "claude"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('"hooks.PreToolUse" is not a list');
    expect(readFileSync(path, "utf8")).toBe(text);
  });
});
