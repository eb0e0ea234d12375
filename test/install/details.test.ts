/** Entry shapes per agent (timeout units, failClosed, names), line endings and BOM kept, upgrades cleaning up after themselves. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { applyPlan } from "../../cli/install/apply.ts";
import { parseConfig } from "../../cli/install/json-text.ts";
import { guardsHooksOf } from "../../cli/install/markers.ts";
import { guardsHandlers } from "../../cli/install/merge.ts";
import { parseInstallOptions } from "../../cli/install/options.ts";
import { planInstall } from "../../cli/install/plan-install.ts";
import { installTargets } from "../../cli/install/targets/index.ts";
import { cleanNodeStartOf, withCleanNodeStart, type EntryShell } from "../../cli/install/node-environment.ts";
import type { AgentId } from "../../cli/install/targets/types.ts";
import { configPath } from "./entries.ts";
import { builtCopy, guards, makeWorkspace, tree } from "./workspace.ts";

function installedHandlers(agent: AgentId, ws: ReturnType<typeof makeWorkspace>) {
  const path = configPath(agent, "project", ws);
  return guardsHandlers(parseConfig(readFileSync(path, "utf8"), path).value, installTargets[agent].layout).map((f) => f.handler);
}

describe("entry shapes", () => {
  test.for([
    ["claude", { type: "command", timeout: 30 }],
    ["codex", { type: "command", timeout: 30 }],
    ["gemini", { type: "command", timeout: 30_000, name: "guards-git-to-gh" }],
    ["qwen", { type: "command", timeout: 30_000 }],
    ["cursor", { timeout: 30, failClosed: true }],
    ["copilot", { type: "command", timeoutSec: 30 }],
    ["windsurf", { show_output: false }],
  ] as const)("%s: timeout in the agent's unit and its own fields", async ([agent, fields]) => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", agent, "--hooks", "git-to-gh"]);
    const handlers = installedHandlers(agent, ws);
    expect(handlers.length).toBeGreaterThan(0);
    for (const handler of handlers) expect(handler).toMatchObject(fields);
  });

  test("Cursor: security guards fail closed, observers do not", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "cursor", "--hooks", "dangerous-command,format,stop-telemetry"]);
    for (const handler of installedHandlers("cursor", ws)) {
      if (guardsHooksOf(handler).includes("dangerous-command")) expect(handler.failClosed).toBe(true);
      else expect(handler).not.toHaveProperty("failClosed");
    }
  });

  test("Copilot: the same node command for bash and PowerShell, each started without Node's start variables in its own syntax", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "copilot", "--hooks", "git-to-gh"]);
    for (const handler of installedHandlers("copilot", ws)) {
      const bash = cleanNodeStartOf(String(handler.bash));
      const powershell = cleanNodeStartOf(String(handler.powershell));
      expect([bash.shell, powershell.shell]).toEqual(["posix", "powershell"]);
      expect(powershell.nodeCommand).toBe(bash.nodeCommand);
    }
  });
});

describe("file text", () => {
  test("CRLF line endings and a byte-order mark are kept, and uninstall gives the bytes back", async () => {
    const ws = makeWorkspace();
    const path = join(ws.project, ".claude", "settings.json");
    mkdirSync(join(ws.project, ".claude"));
    const original = `\uFEFF${JSON.stringify({ model: "opus", env: { A: "1" } }, null, 4).replace(/\n/g, "\r\n")}\r\n`;
    writeFileSync(path, original);
    await guards(ws, ["install", "--agent", "claude", "--hooks", "git-to-gh"]);
    const text = readFileSync(path, "utf8");
    expect(text.startsWith("\uFEFF{\r\n    \"model\"")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    await guards(ws, ["uninstall", "--agent", "claude"]);
    expect(readFileSync(path, "utf8")).toBe(original);
  });
});

describe("upgrades", () => {
  test("installing a new version re-points the entries and removes the old version's hook files", async () => {
    const ws = makeWorkspace();
    const io = { argv: ["--agent", "claude,cursor", "--hooks", "git-to-gh"], stdout: () => {}, stderr: () => {}, stdin: undefined as never, stdinIsTTY: false, cwd: ws.project, env: { HOME: ws.home, GUARDS_HOOKS_DIR: join(builtCopy(), "hooks") } };
    const old = parseInstallOptions(io).request;
    applyPlan(planInstall({ ...old, version: "0.0.9" }), new Date());
    expect(existsSync(join(ws.project, ".guards", "0.0.9", "guards.cjs"))).toBe(true);

    await guards(ws, ["install", "--agent", "claude,cursor", "--hooks", "git-to-gh"]);
    for (const agent of ["claude", "cursor"] as const) {
      const text = readFileSync(configPath(agent, "project", ws), "utf8");
      expect(text).not.toContain("0.0.9");
      // One node command per handler, each naming the file once (Cursor's line names it for sh and PowerShell, then for cmd).
      const nodeCommands = installedHandlers(agent, ws).map((handler) => cleanNodeStartOf(String(handler.command)).nodeCommand);
      expect(nodeCommands.every((command) => command.match(/guards\.cjs/g)?.length === 1)).toBe(true);
      expect(text.match(/guards\.cjs/g)?.length).toBe(installedHandlers(agent, ws).reduce((n, handler) => n + (String(handler.command).match(/guards\.cjs/g)?.length ?? 0), 0));
    }
    expect(existsSync(join(ws.project, ".guards", "0.0.9"))).toBe(false);
    expect(existsSync(join(ws.project, ".guards", "0.1.0", "guards.cjs"))).toBe(true);
  });

  test("an old version still used by an agent that was not upgraded is kept", async () => {
    const ws = makeWorkspace();
    const io = { argv: ["--agent", "claude,cursor", "--hooks", "git-to-gh"], stdout: () => {}, stderr: () => {}, stdin: undefined as never, stdinIsTTY: false, cwd: ws.project, env: { HOME: ws.home, GUARDS_HOOKS_DIR: join(builtCopy(), "hooks") } };
    applyPlan(planInstall({ ...parseInstallOptions(io).request, version: "0.0.9" }), new Date());
    await guards(ws, ["install", "--agent", "claude", "--hooks", "git-to-gh"]);
    expect(readFileSync(configPath("cursor", "project", ws), "utf8")).toContain("0.0.9");
    expect(existsSync(join(ws.project, ".guards", "0.0.9", "guards.cjs"))).toBe(true);
  });

  test("an install over the earlier layout (one entry and one file per hook) leaves one entry per event, and uninstall leaves the user's own handlers", async () => {
    const ws = makeWorkspace();
    const settings = join(ws.project, ".claude", "settings.json");
    mkdirSync(join(ws.project, ".claude"), { recursive: true });
    // What an earlier guards wrote: one handler and one file per hook.
    const oldHandler = (id: string) => ({ type: "command", command: `node "\${CLAUDE_PROJECT_DIR:-.}/.guards/0.0.9/${id}.mjs" --dialect claude`, timeout: 30 });
    const old = { permissions: { allow: ["Bash(ls:*)"] }, hooks: { PreToolUse: [{ matcher: "Bash", hooks: [oldHandler("dangerous-command"), oldHandler("git-to-gh"), { type: "command", command: "./my-own-check.sh" }] }] } };
    writeFileSync(settings, `${JSON.stringify(old, null, 2)}\n`);
    mkdirSync(join(ws.project, ".guards", "0.0.9"), { recursive: true });
    for (const id of ["dangerous-command", "git-to-gh"]) writeFileSync(join(ws.project, ".guards", "0.0.9", `${id}.mjs`), "");

    await guards(ws, ["install", "--agent", "claude", "--hooks", "dangerous-command"]);
    const doc = JSON.parse(readFileSync(settings, "utf8"));
    // The earlier hooks are kept (git-to-gh too), in one process per event; the user's own handler stays.
    expect(doc.hooks.PreToolUse).toEqual([
      { matcher: "Bash|PowerShell", hooks: [{ type: "command", command: withCleanNodeStart("posix", 'node "${CLAUDE_PROJECT_DIR:-.}/.guards/0.1.0/guards.cjs" --dialect claude --hooks dangerous-command,git-to-gh'), timeout: 30 }] },
      { matcher: "Bash", hooks: [{ type: "command", command: "./my-own-check.sh" }] },
    ]);
    expect(JSON.stringify(doc)).not.toContain("0.0.9");

    await guards(ws, ["uninstall", "--agent", "claude"]);
    const left = JSON.parse(readFileSync(settings, "utf8"));
    expect(left.hooks.PreToolUse).toEqual([{ matcher: "Bash", hooks: [{ type: "command", command: "./my-own-check.sh" }] }]);
  });
});

describe("upgrading a project file written before the Windows forms", () => {
  // What the previous release wrote for each: Codex without `commandWindows`, Gemini CLI and Qwen Code
  // through their project variable, which PowerShell cannot expand.
  const earlier: [AgentId, string, (text: string) => string][] = [
    ["codex", ".codex/hooks.json", (text) => text.replace(/,\n\s*"commandWindows": "[^"]*"/g, "")],
    ["gemini", ".gemini/settings.json", (text) => text.replace(/node \.guards\//g, 'node \\"${GEMINI_PROJECT_DIR:-.}/.guards/').replace(/guards\.cjs( --dialect)/g, 'guards.mjs\\"$1')],
    ["qwen", ".qwen/settings.json", (text) => text.replace(/node \.guards\//g, 'node \\"${QWEN_PROJECT_DIR:-.}/.guards/').replace(/guards\.cjs( --dialect)/g, 'guards.mjs\\"$1')],
    // Before the guards file became CommonJS, every entry named it guards.mjs.
    ["claude", ".claude/settings.json", (text) => text.replace(/guards\.cjs/g, "guards.mjs")],
  ];
  test.for(earlier)("%s: install replaces the entries, a second install changes no byte, uninstall gives back the user's bytes", upgradeRoundTrip);
});

/** Every command of a file's JSON text rewritten around its node command in an earlier form (none: the node command alone). */
function inEarlierForm(text: string, earlier: EntryShell | undefined): string {
  const rewritten = text.replace(/"(?:[^"\\]|\\.)*"/g, (literal) => {
    const start = cleanNodeStartOf(JSON.parse(literal) as string);
    return start.shell === undefined ? literal : JSON.stringify(withCleanNodeStart(earlier, start.nodeCommand));
  });
  expect(rewritten).not.toBe(text);
  return rewritten;
}

/** Every command of a file's text as an install before node-environment.ts wrote it: the node command alone. */
function withoutCleanStart(text: string): string {
  return inEarlierForm(text, undefined);
}

describe("upgrading a file whose entries start node with the agent's NODE_OPTIONS", () => {
  const earlier: [AgentId, string, (text: string) => string][] = [
    ["claude", ".claude/settings.json", withoutCleanStart],
    ["cursor", ".cursor/hooks.json", withoutCleanStart],
    ["codex", ".codex/hooks.json", withoutCleanStart],
    ["gemini", ".gemini/settings.json", withoutCleanStart],
    ["windsurf", ".windsurf/hooks.json", withoutCleanStart],
  ];
  test.for(earlier)("%s: install replaces the entries, a second install changes no byte, uninstall gives back the user's bytes", upgradeRoundTrip);
});

describe("upgrading a project file whose entries remove Node's variables in a POSIX shell only (before the polyglot starts)", () => {
  const posixOnly = (text: string) => inEarlierForm(text, "posix");
  const earlier: [AgentId, string, (text: string) => string][] = [
    ["cursor", ".cursor/hooks.json", posixOnly],
    ["gemini", ".gemini/settings.json", posixOnly],
    ["qwen", ".qwen/settings.json", posixOnly],
    ["windsurf", ".windsurf/hooks.json", posixOnly],
    // Kiro's file is guards' own: its upgrade is in doctor.test.ts.
    // Written on Windows: PowerShell's form, which a POSIX shell does not know.
    ["cursor", ".cursor/hooks.json", (text) => inEarlierForm(text, "powershell")],
  ];
  test.for(earlier)("%s: install replaces the entries, a second install changes no byte, uninstall gives back the user's bytes", upgradeRoundTrip);
});

async function upgradeRoundTrip([agent, file, downgrade]: [AgentId, string, (text: string) => string]): Promise<void> {
  {
    const ws = makeWorkspace();
    const path = join(ws.project, file);
    mkdirSync(join(path, ".."), { recursive: true });
    const users = `{\n    "hooks": {\n        "Stop": [\n            { "hooks": [ { "type": "command", "command": "./notify.sh" } ] }\n        ]\n    }\n}\n`;
    writeFileSync(path, users);
    await guards(ws, ["install", "--agent", agent, "--hooks", "git-to-gh"]);
    const current = readFileSync(path, "utf8");
    const old = downgrade(current);
    expect(old).not.toBe(current);
    writeFileSync(path, old);

    const upgraded = await guards(ws, ["install", "--agent", agent, "--hooks", "git-to-gh"]);
    expect(upgraded.code, upgraded.stderr).toBe(0);
    expect(readFileSync(path, "utf8")).toBe(current);
    expect((await guards(ws, ["install", "--agent", agent, "--hooks", "git-to-gh"])).stdout).toContain("Nothing to change");
    await guards(ws, ["uninstall", "--agent", agent]);
    expect(readFileSync(path, "utf8")).toBe(users);
  }
}

describe("installing and removing some hooks", () => {
  test("install --hooks adds to the guards already there; uninstall --hooks removes only those; a full uninstall leaves nothing", async () => {
    const ws = makeWorkspace();
    const before = tree(ws.project);
    await guards(ws, ["install", "--agent", "claude,cursor", "--hooks", "git-to-gh"]);
    await guards(ws, ["install", "--agent", "claude,cursor", "--hooks", "format"]);
    const ids = (agent: AgentId) => new Set(installedHandlers(agent, ws).flatMap((h) => guardsHooksOf(h)));
    for (const agent of ["claude", "cursor"] as const) expect(ids(agent)).toEqual(new Set(["git-to-gh", "format"]));

    const partial = await guards(ws, ["uninstall", "--agent", "claude,cursor", "--hooks", "format"]);
    expect(partial.code, partial.stderr).toBe(0);
    for (const agent of ["claude", "cursor"] as const) expect(ids(agent)).toEqual(new Set(["git-to-gh"]));
    expect(existsSync(join(ws.project, ".guards", "0.1.0", "guards.cjs"))).toBe(true);

    await guards(ws, ["uninstall"]);
    expect(tree(ws.project)).toEqual(before);
    // The files replaced along the way stay backed up under the home directory.
    expect(Object.keys(tree(ws.home)).every((path) => path.startsWith("home/.guards/backups") || path === "home/.guards/")).toBe(true);
  });

  test("the order of --hooks does not change the file", async () => {
    const one = makeWorkspace();
    const two = makeWorkspace();
    await guards(one, ["install", "--agent", "gemini", "--hooks", "git-to-gh,dangerous-command"]);
    await guards(two, ["install", "--agent", "gemini", "--hooks", "dangerous-command,git-to-gh"]);
    const text = (ws: typeof one) => readFileSync(configPath("gemini", "project", ws), "utf8").replaceAll(ws.project, "<p>");
    expect(text(one)).toBe(text(two));
  });
});
