/**
 * The front of the hook file answers inert shell commands without the runner (shared/quick-answer.ts). It
 * may only ever say what the runner would say: these tables hold its reading of each dialect against the
 * dialect's own, its list of inert commands against every guard of the registry, and the built file
 * against the runner it skips.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hooks } from "../hooks/index.ts";
import { isInertCommand, QUICK_RULES, SHELL_ONLY_GUARDS } from "../hooks/inert-commands.ts";
import type { HookCase } from "../shared/hook-case.ts";
import { loadDialect } from "../shared/dialects/loaders.ts";
import { QUICK_SHELL_READERS } from "../shared/dialects/quick-shell.ts";
import { readerOf } from "../shared/dialects/readers.ts";
import { entryArguments, quickAnswer } from "../shared/quick-answer.ts";
import { runHooks } from "../shared/run.ts";
import { allFixturePaths } from "./dialects/fixture-paths.ts";
import { claudeBash, DIST, NODE_BINARIES, readFixture, runNodeFile, TABLE_NODES } from "./support/process.ts";
import { DIALECT_IDS, pass, type DialectId } from "../shared/event.ts";


/** Environments that change which agent a payload is read as, or where its project is. */
const ENVS: Record<string, string>[] = [
  {},
  { PWD: "/from/pwd" },
  { COPILOT_CLI: "1" },
  { COPILOT_CLI: "1", COPILOT_PROJECT_DIR: "/copilot/project" },
  { DEVIN_PROJECT_DIR: "/devin/project" },
  { CLAUDE_PROJECT_DIR: "/claude/project", PWD: "/from/pwd" },
  { GEMINI_PROJECT_DIR: "/gemini/project", GEMINI_CWD: "/gemini/cwd" },
  { QWEN_PROJECT_DIR: "/qwen/project" },
  { CURSOR_PROJECT_DIR: "/cursor/project" },
  { FACTORY_PROJECT_DIR: "/factory/project" },
  { ROOT_WORKSPACE_PATH: "/windsurf/root", PWD: "/from/pwd" },
  { CRUSH_CWD: "/crush/cwd", CRUSH_PROJECT_DIR: "/crush/project" },
  { CRUSH_CWD: "/crush/cwd", PWD: "/from/pwd" },
];

/** Each payload as sent, and altered the ways that change its reading: an inert command, no cwd, wrong types, foreign marks. */
function variants(raw: Record<string, unknown>): Record<string, unknown>[] {
  const input = typeof raw.tool_input === "object" && raw.tool_input !== null ? (raw.tool_input as Record<string, unknown>) : undefined;
  const { cwd: _cwd, ...noCwd } = raw;
  return [
    raw,
    { ...raw, tool_input: { ...input, command: "ls -la" } },
    { ...noCwd, tool_input: { ...input, command: "git status" } },
    { ...raw, session_id: 7 },
    { ...raw, cwd: null },
    { ...raw, tool_input: { ...input, command: ["ls"] } },
    { ...raw, tool_input: "ls" },
    { ...raw, timestamp: "2026-11-24T10:00:00Z" },
    { ...raw, workspace_roots: ["/w"], generation_id: "g" },
    { ...raw, tool_input: { ...input, command: "ls", shell_id: "s" } },
    { ...raw, permission_mode: "default" },
    { ...raw, tool_name: "Bash", tool_input: { command: "git status" }, timestamp: "2026-11-24T10:00:00.000Z" },
    { ...raw, tool_name: "Bash", tool_input: { command: "git status" }, timestamp: 5 },
    { ...raw, tool_name: "PowerShell", tool_input: { command: "ls" }, timestamp: "2026-11-24T10:00:00.000Z" },
    { ...raw, cwd: "" },
    { ...raw, tool_use_id: undefined },
    { ...raw, hook_event_name: "preToolUse" },
    { ...raw, command: "ls -la" },
    { ...raw, command: "pwd", workspace_roots: ["/a", "/b/"], cwd: "/b/c" },
    { ...raw, command: "pwd", workspace_roots: "/a" },
    { ...raw, command: "pwd", cwd: "" },
    { ...raw, tool_info: { command_line: "ls" } },
    { ...raw, tool_info: { command_line: "ls", cwd: "", root_workspace_path: "/r" } },
    { ...raw, tool_info: { command_line: "ls", cwd: 5 } },
    { ...raw, tool_info: { command_line: "ls", worktree_path: "/wt" } },
    { ...raw, trajectory_id: 5 },
    { ...raw, toolArgs: { command: "ls -la" } },
    { ...raw, toolArgs: JSON.stringify({ command: "ls" }) },
    { ...raw, toolArgs: { command: "ls" }, toolResult: { resultType: "success" } },
    { ...raw, toolArgs: { command: "ls" }, sessionId: 3 },
    { ...raw, toolArgs: { command: "ls" }, hook_event_name: "Notification" },
    // Kiro, Devin, Augment, Goose, Crush: their marks and folders, missing or of the wrong type.
    { ...raw, tool_input: {} },
    { ...raw, tool_input: { command: "ls" } },
    { ...raw, tool_input: { ...input, shell_id: 7 } },
    { ...noCwd, workspace_roots: ["/w"] },
    { ...noCwd, workspace_roots: [] },
    { ...raw, workspace_roots: [3] },
    { ...raw, conversation_id: 5 },
    { ...raw, working_dir: "/w" },
    { ...raw, working_dir: 5 },
    { ...noCwd, working_dir: "/w" },
    { ...raw, matcher_context: 3 },
    { ...raw, event: "pre_tool_use" },
    { ...raw, event: "PreToolUse", tool_name: "bash" },
    // Cline: the extension's preToolUse section and the CLI's tool_call.
    { ...raw, preToolUse: { toolName: "execute_command", parameters: { command: "git status" } } },
    { ...raw, preToolUse: { toolName: "execute_command", parameters: { command: 5 } } },
    { ...raw, preToolUse: { toolName: "run_commands", parameters: { commands: '["ls"]' } } },
    { ...raw, preToolUse: "ls" },
    { ...raw, hookName: "PreToolUse", model: "m" },
    { ...raw, hookName: "PreToolUse", model: null },
    { ...raw, workspaceRoots: "/a" },
    { ...raw, workspaceRoots: [] },
    { ...raw, taskId: 5 },
    { ...raw, tool_call: { id: "c", name: "run_commands", input: { commands: ["git status"] } } },
    { ...raw, tool_call: { id: "c", name: "run_commands", input: { commands: ["ls", "pwd"] } } },
    { ...raw, tool_call: { id: "c", name: "run_commands", input: { commands: [] } } },
    { ...raw, tool_call: { id: "c", name: "run_commands", input: { command: "ls" } } },
    { ...raw, tool_call: { id: "c", name: "run_commands", input: { commands: ["ls", 3] } } },
  ];
}

/** Hosts that load guards in-process as a plugin or a package, not through a hook file with `--dialect`: no front to answer for them. */
const PLUGIN_HOSTS: readonly string[] = ["opencode", "amp", "universal"];

describe("the front's reading of each dialect agrees with the dialect's own", () => {
  const fixtures = allFixturePaths();
  for (const home of Object.keys(QUICK_SHELL_READERS) as DialectId[]) {
    it(`${home}: every fixture of every agent, altered, in every environment`, async () => {
      const dialect = await loadDialect(home);
      let answered = 0;
      for (const path of fixtures) {
        for (const raw of variants(readFixture(path))) {
          for (const env of ENVS) {
            const quick = QUICK_SHELL_READERS[home]!(raw, env);
            if (!quick) continue;
            answered++;
            const where = `${path} ${JSON.stringify(env)} ${JSON.stringify(raw).slice(0, 200)}`;
            const reader = readerOf(dialect, raw, env);
            const event = reader.parse(raw, env);
            expect(event?.kind, where).toBe("shell.before");
            if (event?.kind !== "shell.before") continue;
            expect({ command: event.command, projectRoot: event.projectRoot }, where).toEqual({ command: quick.command, projectRoot: quick.projectRoot });
            // The folder the front judges deletes from, where its reader gives one: the dialect's own.
            if (quick.cwd !== undefined) expect(event.cwd, where).toBe(quick.cwd);
            expect(reader.render(pass(), event), where).toEqual({ stdout: quick.stdout, stderr: "", exitCode: 0 });
          }
        }
      }
      // Not vacuous: the dialect's own shell payloads are read.
      expect(answered).toBeGreaterThan(ENVS.length);
    });
  }

  it("covers every agent that runs shell hooks from a file, each on its own shell payload", async () => {
    const fileAgents = DIALECT_IDS.filter((id) => !PLUGIN_HOSTS.includes(id));
    expect(Object.keys(QUICK_SHELL_READERS).sort()).toEqual([...fileAgents].sort());
    for (const id of fileAgents) {
      const { event } = (await loadDialect(id)).subscriptions["shell.before"]![0]!;
      const own = readFixture(`${id === "vscode" ? "vscode" : id}/${event}/ls.json`);
      expect(QUICK_SHELL_READERS[id]!(own, {}), id).toMatchObject({ command: "ls -la" });
    }
  });

  it("reads Copilot CLI's snake_case call in Copilot's files only when Copilot CLI runs them (VS Code's otherwise)", () => {
    const snake = readFixture("readers/claude/copilot/PreToolUse/ls.json");
    expect(QUICK_SHELL_READERS.copilot!(snake, { COPILOT_CLI: "1", COPILOT_PROJECT_DIR: "/p" })).toEqual({ command: "ls -la", projectRoot: "/p", cwd: "/home/dev/shop", stdout: "" });
    expect(QUICK_SHELL_READERS.copilot!(snake, {})).toBeUndefined();
  });

  // The payloads other agents send to Claude's settings files are theirs to answer (shared/dialects/readers.ts).
  it.each([
    ["claude", "claude/PreToolUse/ls.json", true],
    ["codex", "codex/PreToolUse/ls.json", true],
    ["gemini", "gemini/BeforeTool/ls.json", true],
    ["qwen", "qwen/PreToolUse/ls.json", true],
    ["factory", "factory/PreToolUse/ls.json", true],
    ["windsurf", "windsurf/pre_run_command/ls.json", true],
    ["windsurf", "windsurf/pre_run_command/npm-install.json", true],
    ["claude", "vscode/PreToolUse/ls.json", true],
    ["vscode", "vscode/PreToolUse/ls.json", true],
    ["copilot", "vscode/PreToolUse/ls.json", true],
    ["copilot", "copilot/preToolUse/ls.json", true],
    ["vscode", "copilot/preToolUse/ls.json", true],
    ["copilot", "copilot/preToolUse/view.json", false],
    ["claude", "readers/claude/cursor/preToolUse/shell.json", false],
    ["claude", "readers/claude/copilot/PreToolUse/ls.json", true],
    ["claude", "devin/PreToolUse/git-push.json", true],
    ["devin", "devin/PreToolUse/ls.json", true],
    ["devin", "devin/PermissionRequest/exec.json", false],
    ["devin", "claude/PreToolUse/ls.json", false],
    ["kiro", "kiro/PreToolUse/ls.json", true],
    ["kiro", "kiro/preToolUse/ls.json", true],
    ["kiro", "claude/PreToolUse/ls.json", false],
    ["augment", "augment/PreToolUse/ls.json", true],
    ["augment", "readers/claude/cursor/preToolUse/shell.json", false],
    ["goose", "goose/PreToolUse/ls.json", true],
    ["goose", "goose/BeforeShellExecution/ls.json", false],
    ["goose", "crush/PreToolUse/ls.json", false],
    ["crush", "crush/PreToolUse/ls.json", true],
    ["crush", "goose/PreToolUse/ls.json", false],
    ["cline", "cline/PreToolUse/ls.json", true],
    ["cline", "cline/tool_call/run-commands.json", true],
    ["cline", "cline/tool_result/run-commands.json", false],
    ["cursor", "cursor/beforeShellExecution/ls.json", true],
    ["cursor", "cursor/afterShellExecution/ls.json", false],
  ] as const)("%s entry, %s: answered early %s", (home, path, answered) => {
    expect(QUICK_SHELL_READERS[home]?.(readFixture(path), {}) !== undefined).toBe(answered);
  });
});

/** [command, inert]: the forms the front answers, and the near misses that must reach the guards. */
const COMMANDS: [string, boolean][] = [
  ["ls", true],
  ["ls -la", true],
  ["ls -la src/ .ssh", true],
  ["ls --color=always /etc", true],
  ["pwd", true],
  ["cd packages/app && ls -la", true],
  ["cd /tmp&&pwd", true],
  ["tree -L 2 src", true],
  ["whoami", true],
  ["uname -a", true],
  ["which node npm", true],
  ["realpath ../x", true],
  ["git status", true],
  ["git status --short --branch", true],
  ["git --no-pager log --oneline -20", true],
  ["git log --oneline --graph --all", true],
  ["git log -n 5 --stat", true],
  ["git branch -a", true],
  ["git branch --show-current", true],
  ["git rev-parse --show-toplevel", true],
  ["git rev-parse HEAD", true],
  ["git diff --stat", true],
  ["git diff --cached --name-only", true],
  ["git diff --name-status main", true],
  ["echo done", true],
  ["echo build finished && ls dist", true],
  ["find src -name '*.ts' -type f", true],
  ["find . -maxdepth 2 -type d -not -path './node_modules'", true],
  ["node --version", true],
  ["npm --version && python3 --version", true],
  ["go version", true],
  ['find . -name "*.ts" -not -path "./node_modules/*"', true],
  ["tree -L 2 -I node_modules", true],
  ["git show HEAD --stat", true],
  ["git show --name-only --oneline main", true],
  ['ls "src"', true],
  ["du -sh node_modules", true],
  ["df -h", true],
  ["date", true],
  ["git status\ngit log --oneline -5", true],
  ["pwd\nls -la && git branch -a", true],
  ["date -u", true],
  ["git --version", true],
  ["git log --oneline --decorate=short --abbrev-commit -15", true],
  ["git log --pretty=oneline --author=dev@example.com --since=2.weeks --no-merges", true],
  ["git log --oneline --graph --branches --tags --remotes --date-order", true],
  ["git log --oneline --follow -- .env", true],
  ["git log --grep=fix -i --oneline HEAD~1..HEAD", true],
  ["git log --stat --date=short --skip=1 -n 3", true],
  ["git diff --stat HEAD~1", true],
  ["git diff --name-only main...HEAD", true],
  ["git diff --shortstat HEAD~", true],
  ["git show --stat HEAD~1", true],
  ["git tag", true],
  ["git tag -l -n", true],
  ["git stash list", true],
  ["git ls-files", true],
  ["git ls-files --others --exclude-standard", true],
  ["cd src && git ls-files -m", true],
  // Lists joined by `;` and `||`, and a project's own scripts run by name.
  ["ls; pwd", true],
  ["git status || echo no repository", true],
  ["cd packages/app; git status --short", true],
  ["npm test", true],
  ["npm run build", true],
  ["npm run-script lint", true],
  ["pnpm run type-check", true],
  ["yarn test", true],
  ["npm test && npm run build", true],
  ["npm run lint || echo lint failed", true],
  // Separators, quoting, expansion, globs and redirection: all for the guards.
  ["ls; rm -rf ~", false],
  ["ls && rm -rf ~", false],
  ["ls || rm -rf ~", false],
  ["ls | sh", false],
  ["ls & rm -rf /", false],
  ["ls\nrm -rf ~", false],
  ["ls\n", false],
  ["ls\n\npwd", false],
  ["ls\r\npwd", false],
  ["git status\ngit push", false],
  ["ls\trm", false],
  ["ls $(rm -rf ~)", false],
  ["ls `rm -rf ~`", false],
  ["ls ${HOME}", false],
  ["ls ~", false],
  ["ls *", false],
  ["ls 'a b'", false],
  ['ls "a b"', false],
  ["ls a\\ b", false],
  ["ls > /etc/passwd", false],
  ["ls >out", false],
  ["ls <(rm -rf ~)", false],
  ["ls #comment", false],
  ["ls !x", false],
  ["PATH=/tmp/evil ls", false],
  ["IFS=x ls", false],
  ["cd -", false],
  ["cd a b", false],
  ["cd /tmp && rm -rf *", false],
  ["&& ls", false],
  ["ls &&", false],
  ["", false],
  ["lsblk", false],
  ["ls.sh", false],
  ["./ls", false],
  ["/bin/ls", false],
  ["env ls", false],
  ["sudo ls", false],
  ["tree -o /etc/passwd", false],
  ["tree -R -H x", false],
  ["whoami now", false],
  ["uname -x; reboot", false],
  // git's views that print file contents, write files or run other programs.
  ["git diff", false],
  ["git show HEAD", false],
  ["git log -p", false],
  ["git log --patch", false],
  ["git log -L 1,5:a.ts", false],
  ["git log --output=/etc/passwd", false],
  ["git log HEAD:secret.env", false],
  ["git log --ext-diff", false],
  ["git status --output=x", false],
  ["git branch -D main", false],
  ["git branch -m main old", false],
  ["git branch newname", false],
  ["git -c alias.status=!rm status", false],
  ["git -C /tmp status", false],
  ["git --exec-path=/tmp status", false],
  ["git rev-parse HEAD:secret.env", false],
  ["git grep password", false],
  ["git remote -v", false],
  ["git stash", false],
  ["git clean -fdx", false],
  ["git checkout .", false],
  ["git push --force", false],
  [`ls ${"a".repeat(400)}`, false],
  ["git diff --stat -p", false],
  ["git diff --cached", false],
  ["git diff --stat HEAD:secret.env", false],
  ["git diff --stat --output=/etc/passwd", false],
  ["echo $AWS_SECRET_ACCESS_KEY", false],
  ["echo '$HOME'", false],
  ["echo 'a b'", false],
  ["echo ''", false],
  ["echo @args", false],
  ["echo %PATH%", false],
  ["echo hi > ~/.bashrc", false],
  ["find . -delete", false],
  ["find . -name '*.tmp' -exec rm {} +", false],
  ["find . -execdir rm x", false],
  ["find / -fprint /etc/passwd", false],
  ["find . -ok rm", false],
  ["find . -name *.ts", false],
  ["node -e process.exit", false],
  ["node script.js", false],
  ["npm version", false],
  ["npm run", false],
  ["npm run build -- --watch", false],
  ["npm test -- --coverage", false],
  ["npm run 'build'", false],
  ["npm run -s build", false],
  ["npm run build:prod", false],
  ["npm run .hidden", false],
  ["npm publish", false],
  ["npm pkg set scripts.x=rm && npm run x", false],
  ["yarn add evil", false],
  ["pnpm exec rm", false],
  ["npx test", false],
  ["ls;;pwd", false],
  ["ls;", false],
  ["; ls", false],
  ["ls | | pwd", false],
  ["ls |pwd", false],
  ["ls ||| pwd", false],
  ["ls ;& pwd", false],
  ["npm --version --foo", false],
  ["python3 -V x", false],
  ["docker version", false],
  ["go run .", false],
  ["make --version clean", false],
  ['echo "$HOME"', false],
  ['echo "`id`"', false],
  ['echo "a b"', false],
  ['echo "a\\b"', false],
  ['echo "!!"', false],
  ["git show HEAD", false],
  ["git show --stat HEAD:secret.env", false],
  ["git show --stat -p", false],
  ["tree -o x", false],
  ['find "AWS_SECRET" .env', false],
  ["du --files0-from=x", false],
  // The clock set or a file read; PowerShell's drives (`ls env:` prints every variable's value there).
  ["date -s 2020-01-01", false],
  ["date --set=2020-01-01", false],
  ["date -r .env", false],
  ["date -f dates.txt", false],
  ["date +%s", false],
  ["ls env:", false],
  ["ls Env:AWS_SECRET_ACCESS_KEY", false],
  ["ls 'env:'", false],
  ["cd HKLM: && ls", false],
  ["cd function: && ls", false],
  ["ls -Path:env:", false],
  ["ls -LiteralPath:Env:AWS_SECRET_ACCESS_KEY", false],
  ['ls "-Path:variable:"', false],
  ["echo x && ls -Path:HKLM:", false],
  // A `~` where bash makes it a home folder, and revisions with other marks.
  ["ls a~1", false],
  ["git log --since=~", false],
  ["git diff --stat a=~", false],
  ["git diff --stat x:~", false],
  ["git log HEAD^", false],
  ["git diff --stat HEAD@{1}", false],
  ["git diff --stat HEAD~1 -p", false],
  // git log's content, programs, formats and output files.
  ["git log -S AKIA --oneline", false],
  ["git log -G password", false],
  ["git log --format=%B", false],
  ["git log --pretty=format:x", false],
  ["git log --pretty=raw --show-signature", false],
  ["git log --textconv -p", false],
  ["git log --oneline --output=/tmp/x", false],
  ["git log --oneline -- HEAD:secret.env", false],
  ["git --no-pager -c core.pager=sh log", false],
  ["GIT_PAGER=sh git log", false],
  ["GIT_EXTERNAL_DIFF=x git diff --stat", false],
  ["git diff --stat --ext-diff", false],
  ["git log --grep=a=b", false],
  ["git --version --exec-path", false],
  ["git --version x", false],
  // Listings that would write: a tag, a stash entry, a stash shown as a patch.
  ["git tag v1", false],
  ["git tag -d v1", false],
  ["git tag -a v1 -m x", false],
  ["git stash", false],
  ["git stash list -p", false],
  ["git stash show", false],
  ["git ls-files --format=x", false],
  ["git ls-files :secret.env", false],
  ["git remote -v", false],
  ["npm ls", false],
];

describe("inert commands", () => {
  it.each(COMMANDS)("%j is inert: %s", (command, inert) => {
    expect(isInertCommand(command)).toBe(inert);
  });

  it("every case of every guard that the front would answer expects a pass", async () => {
    const tables = await Promise.all(Object.keys(hooks).map(async (id) => (await import(`../hooks/${id}/cases.ts`)) as { cases: HookCase[] }));
    const early = tables
      .flatMap((table) => table.cases)
      .filter((c) => c.event?.kind === "shell.before" && (c.config === undefined || Object.keys(c.config).length === 0) && isInertCommand(c.event.command));
    for (const c of early) expect(c.expect.action, c.name).toBe("pass");
    expect(early.length).toBeGreaterThan(0);
  });

  it("every guard of the registry lets each inert form pass, in a real repository, and keeps no state", async () => {
    const project = mkdtempSync(join(tmpdir(), "guards-quick-"));
    const home = join(project, "home");
    const state = join(project, "state");
    mkdirSync(join(home, ".ssh"), { recursive: true });
    mkdirSync(join(project, "src"));
    mkdirSync(join(project, "packages", "app"), { recursive: true });
    writeFileSync(join(project, ".env"), "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY9q\n");
    execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", join(home, ".ssh", "id_ed25519")]);
    // A tracked file that gained a secret, and a staged key: git's views of names only must still pass.
    execFileSync("git", ["init", "-q"], { cwd: project });
    writeFileSync(join(project, "config.env"), "REGION=eu-west-1\n");
    execFileSync("git", ["add", "config.env"], { cwd: project });
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "config"], { cwd: project });
    const commit = (message: string) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qam", message], { cwd: project });
    // A second commit, a tag and a stash entry that hold the secret: the log, tag and stash listings name them only.
    writeFileSync(join(project, "config.env"), "REGION=eu-west-2\n");
    commit("region");
    execFileSync("git", ["tag", "v1"], { cwd: project });
    writeFileSync(join(project, "config.env"), "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY9q\n");
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", "stash", "-q"], { cwd: project });
    writeFileSync(join(project, "config.env"), "REGION=eu-west-1\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY9q\n");
    execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", join(project, "deploy_key")]);
    execFileSync("git", ["add", "deploy_key"], { cwd: project });
    const env = { HOME: home, PWD: project, GUARDS_STATE_DIR: state };
    const all = Object.values(hooks);
    for (const [command] of COMMANDS.filter(([, inert]) => inert)) {
      const rendered = await runHooks(all, JSON.stringify({ ...claudeBash(command), cwd: project }), { dialect: "claude", env, config: { data: {}, sources: [] } });
      expect(rendered, command).toEqual({ stdout: "", stderr: "", exitCode: 0 });
      const quick = await quickAnswer(JSON.stringify({ ...claudeBash(command), cwd: project }), { dialect: "claude", hooks: Object.keys(hooks) }, env, QUICK_RULES);
      expect(quick, command).toEqual(rendered);
    }
    expect(() => readdirSync(state)).toThrow();
  });
});

describe("the entries that start with the front", () => {
  it("are those naming a guard of shell events only, by each guard's own events", () => {
    const shellOnly = Object.values(hooks)
      .filter((hook) => hook.meta.events.every((kind: string) => kind === "shell.before"))
      .map((hook) => hook.meta.id);
    expect([...SHELL_ONLY_GUARDS].sort()).toEqual(shellOnly.sort());
  });
});

describe("entry arguments the front takes", () => {
  it.each([
    [["--dialect", "claude", "--hooks", "a,b"], { dialect: "claude", hooks: ["a", "b"] }],
    [["--hooks=a", "--dialect=codex"], { dialect: "codex", hooks: ["a"] }],
    [["--dialect", "claude"], undefined],
    [["--hooks", "a", "--dialect", "claude", "--dialect", "codex"], undefined],
    [["--hooks", "a", "--dialect", "claude", "--verbose"], undefined],
    [["--flush", "/tmp"], undefined],
    [["--hooks", "a", "--dialect"], undefined],
  ] as const)("%j", (argv, expected) => {
    expect(entryArguments(argv)).toEqual(expected);
  });
});

describe.each(NODE_BINARIES)("the built guards.cjs on $name", ({ path: node }) => {
  const file = join(DIST, "guards.cjs");
  const project = mkdtempSync(join(tmpdir(), "guards-quick-file-"));
  execFileSync("git", ["init", "-q"], { cwd: project });
  const entry = ["--dialect", "claude", "--hooks", "redact-secrets,dangerous-command,kubectl-prod,guard-files"];
  const run = (command: string, cache: string, cwd = project) =>
    runNodeFile(file, { node, args: entry, input: JSON.stringify({ ...claudeBash(command), cwd }), cwd, env: { GUARDS_CODE_CACHE: cache, GUARDS_STATE_DIR: join(project, "state"), CLAUDE_PROJECT_DIR: "" } });
  const compiled = (cache: string) => readdirSync(cache).map((name) => name.split("-")[0]);

  it("answers an inert command without compiling the runner", () => {
    const cache = join(mkdtempSync(join(tmpdir(), "guards-quick-cache-")), "c");
    const result = run("git status --short", cache);
    expect(result).toMatchObject({ exitCode: 0, stdout: "", stderr: "" });
    expect(compiled(cache)).toEqual(["front"]);
  });

  it("answers a build and a delete in the project with the front and its deletes section only, and leaves a link to the guards", () => {
    const cache = join(mkdtempSync(join(tmpdir(), "guards-quick-cache-")), "c");
    mkdirSync(join(project, "build"), { recursive: true });
    expect(run("npm test && rm -rf ./build", cache)).toMatchObject({ exitCode: 0, stdout: "", stderr: "" });
    expect(compiled(cache).sort()).toEqual(["front", "lazy"]);
    const linked = join(mkdtempSync(join(tmpdir(), "guards-quick-cache-")), "c");
    symlinkSync(join(project, ".git"), join(project, "history"));
    expect(run("rm -rf history", linked)).toMatchObject({ exitCode: 0 });
    expect(compiled(linked)).toContain("guards");
  });

  it("answers Cursor's own shell event with its explicit allow", () => {
    const cache = join(mkdtempSync(join(tmpdir(), "guards-quick-cache-")), "c");
    const payload = { ...readFixture("cursor/beforeShellExecution/ls.json"), workspace_roots: [project], cwd: project };
    const result = runNodeFile(file, { node, args: ["--dialect", "cursor", "--hooks", "redact-secrets,dangerous-command"], input: JSON.stringify(payload), cwd: project, env: { GUARDS_CODE_CACHE: cache } });
    expect(result).toMatchObject({ exitCode: 0, stdout: '{"permission":"allow"}\n' });
    expect(compiled(cache)).toEqual(["front"]);
  });

  it("answers VS Code's terminal call to a Claude entry, as VS Code reads the answer", () => {
    const cache = join(mkdtempSync(join(tmpdir(), "guards-quick-cache-")), "c");
    const payload = { ...readFixture("vscode/PreToolUse/ls.json"), cwd: project };
    const result = runNodeFile(file, { node, args: entry, input: JSON.stringify(payload), cwd: project, env: { GUARDS_CODE_CACHE: cache } });
    expect(result).toMatchObject({ exitCode: 0, stdout: "" });
    expect(compiled(cache)).toEqual(["front"]);
  });

  it("does not compile the front for an entry of edits", () => {
    const cache = join(mkdtempSync(join(tmpdir(), "guards-quick-cache-")), "c");
    const payload = { ...claudeBash("x"), tool_name: "Write", tool_input: { file_path: join(project, "notes.md"), content: "# notes\n" }, cwd: project };
    const result = runNodeFile(file, { node, args: ["--dialect", "claude", "--hooks", "guard-files"], input: JSON.stringify(payload), cwd: project, env: { GUARDS_CODE_CACHE: cache } });
    expect(result).toMatchObject({ exitCode: 0, stdout: "" });
    expect(compiled(cache)).toEqual(["guards"]);
  });

  it("hands everything else to the runner, with the stdin it read", () => {
    const cache = join(mkdtempSync(join(tmpdir(), "guards-quick-cache-")), "c");
    const result = run("rm -rf ~", cache);
    expect(result.stdout).toContain('"permissionDecision":"deny"');
    // The deny's message is masked by redact-secrets' pre-filter, a section of its own.
    expect([...new Set(compiled(cache))].sort()).toEqual(["front", "guards", "lazy"]);
  });

  it("compiles its config check, a section of its own, only for a project with a config file, and answers as without one", () => {
    const configured = mkdtempSync(join(tmpdir(), "guards-quick-config-"));
    writeFileSync(join(configured, ".guards.yaml"), "audit:\n  enabled: true\nhooks:\n  kubectl-prod:\n    namespaces: [prod]\n");
    const entries: [string[], (cwd: string) => Record<string, unknown>][] = [
      [entry, (cwd) => ({ ...claudeBash("ls -la"), cwd })],
      [["--dialect", "cursor", "--hooks", "redact-secrets,dangerous-command"], (cwd) => ({ ...readFixture("cursor/beforeShellExecution/ls.json"), workspace_roots: [cwd], cwd })],
    ];
    for (const [args, payload] of entries) {
      const answers = [project, configured].map((cwd) => {
        const cache = join(mkdtempSync(join(tmpdir(), "guards-quick-cache-")), "c");
        const result = runNodeFile(file, { node, args, input: JSON.stringify(payload(cwd)), cwd, env: { GUARDS_CODE_CACHE: cache, GUARDS_STATE_DIR: join(cwd, "state"), CLAUDE_PROJECT_DIR: "" } });
        return { result, compiled: compiled(cache).sort() };
      });
      expect(answers[0]!.compiled, args[1]).toEqual(["front"]);
      expect(answers[1]!.compiled, args[1]).toEqual(["front", "lazy"]);
      expect(answers[1]!.result, args[1]).toEqual(answers[0]!.result);
    }
  });

  it("leaves a project with a config to the runner: its rules apply to inert commands too", () => {
    const configured = mkdtempSync(join(tmpdir(), "guards-quick-config-"));
    writeFileSync(join(configured, ".guards.yaml"), 'hooks:\n  dangerous-command:\n    rules:\n      - { id: no-listing, command: "ls", action: deny, reason: "listings are off here" }\n');
    const cache = join(mkdtempSync(join(tmpdir(), "guards-quick-cache-")), "c");
    const result = run("ls -la", cache, configured);
    expect(result.stdout).toContain("listings are off here");
  });

  it("leaves a payload it cannot read to the runner, which denies it", () => {
    const cache = join(mkdtempSync(join(tmpdir(), "guards-quick-cache-")), "c");
    const result = runNodeFile(file, { node, args: entry, input: "{not json", cwd: project, env: { GUARDS_CODE_CACHE: cache } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("input is not valid JSON");
  });
});

/** Each agent's own shell call of an inert command, pointed at a project with no config: [dialect, payload, the pass it reads]. */
function ownShellCalls(project: string): [string, Record<string, unknown>, string][] {
  const with_ = (path: string, fields: Record<string, unknown>) => ({ ...readFixture(path), ...fields });
  return [
    ["kiro", with_("kiro/PreToolUse/ls.json", { cwd: project }), ""],
    ["devin", with_("devin/PreToolUse/ls.json", { cwd: project }), ""],
    ["claude", with_("devin/PreToolUse/ls.json", { cwd: project }), ""],
    ["claude", with_("readers/claude/copilot/PreToolUse/ls.json", { cwd: project }), ""],
    ["augment", with_("augment/PreToolUse/ls.json", { workspace_roots: [project] }), ""],
    ["goose", with_("goose/PreToolUse/ls.json", { working_dir: project }), ""],
    ["crush", with_("crush/PreToolUse/ls.json", { cwd: project }), ""],
    ["cline", with_("cline/PreToolUse/ls.json", { workspaceRoots: [project] }), '{"cancel":false}\n'],
    ["cline", with_("cline/tool_call/run-commands.json", { workspaceRoots: [project], tool_call: { id: "c", name: "run_commands", input: { commands: ["git status", "ls -la"] } } }), '{"cancel":false}\n'],
  ];
}

describe.each(TABLE_NODES)("the built guards.cjs answers each file agent's own shell call on $name", ({ path: node }) => {
  const project = mkdtempSync(join(tmpdir(), "guards-quick-agents-"));
  it.each(ownShellCalls(project))("%s entry", (dialect, payload, stdout) => {
    const cache = join(mkdtempSync(join(tmpdir(), "guards-quick-cache-")), "c");
    const args = ["--dialect", dialect, "--hooks", "redact-secrets,dangerous-command,kubectl-prod,guard-files"];
    const result = runNodeFile(join(DIST, "guards.cjs"), { node, args, input: JSON.stringify(payload), cwd: project, env: { GUARDS_CODE_CACHE: cache, DEVIN_PROJECT_DIR: "", CLAUDE_PROJECT_DIR: "", CRUSH_PROJECT_DIR: "" } });
    expect(result).toMatchObject({ exitCode: 0, stdout, stderr: "" });
    expect(readdirSync(cache).map((name) => name.split("-")[0])).toEqual(["front"]);
  });
});
