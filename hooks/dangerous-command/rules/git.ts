/**
 * git operations that rewrite or drop history kept in this repository. Uncommitted work thrown away
 * and remote branches rewritten are effects (shared/shell/actions.ts), judged in rules/actions.ts.
 */
import type { ExecutedCommand } from "../../../shared/shell.ts";
import { askFinding, denyFinding, type Finding } from "../finding.ts";

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

export function gitRule(command: ExecutedCommand): Finding | undefined {
  const args = gitArgs(command);
  if (!args || args.length === 0) return undefined;
  const [sub, ...rest] = args as [string, ...string[]];
  if (has(rest, "--help", "-h")) return undefined;
  switch (sub) {
    case "branch":
      if (has(rest, "-D") || ((has(rest, "-d", "--delete") || shortFlag(rest, "d")) && (has(rest, "-f", "--force") || shortFlag(rest, "f")))) {
        return denyFinding("git-branch-force-delete", "deletes a branch even if its commits are not merged anywhere", "`git branch -d NAME` refuses when the branch is not merged");
      }
      return undefined;
    case "filter-branch":
    case "filter-repo":
      // `--analyze` only writes a report; `--dry-run` rewrites nothing.
      if (sub === "filter-repo" && has(rest, "--analyze", "--dry-run")) return undefined;
      return denyFinding("git-rewrite-history", "rewrites the repository's history", "ask the user; history rewrites need the whole team. `git revert HEAD` undoes a commit without rewriting history");
    case "reflog":
      if ((rest[0] === "expire" || rest[0] === "delete") && !has(rest, "--dry-run", "-n")) return denyFinding("git-rewrite-history", "deletes the reflog, the last way to recover lost commits", "leave the reflog to expire on its own; `git reflog` lists what it keeps");
      return undefined;
    case "update-ref":
      if (has(rest, "-d")) return askFinding("git-delete-ref", "deletes a ref directly");
      // `--stdin` takes `delete REF` lines: from a pipe only run time knows, or naming a delete.
      if (has(rest, "--stdin") && (command.input?.kind !== "static" || /^\s*delete\s/m.test(command.input.text ?? ""))) return askFinding("git-delete-ref", "updates or deletes refs listed on its input");
      return undefined;
    default:
      return undefined;
  }
}
