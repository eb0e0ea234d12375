/** shared/shell/actions.ts: the uncommitted work a command throws away, and what it destroys elsewhere. */
import { beforeAll, describe, expect, it } from "vitest";
import { analyzeShell, loadTeardownReader, metTeardown } from "../shared/shell.ts";
import { actionEffects, CLOUD_PROGRAMS } from "../shared/shell/actions.ts";
import { cloud } from "../shared/shell/teardown.ts";

const CONTEXT = { cwd: "/home/dev/project", env: { HOME: "/home/dev", TMPDIR: "/tmp", USER: "dev" } };
/** Every action effect of a command line, in a short form. */
const effects = (command: string) =>
  analyzeShell(command, CONTEXT).commands.flatMap((c) =>
    actionEffects(c).map((e) =>
      e.kind === "discard-uncommitted"
        ? `discard ${e.what} in ${e.repo ?? "?"}${e.paths.length ? ` paths ${e.paths.map((p) => (p.whole ? `whole:${p.raw}` : p.dynamic ? `?${p.raw}` : p.path)).join(",")}` : ""}`
        : `destroy ${e.target} ${e.whole ? "whole" : "part"}${e.branches ? ` [${e.branches.join(",")}]${e.all ? " all" : ""}` : ""}`,
    ),
  );

describe("the lazy teardown section", () => {
  // Before any test loads it: a cloud delete has no effect yet, and the line says it needs the section.
  it("is needed, and loaded, for a cloud delete", async () => {
    const [command] = analyzeShell("aws s3api delete-bucket --bucket b", CONTEXT).commands;
    expect(actionEffects(command!)).toEqual([]);
    expect(metTeardown(analyzeShell("aws s3api delete-bucket --bucket b", CONTEXT))).toBe(true);
    expect(metTeardown(analyzeShell("npm test && rm -rf ./build", CONTEXT))).toBe(false);
    await loadTeardownReader();
    expect(actionEffects(command!).map((e) => e.kind)).toEqual(["remote-destroy"]);
  });
  it("names in CLOUD_PROGRAMS every program of its table", () => {
    expect([...CLOUD_PROGRAMS].sort()).toEqual(Object.keys(cloud()).sort());
  });
});

describe("actionEffects", () => {
  beforeAll(() => loadTeardownReader());
  it.for([
    ["reset --hard", "git reset --hard HEAD~1", ["discard changes in /home/dev/project"]],
    ["read-tree -u --reset is reset --hard", "git read-tree -u --reset HEAD", ["discard changes in /home/dev/project"]],
    ["read-tree without -u leaves the files", "git read-tree --reset HEAD", []],
    ["git -C names the repository", "git -C ../other reset --hard", ["discard changes in /home/dev/other"]],
    ["checkout -- . is the whole tree", "git checkout -- .", ["discard changes in /home/dev/project"]],
    ["checkout of one file is not", "git checkout -- src/app.ts", []],
    ["restore --staged only unstages", "git restore --staged .", []],
    ["clean -f with a path", "git clean -fdx build/", ["discard untracked in /home/dev/project paths /home/dev/project/build"]],
    ["clean -f with an exclude pathspec", "git clean -fdx -- ':!node_modules'", ["discard untracked in /home/dev/project paths whole::!node_modules"]],
    ["clean -f with a run-time path", "git clean -fd \"$DIR\"", ["discard untracked in /home/dev/project paths ?$DIR"]],
    ["clean -n rehearses", "git clean -nfd", []],
    ["stash clear and drop", "git stash clear; git stash drop", ["discard stashes in /home/dev/project", "discard stash in /home/dev/project"]],
    ["force-push names its branches", "git push -f origin HEAD:main +dev", ["destroy branch part [main,dev]"]],
    ["push --mirror is every branch", "git push --mirror origin", ["destroy branch whole [] all"]],
    ["push --dry-run does nothing", "git push -n --force origin main", []],
    ["unpublish", "npm --registry https://r.example unpublish pkg@1.0.0", ["destroy package whole"]],
    ["yank is a part", "cargo yank --version 1.0.0", ["destroy package part"]],
    ["repo delete after -R", "gh -R acme/web repo delete --yes", ["destroy repository whole"]],
    ["release delete is a part", "gh release delete v1", ["destroy repository part"]],
    ["a bucket after --profile", "aws --profile p s3 rb s3://b --force", ["destroy s3 whole"]],
    ["one object", "aws s3 rm s3://b/key", ["destroy s3 part"]],
    ["a namespace", "kubectl --context prod delete ns payments", ["destroy cluster whole"]],
    ["a namespace rehearsed", "kubectl delete ns payments --dry-run=client", []],
    ["terraform destroy", "terraform -chdir=infra destroy", ["destroy infrastructure whole"]],
    ["DROP through a heredoc", "psql <<'EOF'\nDROP DATABASE app;\nEOF", ["destroy database whole"]],
    ["cloud instances are a part", "aws ec2 terminate-instances --instance-ids i-1", ["destroy cloud part"]],
    ["a plain listing", "gh repo list; aws s3 ls; kubectl get ns; git status", []],
  ] as const)("%s", ([, command, expected]) => {
    expect(effects(command)).toEqual(expected);
  });
});
