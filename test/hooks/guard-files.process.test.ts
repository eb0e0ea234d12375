/**
 * The built dist/hooks/guard-files.mjs as each agent runs it: shell writes and edit tools on guarded
 * files ask (a deny where the agent cannot ask), reads pass, and only the enterprise config switches it off.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DIST, ROOT as REPO, readFixture, runNodeFile } from "../support/process.ts";
import { SHELL_FIXTURES, withCommand, type Answer } from "../support/shell-payloads.ts";

const ROOT = mkdtempSync(join(tmpdir(), "guard-files-built-"));
const BUILT = join(ROOT, "guard-files.mjs");
copyFileSync(join(DIST, "hooks", "guard-files.mjs"), BUILT);
const HOME = join(ROOT, "home");
const PROJECT = join(HOME, "project");
const OFF_BY_PROJECT = join(HOME, "off-by-project");
for (const dir of [PROJECT, OFF_BY_PROJECT]) {
  mkdirSync(join(dir, ".claude"), { recursive: true });
  mkdirSync(join(dir, ".guards", "0.1.0"), { recursive: true });
  writeFileSync(join(dir, ".claude", "settings.json"), "{}\n");
}
writeFileSync(join(OFF_BY_PROJECT, ".guards.yaml"), "hooks:\n  guard-files:\n    enabled: false\n");
// Patches on disk: one names the hook config, one a source file.
writeFileSync(join(PROJECT, "evil.patch"), "--- a/.claude/settings.json\n+++ b/.claude/settings.json\n@@ -1 +1 @@\n-{}\n+{ }\n");
writeFileSync(join(PROJECT, "fix.patch"), "diff --git a/src/app.ts b/src/app.ts\n--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1 +1 @@\n-a\n+b\n");
// A link planted earlier: writing through it writes the config.
symlinkSync(join(PROJECT, ".claude", "settings.json"), join(PROJECT, "innocent.json"));
const ENTERPRISE_OFF = join(ROOT, "enterprise-off.yaml");
writeFileSync(ENTERPRISE_OFF, "hooks:\n  guard-files:\n    enabled: false\n");
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

const ENV = { HOME, TMPDIR: join(ROOT, "tmp"), XDG_CONFIG_HOME: join(ROOT, "xdg"), XDG_STATE_HOME: join(ROOT, "state"), GUARDS_ENTERPRISE_CONFIG: join(ROOT, "no-enterprise.yaml") };

const COMMANDS: { name: string; command: string; expect: Answer; cwd?: string; env?: Record<string, string> }[] = [
  { name: "sed -i on the hook config", command: "sed -i 's/guards/off/g' .claude/settings.json", expect: "ask" },
  { name: "redirect over the hook config", command: "echo '{}' > .claude/settings.json", expect: "ask" },
  { name: "jq then mv over the config", command: "jq '.disableAllHooks=true' .claude/settings.json > /tmp/x && mv /tmp/x .claude/settings.json", expect: "ask" },
  { name: "mv the config away", command: "mv .claude/settings.json /tmp/", expect: "ask" },
  { name: "rm -rf .guards", command: "rm -rf .guards", expect: "ask" },
  { name: "empty a hook file", command: ": > .guards/0.1.0/dangerous-command.mjs", expect: "ask" },
  { name: "a .guards.yaml that switches guards off", command: "printf 'enabled: false' > .guards.yaml", expect: "ask" },
  { name: "chmod the hooks folder", command: "chmod -R 000 .guards", expect: "ask" },
  { name: "ln -sf over the config", command: "ln -sf /dev/null .claude/settings.json", expect: "ask" },
  { name: "tee through a planted symlink", command: "echo '{}' | tee innocent.json", expect: "ask" },
  { name: "truncate the code cache", command: `truncate -s 0 ${join(ROOT, "tmp")}/guards-code-cache-1000/dangerous-command-abc`, expect: "ask" },
  { name: "python writes the config", command: "python3 -c \"open('.claude/settings.json','w').write('{}')\"", expect: "ask" },
  { name: "base64 into sh", command: "echo cm0gLXJmIC5ndWFyZHM= | base64 -d | sh", expect: "ask" },
  { name: "git apply of a patch to the config", command: "git apply evil.patch", expect: "ask" },
  { name: "patch -p1 < a patch to the config", command: "patch -p1 < evil.patch", expect: "ask" },
  { name: "git apply of a patch to a source file", command: "git apply fix.patch", expect: "pass" },
  { name: "patch -p1 -i a patch to a source file", command: "patch -p1 -i fix.patch", expect: "pass" },
  { name: "cat the config", command: "cat .claude/settings.json", expect: "pass" },
  { name: "git add and commit", command: "git add -A && git commit -m wip", expect: "pass" },
  { name: "a project config cannot switch it off", command: "rm -rf .guards", expect: "ask", cwd: OFF_BY_PROJECT },
  { name: "the enterprise config can", command: "rm -rf .guards", expect: "pass", env: { GUARDS_ENTERPRISE_CONFIG: ENTERPRISE_OFF } },
];

describe.for(SHELL_FIXTURES)("guard-files built file, $dialect $fixture", (target) => {
  it.for(COMMANDS)("$name → $expect", (c) => {
    const cwd = c.cwd ?? PROJECT;
    const payload = withCommand(readFixture(target.fixture), c.command, cwd);
    const result = runNodeFile(BUILT, { args: ["--dialect", target.dialect], input: JSON.stringify(payload), cwd, env: { ...ENV, PWD: cwd, ...c.env } });
    expect(target.read(result), result.stdout + result.stderr).toBe(c.expect === "ask" ? target.ask : c.expect);
    if (c.expect === "ask") expect(result.stdout + result.stderr).toContain("guard");
  });
});

/** Each dialect's edit tool before it runs, pointed at a file: [dialect, fixture, the file path and project root it names, how its answer reads]. */
const claudeShaped = (r: { exitCode: number | null; json?: unknown }) => (r.exitCode === 0 ? ((r.json as any)?.hookSpecificOutput?.permissionDecision ?? "pass") : r.exitCode === 2 ? "deny" : undefined);
const EDIT_FIXTURES: { dialect: string; fixture: string; file: string; root: string; read: (r: any) => Answer | undefined; ask: Answer }[] = [
  { dialect: "claude", fixture: "claude/PreToolUse/write.json", file: "/Users/dev/project/src/factorial.ts", root: "/Users/dev/project", read: claudeShaped, ask: "ask" },
  { dialect: "codex", fixture: "codex/PreToolUse/apply-patch.json", file: "src/app.ts", root: "/Users/dev/project", read: claudeShaped, ask: "deny" },
  { dialect: "copilot", fixture: "copilot/preToolUse/edit.json", file: "/home/dev/shop/src/app.ts", root: "/home/dev/shop", read: (r) => (r.exitCode === 0 ? ((r.json as any)?.permissionDecision ?? "pass") : undefined), ask: "ask" },
  { dialect: "cursor", fixture: "cursor/preToolUse/write.json", file: "/Users/dev/project/src/auth.ts", root: "/Users/dev/project", read: (r) => ({ allow: "pass", deny: "deny", ask: "ask" })[(r.json as any)?.permission as string] as Answer, ask: "deny" },
  { dialect: "gemini", fixture: "gemini/BeforeTool/write-file.json", file: "/home/dev/shop/src/health.ts", root: "/home/dev/shop", read: (r) => (r.exitCode === 0 ? ((r.json as any)?.decision ?? "pass") : undefined), ask: "deny" },
  { dialect: "windsurf", fixture: "windsurf/pre_write_code/edit.json", file: "/Users/yourname/project/file.py", root: "/Users/yourname/project", read: (r) => (r.exitCode === 0 ? "pass" : r.exitCode === 2 ? "deny" : undefined), ask: "deny" },
  { dialect: "crush", fixture: "crush/PreToolUse/edit.json", file: "/Users/dev/project/src/util.ts", root: "/Users/dev/project", read: claudeShaped, ask: "deny" },
];

/** The fixture's file path replaced by `file` (relative to the project) and its project root by PROJECT. */
function pointedAt(fixture: (typeof EDIT_FIXTURES)[number], file: string): string {
  let text = readFileSync(join(REPO, "fixtures", fixture.fixture), "utf8");
  if (fixture.file) text = text.split(fixture.file).join(fixture.file.startsWith("/") ? `${PROJECT}/${file}` : file);
  if (fixture.root) text = text.split(fixture.root).join(PROJECT);
  return text;
}

describe.for(EDIT_FIXTURES.filter((f) => f.file))("guard-files built file, $dialect edit tool ($fixture)", (target) => {
  it.for([
    [".claude/settings.json", "ask"],
    [".guards/0.1.0/guard-files.mjs", "ask"],
    [".guards.yaml", "ask"],
    ["innocent.json", "ask"],
    ["src/app.ts", "pass"],
  ] as const)("%s → %s", ([file, expected]) => {
    const result = runNodeFile(BUILT, { args: ["--dialect", target.dialect], input: pointedAt(target, file), cwd: PROJECT, env: { ...ENV, PWD: PROJECT, CLAUDE_PROJECT_DIR: PROJECT } });
    expect(target.read(result), result.stdout + result.stderr).toBe(expected === "ask" ? target.ask : expected);
  });
});
