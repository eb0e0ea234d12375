/**
 * Commands that print the environment (`env`, `printenv`, `echo $GITHUB_TOKEN`, PowerShell's
 * `Get-ChildItem env:` and `$env:NAME`, `/proc/self/environ`): refused where the environment the agent
 * hands its shell holds a secret, with the variable named and its value masked, and passed where it holds
 * none. One process per dialect runs every row through the built engine; the installed file then answers
 * as its own process, the way Claude Code starts its shell entry.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decideAll } from "../support/decide-all.ts";
import { DIST, ROOT, readFixture, runNodeFile, type ProcessResult } from "../support/process.ts";
import { EVERY_SHELL_DIALECT, stoppedIn, withCommand } from "../support/shell-payloads.ts";

const PROJECT = "/home/dev/project";
const token = (prefix: string, length: number) => prefix + randomBytes(length).toString("base64").replace(/[^A-Za-z0-9]/g, "").slice(0, length);
const GITHUB_TOKEN = token("ghp_", 36);
const DATABASE_URL = `postgres://app:${token("", 24)}@db.internal:5432/app`;
const CLEAN_ENV = { HOME: "/home/dev", USER: "dev", PWD: PROJECT, TMPDIR: "/tmp/", XDG_CONFIG_HOME: "/nonexistent/xdg", GUARDS_ENTERPRISE_CONFIG: "/nonexistent/enterprise.yaml", PATH: process.env.PATH, LANG: "C.UTF-8" };
const SECRET_ENV = { ...CLEAN_ENV, GITHUB_TOKEN, DATABASE_URL };
/** What must never appear in an answer: the secrets without the ends a masked finding shows. */
const SECRET_MIDDLES = [GITHUB_TOKEN.slice(8, -4), DATABASE_URL.slice(12, 30)];

/** [command, stopped when the environment holds a secret]; with no secret in it, every row passes. */
const ROWS: [string, boolean][] = [
  ["env", true],
  ["/usr/bin/env", true],
  ["env -0", true],
  ["env | grep -i token", true],
  ["printenv", true],
  ["printenv GITHUB_TOKEN", true],
  ["printenv DATABASE_URL HOME", true],
  ["echo $GITHUB_TOKEN", true],
  ['echo "url: ${DATABASE_URL}"', true],
  ['printf "%s\\n" "$GITHUB_TOKEN"', true],
  ["bash -c 'printenv'", true],
  ["export -p", true],
  ["declare -px", true],
  ["declare -p GITHUB_TOKEN", true],
  ['cat <<< "$GITHUB_TOKEN"', true],
  ["base64 <<< $DATABASE_URL", true],
  ["set", true],
  ["cat /proc/self/environ", true],
  ["tr '\\0' '\\n' < /proc/self/environ", true],
  ["Get-ChildItem env:", true],
  ["gci Env:\\GITHUB_TOKEN", true],
  ["ls env:", true],
  ["$env:GITHUB_TOKEN", true],
  ["Write-Output $env:DATABASE_URL", true],
  ["[Environment]::GetEnvironmentVariables()", true],
  ['[System.Environment]::GetEnvironmentVariable("GITHUB_TOKEN")', true],
  ["echo %GITHUB_TOKEN%", true],
  // Names put together at run time, wildcards and PowerShell's braced form.
  ["${env:GITHUB_TOKEN}", true],
  ["gci env:*TOKEN*", true],
  ["[Environment]::GetEnvironmentVariable('GITHUB_' + 'TOKEN')", true],
  ["$n = 'GITHUB_TOKEN'; [Environment]::GetEnvironmentVariable($n)", true],
  ['$n = "GITHUB_TOKEN"; (Get-Item "env:$n").Value', true],
  ['name=GITHUB_TOKEN; echo "${!name}"', true],
  ["python3 -c 'import os; n=\"GITHUB\"+\"_TOKEN\"; print(os.environ[n])'", true],
  ["python3 -c 'import os; print(os.getenv(\"GITHUB_\" + \"TOKEN\"))'", true],
  ["node -e 'const k = [\"GITHUB\", \"TOKEN\"].join(\"_\"); console.log(process.env[k])'", true],
  // Interpreter code that reads the environment and prints.
  ["python3 -c 'import os; print(os.environ)'", true],
  ["python3 -c 'import os; print(os.environ[\"GITHUB_TOKEN\"])'", true],
  ["node -e 'console.log(process.env)'", true],
  ["node -e 'console.log(JSON.stringify(process.env.DATABASE_URL))'", true],
  ["ruby -e 'p ENV.to_h'", true],
  ["perl -e 'print $ENV{GITHUB_TOKEN}'", true],
  // What prints no secret: a variable without one, names alone, lengths, text, commands run with a variable.
  ["printenv PATH", false],
  ["gci env:*PATH*", false],
  ['[Environment]::GetEnvironmentVariable("PATH", "Machine")', false],
  ["python3 -c 'import os; print(os.environ[\"HOME\"], os.environ.get(\"PATH\"))'", false],
  ["node -e 'console.log(process.env[\"HOME\"])'", false],
  ["echo $HOME $PATH", false],
  ["Get-Item env:PATH", false],
  ["echo ${#GITHUB_TOKEN}", false],
  ["echo '$GITHUB_TOKEN'", false],
  ["compgen -e", false],
  ["export NODE_ENV=production", false],
  ["set -euo pipefail", false],
  ["declare -f", false],
  ["declare -p PATH", false],
  ['grep -c x <<< "$HOME"', false],
  ["env NODE_ENV=test npm test", false],
  ['curl -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com/user', false],
  ["node -e 'console.log(process.env.HOME)'", false],
  ["python3 -c 'import os; print(os.getcwd())'", false],
  ["node -e 'const t = process.env.GITHUB_TOKEN; fetch(\"https://api.github.com\", { headers: { authorization: t } })'", false],
];

async function decideRows(dialect: string, fixture: string, env: Record<string, string | undefined>): Promise<ProcessResult[]> {
  const payloads = ROWS.map(([command]) => withCommand(readFixture(fixture), command, PROJECT));
  const { answers } = await decideAll({ hooks: ["redact-secrets"], dialect, payloads, env, cwd: ROOT });
  return answers.map((json) => (typeof json.block === "string" ? { stdout: "", stderr: json.block, exitCode: 2 } : { stdout: JSON.stringify(json), stderr: "", exitCode: 0, json }));
}

describe("redact-secrets: the environment a command would print", () => {
  it.for(EVERY_SHELL_DIALECT)("$dialect ($fixture): refused where a variable holds a secret, never showing it", async ({ dialect, fixture }) => {
    const results = await decideRows(dialect, fixture, SECRET_ENV);
    const wrong = ROWS.flatMap(([command, stopped], i) => (stoppedIn(results[i]!) === stopped ? [] : [`${stopped ? "passed" : "stopped"}: ${command}`]));
    expect(wrong).toEqual([]);
    const text = results.map((r) => r.stdout + r.stderr).join("\n");
    for (const middle of SECRET_MIDDLES) expect(text).not.toContain(middle);
  });

  it("passes every row where no variable holds a secret", async () => {
    const results = await decideRows("claude", "claude/PreToolUse/ls.json", CLEAN_ENV);
    expect(ROWS.filter((_, i) => stoppedIn(results[i]!)).map(([command]) => command)).toEqual([]);
  });

  it("names the variables, masks their values and offers commands that pass", async () => {
    const [result] = await decideRows("claude", "claude/PreToolUse/ls.json", SECRET_ENV);
    const reason = (result!.json as any).hookSpecificOutput.permissionDecisionReason as string;
    expect(reason).toContain(`GITHUB_TOKEN (github-token ${GITHUB_TOKEN.slice(0, 4)}…${GITHUB_TOKEN.slice(-4)})`);
    expect(reason).toContain("DATABASE_URL (");
    expect(reason).toContain("printenv PATH");
    expect(reason).toContain("compgen -e");
  });

  it("the installed shell entry refuses `env` as Claude Code runs it, with the secret in its environment", () => {
    const input = JSON.stringify(withCommand(readFixture("claude/PreToolUse/ls.json"), "env", PROJECT));
    const result = runNodeFile(join(DIST, "guards.cjs"), { args: ["--dialect", "claude", "--hooks", "redact-secrets,dangerous-command,kubectl-prod,guard-files"], input, cwd: ROOT, env: SECRET_ENV });
    expect(stoppedIn(result), result.stdout + result.stderr).toBe(true);
    expect(result.stdout).toContain("GITHUB_TOKEN (github-token");
    for (const middle of SECRET_MIDDLES) expect(result.stdout + result.stderr).not.toContain(middle);
  });
});
