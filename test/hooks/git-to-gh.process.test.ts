/** The built dist/hooks/git-to-gh.mjs as each agent runs it: the default redirect mode and `mode: strict` from .guards.yaml. */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DIST, readFixture, runNodeFile } from "../support/process.ts";
import { SHELL_FIXTURES, withCommand } from "../support/shell-payloads.ts";

const ROOT = mkdtempSync(join(tmpdir(), "git-to-gh-built-"));
const BUILT = join(ROOT, "git-to-gh.mjs");
copyFileSync(join(DIST, "hooks", "git-to-gh.mjs"), BUILT);
const HOME = join(ROOT, "home");
const PROJECT = join(HOME, "project");
const STRICT = join(HOME, "strict");
for (const dir of [PROJECT, STRICT]) mkdirSync(dir, { recursive: true });
writeFileSync(join(STRICT, ".guards.yaml"), "hooks:\n  git-to-gh:\n    mode: strict\n");
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

const ENV = { HOME, TMPDIR: join(ROOT, "tmp"), XDG_CONFIG_HOME: join(ROOT, "xdg"), GUARDS_ENTERPRISE_CONFIG: join(ROOT, "no-enterprise.yaml") };

const COMMANDS: { name: string; command: string; expect: "pass" | "deny" | "ask"; says?: string; cwd?: string }[] = [
  { name: "clone of a GitHub remote", command: "git clone --depth 1 https://github.com/o/r.git", expect: "deny", says: "gh repo clone https://github.com/o/r.git -- --depth 1" },
  { name: "fetch of a pull request ref", command: "sudo git fetch origin pull/42/head:pr-42", expect: "deny", says: "gh pr checkout 42 --branch pr-42" },
  { name: "status, add, commit and push of a branch", command: "git status && git add -A && git commit -m wip && git push -u origin feature", expect: "pass" },
  { name: "gh asks", command: "gh pr create --fill", expect: "ask" },
  { name: "strict: git status", command: "git status", expect: "deny", says: "ask a person", cwd: STRICT },
  { name: "strict: git commit", command: "git commit -m wip", expect: "deny", says: "Raw git commands are blocked here", cwd: STRICT },
];

describe.for(SHELL_FIXTURES)("git-to-gh built file, $dialect $fixture", (target) => {
  it.for(COMMANDS)("$name → $expect", (c) => {
    const cwd = c.cwd ?? PROJECT;
    const payload = withCommand(readFixture(target.fixture), c.command, cwd);
    const result = runNodeFile(BUILT, { args: ["--dialect", target.dialect], input: JSON.stringify(payload), cwd, env: { ...ENV, PWD: cwd } });
    expect(target.read(result), result.stdout + result.stderr).toBe(c.expect === "ask" ? target.ask : c.expect);
    if (c.says) expect(result.stdout + result.stderr).toContain(c.says);
  });
});
