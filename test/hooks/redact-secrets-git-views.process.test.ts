/**
 * git's own views as reads, through the built hook in the Claude, Codex and Gemini dialects: a view that
 * would print a secret (a tracked config that gained an AWS key, a staged `ssh-keygen` key, a stash, a
 * commit) is refused with the masked finding and no byte of the secret; views that print none pass; the
 * safer command a refusal offers passes; and a repository's own config (external diff, textconv, clean
 * filter, fsmonitor, pager, signature program, hooks) never makes the hook run a program.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hookRunner } from "../support/hook-runs.ts";
import { readFixture } from "../support/process.ts";

const AWS_SECRET = "Qx7vN2mR9tLk4WbZ8pYc3HsD6fJgA1eU5oKiT0qV";
const STRIPE = "sk_live_51Hx8QmTz4KpW7vRc2NbY6sLdP0aE";
const GITHUB = "ghp_T4nV8qLx2McR7bW9kYp3HsD1fJgA6eU0oQzZ";

let base: string;
let secretRepo: string;
let cleanRepo: string;
let hostileRepo: string;
let markers: string;
let keyBody: string[];
let env: Record<string, string>;
const { runAll, seenByAgent } = hookRunner({ cwd: () => base, env: () => env, copies: () => join(base, "tmp") });

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", "-c", "core.hooksPath=/dev/null", ...args], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "redact-git-views-"));
  mkdirSync(join(base, "tmp"));
  mkdirSync(join(base, "home"));
  env = { HOME: join(base, "home"), TMPDIR: join(base, "tmp"), XDG_CONFIG_HOME: join(base, "home", ".config"), GUARDS_ENTERPRISE_CONFIG: join(base, "none.yaml"), GIT_CONFIG_GLOBAL: join(base, "home", ".gitconfig") };
  writeFileSync(env.GIT_CONFIG_GLOBAL!, "");

  // A tracked config that gained an AWS secret in the last commit, a stash with a Stripe key, a worktree
  // change with a GitHub token, and an ssh-keygen private key staged under a name that says nothing.
  secretRepo = join(base, "secret");
  mkdirSync(join(secretRepo, "src"), { recursive: true });
  git(secretRepo, "init", "-q");
  writeFileSync(join(secretRepo, "README.md"), "# shop\nTODO: write docs\n");
  writeFileSync(join(secretRepo, "config.env"), "PORT=3000\nREGION=eu-west-1\n");
  writeFileSync(join(secretRepo, "src", "app.py"), "DEBUG = False\n");
  // A key committed with the first commit: views of some of its lines show part of it.
  mkdirSync(join(secretRepo, "deploy"));
  execFileSync("ssh-keygen", ["-q", "-t", "rsa", "-b", "2048", "-N", "", "-C", "", "-f", join(secretRepo, "deploy", "id_rsa")]);
  rmSync(join(secretRepo, "deploy", "id_rsa.pub"));
  git(secretRepo, "add", ".");
  git(secretRepo, "commit", "-qm", "initial");
  appendFileSync(join(secretRepo, "config.env"), `AWS_SECRET_ACCESS_KEY=${AWS_SECRET}\n`);
  appendFileSync(join(secretRepo, "README.md"), "Run it with make.\n");
  git(secretRepo, "commit", "-qam", "deploy settings");
  appendFileSync(join(secretRepo, "src", "app.py"), `STRIPE_KEY = "${STRIPE}"\n`);
  git(secretRepo, "stash", "-q");
  appendFileSync(join(secretRepo, "src", "app.py"), `GITHUB_TOKEN = "${GITHUB}"\n`);
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "", "-f", join(secretRepo, "id_test")]);
  git(secretRepo, "add", "id_test");
  // Aliases the repository defines: one git command, one shell command.
  git(secretRepo, "config", "alias.staged", "diff --cached");
  git(secretRepo, "config", "alias.peek", "!cat config.env");
  keyBody = [join(secretRepo, "id_test"), join(secretRepo, "deploy", "id_rsa")].flatMap((key) => readFileSync(key, "utf8").split("\n").filter((line) => line && !line.startsWith("-----")));

  // The same history with nothing secret in it.
  cleanRepo = join(base, "clean");
  mkdirSync(cleanRepo);
  git(cleanRepo, "init", "-q");
  writeFileSync(join(cleanRepo, "app.py"), "import os\nport = int(os.environ.get('PORT', '3000'))\n");
  writeFileSync(join(cleanRepo, "config.env"), "PORT=3000\nAPI_KEY=${API_KEY}\n");
  git(cleanRepo, "add", ".");
  git(cleanRepo, "commit", "-qm", "one");
  appendFileSync(join(cleanRepo, "app.py"), "print(port)\n");
  git(cleanRepo, "commit", "-qam", "two");
  appendFileSync(join(cleanRepo, "app.py"), "# stashed\n");
  git(cleanRepo, "stash", "-q");
  appendFileSync(join(cleanRepo, "app.py"), "# work in progress\n");
  writeFileSync(join(cleanRepo, "id_test.pub"), readFileSync(join(secretRepo, "id_test.pub")));
  git(cleanRepo, "add", "id_test.pub");

  // A repository whose own config names a program for every hook git has: each writes a marker when run.
  markers = join(base, "markers");
  mkdirSync(markers);
  hostileRepo = join(base, "hostile");
  mkdirSync(hostileRepo);
  git(hostileRepo, "init", "-q");
  writeFileSync(join(hostileRepo, ".gitattributes"), "*.txt filter=evil diff=evil\n");
  writeFileSync(join(hostileRepo, "notes.txt"), "first\n");
  writeFileSync(join(hostileRepo, "config.env"), `STRIPE_KEY=${STRIPE}\n`);
  git(hostileRepo, "add", ".");
  git(hostileRepo, "commit", "-qm", "one");
  const mark = (name: string, tail = "") => `touch '${join(markers, name)}'${tail}`;
  const hooks = join(hostileRepo, "hooks");
  mkdirSync(hooks);
  for (const hook of ["post-index-change", "post-checkout", "reference-transaction"]) writeFileSync(join(hooks, hook), `#!/bin/sh\n${mark(hook)}\n`, { mode: 0o755 });
  const config: [string, string][] = [
    ["filter.evil.clean", mark("clean", "; cat")],
    ["filter.evil.smudge", mark("smudge", "; cat")],
    ["filter.evil.required", "true"],
    ["diff.evil.textconv", mark("textconv", "; cat")],
    ["diff.evil.command", mark("diff-command")],
    ["diff.external", mark("diff-external")],
    ["core.fsmonitor", mark("fsmonitor", "; false")],
    ["core.pager", mark("pager", "; cat")],
    ["pager.diff", mark("pager-diff", "; cat")],
    ["core.hooksPath", hooks],
    ["log.showSignature", "true"],
    ["gpg.program", mark("gpg")],
    ["tar.tgz.command", mark("archive-filter", "; cat")],
  ];
  for (const [key, value] of config) git(hostileRepo, "config", key, value);
  // Changed since the index was written, with an old time, so that git must clean the file to compare it.
  writeFileSync(join(hostileRepo, "notes.txt"), "second\n");
  utimesSync(join(hostileRepo, "notes.txt"), new Date(2020, 0, 1), new Date(2020, 0, 1));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const DIALECTS = ["claude", "codex", "gemini"] as const;
const FIXTURES: Record<(typeof DIALECTS)[number], string> = { claude: "claude/PreToolUse/git-push.json", codex: "codex/PreToolUse/git-push.json", gemini: "gemini/BeforeTool/git-push.json" };

function payload(dialect: (typeof DIALECTS)[number], cwd: string, command: string): unknown {
  const fixture = readFixture(FIXTURES[dialect]) as { tool_input: Record<string, unknown> };
  return { ...fixture, cwd, tool_input: { ...fixture.tool_input, command, ...(dialect === "gemini" ? { dir_path: cwd } : {}) } };
}

type Repo = "secret" | "clean";
// [command, repository, expected, a safer command is offered]
const VIEWS: [string, Repo, "denied" | "passed", boolean?][] = [
  ["git diff", "secret", "denied", true],
  ["git diff --cached", "secret", "denied", true],
  ["git diff --staged -- id_test", "secret", "denied", true],
  ["git diff HEAD~1 HEAD", "secret", "denied", true],
  ["git diff HEAD~1 config.env", "secret", "denied", true],
  ["git -C src diff", "secret", "denied", true],
  ["cd src && git --git-dir=../.git --work-tree=.. -c safe.directory='*' diff", "secret", "denied"],
  ["git --no-pager diff --color=always --word-diff", "secret", "denied", true],
  ["git diff --no-prefix -U0", "secret", "denied", true],
  ["git log -p", "secret", "denied", true],
  ["git log -p -1 --follow config.env", "secret", "denied"],
  ["git log -L1,3:config.env", "secret", "denied"],
  ["git log -L5,8:deploy/id_rsa", "secret", "denied"],
  ["git blame -L 5,8 deploy/id_rsa", "secret", "denied"],
  ["git grep -h -A2 BEGIN HEAD -- deploy", "secret", "denied", true],
  ["git show", "secret", "denied", true],
  ["git show HEAD --format=fuller", "secret", "denied", true],
  ["git show HEAD:config.env", "secret", "denied"],
  ["git show :id_test", "secret", "denied"],
  ["git grep AWS", "secret", "denied", true],
  ["git grep -n --cached -A3 BEGIN", "secret", "denied", true],
  ["git blame config.env", "secret", "denied"],
  ["git cat-file -p HEAD:config.env", "secret", "denied"],
  ["git stash show -p", "secret", "denied"],
  ["git format-patch -1 --stdout", "secret", "denied", true],
  ["git archive HEAD | tar -xO", "secret", "denied", true],
  ["git diff | cat", "secret", "denied", true],
  ["git cat-file --batch < objects.txt", "secret", "denied"],
  // Aliases and programs the line or the repository has git run.
  ["git staged", "secret", "denied", true],
  ["git -c alias.d='log -p' d", "secret", "denied", true],
  ["git peek", "secret", "denied"],
  ["git -c 'alias.x=!cat config.env' x", "secret", "denied"],
  ["git -c diff.external='sh -c \"cat config.env\"' diff --stat", "secret", "denied"],
  ["GIT_PAGER='cat config.env' git log --oneline", "secret", "denied"],
  ["git difftool -y -x cat HEAD~1 -- config.env", "secret", "denied"],
  ["git submodule foreach 'cat config.env'", "secret", "denied"],
  ["git rebase -x 'cat config.env' HEAD~1", "secret", "denied"],
  ["git -c core.pager=cat log --oneline", "secret", "passed"],
  ["git -c alias.names='diff --name-only' names", "secret", "passed"],
  // Views that print no content, or no secret.
  ["git diff --stat", "secret", "passed"],
  ["git diff --name-only HEAD~1", "secret", "passed"],
  ["git log --oneline", "secret", "passed"],
  ["git show --stat HEAD", "secret", "passed"],
  ["git diff HEAD~1 -- README.md", "secret", "passed"],
  ["git show HEAD:README.md", "secret", "passed"],
  ["git grep -l AWS", "secret", "passed"],
  ["git grep TODO", "secret", "passed"],
  ["git grep --cached OPENSSH", "secret", "passed"],
  ["git blame README.md", "secret", "passed"],
  ["git cat-file -t HEAD", "secret", "passed"],
  ["git diff", "clean", "passed"],
  ["git diff --cached", "clean", "passed"],
  ["git log -p", "clean", "passed"],
  ["git show HEAD", "clean", "passed"],
  ["git grep -n API_KEY", "clean", "passed"],
  ["git blame config.env", "clean", "passed"],
  ["git stash show -p", "clean", "passed"],
  ["git format-patch -1 --stdout", "clean", "passed"],
  ["git archive HEAD | tar -xO", "clean", "passed"],
  ["git cat-file -p HEAD:config.env", "clean", "passed"],
];

const SAFER = /leaves those files out and passes: (.+?)(?:"|$)/;

function secretsIn(text: string): string[] {
  return [AWS_SECRET, STRIPE, GITHUB, ...keyBody].filter((secret) => text.includes(secret));
}

describe("git views", () => {
  it("refuse a view that would print a secret, with the masked finding and no byte of it; pass the others; offer a safer view that passes", async () => {
    const dialectOf = (i: number) => DIALECTS[i % DIALECTS.length]!;
    const cwdOf = (repo: Repo) => (repo === "secret" ? secretRepo : cleanRepo);
    const outcomes = await runAll(VIEWS.map(([command, repo], i) => ({ dialect: dialectOf(i), payload: payload(dialectOf(i), cwdOf(repo), command) })));
    const wrong: string[] = [];
    const safer: { i: number; command: string }[] = [];
    VIEWS.forEach(([command, repo, expected, offersSafer], i) => {
      const outcome = outcomes[i]!;
      const { verdict } = seenByAgent(outcome, "");
      const said = `${outcome.stdout}${outcome.stderr}`;
      if (verdict !== expected) wrong.push(`${dialectOf(i)} ${repo}: ${command}: ${verdict}, expected ${expected} ${said}`);
      if (secretsIn(said).length > 0) wrong.push(`${command}: a secret in the hook's answer`);
      if (verdict === "denied" && !/cat-file --batch/.test(command) && !/(?:aws-secret-key|generic-secret|private-key|stripe|github-token)[^,;]* on line \d+/.test(said)) wrong.push(`${command}: no masked finding in ${said}`);
      const offered = SAFER.exec(said.replace(/\\"/g, '"'))?.[1]?.replace(/\\\\/g, "\\");
      if (offersSafer && !offered) wrong.push(`${command}: no safer command offered in ${said}`);
      if (offered) safer.push({ i, command: offered });
    });
    expect(wrong).toEqual([]);
    // The commands a refusal offers pass, in the same dialect.
    const again = await runAll(safer.map(({ i, command }) => ({ dialect: dialectOf(i), payload: payload(dialectOf(i), cwdOf(VIEWS[i]![1]), command) })));
    const refused = safer.filter((_, k) => seenByAgent(again[k]!, "").verdict !== "passed").map(({ command }) => command);
    expect(refused).toEqual([]);
    expect(safer.length).toBeGreaterThan(10);
  }, 120_000);

  it("never runs a program the repository's config names (external diff, textconv, clean filter, fsmonitor, pager, gpg, hooks)", async () => {
    // The config is live: git run plainly in the repository runs its programs.
    execFileSync("sh", ["-c", "git diff >/dev/null 2>&1; git -p log -1 >/dev/null 2>&1; true"], { cwd: hostileRepo, env: { ...process.env, ...env } });
    const ranByGit = readdirSync(markers).sort();
    expect(ranByGit).toEqual(expect.arrayContaining(["clean", "diff-command", "fsmonitor"]));
    for (const name of ranByGit) rmSync(join(markers, name));

    const commands = [
      "git diff", "git diff --cached", "git diff HEAD", "git log -p", "git show", "git show HEAD:notes.txt", "git grep -n second", "git blame notes.txt",
      "git format-patch -1 --stdout", "git archive --format=tgz HEAD", "git log --show-signature -p -1", "git diff --ext-diff --textconv", "git -c diff.external=false diff",
    ];
    const outcomes = await runAll(commands.map((command, i) => ({ dialect: DIALECTS[i % DIALECTS.length]!, payload: payload(DIALECTS[i % DIALECTS.length]!, hostileRepo, command) })));
    expect(readdirSync(markers)).toEqual([]);
    // The hook still read what those views print: the committed Stripe key.
    const verdicts = outcomes.map((outcome) => seenByAgent(outcome, "").verdict);
    expect(commands.filter((_, i) => ["git log -p", "git show", "git format-patch -1 --stdout", "git archive --format=tgz HEAD", "git log --show-signature -p -1"].includes(commands[i]!) && verdicts[i] !== "denied")).toEqual([]);
    expect(existsSync(join(markers, "clean"))).toBe(false);
  }, 60_000);

  it("refuses a view in a repository whose filter driver cannot be switched off from git's command line", async () => {
    // `-c filter.a=b.clean=` would set `filter.a`: such a driver cannot be emptied, so git is not run at all.
    const repo = join(base, "unswitchable");
    mkdirSync(repo);
    git(repo, "init", "-q");
    writeFileSync(join(repo, ".gitattributes"), "* filter=a=b\n");
    writeFileSync(join(repo, "notes.txt"), "one\n");
    git(repo, "add", ".");
    git(repo, "commit", "-qm", "one");
    git(repo, "config", "filter.a=b.clean", `touch '${join(markers, "unswitchable")}'; cat`);
    writeFileSync(join(repo, "notes.txt"), "two\n");
    const [diff, log] = await runAll(["git diff", "git log -p"].map((command) => ({ dialect: "claude", payload: payload("claude", repo, command) })));
    expect([diff, log].map((outcome) => seenByAgent(outcome!, "").verdict)).toEqual(["denied", "denied"]);
    expect(diff!.stdout).toMatch(/filter driver the hook cannot switch off/);
    expect(existsSync(join(markers, "unswitchable"))).toBe(false);
  }, 30_000);
});
