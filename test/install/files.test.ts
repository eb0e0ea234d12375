/** Agents whose hooks are files guards write whole (Cline's executables): install, run as the agent runs them, refuse foreign files, uninstall. */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { ROOT } from "../support/process.ts";
import { entryNodes } from "./entries.ts";
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
    writeFileSync(join(ws.project, ".guards", "0.1.0", "guards.mjs"), "process.exit(1)");
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
    const script = readFileSync(join(ws.project, ".clinerules", "hooks", "PreToolUse"), "utf8");
    expect(script).toContain("--hooks dangerous-command");
    expect(script).not.toContain("git-to-gh");
    expect(JSON.parse(runScript(ws, "PreToolUse", "ls").stdout)).toEqual({ cancel: false });
  });

  test("Windows is skipped: Cline runs .ps1 files there, which guards do not write", async () => {
    const ws = makeWorkspace();
    const result = await guards(ws, ["install", "--agent", "cline", "--scope", "user", "--root", ws.stage, "--platform", "win32"]);
    expect(result.stdout).toContain("skipped cline: no user config location on win32");
  });
});
