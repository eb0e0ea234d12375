/**
 * The policy over effects beyond this machine's files (shared/shell/actions.ts): uncommitted work git
 * throws away, and what is destroyed elsewhere. Whole things are refused, parts are confirmed; which
 * program and flags produce an effect is the analysis's business, never a rule's.
 */
import type { ExecutedCommand } from "../../../shared/shell.ts";
import { actionEffects, type DiscardEffect, type RemoteDestroyEffect, type RemoteKind } from "../../../shared/shell/actions.ts";
import { askFinding, denyFinding, type Finding } from "../finding.ts";
import { isWithin } from "../paths.ts";
import type { Scope } from "../scope.ts";

export function actionRule(command: ExecutedCommand, scope: Scope): Finding | undefined {
  let found: Finding | undefined;
  for (const effect of actionEffects(command)) {
    const finding = effect.kind === "discard-uncommitted" ? judgeDiscard(effect, scope) : effect.target === "branch" ? judgeBranch(effect, scope) : judgeRemote(effect);
    if (finding?.action === "deny") return finding;
    found ??= finding;
  }
  return found;
}

const STASH = "`git stash push --include-untracked` keeps them recoverable";

/** discard-uncommitted: what of the repository's work goes, and whether it is all of it. */
function judgeDiscard(effect: DiscardEffect, scope: Scope): Finding | undefined {
  switch (effect.what) {
    case "changes":
      if (effect.via === "git reset --hard") return denyFinding("git-reset-hard", "throws away every uncommitted change", STASH);
      return denyFinding("git-discard-changes", `throws away every uncommitted change in the working tree (${effect.via})`, STASH);
    case "worktree":
      return denyFinding("git-discard-changes", "deletes a worktree with its uncommitted and untracked files", "`git worktree remove` without --force refuses when there are changes");
    case "stashes":
      return denyFinding("git-stash-clear", "deletes every stash", "`git stash list` shows them; ask the user before dropping one");
    case "stash":
      return askFinding("git-stash-drop", "deletes a stash");
    case "untracked": {
      // `git clean -fdx build/` is `rm -rf build/` by another name; `.`, `:!x` or the project's own path is everything.
      const whole = effect.paths.length === 0 || effect.paths.some((p) => p.whole || (!p.dynamic && (p.path === undefined || p.path === "/" || isWithin(scope.projectRoot, p.path))));
      if (whole) return denyFinding("git-clean", "deletes every untracked file, which git cannot bring back", "`git clean -n` lists them; then delete the ones meant by name");
      if (effect.paths.some((p) => p.dynamic)) return askFinding("git-clean", "deletes untracked files under a path only known when it runs", "`git clean -n` lists them first");
      return undefined;
    }
    default:
      return undefined;
  }
}

/** remote-destroy of a branch's history: refused on a protected branch or every branch, confirmed otherwise. */
function judgeBranch(effect: RemoteDestroyEffect, scope: Scope): Finding | undefined {
  const branches = effect.branches ?? [];
  const protectedHit = branches.find((b) => scope.options.protectedBranches.some((pattern) => branchMatches(pattern, b)));
  const verb = effect.deleting ? "deletes" : "force-pushes over";
  if (protectedHit || effect.all) {
    return denyFinding("git-force-push-protected", `${verb} ${protectedHit ? `the protected branch \`${protectedHit}\`` : "every branch of the remote"}, erasing other people's commits`, "push to a new branch and open a pull request: `git push origin HEAD:refs/heads/NAME`");
  }
  return askFinding("git-force-push", `${verb} ${branches.length ? `\`${branches.join(", ")}\`` : "the current branch"} on the remote`);
}

/** The rule that names each kind of remote loss, and the safer way it offers. */
const REMOTE: Record<Exclude<RemoteKind, "branch">, { rule: string; instead: string }> = {
  package: { rule: "package-unpublish", instead: "`npm deprecate PACKAGE@VERSION \"reason\"` warns users and keeps it installable" },
  repository: { rule: "repo-delete", instead: "`gh repo archive` keeps it readable and can be undone" },
  cloud: { rule: "cloud-delete", instead: "show it first (`describe`/`list`) and ask the user" },
  infrastructure: { rule: "terraform-destroy", instead: "`terraform plan -destroy` shows what would go; ask the user" },
  s3: { rule: "aws-s3-delete", instead: "add `--dryrun` to list what would go" },
  gcs: { rule: "gcs-delete", instead: "list first with `gsutil ls`" },
  cluster: { rule: "kubernetes-delete", instead: "check with `--dry-run=client -o name` first and ask the user" },
  database: { rule: "database-drop", instead: "take a dump first (`pg_dump NAME > ./NAME.sql`, `mysqldump NAME > ./NAME.sql`) and ask the user" },
  "container-data": { rule: "docker-prune-all", instead: "`docker system prune` without `-a --volumes` keeps images and volumes" },
  environment: { rule: "environment-remove", instead: "`conda env export > environment.yml` or `pip freeze > requirements.txt` keeps a record; remove packages by name" },
  "container-volume": { rule: "container-volume-delete", instead: "`docker compose down` without `-v` keeps the volumes; `docker volume ls` lists them" },
};

function judgeRemote(effect: RemoteDestroyEffect): Finding {
  const { rule, instead } = REMOTE[effect.target as Exclude<RemoteKind, "branch">];
  if (effect.whole) return denyFinding(rule, `deletes ${effect.what}, which cannot be undone`, instead);
  return askFinding(rule, `deletes ${effect.what}`, instead);
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
