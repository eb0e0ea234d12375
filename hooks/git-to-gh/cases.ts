import { shellEvent, type HookCase } from "../../shared/hook-case.ts";

const denyGit = (name: string, command: string, rule: string, says: string[] = []): HookCase => ({
  name,
  event: shellEvent(command),
  expect: { action: "deny", rule, says },
});
const askGh = (name: string, command: string): HookCase => ({ name, event: shellEvent(command), expect: { action: "ask", rule: "gh" } });
const passes = (name: string, command: string): HookCase => ({ name, event: shellEvent(command), expect: { action: "pass" } });
const STRICT = { mode: "strict" };
const strictDeny = (name: string, command: string, rule: string, says: string[] = []): HookCase => ({ ...denyGit(`strict: ${name}`, command, rule, says), config: STRICT });
const CLONE = "git clone https://github.com/o/r.git";

export const cases: HookCase[] = [
  // Default mode: git commands with a gh equivalent are redirected to the exact gh command.
  denyGit("clone of a GitHub remote", CLONE, "git-clone", ["gh repo clone https://github.com/o/r.git"]),
  denyGit("clone over ssh, into a folder, with git flags", "git clone --depth 1 -b main git@github.com:o/r.git work", "git-clone", ["gh repo clone git@github.com:o/r.git work -- --depth 1 -b main"]),
  denyGit("clone with an ssh:// URL", "git clone ssh://git@github.com/o/r", "git-clone", ["gh repo clone ssh://git@github.com/o/r"]),
  denyGit("fetch of a pull request ref into a branch", "git fetch origin pull/42/head:pr-42", "git-fetch-pull-request", ["gh pr checkout 42 --branch pr-42"]),
  denyGit("fetch of a full pull request ref", "git fetch upstream refs/pull/7/head", "git-fetch-pull-request", ["gh pr checkout 7"]),
  // Default mode: local work and remote work without a gh equivalent pass.
  ...[
    "git status", "git diff --stat", "git log --oneline -5", "git show HEAD", "git add -A", "git commit -m 'fix: typo'",
    "git branch -a", "git switch -c feature", "git checkout main", "git stash", "git rebase main", "git merge feature",
    "git fetch origin", "git pull --rebase", "git tag v1.0", "git restore --staged a.ts", "git push -u origin feature",
    "git clone https://gitlab.com/o/r.git", "git clone ../local-repo copy", "git fetch origin main:main", "git blame a.ts",
  ].map((command) => passes(`default mode: ${command}`, command)),
  passes("default mode: add and commit in one line", "git add -A && git commit -m wip"),
  // Found behind wrappers, in chains and nested shells.
  denyGit("global options before the subcommand", `git -C ../other --no-pager clone https://github.com/o/r`, "git-clone"),
  denyGit("sudo", `sudo ${CLONE}`, "git-clone", ["sudo"]),
  denyGit("env with assignment", "env GIT_TRACE=1 git fetch origin pull/3/head", "git-fetch-pull-request"),
  denyGit("command builtin", `command ${CLONE}`, "git-clone"),
  denyGit("absolute path", `/usr/bin/${CLONE}`, "git-clone"),
  denyGit("backslash escape", `\\${CLONE}`, "git-clone"),
  denyGit("bash -c", `bash -c '${CLONE}'`, "git-clone", ["bash -c"]),
  denyGit("eval", `eval ${CLONE}`, "git-clone"),
  denyGit("after &&", `npm test && ${CLONE}`, "git-clone"),
  denyGit("after local git in a chain", `git status; ${CLONE}`, "git-clone"),
  denyGit("subshell", `(cd sub && ${CLONE})`, "git-clone"),
  denyGit("command substitution", `echo $(${CLONE})`, "git-clone"),
  denyGit("quoted program", `'git' clone https://github.com/o/r`, "git-clone"),
  // mode: strict blocks every raw git, naming gh only where gh really does the same thing.
  strictDeny("push", "git push origin main", "git-push", ["No gh command does what `git push` does"]),
  strictDeny("clone", CLONE, "git-clone", ["gh repo clone"]),
  strictDeny("pull request fetch", "git fetch origin pull/9/head", "git-fetch-pull-request", ["gh pr checkout 9"]),
  strictDeny("status", "git status", "git-status", ["ask a person"]),
  strictDeny("commit", "git -c user.name=x commit -m msg", "git-commit"),
  strictDeny("bare git", "git", "git", ["No gh command"]),
  strictDeny("sudo", "sudo git push", "git-push", ["sudo"]),
  strictDeny("relative path", "./bin/git status", "git-status"),
  strictDeny("leading assignment", "GIT_DIR=.git git log", "git-log"),
  strictDeny("nohup", "nohup git fetch &", "git-fetch"),
  strictDeny("timeout with duration", "timeout 10 git pull", "git-pull"),
  strictDeny("sh -lc", "sh -lc \"git status\"", "git-status"),
  strictDeny("in a pipe", "git log --oneline | head -5", "git-log"),
  strictDeny("second line", "ls\ngit push", "git-push"),
  strictDeny("backticks", "echo `git rev-parse HEAD`", "git-rev-parse"),
  strictDeny("after ||", "false || git reset --hard", "git-reset"),
  // gh asks.
  askGh("gh pr create", "gh pr create --fill"),
  askGh("gh behind sudo", "sudo gh repo delete o/r --yes"),
  askGh("gh in a chain", "npm test && gh pr merge 12"),
  askGh("gh absolute path", "/usr/local/bin/gh issue list"),
  askGh("gh after a local git", "git push -u origin feature && gh pr create --fill"),
  // Near-misses: words that only contain "git".
  passes("gitleaks", "gitleaks detect --source ."),
  passes("digit in a word", "echo digit"),
  passes(".gitignore as an argument", "cat .gitignore"),
  passes("git as data in echo", "echo git clone https://github.com/o/r"),
  passes("git in a quoted grep pattern", "grep -r 'git push' docs/"),
  passes("git-like program name", "github-release upload"),
  passes("ls", "ls -la"),
  passes("path containing git", "cat ~/.config/git/config"),
  passes("empty command", ""),
  // Configuration.
  {
    name: "strict: allowed subcommand from config",
    event: shellEvent("git status --short"),
    config: { ...STRICT, allowSubcommands: ["status", "diff"] },
    expect: { action: "pass" },
  },
  {
    name: "strict: allowed subcommand does not allow others in the chain",
    event: shellEvent("git status && git push"),
    config: { ...STRICT, allowSubcommands: ["status"] },
    expect: { action: "deny", rule: "git-push" },
  },
  {
    name: "gh pre-approved by config",
    event: shellEvent("gh pr view 3"),
    config: { gh: "allow" },
    expect: { action: "allow", rule: "gh" },
  },
];
