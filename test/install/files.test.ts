/**
 * Agents whose hooks are files guards write whole (Cline's executables and, for Windows, its `.ps1` scripts):
 * install, run as the agent runs them, read by PowerShell's grammar, refuse foreign files, uninstall, doctor.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { dialects } from "../../shared/dialects/index.ts";
import { hooks } from "../../hooks/index.ts";
import { entriesFor } from "../../cli/install/entries.ts";
import { installTargets } from "../../cli/install/targets/index.ts";
import type { ScopeDirs } from "../../cli/install/targets/types.ts";
import { ROOT } from "../support/process.ts";
import { entryNodes } from "./entries.ts";
import { powershellReading } from "./powershell-reading.ts";
import { NODE_START_VARIABLES } from "../../cli/install/node-environment.ts";
import { guards, makeWorkspace, tree, type Workspace } from "./workspace.ts";

const node = entryNodes()[0]!.path;

/** Runs a Cline hook script the way Cline does: the file itself, the payload on stdin, from the project root. */
function runScript(ws: Workspace, event: string, fixture: string): { stdout: string; status: number | null } {
  const payload = JSON.parse(readFileSync(join(ROOT, "fixtures", "cline", event, `${fixture}.json`), "utf8")) as Record<string, unknown>;
  payload.workspaceRoots = [ws.project];
  const result = spawnSync(join(ws.project, ".clinerules", "hooks", event), {
    cwd: ws.project,
    input: JSON.stringify(payload),
    env: { PATH: `${dirname(node)}:/usr/bin:/bin`, HOME: ws.home },
    encoding: "utf8",
    timeout: 20_000,
  });
  return { stdout: result.stdout, status: result.status };
}

/** The `--hooks` list of each guards call in a script. */
const hooksOf = (script: string) => [...script.matchAll(/--hooks ([a-z,-]+)/g)].map((m) => m[1]);

describe("cline: an executable per event in .clinerules/hooks/", () => {
  test("install writes executable scripts, a second install changes no byte, uninstall leaves the folders as they were", async () => {
    const ws = makeWorkspace();
    const before = tree(ws.project, ws.home);
    const first = await guards(ws, ["install", "--agent", "cline"]);
    expect(first.code, first.stderr).toBe(0);
    for (const event of ["PreToolUse", "PostToolUse", "TaskComplete"]) {
      const path = join(ws.project, ".clinerules", "hooks", event);
      expect(statSync(path).mode & 0o111, event).not.toBe(0);
      expect(readFileSync(path, "utf8")).not.toContain(ws.project);
      // Beside it, the script Cline runs on Windows, with the same guards.
      const windows = readFileSync(`${path}.ps1`, "utf8");
      expect(windows).not.toContain(ws.project);
      expect(hooksOf(windows), event).toEqual(hooksOf(readFileSync(path, "utf8")));
    }
    const installed = tree(ws.project, ws.home);
    const second = await guards(ws, ["install", "--agent", "cline"]);
    expect(second.stdout).toContain("Nothing to change");
    expect(tree(ws.project, ws.home)).toEqual(installed);
    const removed = await guards(ws, ["uninstall", "--agent", "cline"]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(tree(ws.project, ws.home)).toEqual(before);
  });

  test("the PreToolUse script cancels a GitHub git clone and passes ls, as Cline reads it (stdout JSON, exit code ignored)", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "cline", "--hooks", "git-to-gh,dangerous-command"]);
    const denied = runScript(ws, "PreToolUse", "git-clone");
    expect(JSON.parse(denied.stdout)).toMatchObject({ cancel: true, errorMessage: expect.stringContaining("gh") });
    expect(JSON.parse(runScript(ws, "PreToolUse", "ls").stdout)).toEqual({ cancel: false });
  });

  test("a security guard that gives no answer cancels (Cline would go on: it ignores exit codes)", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "cline", "--hooks", "git-to-gh"]);
    writeFileSync(join(ws.project, ".guards", "0.1.0", "guards.cjs"), "process.exit(1)");
    expect(JSON.parse(runScript(ws, "PreToolUse", "ls").stdout)).toMatchObject({ cancel: true, errorMessage: expect.stringMatching(/git-to-gh gave no answer/) });
  });

  test("a hook script of the user's own is never replaced: the agent is skipped with the reason", async () => {
    const ws = makeWorkspace();
    const mine = join(ws.project, ".clinerules", "hooks", "PreToolUse");
    mkdirSync(dirname(mine), { recursive: true });
    writeFileSync(mine, "#!/bin/sh\necho '{\"cancel\":false}'\n");
    chmodSync(mine, 0o755);
    const result = await guards(ws, ["install", "--agent", "cline"]);
    expect(result.stdout).toMatch(/skipped cline: .*PreToolUse is not a file guards wrote/);
    expect(readFileSync(mine, "utf8")).toBe("#!/bin/sh\necho '{\"cancel\":false}'\n");
    expect(existsSync(join(ws.project, ".clinerules", "hooks", "PostToolUse"))).toBe(false);
  });

  test("uninstall --hooks keeps the other guards in the scripts", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "cline", "--hooks", "git-to-gh,dangerous-command"]);
    await guards(ws, ["uninstall", "--agent", "cline", "--hooks", "git-to-gh"]);
    for (const name of ["PreToolUse", "PreToolUse.ps1"]) {
      const script = readFileSync(join(ws.project, ".clinerules", "hooks", name), "utf8");
      expect(script, name).toContain("--hooks dangerous-command");
      expect(script, name).not.toContain("git-to-gh");
    }
    expect(JSON.parse(runScript(ws, "PreToolUse", "ls").stdout)).toEqual({ cancel: false });
  });

  test("a .ps1 of the user's own is never replaced either", async () => {
    const ws = makeWorkspace();
    const mine = join(ws.project, ".clinerules", "hooks", "PreToolUse.ps1");
    mkdirSync(dirname(mine), { recursive: true });
    writeFileSync(mine, "Write-Output '{\"cancel\":false}'\n");
    const result = await guards(ws, ["install", "--agent", "cline"]);
    expect(result.stdout).toMatch(/skipped cline: .*PreToolUse\.ps1 is not a file guards wrote/);
    expect(existsSync(join(ws.project, ".clinerules", "hooks", "PreToolUse"))).toBe(false);
  });

  test("an install on Windows writes both scripts, and the committed folder is the same from any OS", async () => {
    const linux = makeWorkspace();
    const windows = makeWorkspace();
    await guards(linux, ["install", "--agent", "cline"]);
    const result = await guards(windows, ["install", "--agent", "cline", "--root", windows.stage, "--platform", "win32"]);
    expect(result.code, result.stderr).toBe(0);
    expect(tree(join(windows.stage, windows.project, ".clinerules"))).toEqual(tree(join(linux.project, ".clinerules")));
    const user = await guards(windows, ["install", "--agent", "cline", "--scope", "user", "--root", windows.stage, "--platform", "win32"]);
    expect(user.code, user.stderr).toBe(0);
    expect(user.stdout).toContain("Documents/Cline/Hooks/PreToolUse.ps1");
  });

  test("doctor names the .ps1 scripts an older install lacks, and a reinstall writes them", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "cline", "--hooks", "git-to-gh,stop-telemetry"]);
    const dir = join(ws.project, ".clinerules", "hooks");
    const sound = await guards(ws, ["doctor"]);
    expect(sound.stdout).not.toContain("missing:");
    for (const event of ["PreToolUse", "TaskComplete"]) rmSync(join(dir, `${event}.ps1`));
    const older = await guards(ws, ["doctor"]);
    expect(older.code).toBe(1);
    expect(older.stdout).toMatch(/missing: .*PreToolUse\.ps1, .*TaskComplete\.ps1; `guards install --agent cline` writes them again/);
    await guards(ws, ["install", "--agent", "cline", "--hooks", "git-to-gh"]);
    for (const event of ["PreToolUse", "TaskComplete"]) expect(existsSync(join(dir, `${event}.ps1`)), event).toBe(true);
    expect((await guards(ws, ["doctor"])).stdout).not.toContain("missing:");
  });
});

/** A PowerShell single-quoted string's value: each doubled quote (also a typographic one) stands for one. */
const singleQuotedValue = (word: string) => word.replace(/(['\u2018\u2019\u201A\u201B])\1/g, "$1");

describe("cline: the .ps1 scripts as PowerShell reads them", () => {
  const scripts = (dirs: ScopeDirs) => {
    const target = installTargets.cline;
    const files = target.generate!(dirs, entriesFor(target, dialects.cline, Object.values(hooks), dirs, "0.1.0"));
    return files.filter((file) => file.path.endsWith(".ps1"));
  };
  const dirs = (scope: "project" | "user", home: string): ScopeDirs => ({ scope, platform: "win32", project: "C:/Users/dev/my project", home, env: {} });

  test.for([
    ["project", "C:/Users/dev", "(Join-Path $root '.guards/0.1.0/guards.cjs')"],
    ["user", "C:/Users/Ann O'Neil\u2019s PC", "C:/Users/Ann O'Neil\u2019s PC/.guards/0.1.0/guards.cjs"],
  ] as const)("%s scope: no parse error, one Invoke-Guard per event with the guards file and the POSIX script's arguments", async ([scope, home, file]) => {
    const written = scripts(dirs(scope, home));
    expect(written.map((s) => s.path.split("/").pop()).sort()).toEqual(["PostToolUse.ps1", "PreToolUse.ps1", "TaskCancel.ps1", "TaskComplete.ps1", "UserPromptSubmit.ps1"]);
    for (const script of written) {
      // The byte order mark makes Windows PowerShell read the file as UTF-8.
      expect(script.text.startsWith("\uFEFF")).toBe(true);
      const reading = await powershellReading(script.text.slice(1));
      expect(reading.errors, script.path).toEqual([]);
      const calls = reading.commands.filter((c) => c.name === "Invoke-Guard");
      expect(calls).toHaveLength(1);
      const [path, args] = calls[0]!.args;
      expect(scope === "user" ? singleQuotedValue(path!) : path).toBe(file);
      expect(args).toMatch(/^--dialect cline --hooks [a-z,-]+$/);
      // The arguments are a single-quoted literal: PowerShell expands nothing in them.
      expect(script.text).toContain(`'${args}'`);
      if (scope === "project") expect(reading.commands).toContainEqual({ name: "Join-Path", args: ["$root", ".guards/0.1.0/guards.cjs"] });
      // Every answer leaves through Send-Answer; a security guard with no answer cancels.
      expect(reading.commands.filter((c) => c.name === "Send-Answer").at(-1)).toEqual({ name: "Send-Answer", args: ["$answer"] });
      // Under pwsh off Windows (the Cline CLI) it passes at once: the POSIX script beside it decides there.
      expect(script.text).toContain(`if ($PSVersionTable.PSEdition -eq 'Core' -and -not $IsWindows) { Send-Answer '{"cancel":false}' }`);
      // node starts without Node's start variables: removed from the start info before Process.Start (which
      // uses its environment because UseShellExecute is off).
      const startAt = script.text.indexOf("[System.Diagnostics.Process]::Start($start)");
      expect(script.text.indexOf("$start.UseShellExecute = $false")).toBeLessThan(startAt);
      for (const name of NODE_START_VARIABLES) {
        const at = script.text.indexOf(`$start.EnvironmentVariables.Remove('${name}')`);
        expect(at, name).toBeGreaterThan(0);
        expect(at).toBeLessThan(startAt);
      }
      if (script.path.endsWith("PreToolUse.ps1")) expect(script.text).toMatch(/elseif \(-not \$out\.Contains\('"cancel":false'\)\) \{ Send-Answer '\{"cancel":true/);
    }
  });
});
