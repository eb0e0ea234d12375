import { shellEvent, type HookCase } from "../../shared/hook-case.ts";

const denyGit = (name: string, command: string, rule: string, says: string[] = []): HookCase => ({
  name,
  event: shellEvent(command),
  expect: { action: "deny", rule, says },
});
const askGh = (name: string, command: string): HookCase => ({ name, event: shellEvent(command), expect: { action: "ask", rule: "gh" } });
const passes = (name: string, command: string): HookCase => ({ name, event: shellEvent(command), expect: { action: "pass" } });

export const cases: HookCase[] = [
  // Plain git, with the gh suggestion.
  denyGit("push", "git push origin main", "git-push", ["gh pr create"]),
  denyGit("clone", "git clone https://github.com/o/r.git", "git-clone", ["gh repo clone"]),
  denyGit("pull", "git pull --rebase", "git-pull", ["gh repo sync"]),
  denyGit("status", "git status", "git-status", ["gh pr status"]),
  denyGit("checkout", "git checkout -b feature", "git-checkout", ["gh pr checkout"]),
  denyGit("merge", "git merge main", "git-merge", ["gh pr merge"]),
  denyGit("no gh equivalent", "git stash", "git-stash", ["no gh equivalent"]),
  denyGit("bare git", "git", "git", ["no gh equivalent"]),
  denyGit("global options before the subcommand", "git -C ../other --no-pager push", "git-push"),
  denyGit("config option before the subcommand", "git -c user.name=x commit -m msg", "git-commit"),
  // Wrappers and paths.
  denyGit("sudo", "sudo git push", "git-push", ["sudo"]),
  denyGit("env with assignment", "env GIT_TRACE=1 git fetch", "git-fetch"),
  denyGit("command builtin", "command git push", "git-push"),
  denyGit("absolute path", "/usr/bin/git push", "git-push"),
  denyGit("relative path", "./bin/git status", "git-status"),
  denyGit("backslash escape", "\\git push", "git-push"),
  denyGit("leading assignment", "GIT_DIR=.git git log", "git-log"),
  denyGit("nohup", "nohup git fetch &", "git-fetch"),
  denyGit("timeout with duration", "timeout 10 git pull", "git-pull"),
  denyGit("bash -c", "bash -c 'git push --force'", "git-push", ["bash -c"]),
  denyGit("sh -lc", "sh -lc \"git status\"", "git-status"),
  denyGit("eval", "eval git push", "git-push"),
  // Chains, pipes, subshells, newlines.
  denyGit("after &&", "npm test && git push", "git-push"),
  denyGit("after ;", "echo done; git commit -am wip", "git-commit"),
  denyGit("after ||", "false || git reset --hard", "git-reset"),
  denyGit("in a pipe", "git log --oneline | head -5", "git-log"),
  denyGit("second line", "ls\ngit push", "git-push"),
  denyGit("subshell", "(cd sub && git pull)", "git-pull"),
  denyGit("command substitution", "echo $(git rev-parse HEAD)", "git-rev-parse"),
  denyGit("backticks", "echo `git rev-parse HEAD`", "git-rev-parse"),
  denyGit("quoted program", "'git' push", "git-push"),
  // gh asks.
  askGh("gh pr create", "gh pr create --fill"),
  askGh("gh behind sudo", "sudo gh repo delete o/r --yes"),
  askGh("gh in a chain", "npm test && gh pr merge 12"),
  askGh("gh absolute path", "/usr/local/bin/gh issue list"),
  // Near-misses: words that only contain "git".
  passes("gitleaks", "gitleaks detect --source ."),
  passes("digit in a word", "echo digit"),
  passes(".gitignore as an argument", "cat .gitignore"),
  passes("git as data in echo", "echo git push"),
  passes("git in a quoted grep pattern", "grep -r 'git push' docs/"),
  passes("git in a commit-like message to another tool", "npm version patch -m \"git tag v%s\""),
  passes("git-like program name", "github-release upload"),
  passes("ls", "ls -la"),
  passes("path containing git", "cat ~/.config/git/config"),
  passes("empty command", ""),
  // Configuration.
  {
    name: "allowed subcommand from config",
    event: shellEvent("git status --short"),
    config: { allowSubcommands: ["status", "diff"] },
    expect: { action: "pass" },
  },
  {
    name: "allowed subcommand does not allow others in the chain",
    event: shellEvent("git status && git push"),
    config: { allowSubcommands: ["status"] },
    expect: { action: "deny", rule: "git-push" },
  },
  {
    name: "gh pre-approved by config",
    event: shellEvent("gh pr view 3"),
    config: { gh: "allow" },
    expect: { action: "allow", rule: "gh" },
  },
];
