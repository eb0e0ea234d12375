/** git operations that throw away work or history. */
import type { ExecutedCommand } from "../../../shared/shell.ts";
import { askFinding, denyFinding, type Finding } from "../finding.ts";
import type { Scope } from "../scope.ts";
import { posix } from "node:path";
import { isWithin } from "../paths.ts";

/** Global options that take a value before the subcommand (`git -C dir`, `git -c k=v`). */
const VALUED_GLOBALS = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env"]);

export function gitArgs(command: ExecutedCommand): string[] | undefined {
  if (command.program !== "git") return undefined;
  let i = 1;
  while (i < command.argv.length && command.argv[i]!.startsWith("-")) i += VALUED_GLOBALS.has(command.argv[i]!) ? 2 : 1;
  return command.argv.slice(i);
}

const has = (args: string[], ...flags: string[]) => args.some((a) => flags.includes(a));
const shortFlag = (args: string[], letter: string) => args.some((a) => /^-[A-Za-z]+$/.test(a) && a.includes(letter));

export function gitRule(command: ExecutedCommand, scope: Scope): Finding | undefined {
  const args = gitArgs(command);
  if (!args || args.length === 0) return undefined;
  const [sub, ...rest] = args as [string, ...string[]];
  // Help and dry runs do nothing.
  if (has(rest, "--help", "-h") || ((sub === "push" || sub === "clean") && (has(rest, "--dry-run", "-n") || shortFlag(rest, "n")))) return undefined;
  switch (sub) {
    case "reset":
      if (has(rest, "--hard", "--merge")) return denyFinding("git-reset-hard", "throws away every uncommitted change", "`git stash push --include-untracked` keeps them recoverable");
      return undefined;
    case "clean":
      if (limitedToPaths(rest, command.cwd, scope)) return undefined;
      if (dynamicPath(command, rest) && (has(rest, "--force") || shortFlag(rest, "f"))) return askFinding("git-clean", "deletes untracked files under a path only known when it runs", "`git clean -n` lists them first");
      if (has(rest, "--force") || shortFlag(rest, "f")) return denyFinding("git-clean", "deletes every untracked file, which git cannot bring back", "`git clean -n` lists them; then delete the ones meant by name");
      return undefined;
    case "checkout":
    case "restore":
      return discardRule(sub, rest);
    case "rm": {
      // `git rm -rf .` deletes every tracked file with its uncommitted changes (`--cached` only untracks).
      const paths = rest.filter((a) => !a.startsWith("-"));
      const forced = has(rest, "--force") || shortFlag(rest, "f");
      const recursive = has(rest, "-r") || shortFlag(rest, "r");
      if (forced && recursive && !has(rest, "--cached") && paths.some((p) => p === "." || p === ":/" || p === "*" || p === "./")) {
        return denyFinding("git-discard-changes", "deletes every tracked file with its uncommitted changes", "`git rm -r --cached .` only untracks them");
      }
      return undefined;
    }
    case "switch":
      if (has(rest, "--discard-changes", "-f", "--force") || shortFlag(rest, "f")) return denyFinding("git-discard-changes", "switches branch and throws away every uncommitted change", "`git stash push --include-untracked` first, then `git switch`");
      return undefined;
    case "worktree":
      if (rest[0] === "remove" && (has(rest, "-f", "--force") || shortFlag(rest, "f"))) return denyFinding("git-discard-changes", "deletes a worktree with its uncommitted and untracked files", "`git worktree remove` without --force refuses when there are changes");
      return undefined;
    case "push":
      return pushRule(rest, scope);
    case "branch":
      if (has(rest, "-D") || ((has(rest, "-d", "--delete") || shortFlag(rest, "d")) && (has(rest, "-f", "--force") || shortFlag(rest, "f")))) {
        return denyFinding("git-branch-force-delete", "deletes a branch even if its commits are not merged anywhere", "`git branch -d NAME` refuses when the branch is not merged");
      }
      return undefined;
    case "stash":
      if (rest[0] === "clear") return denyFinding("git-stash-clear", "deletes every stash", "`git stash list` shows them; ask the user before dropping one");
      if (rest[0] === "drop") return askFinding("git-stash-drop", "deletes a stash");
      return undefined;
    case "filter-branch":
    case "filter-repo":
      return denyFinding("git-rewrite-history", "rewrites the repository's history", "ask the user; history rewrites need the whole team");
    case "reflog":
      if (rest[0] === "expire" || rest[0] === "delete") return denyFinding("git-rewrite-history", "deletes the reflog, the last way to recover lost commits");
      return undefined;
    case "update-ref":
      if (has(rest, "-d")) return askFinding("git-delete-ref", "deletes a ref directly");
      return undefined;
    default:
      return undefined;
  }
}

/** A path argument of the subcommand that only run time knows (`git clean -fdx "$(git rev-parse --show-toplevel)"`). */
function dynamicPath(command: ExecutedCommand, rest: string[]): boolean {
  const offset = command.argv.length - rest.length;
  return rest.some((a, i) => !a.startsWith("-") && command.dynamic[offset + i] === true);
}

/**
 * `git clean -fdx build/`: only untracked files under the named paths, like `rm -rf build/`. An
 * exclude pathspec (`:!node_modules`) or a path that is the project root cleans the whole tree.
 */
function limitedToPaths(rest: string[], cwd: string | undefined, scope: Scope): boolean {
  if (rest.some((a) => a.includes("$"))) return false;
  const paths = rest.filter((a, i) => !a.startsWith("-") && rest[i - 1] !== "-e" && rest[i - 1] !== "--exclude");
  const whole = (p: string) => {
    if (p === "." || p === "./" || p === ":/" || p === ":" || p === "*" || p.startsWith("..") || /^:(!|\^|\(exclude|\(top)/.test(p)) return true;
    if (!p.startsWith("/") && cwd === undefined) return true;
    const absolute = posix.resolve(cwd ?? "/", p);
    return absolute === "/" || isWithin(scope.projectRoot, absolute);
  };
  return paths.length > 0 && !paths.some(whole);
}

/** `git checkout -- .`, `git restore .`: every local change in the tree is gone. */
function discardRule(sub: string, rest: string[]): Finding | undefined {
  if (sub === "restore" && has(rest, "--staged", "-S") && !has(rest, "--worktree", "-W")) return undefined;
  const dash = rest.indexOf("--");
  const paths = (dash >= 0 ? rest.slice(dash + 1) : rest).filter((a) => !a.startsWith("-"));
  const wholeTree = paths.some((p) => p === "." || p === ":/" || p === ":" || p === "*" || p === "./" || p === ":(top)" || /^:(!|\^|\(exclude)/.test(p));
  const forced = sub === "checkout" && has(rest, "-f", "--force");
  if (wholeTree || forced) {
    return denyFinding("git-discard-changes", "throws away every uncommitted change in the working tree", "`git stash push --include-untracked` keeps them recoverable");
  }
  return undefined;
}

function pushRule(rest: string[], scope: Scope): Finding | undefined {
  const options = rest.filter((a) => a.startsWith("-"));
  const operands = rest.filter((a) => !a.startsWith("-"));
  const refspecs = operands.slice(1);
  const force = options.some((o) => o === "--force" || o === "--force-with-lease" || o.startsWith("--force-with-lease=") || o === "--mirror" || /^-[A-Za-z]*f/.test(o)) || refspecs.some((r) => r.startsWith("+"));
  const deleting = has(options, "--delete", "-d") || refspecs.some((r) => r.startsWith(":"));
  if (!force && !deleting) return undefined;
  const isProtected = (branch: string) => scope.options.protectedBranches.some((pattern) => branchMatches(pattern, branch));
  const branches = refspecs.map((r) => r.replace(/^\+/, "").split(":").pop()!.replace(/^refs\/heads\//, ""));
  const protectedHit = branches.find((b) => isProtected(b));
  const verb = deleting ? "deletes" : "force-pushes over";
  if (protectedHit || has(options, "--mirror", "--all")) {
    return denyFinding("git-force-push-protected", `${verb} ${protectedHit ? `the protected branch \`${protectedHit}\`` : "every branch of the remote"}, erasing other people's commits`, "push to a new branch and open a pull request");
  }
  if (branches.length === 0) return askFinding("git-force-push", `${verb} the current branch on the remote`);
  return askFinding("git-force-push", `${verb} \`${branches.join(", ")}\` on the remote`);
}

/**
 * `release/*` matches `release/1.2` but not `release/1/2`; `*` alone any name. A few lines instead of
 * a glob library keep this hook's start-up small (it runs before every shell command).
 */
export function branchMatches(pattern: string, branch: string): boolean {
  const parts = pattern.split("*");
  if (parts.length === 1) return pattern === branch;
  let at = 0;
  for (const [i, part] of parts.entries()) {
    if (i === 0) {
      if (!branch.startsWith(part)) return false;
      at = part.length;
      continue;
    }
    const found = i === parts.length - 1 ? (branch.endsWith(part) && branch.length - part.length >= at ? branch.length - part.length : -1) : branch.indexOf(part, at);
    if (found < 0 || branch.slice(at, found).includes("/")) return false;
    at = found + part.length;
  }
  return true;
}
