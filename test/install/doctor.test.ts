/** guards list and guards doctor over real installs in a temporary project and HOME. */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { doctor } from "../../cli/install/doctor.ts";
import { replayStart } from "../../cli/install/replay-start.ts";
import { cleanNodeStartOf, withCleanNodeStart } from "../../cli/install/node-environment.ts";
import { entryNodes, runInstalledShellEntries } from "./entries.ts";
import { guards, makeWorkspace } from "./workspace.ts";

describe("guards list", () => {
  test("names each hook, and each agent, scope and file it is installed in", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "claude", "--hooks", "git-to-gh"]);
    await guards(ws, ["install", "--agent", "codex", "--scope", "user", "--hooks", "git-to-gh,dangerous-command"]);
    const result = await guards(ws, ["list", "--json"]);
    expect(result.code).toBe(0);
    const found = JSON.parse(result.stdout) as { agent: string; scope: string; path: string; entries: { hookIds: string[]; event: string }[] }[];
    expect(found.map((f) => [f.agent, f.scope, f.path])).toEqual([
      ["claude", "project", join(ws.project, ".claude", "settings.json")],
      ["codex", "user", join(ws.home, ".codex", "hooks.json")],
    ]);
    expect(new Set(found[1]!.entries.flatMap((e) => e.hookIds))).toEqual(new Set(["git-to-gh", "dangerous-command"]));
    const text = await guards(ws, ["list"]);
    expect(text.stdout).toContain("kubectl-prod");
    expect(text.stdout).toContain(`claude (project) ${join(ws.project, ".claude", "settings.json")}`);
  });

  test("says so when nothing is installed", async () => {
    const ws = makeWorkspace();
    expect((await guards(ws, ["list"])).stdout).toContain("nowhere yet");
  });
});

describe("guards doctor", () => {
  test("a sound install: every shell entry replayed with the agent's ls payload passes", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "claude,cursor,codex,gemini,qwen,windsurf", "--hooks", "git-to-gh,format"]);
    const result = await guards(ws, ["doctor", "--json"]);
    const findings = JSON.parse(result.stdout) as { ok: boolean; agent?: string; hook?: string; text: string }[];
    const replayed = findings.filter((f) => f.hook === "git-to-gh" && !f.text.includes("for Windows"));
    expect(replayed.map((f) => f.agent).sort()).toEqual(["claude", "codex", "cursor", "gemini", "qwen", "windsurf"]);
    // A slow verdict depends on the machine's load; everything else must be clean.
    for (const f of findings.filter((f) => !f.text.startsWith("slow"))) expect(f, f.text).toMatchObject({ ok: true });
    for (const f of replayed.filter((f) => f.ok)) expect(f.text).toMatch(/^pass for `ls`/);
    // Codex's Windows command, started from the project root as cmd /C would start it.
    const forWindows = findings.filter((f) => f.text.includes("for Windows"));
    expect(new Set(forWindows.map((f) => f.agent))).toEqual(new Set(["codex"]));
    expect(forWindows.map((f) => f.text)).toContain("`commandWindows` for Windows: pass for `ls` from the project root");
  });

  test.for([
    ["written before it had one", (text: string) => text.replace(/,\n\s*"commandWindows": "[^"]*"/g, ""), "no `commandWindows`: on Windows Codex CLI would run"],
    ["running other guards than `command`", (text: string) => text.replace(/("commandWindows": "[^"]*--hooks )[a-z,-]+/g, "$1format"), "`commandWindows` runs format, `command` runs git-to-gh"],
    ["pointing at a file that is not there", (text: string) => text.replace(/("commandWindows": "[^"]*& node \.guards\/)0\.1\.0/g, (_, head: string) => `${head}9.9.9`), "`commandWindows` for Windows failed from the project root"],
    ["one that finds the file only from the project root", (text: string) => text.replace(/("commandWindows": ")[^"]*& (node )/g, "$1$2"), "`commandWindows` finds the guards file only when Codex CLI starts in the project root"],
    ["one that keeps the agent's NODE_OPTIONS", (text: string) => text.replaceAll(withCleanNodeStart("cmd", ""), ""), "`commandWindows` starts node with the agent's NODE_OPTIONS"],
  ] as const)("a Codex project entry whose Windows command is %s is reported", async ([, damage, message]) => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "codex", "--hooks", "git-to-gh"]);
    const path = join(ws.project, ".codex", "hooks.json");
    const text = readFileSync(path, "utf8");
    expect(damage(text)).not.toBe(text);
    writeFileSync(path, damage(text));
    const result = await guards(ws, ["doctor"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(message);
  });

  test("names the agents each installed file protects, each judged by its own payload and reading", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "claude", "--hooks", "dangerous-command"]);
    await guards(ws, ["install", "--agent", "copilot", "--hooks", "dangerous-command"]);
    const result = await guards(ws, ["doctor", "--json"]);
    const findings = JSON.parse(result.stdout) as { ok: boolean; agent?: string; text: string }[];
    const protects = (agent: string) => findings.find((f) => f.agent === agent && f.text.startsWith("protects:"))?.text;
    expect(protects("claude")).toBe("protects: Claude Code, Copilot CLI, VS Code (Local harness) (with chat.useClaudeHooks), Cursor (with third-party hooks on)");
    expect(protects("copilot")).toBe("protects: Copilot CLI, VS Code (Local harness)");
  });

  test("a guard answering only in Copilot's top-level fields leaves VS Code unprotected, and doctor says so", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "copilot", "--hooks", "dangerous-command"]);
    writeFileSync(join(ws.project, ".guards", "0.1.0", "guards.cjs"), 'process.stdout.write(JSON.stringify({ permissionDecision: "deny" }));');
    const result = await guards(ws, ["doctor"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("VS Code (Local harness) runs this file but is not protected: `rm -rf /` would run");
  });

  test.for([
    ["a deleted hook file", (ws: { project: string }) => rmSync(join(ws.project, ".guards", "0.1.0", "guards.cjs")), "hook file missing"],
    ["a config that no longer parses", (ws: { project: string }) => writeFileSync(join(ws.project, ".claude", "settings.json"), "{ nope"), "the agent would reject this file"],
    ["a hook file that crashes", (ws: { project: string }) => writeFileSync(join(ws.project, ".guards", "0.1.0", "guards.cjs"), "throw new Error('boom')"), "the command failed"],
    ["a hook that denies ls", (ws: { project: string }) => writeFileSync(join(ws.project, ".guards", "0.1.0", "guards.cjs"), "process.exitCode = 2"), "answered deny"],
  ] as const)("reports %s and exits 1", async ([, damage, message]) => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "claude", "--hooks", "git-to-gh"]);
    damage(ws);
    const result = await guards(ws, ["doctor"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(new RegExp(`PROBLEM .*${message}`));
  });

  test("reports node missing from PATH", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "cursor", "--hooks", "git-to-gh"]);
    const result = await guards(ws, ["doctor"], { PATH: join(ws.root, "empty") });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("node is not on PATH");
  });

  const NO_REMOVAL = "starts node with the agent's NODE_OPTIONS, which can run code before the guards";
  const POSIX_ONLY = "removes Node's variables only in a POSIX shell: a Windows teammate's Cursor runs this line in PowerShell";
  test.for([
    ["claude", ".claude/settings.json", "posix", undefined, NO_REMOVAL],
    ["cursor", ".cursor/hooks.json", "posix+powershell+cmd", undefined, NO_REMOVAL],
    ["cursor", ".cursor/hooks.json", "posix+powershell+cmd", "posix", POSIX_ONLY],
    ["cursor", ".cursor/hooks.json", "posix+powershell+cmd", "powershell", "removes Node's variables only in PowerShell: Cursor on Linux and macOS runs this line in a POSIX shell"],
    ["kiro", ".kiro/hooks/guards.json", "posix+powershell+cmd", "posix", "removes Node's variables only in a POSIX shell: a Windows teammate's Kiro CLI runs this line in cmd, which never starts the guards"],
    ["codex", ".codex/hooks.json", "posix", undefined, NO_REMOVAL],
  ] as const)("%s %s: its %s start, as an earlier install wrote it (%s), is reported, and a new install clears it", async ([agent, file, shell, earlier, message]) => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", agent, "--hooks", "git-to-gh"]);
    expect((await guards(ws, ["doctor"])).stdout).not.toContain(message);
    const path = join(ws.project, file);
    const text = readFileSync(path, "utf8");
    // Every command in the file, rewritten around its node command in the earlier form.
    const earlierText = text.replace(/"(?:[^"\\]|\\.)*"/g, (literal) => {
      const start = cleanNodeStartOf(JSON.parse(literal) as string);
      return start.shell === shell ? JSON.stringify(withCleanNodeStart(earlier, start.nodeCommand)) : literal;
    });
    expect(earlierText).not.toBe(text);
    writeFileSync(path, earlierText);
    const result = await guards(ws, ["doctor"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(message);
    await guards(ws, ["install", "--agent", agent, "--hooks", "git-to-gh"]);
    expect(readFileSync(path, "utf8")).toBe(text);
  });

  test.for([
    ["claude", ".claude/settings.json", { disableAllHooks: true }, "disableAllHooks is true"],
    ["gemini", ".gemini/settings.json", { hooksConfig: { enabled: false } }, "hooksConfig.enabled is false"],
  ] as const)("%s: a file whose hooks are switched off is reported", async ([agent, file, switchOff, message]) => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", agent, "--hooks", "git-to-gh"]);
    const path = join(ws.project, file);
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, "utf8")), ...switchOff }));
    const result = await guards(ws, ["doctor"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(message);
  });

  test("Factory: a hooks.json beside the settings guards wrote is reported (Droid then skips settings.json hooks)", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "factory", "--hooks", "git-to-gh"]);
    expect((await guards(ws, ["doctor"])).stdout).not.toContain("hooks.json exists");
    writeFileSync(join(ws.project, ".factory", "hooks.json"), "{}\n");
    const result = await guards(ws, ["doctor"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/PROBLEM .*\.factory\/hooks\.json exists: Factory Droid reads hooks from it and skips the ones in this file/);
  });

  test("a Codex config with a key Codex refuses is reported", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "codex", "--hooks", "git-to-gh"]);
    const path = join(ws.project, ".codex", "hooks.json");
    writeFileSync(path, JSON.stringify({ $schema: "x", ...JSON.parse(readFileSync(path, "utf8")) }));
    expect((await guards(ws, ["doctor"])).stdout).toContain('top-level key "$schema"');
  });
});

describe("a replay starts each entry in the shell its start is written for", () => {
  const node = "node C:/ProgramData/Guards/0.1.0/guards.cjs --dialect cursor --hooks git-to-gh";
  test.for([
    ["linux", withCleanNodeStart("posix", node), withCleanNodeStart("posix", node), true],
    ["win32", withCleanNodeStart("powershell", node), withCleanNodeStart("powershell", node), "powershell.exe"],
    ["win32", `(for /f delims^= %r in ('git rev-parse --show-toplevel 2^>nul') do cd /d %r) & ${withCleanNodeStart("cmd", node)}`, `(for /f delims^= %r in ('git rev-parse --show-toplevel 2^>nul') do cd /d %r) & ${withCleanNodeStart("cmd", node)}`, true],
    // Git Bash may be missing where doctor runs: the node command alone, through cmd.
    ["win32", withCleanNodeStart("posix", node), node, true],
    // The line every shell reads runs whole: in sh off Windows, in the agent's shell on Windows (PowerShell where unknown).
    ["linux", withCleanNodeStart("posix+powershell+cmd", node), withCleanNodeStart("posix+powershell+cmd", node), true],
    ["win32", withCleanNodeStart("posix+powershell+cmd", node), withCleanNodeStart("posix+powershell+cmd", node), "powershell.exe"],
    ["win32", withCleanNodeStart("posix+powershell+cmd", node), withCleanNodeStart("posix+powershell+cmd", node), true, "cmd"],
    ["win32", node, node, true],
  ] as const)("%s: %s", ([platform, line, command, shell, windowsShell]) => {
    expect(replayStart(line, platform, windowsShell)).toEqual({ command, shell });
  });
});

describe("guards doctor on Windows, for Claude's project form", () => {
  // Claude Code runs hooks through Git Bash there, else PowerShell, where `${CLAUDE_PROJECT_DIR:-.}` finds nothing.
  test.for([
    ["no Git Bash anywhere", () => ({}), false],
    ["CLAUDE_CODE_GIT_BASH_PATH naming a file", (dir: string) => ({ CLAUDE_CODE_GIT_BASH_PATH: touch(join(dir, "bash.exe")) }), true],
    ["CLAUDE_CODE_GIT_BASH_PATH naming nothing", (dir: string) => ({ CLAUDE_CODE_GIT_BASH_PATH: join(dir, "missing", "bash.exe") }), false],
    ["git.exe on PATH with Git's bin/bash.exe", (dir: string) => (touch(join(dir, "Git", "bin", "bash.exe")), { PATH: join(dir, "Git", "cmd") + ":" + (touch(join(dir, "Git", "cmd", "git.exe")), "/usr/bin") }), true],
    ["Git for Windows in ProgramFiles", (dir: string) => (touch(join(dir, "Git", "bin", "bash.exe")), { ProgramFiles: dir }), true],
  ] as const)("%s", async ([, env, found]) => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "claude", "--hooks", "git-to-gh"]);
    const findings = doctor({ project: ws.project, env: { HOME: ws.home, PATH: "/usr/bin", ProgramFiles: join(ws.root, "none"), ...env(ws.root) }, platform: "win32", scopes: ["project"], cwd: ws.project });
    const bash = findings.filter((f) => /Git Bash/.test(f.text));
    expect(bash).toHaveLength(1);
    expect(bash[0]).toMatchObject(found ? { ok: true, text: expect.stringMatching(/^Git Bash at .*bash\.exe: Claude Code runs these hooks with it$/) } : { ok: false, text: expect.stringContaining("no Git Bash found") });
  });

  test("a file written on Windows names the guards file itself, so it needs no Git Bash", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "claude", "--hooks", "git-to-gh", "--root", ws.stage, "--platform", "win32"]);
    const settings = readFileSync(join(ws.stage, ws.project, ".claude", "settings.json"), "utf8");
    expect(settings).not.toContain("CLAUDE_PROJECT_DIR");
  });
});

/** An empty file at `path` (folders made), returned. */
function touch(path: string): string {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, "");
  return path;
}

describe("project-scope entries survive a cd and a moved checkout", () => {
  const node = entryNodes()[0]!.path;
  // Gemini CLI and Qwen Code start every hook in the session folder, the one their project variable names
  // (hookRunner.ts in both), so their entries name the file from there: a shell elsewhere is not theirs.
  test.for(["claude", "codex", "factory", "devin", "goose", "crush"] as const)("%s: run from a subdirectory", async (agent) => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", agent, "--hooks", "git-to-gh"]);
    const sub = join(ws.project, "src");
    mkdirSync(sub);
    const runs = runInstalledShellEntries(agent, "project", ws, "git-to-gh", "git-clone", node, sub);
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) expect(run, run.stderr).toMatchObject({ verdict: "deny" });
  });

  test.for(["claude", "gemini", "qwen"] as const)("%s: run by an agent that does not set the project-dir variable, from the project root", async (agent) => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", agent, "--hooks", "git-to-gh"]);
    const runs = runInstalledShellEntries(agent, "project", ws, "git-to-gh", "git-clone", node, ws.project, false);
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) expect(run, run.stderr).toMatchObject({ verdict: "deny" });
  });

  test("codex: a project that is not a git repository", async () => {
    const ws = makeWorkspace({ git: false });
    await guards(ws, ["install", "--agent", "codex", "--hooks", "git-to-gh"]);
    const runs = runInstalledShellEntries("codex", "project", ws, "git-to-gh", "git-clone", node);
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) expect(run, run.stderr).toMatchObject({ verdict: "deny" });
  });

  test.for(["claude", "codex", "cursor", "windsurf", "copilot", "gemini", "qwen", "factory", "devin", "kiro", "goose", "crush", "augment"] as const)("%s: the project folder is moved after install", async (agent) => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", agent, "--hooks", "git-to-gh"]);
    const moved = { ...ws, project: join(ws.root, "moved") };
    renameSync(ws.project, moved.project);
    const runs = runInstalledShellEntries(agent, "project", moved, "git-to-gh", "git-clone", node);
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) expect(run, run.stderr).toMatchObject({ verdict: "deny" });
  });
});
