/** The `gh` command that does the job of a raw `git` subcommand, where one exists. */
const GH_FOR_GIT: Readonly<Record<string, string>> = {
  clone: "gh repo clone OWNER/REPO",
  push: "gh pr create --fill (it offers to push the branch), or ask a person to push",
  pull: "gh repo sync",
  fetch: "gh repo sync",
  checkout: "gh pr checkout NUMBER (for a pull request branch)",
  switch: "gh pr checkout NUMBER (for a pull request branch)",
  merge: "gh pr merge NUMBER",
  rebase: "gh pr update-branch --rebase",
  status: "gh pr status, or gh status",
  diff: "gh pr diff NUMBER",
  log: "gh pr view NUMBER, or gh browse",
  show: "gh browse COMMIT",
  remote: "gh repo view",
  init: "gh repo create",
  tag: "gh release create TAG",
  branch: "gh pr list / gh pr checkout NUMBER",
  commit: "gh pr create after a person commits, or ask a person to commit",
  blame: "gh browse FILE --blame",
};

export function ghSuggestion(subcommand: string | undefined): string | undefined {
  return subcommand ? GH_FOR_GIT[subcommand] : undefined;
}

/**
 * git's global options that take a value (`git -C dir push`): skipped to find the subcommand.
 * Source: git(1) OPTIONS.
 */
const GIT_OPTIONS_WITH_VALUE = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env", "--super-prefix", "--list-cmds", "--attr-source"]);

/** The subcommand of a git argv (`git -C x --no-pager push` → `push`). */
export function gitSubcommand(argv: readonly string[]): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (GIT_OPTIONS_WITH_VALUE.has(word)) {
      i++;
      continue;
    }
    if (word.startsWith("-")) continue;
    return word;
  }
  return undefined;
}
