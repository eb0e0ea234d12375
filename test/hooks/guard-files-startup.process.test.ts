/**
 * The installed dist/guards.cjs, as Claude Code and Codex run it with the default shell guards: writes to
 * the startup and environment files a later session starts with ask (Codex, which cannot ask: a deny),
 * through the shell and the edit tools; the look-alike project files and reads pass. The front section
 * must not answer any of them early.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DIST, readFixture, runNodeFile, type ProcessResult } from "../support/process.ts";
import { withCommand } from "../support/shell-payloads.ts";

const ROOT = mkdtempSync(join(tmpdir(), "guard-files-startup-"));
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));
const HOME = join(ROOT, "home");
const PROJECT = join(HOME, "project");
mkdirSync(join(PROJECT, "docker"), { recursive: true });
// Files copied over .env: the guard reads what they would set.
writeFileSync(join(PROJECT, ".env.example"), "DATABASE_URL=postgres://localhost/dev\nPORT=3000\n");
writeFileSync(join(PROJECT, "env.otel-off"), "API_URL=http://localhost\nOTEL_SDK_DISABLED=true\n");
const ENV = { HOME, PWD: PROJECT, TMPDIR: join(ROOT, "tmp"), XDG_CONFIG_HOME: join(HOME, ".config"), GUARDS_STATE_DIR: join(ROOT, "state"), GUARDS_CODE_CACHE: join(ROOT, "cache"), GUARDS_ENTERPRISE_CONFIG: join(ROOT, "none.yaml"), CLAUDE_PROJECT_DIR: PROJECT };
const HOOKS = ["--hooks", "redact-secrets,dangerous-command,kubectl-prod,guard-files"];

const SHELL: { command: string; planted: boolean }[] = [
  { command: "echo 'export NODE_OPTIONS=\"--require /tmp/x.js\"' >> ~/.bashrc", planted: true },
  { command: "echo 'export GUARDS_ENTERPRISE_CONFIG=/dev/null' | tee -a ~/.zshenv", planted: true },
  { command: "sudo sh -c 'echo OTEL_SDK_DISABLED=true >> /etc/environment'", planted: true },
  { command: "fish -c 'set -Ux GUARDS_STATE_DIR /tmp/elsewhere'", planted: true },
  { command: "tar -xf /tmp/dotfiles.tar -C ~", planted: true },
  { command: "cp env.otel-off .env", planted: true },
  { command: "cp .env.example .env", planted: false },
  { command: "cat ~/.bashrc", planted: false },
  { command: "echo 'export PATH=$PATH:/app/bin' >> docker/.bashrc", planted: false },
];

/** The decision as each agent reads it: Claude's JSON, Codex's exit 2 or JSON deny. */
function decision(result: ProcessResult): string {
  const said = (result.json as { hookSpecificOutput?: { permissionDecision?: string } } | undefined)?.hookSpecificOutput?.permissionDecision;
  if (said) return said;
  if (result.exitCode === 2) return "deny";
  return result.exitCode === 0 && result.stdout.trim() === "" ? "pass" : `exit ${result.exitCode}: ${result.stdout}${result.stderr}`;
}

const AGENTS = [
  { dialect: "claude", shell: "claude/PreToolUse/bash-git-status.json", planted: "ask", edit: (file: string) => ({ ...readFixture("claude/PreToolUse/write.json"), cwd: PROJECT, tool_input: { file_path: file, content: "export NODE_OPTIONS=--require=/tmp/x.js\n" } }) },
  { dialect: "codex", shell: "codex/PreToolUse/ls.json", planted: "deny", edit: (file: string) => ({ ...readFixture("codex/PreToolUse/apply-patch.json"), cwd: PROJECT, tool_input: { command: `*** Begin Patch\n*** Add File: ${file}\n+export NODE_OPTIONS=--require=/tmp/x.js\n*** End Patch\n` } }) },
];

describe.for(AGENTS)("guards.cjs, $dialect: startup files", (agent) => {
  const run = (payload: unknown) => decision(runNodeFile(join(DIST, "guards.cjs"), { args: ["--dialect", agent.dialect, ...HOOKS], input: JSON.stringify(payload), cwd: PROJECT, env: ENV }));

  it("shell: plantings ask, reads and project look-alikes pass", () => {
    const got = SHELL.map((row) => [row.command, run(withCommand(readFixture(agent.shell), row.command, PROJECT))]);
    expect(got).toEqual(SHELL.map((row) => [row.command, row.planted ? agent.planted : "pass"]));
  });

  it("edit tool: a startup file asks, a project file of the same name passes", () => {
    const files = [join(HOME, ".profile"), join(HOME, ".config", "fish", "conf.d", "x.fish"), join(PROJECT, "docker", ".bashrc")];
    expect(files.map((file) => run(agent.edit(file)))).toEqual([agent.planted, agent.planted, "pass"]);
  });
});
