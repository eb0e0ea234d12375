/** The install CLI's promises beyond the matrix: dry runs, detection, lock-down, no double firing, other platforms' layouts, usage errors. */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { SCHEMA_FILES, schemaErrors } from "./schemas.ts";
import { guards, makeWorkspace, tree } from "./workspace.ts";
import { guardsHandlers } from "../../cli/install/merge.ts";
import { guardsHooksOf } from "../../cli/install/markers.ts";

describe("--dry-run", () => {
  test("prints a unified diff of every file and writes nothing", async () => {
    const ws = makeWorkspace();
    const before = tree(ws.project, ws.home);
    const result = await guards(ws, ["install", "--agent", "claude,cursor", "--hooks", "git-to-gh", "--dry-run"]);
    expect(result.code).toBe(0);
    expect(tree(ws.project, ws.home)).toEqual(before);
    expect(result.stdout).toContain(`+++ b${join(ws.project, ".claude", "settings.json")}`);
    expect(result.stdout).toContain(`+++ b${join(ws.project, ".cursor", "hooks.json")}`);
    expect(result.stdout).toContain(`+${" ".repeat(12)}"command": "unset NODE_OPTIONS NODE_COMPILE_CACHE NODE_V8_COVERAGE; node \\"\${CLAUDE_PROJECT_DIR:-.}/.guards/0.1.0/guards.cjs\\" --dialect claude --hooks git-to-gh",\n`);
    expect(result.stdout).toContain("would create");
  });

  test("after an install it has nothing to show", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "gemini"]);
    const result = await guards(ws, ["install", "--agent", "gemini", "--dry-run"]);
    expect(result.stdout).not.toContain("+++");
    expect(result.stdout).toContain("Nothing to change");
  });
});

describe("--json", () => {
  test("install prints the plan as JSON for scripts, and the files are written", async () => {
    const ws = makeWorkspace();
    const result = await guards(ws, ["install", "--agent", "windsurf", "--hooks", "git-to-gh", "--json"]);
    const plan = JSON.parse(result.stdout) as { dryRun: boolean; changes: { agent: string; path: string; after: string }[] };
    expect(plan.dryRun).toBe(false);
    expect(plan.changes.map((c) => [c.agent, c.path])).toEqual([["windsurf", join(ws.project, ".windsurf", "hooks.json")]]);
    expect(readFileSync(join(ws.project, ".windsurf", "hooks.json"), "utf8")).toBe(plan.changes[0]!.after);
  });
});

describe("agent selection", () => {
  test("without --agent and without a TTY, the agents present in the project or home are installed", async () => {
    const ws = makeWorkspace();
    mkdirSync(join(ws.project, ".cursor"));
    mkdirSync(join(ws.home, ".gemini"));
    const result = await guards(ws, ["install", "--hooks", "git-to-gh"]);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(ws.project, ".cursor", "hooks.json"))).toBe(true);
    expect(existsSync(join(ws.project, ".gemini", "settings.json"))).toBe(true);
    expect(existsSync(join(ws.project, ".claude"))).toBe(false);
  });

  test("nothing detected is an error that says how to name agents", async () => {
    const ws = makeWorkspace();
    const result = await guards(ws, ["install"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--agent");
  });

  test("Copilot is not given its own copy when Claude's settings, which Copilot also runs, get the guards", async () => {
    const ws = makeWorkspace();
    const result = await guards(ws, ["install", "--agent", "claude,copilot", "--hooks", "git-to-gh"]);
    expect(result.stdout).toMatch(/skipped copilot: .*Claude Code/);
    expect(existsSync(join(ws.project, ".github", "hooks", "guards.json"))).toBe(false);
    expect(existsSync(join(ws.project, ".claude", "settings.json"))).toBe(true);
  });

  test("Copilot's own file at user scope: Copilot CLI runs only the project's Claude settings, not ~/.claude", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "claude,copilot", "--scope", "user", "--hooks", "git-to-gh"]);
    expect(existsSync(join(ws.home, ".copilot", "hooks", "guards.json"))).toBe(true);
    expect(existsSync(join(ws.home, ".claude", "settings.json"))).toBe(true);
  });

  test.for([["vscode"], ["copilot,vscode"], ["vscode,copilot"]] as const)("--agent %s writes Copilot's hook file once, which VS Code runs", async ([agents]) => {
    const ws = makeWorkspace();
    const result = await guards(ws, ["install", "--agent", agents, "--hooks", "git-to-gh"]);
    expect(result.code, result.stderr).toBe(0);
    const text = readFileSync(join(ws.project, ".github", "hooks", "guards.json"), "utf8");
    expect(text).toContain('"bash"');
    expect(text).toContain('"powershell"');
    expect(text).toContain("--dialect copilot");
    expect(result.stdout).toContain("chat.useClaudeHooks");
    expect(result.stdout.match(/^(create|update) /gm)).toHaveLength(1);
  });

  test("VS Code with Claude: no .github/hooks file beside Claude's (Copilot CLI would run both), and the setting VS Code needs is named", async () => {
    const ws = makeWorkspace();
    const result = await guards(ws, ["install", "--agent", "claude,vscode", "--hooks", "git-to-gh"]);
    expect(existsSync(join(ws.project, ".github", "hooks", "guards.json"))).toBe(false);
    expect(result.stdout).toMatch(/skipped vscode: .*chat\.useClaudeHooks/);
    expect(result.stdout).toMatch(/VS Code: turn on "chat\.useClaudeHooks"/);
  });

  test("Cursor with Claude: both installed, and the user is told which Cursor setting would make them fire twice", async () => {
    const ws = makeWorkspace();
    const result = await guards(ws, ["install", "--agent", "claude,cursor", "--hooks", "git-to-gh"]);
    expect(existsSync(join(ws.project, ".cursor", "hooks.json"))).toBe(true);
    expect(result.stdout).toMatch(/Cursor.*third-party hooks.*fires twice/);
  });

  test.for([
    [["install", "--agent", "vim"], "unknown agent"],
    [["install", "--agent", "claude", "--hooks", "nope"], "unknown hook"],
    [["install", "--agent", "claude", "--scope", "global"], "--scope"],
    [["install", "--agent", "claude", "--platform", "win32"], "--platform"],
    [["install", "--agent", "claude", "--bogus"], "bogus"],
  ] as const)("%j is a usage error (exit 2)", async ([args, message]) => {
    const ws = makeWorkspace();
    const result = await guards(ws, [...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });
});

describe("hook selection", () => {
  /** The hooks the installed entries run. */
  const copied = async (hooks: string[]) => {
    const ws = makeWorkspace();
    const result = await guards(ws, ["install", "--agent", "claude", ...hooks]);
    expect(result.code, result.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(join(ws.project, ".claude", "settings.json"), "utf8"));
    return [...new Set(guardsHandlers(doc, "groups").flatMap(({ handler }) => guardsHooksOf(handler)))];
  };
  const DEFAULTS = ["redact-secrets", "dangerous-command", "kubectl-prod", "guard-files", "format", "stop-telemetry"];

  test("no --hooks: the protective guards and the observers, not the git-to-gh team policy", async () => {
    expect(await copied([])).toEqual(expect.arrayContaining(DEFAULTS));
    expect(await copied([])).not.toContain("git-to-gh");
  });

  test("--hooks +git-to-gh adds the policy to the defaults", async () => {
    expect((await copied(["--hooks", "+git-to-gh"])).sort()).toEqual([...(await copied([])), "git-to-gh"].sort());
  });

  test("--hooks a,b is the exact list", async () => {
    expect((await copied(["--hooks", "git-to-gh,format"])).sort()).toEqual(["format", "git-to-gh"]);
  });

  test("an exact list mixed with additions is a usage error", async () => {
    const ws = makeWorkspace();
    const result = await guards(ws, ["install", "--agent", "claude", "--hooks", "format,+git-to-gh"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("not both");
  });

  test("uninstall with no --hooks also removes an opt-in policy", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "claude", "--hooks", "+git-to-gh"]);
    await guards(ws, ["uninstall", "--agent", "claude"]);
    expect(existsSync(join(ws.project, ".claude", "settings.json"))).toBe(false);
  });
});

describe("enterprise scope", () => {
  test("--lock-down sets Claude's allowManagedHooksOnly in the guards drop-in, which still validates", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "claude", "--scope", "enterprise", "--root", ws.stage, "--platform", "linux", "--lock-down"]);
    const dropIn = JSON.parse(readFileSync(join(ws.stage, "etc", "claude-code", "managed-settings.d", "50-guards.json"), "utf8"));
    expect(dropIn.allowManagedHooksOnly).toBe(true);
    expect(schemaErrors(SCHEMA_FILES.claude, dropIn)).toEqual([]);
  });

  test("without --lock-down no switch is set", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "claude", "--scope", "enterprise", "--root", ws.stage, "--platform", "linux"]);
    const dropIn = JSON.parse(readFileSync(join(ws.stage, "etc", "claude-code", "managed-settings.d", "50-guards.json"), "utf8"));
    expect(dropIn).not.toHaveProperty("allowManagedHooksOnly");
  });

  test.for([
    ["win32", "cursor", "C/ProgramData/Cursor/hooks.json", "C/ProgramData/Guards/0.1.0/guards.cjs", "node C:/ProgramData/Guards/0.1.0/guards.cjs --dialect"],
    ["win32", "claude", "C/Program Files/ClaudeCode/managed-settings.d/50-guards.json", "C/ProgramData/Guards/0.1.0/guards.cjs", "node C:/ProgramData/Guards/0.1.0/guards.cjs --dialect"],
    ["win32", "copilot", "C/ProgramData/GitHub/Copilot/policy.d/guards.json", "C/ProgramData/Guards/0.1.0/guards.cjs", "node C:/ProgramData/Guards/0.1.0/guards.cjs --dialect"],
    ["darwin", "claude", "Library/Application Support/ClaudeCode/managed-settings.d/50-guards.json", "Library/Application Support/Guards/0.1.0/guards.cjs", '"/Library/Application Support/Guards/0.1.0/guards.cjs"'],
    ["darwin", "gemini", "Library/Application Support/GeminiCli/settings.json", "Library/Application Support/Guards/0.1.0/guards.cjs", '"/Library/Application Support/Guards/0.1.0/guards.cjs"'],
    ["linux", "windsurf", "etc/windsurf/hooks.json", "opt/guards/0.1.0/guards.cjs", '"/opt/guards/0.1.0/guards.cjs"'],
  ] as const)("--platform %s stages %s's payload tree under --root", async ([platform, agent, config, hookFile, pathWord]) => {
    const ws = makeWorkspace();
    const result = await guards(ws, ["install", "--agent", agent, "--hooks", "git-to-gh", "--scope", "enterprise", "--root", ws.stage, "--platform", platform]);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(ws.stage, hookFile))).toBe(true);
    const text = readFileSync(join(ws.stage, config), "utf8");
    // A plain Windows folder is written bare, one with a space in double quotes.
    expect(text).toContain(JSON.stringify(pathWord).slice(1, -1));
    expect(schemaErrors(SCHEMA_FILES[agent], JSON.parse(text))).toEqual([]);
  });

  test("the guards file gets root's compiled-code folder beside it, filled by running each shell entry once", async () => {
    const ws = makeWorkspace();
    const result = await guards(ws, ["install", "--agent", "claude,gemini", "--scope", "enterprise", "--root", ws.stage, "--platform", "linux"]);
    expect(result.code, result.stderr).toBe(0);
    const dir = join(ws.stage, "opt", "guards", "0.1.0", "code-cache");
    expect(statSync(dir).mode & 0o777).toBe(0o755);
    const kept = readdirSync(dir).filter((name) => name.endsWith(".bin"));
    // Per hook list of a shell entry (the two agents' entries name the same list), read by every user: the
    // front that answers `ls`, and the guards' own code, which the front leaves every other command to.
    expect(new Set(kept.map((name) => name.split("-")[0]))).toEqual(new Set(["front", "guards"]));
    for (const name of kept) expect(statSync(join(dir, name)).mode & 0o777).toBe(0o644);
    expect(result.stdout).toContain(`compiled code for every user kept in ${dir}`);
    // Uninstall takes the folder with the version's files.
    await guards(ws, ["uninstall", "--agent", "claude,gemini", "--scope", "enterprise", "--root", ws.stage, "--platform", "linux"]);
    expect(existsSync(dir)).toBe(false);
  });

  test("a staged install names the files it writes under --root, and gives the enterprise steps, not the project ones", async () => {
    const ws = makeWorkspace();
    const result = await guards(ws, ["install", "--agent", "codex,claude", "--hooks", "git-to-gh", "--scope", "enterprise", "--root", ws.stage, "--platform", "linux"]);
    expect(result.stdout).toContain(`create ${join(ws.stage, "etc", "codex", "hooks.json")} (codex)`);
    expect(result.stdout).toContain("trusted by policy");
    expect(result.stdout).not.toContain("workspace-trust prompt");
  });

  test("an agent without a documented system location on a platform is skipped with the reason", async () => {
    const ws = makeWorkspace();
    const result = await guards(ws, ["install", "--agent", "codex", "--scope", "enterprise", "--root", ws.stage, "--platform", "win32"]);
    expect(result.stdout).toContain("skipped codex: no enterprise config location on win32");
  });

  test.for(["devin", "kiro", "goose", "crush", "cline", "opencode", "amp"])("%s documents no managed location: enterprise scope skips it and writes nothing", async (agent) => {
    const ws = makeWorkspace();
    const result = await guards(ws, ["install", "--agent", agent, "--scope", "enterprise", "--root", ws.stage, "--platform", "linux"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`skipped ${agent}: no enterprise config location on linux`);
    expect(tree(ws.stage)).toEqual({});
  });
});
