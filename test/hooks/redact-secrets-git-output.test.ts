/**
 * How redact-secrets reads git's views: which commands print file contents (and which print names only),
 * and how real git output made at test time splits into the files it shows.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { batchContents, grepParts, patchParts } from "../../hooks/redact-secrets/git-output.ts";
import { gitCall, viewPlan } from "../../hooks/redact-secrets/git-view-args.ts";
import type { ExecutedCommand } from "../../shared/shell.ts";

function command(argv: string[], env?: Record<string, string>): ExecutedCommand {
  return { argv, program: "git", wrappers: [], dynamic: argv.map(() => false), cwd: "/repo", redirects: [], ...(env ? { env } : {}) };
}

const PLANS: [argv: string, kind: string | undefined][] = [
  ["git diff", "patch"],
  ["git diff --stat", undefined],
  ["git diff --stat -p", "patch"],
  ["git diff --name-only HEAD~1", undefined],
  ["git log", undefined],
  ["git log --oneline -5", undefined],
  ["git log -p -1", "patch"],
  ["git log -U1", "patch"],
  ["git log -L1,3:a.txt", "patch"],
  ["git whatchanged --patch", "patch"],
  ["git reflog -p", "patch"],
  ["git reflog expire --all", undefined],
  ["git show", "patch"],
  ["git show --name-only HEAD", undefined],
  ["git show HEAD:a.txt", "blobs"],
  ["git show HEAD HEAD:a.txt", "patch"],
  ["git stash show", "patch"],
  ["git stash list", undefined],
  ["git format-patch -1", "patch"],
  ["git grep KEY", "grep"],
  ["git grep -l KEY", undefined],
  ["git grep -c KEY", undefined],
  ["git grep -q KEY", undefined],
  ["git blame a.txt", "blame"],
  ["git cat-file -p HEAD:a.txt", "blobs"],
  ["git cat-file -t HEAD", undefined],
  ["git cat-file --batch", "unchecked"],
  ["git archive HEAD", "archive"],
  ["git archive -o out.tar HEAD", undefined],
  ["git archive --remote=origin HEAD", "unchecked"],
  ["git status", undefined],
  ["git --no-pager -C sub diff", "patch"],
  ["git -c core.pager=less diff --stat", undefined],
];

describe("git views", () => {
  it.each(PLANS)("%s → %s", (line, kind) => {
    const call = gitCall(command(line.split(" ")));
    expect(call && viewPlan(call)?.kind).toBe(kind);
  });

  it("run with shape options first and without the command's own that would write files, run programs or change the shape", () => {
    const plan = (line: string) => viewPlan(gitCall(command(line.split(" ")))!) as { args: string[] };
    expect(plan("git diff --output=/tmp/x --ext-diff --textconv --no-prefix --color=always --word-diff HEAD").args).toEqual([
      "--no-ext-diff", "--no-textconv", "--no-color", "--word-diff=none", "--src-prefix=a/", "--dst-prefix=b/", "--no-relative", "HEAD",
    ]);
    expect(plan("git format-patch -o out -1").args.slice(0, 2)).toEqual(["--stdout", "--no-ext-diff"]);
    expect(plan("git grep -inO KEY").args.filter((a) => !a.startsWith("--") && a !== "-H")).toEqual(["-i", "KEY"]);
    expect(gitCall(command(["git", "-c", "diff.external=sh -c 'cat .env'", "diff"]))!.programs).toEqual(["sh -c 'cat .env'"]);
    expect(gitCall(command(["git", "diff"], { GIT_PAGER: "cat .env" }))!.programs).toEqual(["cat .env"]);
    expect(gitCall(command(["git", "-c", "alias.d=log -p", "d"]))!.aliases).toEqual({ d: "log -p" });
    expect(gitCall(command(["git", "-C", "sub", "diff"]))!.cwd).toBe("/repo/sub");
    // Settings that only decide what is shown are kept for the hook's run; program settings never are.
    const kept = gitCall(command(["git", "-c", "safe.directory=*", "-c", "core.fsmonitor=touch x", "-c", "include.path=/tmp/c", "diff"]))!;
    expect([kept.top, kept.programs]).toEqual([["-c", "safe.directory=*"], ["touch x"]]);
  });
});

describe("git output", () => {
  let repo: string;
  const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", ...args], { cwd: repo, encoding: "utf8" });
  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), "redact-git-output-"));
    git("init", "-q");
    writeFileSync(join(repo, "plain.txt"), "one\ntwo\n");
    writeFileSync(join(repo, "café config.env"), "PORT=1\n");
    writeFileSync(join(repo, "old name.txt"), "keep\n".repeat(20));
    writeFileSync(join(repo, "blob.bin"), Buffer.from([0, 1, 2, 3]));
    git("add", ".");
    git("commit", "-qm", "one");
    writeFileSync(join(repo, "plain.txt"), "one\nTWO\n");
    writeFileSync(join(repo, "café config.env"), "PORT=1\nTOKEN=abc\n");
    git("mv", "old name.txt", "new name.txt");
    writeFileSync(join(repo, "blob.bin"), Buffer.from([0, 9, 9, 9]));
    git("add", ".");
    git("commit", "-qm", "two\n\nbody of the message");
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it("splits a patch into the files it shows, names unquoted, marks taken off, the rest kept apart", () => {
    const parts = patchParts(git("log", "-p", "-1", "--no-color", "--src-prefix=a/", "--dst-prefix=b/"));
    const byPath = Object.fromEntries(parts.files.map((f) => [f.path, f.text.trimEnd()]));
    expect(byPath["plain.txt"]).toBe("one\ntwo\nTWO");
    expect(byPath["café config.env"]).toBe("PORT=1\nTOKEN=abc");
    // A pure rename and a binary change show no line of either file.
    expect(Object.keys(byPath).sort()).toEqual(["café config.env", "plain.txt"]);
    expect(parts.rest).toContain("body of the message");
    expect(parts.rest).not.toContain("TOKEN=abc");
    expect(parts.files.find((f) => f.path === "plain.txt")!.blobs).toHaveLength(2);
  });

  it("reads grep's names with their revision taken off, and cat-file --batch objects by size", () => {
    const files = grepParts(git("grep", "-H", "--null", "--full-name", "-e", "TOKEN", "-e", "TWO", "HEAD"), ["HEAD"]);
    expect(files.map((f) => [f.path, f.text, f.revision])).toEqual([
      ["café config.env", "TOKEN=abc", "HEAD"],
      ["plain.txt", "TWO", "HEAD"],
    ]);
    const ids = ["HEAD:plain.txt", "HEAD:missing.txt", "HEAD:blob.bin"];
    const out = execFileSync("git", ["cat-file", "--batch"], { cwd: repo, input: ids.join("\n") + "\n" });
    expect(batchContents(out).map((b) => b && [...b])).toEqual([[...Buffer.from("one\nTWO\n")], undefined, [0, 9, 9, 9]]);
  });
});
