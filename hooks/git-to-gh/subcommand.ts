/**
 * git's global options that take a value (`git -C dir push`): skipped to find the subcommand.
 * Source: git(1) OPTIONS.
 */
const GIT_OPTIONS_WITH_VALUE = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env", "--super-prefix", "--list-cmds", "--attr-source"]);

/** Where the subcommand is in a git argv (`git -C x --no-pager push` → 4), or -1 for bare `git`. */
export function gitSubcommandIndex(argv: readonly string[]): number {
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (GIT_OPTIONS_WITH_VALUE.has(word)) {
      i++;
      continue;
    }
    if (word.startsWith("-")) continue;
    return i;
  }
  return -1;
}

/** The subcommand of a git argv (`git -C x --no-pager push` → `push`). */
export function gitSubcommand(argv: readonly string[]): string | undefined {
  const at = gitSubcommandIndex(argv);
  return at < 0 ? undefined : argv[at];
}
