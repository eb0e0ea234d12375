/** Deleting files: what the targets are decides (the project and temp are fine, home and / are not). */
import type { ExecutedCommand } from "../../../shared/shell.ts";
import { askFinding, denyFinding, type Finding } from "../finding.ts";
import { classify, toTarget, type Place } from "../paths.ts";
import type { Scope } from "../scope.ts";

const DELETERS = new Set(["rm", "unlink", "shred", "srm", "rimraf", "del-cli"]);
/** Deleters that always recurse. */
const RECURSIVE = new Set(["rimraf", "del-cli"]);

const PROJECT_INSTEAD = "delete the generated folders by name inside the project, e.g. `rm -rf ./build ./dist`";

const VERDICTS: Partial<Record<Place, Finding>> = {
  root: denyFinding("delete-root", "deletes the whole filesystem", PROJECT_INSTEAD),
  home: denyFinding("delete-home", "deletes the home directory or everything in it", PROJECT_INSTEAD),
  system: denyFinding("delete-system", "deletes part of the operating system", "leave system folders to the package manager; delete only inside the project, e.g. `rm -rf ./build`"),
  credentials: denyFinding("delete-credentials", "deletes credentials (keys, tokens, cloud or cluster configs)", "ask the user to rotate or remove credentials themselves"),
  "git-dir": denyFinding("delete-git-dir", "deletes the git repository with all its history", "to drop untracked files, list them first with `git clean -n`"),
  protected: denyFinding("delete-protected-path", "deletes a path this project protects", "ask the user"),
  "project-root": denyFinding("delete-project-root", "deletes the project itself or everything in it", PROJECT_INSTEAD),
  "project-parent": denyFinding("delete-project-root", "deletes a folder that contains the project", PROJECT_INSTEAD),
};

/** `: > ~/.ssh/authorized_keys` empties a credential file as surely as rm does. */
export function truncateRule(command: ExecutedCommand, scope: Scope): Finding | undefined {
  for (const redirect of command.redirects) {
    if ((redirect.op !== ">" && redirect.op !== ">|") || redirect.dynamic) continue;
    const target = toTarget(redirect.target, command.cwd);
    if (target && classify(target, scope) === "credentials") return denyFinding("delete-credentials", `overwrites the credential file ${target.path}`, "ask the user to change credentials themselves");
  }
  return undefined;
}

export function deleteRule(command: ExecutedCommand, scope: Scope): Finding | undefined {
  if (!DELETERS.has(command.program)) return undefined;
  const { options, operands } = splitOptions(command);
  const recursive = RECURSIVE.has(command.program) || options.some((o) => o === "--recursive" || /^-[A-Za-z]*[rR]/.test(o));
  const viaFind = command.wrappers.some((w) => w.startsWith("find -"));
  let found: Finding | undefined;
  for (const { value, dynamic } of operands) {
    if (dynamic) {
      found ??= askFinding("delete-unknown-target", `deletes \`${value}\`, which is only known when it runs`, "spell out the path inside the project");
      continue;
    }
    const target = toTarget(value, command.cwd);
    if (!target) {
      found ??= askFinding("delete-unknown-target", `deletes \`${value}\` in a directory that is only known when it runs`, "use a path inside the project");
      continue;
    }
    const place = classify(target, scope);
    // `find ~ -name '*.bak' -delete` removes what it selects, not the tree itself: confirm instead of refuse.
    const selective = viaFind && value.endsWith("/**");
    if (selective && place === "project-root") continue;
    // Inside .git only single files may go (`rm -f .git/index.lock`), not its trees.
    const gitTree = place === "inside-project" && recursive && target.path.split("/").includes(".git");
    const verdict = VERDICTS[gitTree ? "git-dir" : place];
    if (verdict && !(selective && place !== "root")) return verdict;
    if (verdict || (place === "outside" && (recursive || viaFind))) {
      found ??= askFinding("delete-outside-project", `deletes \`${target.path}\`${target.contents ? " contents" : ""}, outside the project and the temp directory`);
    }
  }
  return found;
}

export function splitOptions(command: ExecutedCommand): { options: string[]; operands: { value: string; dynamic: boolean }[] } {
  const options: string[] = [];
  const operands: { value: string; dynamic: boolean }[] = [];
  let ended = false;
  command.argv.forEach((value, i) => {
    if (i === 0) return;
    const dynamic = command.dynamic[i] ?? false;
    if (!ended && value === "--") ended = true;
    else if (!ended && value.startsWith("-") && value.length > 1 && !dynamic) options.push(value);
    else operands.push({ value, dynamic });
  });
  return { options, operands };
}
