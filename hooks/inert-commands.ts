/**
 * Commands that no guard of this registry acts on: listings, the working folder, and git's views of its
 * own state that print no file's content. The hook file answers them before loading any guard
 * (shared/quick-answer.ts). The form is narrow on purpose: plain words of a small alphabet (no quoting,
 * expansion, globs, redirection or pipes; the commands joined by `&&`, `||`, `;` or a line break), each command from a
 * short list with its allowed options. test/quick-answer.test.ts runs every guard on every form here
 * and on near misses, so a guard that starts caring about one of them fails there.
 */
import type { QuickRules } from "../shared/quick-answer.ts";

/**
 * A word that every shell an agent runs (POSIX shells, PowerShell, cmd) takes as itself: no expansion, glob,
 * redirection or separator, no `@` first (PowerShell splatting), or a quoted one of the same alphabet
 * plus `*` and `?`, which the quotes keep from being a glob (nothing in it expands inside double quotes).
 */
const PLAIN_WORD = /^(?:[A-Za-z0-9._/:+,=-][A-Za-z0-9._/:@+,=-]*|'[A-Za-z0-9._/:@+,=*?-]+'|"[A-Za-z0-9._/:@+,=*?-]+")$/;

/**
 * A git revision counted back from a ref (`HEAD~1`, `main~2..HEAD`): a `~` after the first character is
 * itself in every shell, except after `=` or `:`, where bash expands it as a home folder even in an argument.
 */
const BACK_REVISION = /^[A-Za-z0-9._/-]+~[0-9]*(?:\.\.\.?[A-Za-z0-9._/-]+(?:~[0-9]*)?)?$/;

/**
 * A PowerShell drive other than a disk letter (`env:`, `Env:AWS_SECRET_ACCESS_KEY`, `HKLM:`, `function:`),
 * also as a parameter's value (`-Path:env:`): there `ls env:` prints every variable's value and `cd HKLM:`
 * enters the registry. Copilot CLI sends its powershell tool's commands as `Bash`, and Cursor, Codex and
 * Gemini CLI run commands in PowerShell on Windows.
 */
const PROVIDER_DRIVE = /(?:^|[^A-Za-z0-9_])[A-Za-z][A-Za-z0-9_]+:/;

const wordOf = (program: string, word: string) => !PROVIDER_DRIVE.test(word) && (PLAIN_WORD.test(word) || (program === "git" && BACK_REVISION.test(word)));

/** A word that is not an option: a path, a revision, a name. */
const operand = (word: string) => !word.startsWith("-");

/** What each inert program may be given. */
const PROGRAMS: Record<string, (args: readonly string[]) => boolean> = {
  ls: () => true,
  pwd: () => true,
  cd: (args) => args.length <= 1 && args.every(operand),
  tree: (args) => args.every((arg) => operand(arg) || /^-[adfiCJlnpqsuDF]+$/.test(arg) || /^-[LI]$/.test(arg)),
  du: (args) => args.every((arg) => operand(arg) || /^-[ahsckmdxL0-9]+$/.test(arg) || /^--max-depth=[0-9]+$/.test(arg)),
  df: (args) => args.every((arg) => operand(arg) || /^-[ahTiklPx]+$/.test(arg)),
  whoami: (args) => args.length === 0,
  uname: (args) => args.every((arg) => /^-[asnrvmpio]+$/.test(arg)),
  nproc: (args) => args.length === 0,
  which: (args) => args.every((arg) => operand(arg) || arg === "-a"),
  realpath: (args) => args.every(operand),
  echo: () => true,
  find: findListing,
  basename: (args) => args.every(operand),
  dirname: (args) => args.every(operand),
  git: gitView,
  // The clock, read; never -s (set), -f or -r (which read a file).
  date: (args) => args.every((arg) => /^(?:-u|--utc|-R|-I|--iso-8601)$/.test(arg)),
};

/**
 * A project's own script run by name (`npm test`, `npm run build`, `pnpm run lint`, `yarn test`). The guards judge
 * a script's code only where the line itself writes it (`npm pkg set scripts.x=CODE && npm run x`, which is no
 * inert form); a script already in package.json is the project's, as any program it holds is.
 */
const SCRIPT_NAME = /^[A-Za-z0-9][A-Za-z0-9:._-]*$/;
const runsScript = (args: readonly string[]) =>
  (args.length === 1 && args[0] === "test") || (args.length === 2 && (args[0] === "run" || args[0] === "run-script") && SCRIPT_NAME.test(args[1]!));

/** Tools asked only for their version: one argument, nothing run. */
for (const tool of ["node", "npm", "pnpm", "yarn", "npx", "python", "python3", "pip", "pip3", "cargo", "rustc", "ruby", "gem", "deno", "bun", "tsc", "java", "docker", "make", "gcc", "go"]) {
  PROGRAMS[tool] ??= (args) => args.length === 1 && (args[0] === "--version" || (args[0] === "version" && tool === "go"));
}
for (const runner of ["npm", "pnpm", "yarn"]) {
  const version = PROGRAMS[runner]!;
  PROGRAMS[runner] = (args) => version(args) || runsScript(args);
}

/** find's tests and its default output: names only, never -exec, -delete, -ok or a -fprint file. */
const FIND_TESTS = /^-(?:name|iname|path|ipath|type|maxdepth|mindepth|newer|size|mtime|mmin|empty|not|print|print0|prune|o|or|a|and|L|H|P)$/;

/** Starts at an unquoted folder: Windows' own `find "text" FILE` prints the lines of a file that hold the text. */
function findListing(args: readonly string[]): boolean {
  return /^[A-Za-z0-9._/]/.test(args[0] ?? ".") && args.every((arg) => !arg.startsWith("-") || FIND_TESTS.test(arg));
}

/** git's options before its subcommand that change nothing but the pager and the index's lock. */
const GIT_GLOBAL = /^--no-pager$|^--no-optional-locks$/;

/**
 * git log's options that choose commits and how their own data is shown: never a patch (-p, -L, --patch,
 * -S/-G searches of the content), a program (--ext-diff, --textconv, --show-signature runs gpg), a
 * --format of the user's (its placeholders reach the body and notes; `%` is no word anyway) or an --output.
 */
const GIT_LOG_OPTIONS = new RegExp(
  "^(?:--oneline|--graph|--decorate|--no-decorate|--decorate=(?:short|full|no)|--abbrev-commit|--no-abbrev-commit|--all|--branches|--tags|--remotes" +
    "|--stat|--shortstat|--name-only|--name-status|--no-merges|--merges|--first-parent|--reverse|--topo-order|--date-order|--left-right" +
    "|--cherry-pick|--no-walk|--simplify-by-decoration|--follow|--pretty=(?:oneline|short|medium|full|fuller|reference)" +
    "|--date=(?:relative|local|iso|iso8601|iso-strict|rfc|short|raw|human|unix)|--(?:author|committer|since|until|after|before|grep)=[^=]+" +
    "|-i|--regexp-ignore-case|--|-n|-[0-9]+|-n[0-9]+|--max-count=[0-9]+|--skip=[0-9]+|[0-9]+)$",
);

/** Read-only git subcommands whose output is git's own state (names, hashes, subjects), never a file's content. */
const GIT_VIEWS: Readonly<Record<string, (args: readonly string[]) => boolean>> = {
  status: (args) => args.every((arg) => operand(arg) || /^(?:-s|-b|-sb|--short|--branch|--porcelain|--porcelain=v[12]|-u|-uno|-unormal|-uall|--untracked-files(?:=(?:no|normal|all))?|--ignored|--long)$/.test(arg)),
  log: (args) => args.every((arg) => (operand(arg) && !arg.includes(":")) || GIT_LOG_OPTIONS.test(arg)),
  // Which files changed and by how much, never the changes themselves.
  diff: (args) => args.some((arg) => DIFF_NAMES.test(arg)) && args.every((arg) => (operand(arg) && !arg.includes(":")) || DIFF_NAMES.test(arg) || /^(?:--cached|--staged)$/.test(arg)),
  show: (args) => args.some((arg) => DIFF_NAMES.test(arg)) && args.every((arg) => (operand(arg) && !arg.includes(":")) || DIFF_NAMES.test(arg) || arg === "--oneline"),
  branch: (args) => args.every((arg) => /^(?:-a|-r|-v|-vv|-av|-avv|--all|--list|--show-current|--remotes|--verbose|--merged|--no-merged)$/.test(arg)),
  // Listings only: a name would make a tag or a stash entry.
  tag: (args) => args.every((arg) => /^(?:-l|--list|-n|-n[0-9]+)$/.test(arg)),
  stash: (args) => args.length === 1 && args[0] === "list",
  "ls-files": (args) => args.every((arg) => (operand(arg) && !arg.includes(":")) || /^(?:-c|--cached|-o|--others|-m|--modified|-d|--deleted|--exclude-standard|-z|--full-name)$/.test(arg)),
  "rev-parse": (args) => args.every((arg) => (operand(arg) && !arg.includes(":")) || /^(?:--show-toplevel|--git-dir|--abbrev-ref|--short|--verify|--is-inside-work-tree|--show-prefix|--show-cdup|--absolute-git-dir)$/.test(arg)),
};

const DIFF_NAMES = /^(?:--stat|--name-only|--name-status|--shortstat|--numstat)$/;

function gitView(args: readonly string[]): boolean {
  if (args.length === 1 && args[0] === "--version") return true;
  let at = 0;
  while (at < args.length && GIT_GLOBAL.test(args[at]!)) at++;
  const view = GIT_VIEWS[args[at] ?? ""];
  return view !== undefined && view(args.slice(at + 1));
}

/** The longest command answered early: longer lines are rarely this simple, and the runner reads them anyway. */
const MAX_LENGTH = 300;

/** `rm`'s options that change neither what it deletes nor where: recursion, force, verbose. */
const DELETE_OPTION = /^(?:-[rRfv]+|--recursive|--force|--verbose)$/;

/**
 * A name in the folder the command runs in (`build`, `./dist`, `node_modules`): one segment, not hidden
 * (`.git`, `.env`, `.guards`, `.claude` are all dot names), no trailing slash (which would follow a link).
 */
const LOCAL_NAME = /^(?:\.\/)?([A-Za-z0-9_][A-Za-z0-9._-]*)$/;

/** The names `rm OPTIONS NAME…` deletes in the folder it runs in, or undefined for any other form. */
function localDeletes(words: readonly string[]): string[] | undefined {
  if (words[0] !== "rm") return undefined;
  const names: string[] = [];
  for (const word of words.slice(1)) {
    if (DELETE_OPTION.test(word)) continue;
    const name = LOCAL_NAME.exec(word)?.[1];
    if (name === undefined) return undefined;
    names.push(name);
  }
  return names.length ? names : undefined;
}

/**
 * Splits a line into its commands and reads each: undefined unless every one is inert or deletes names in
 * its own folder; else the names deleted (none for a line of inert commands only). Deletes are taken only
 * in a line that never changes folder (no `cd`), so every name is in the folder the agent reports.
 */
export function inertLine(command: string): { deletes: string[] } | undefined {
  if (command.length > MAX_LENGTH) return undefined;
  // Each command of a list must be inert, whatever runs or not after it: `a && b`, `a || b`, `a; b`, and a line
  // break (the Cline CLI's run_commands arrive one per line). An empty one (`a;;b`, `a &&`) is no inert form.
  const parts = command.split(/&&|\|\||;|\n/);
  const deletes: string[] = [];
  let changesFolder = false;
  for (const part of parts) {
    const words = part.split(" ").filter((word) => word !== "");
    if (words.length === 0 || !words.every((word) => wordOf(words[0]!, word))) return undefined;
    const allowed = Object.hasOwn(PROGRAMS, words[0]!) ? PROGRAMS[words[0]!] : undefined;
    if (allowed?.(words.slice(1))) {
      changesFolder ||= words[0] === "cd";
      continue;
    }
    const names = localDeletes(words);
    if (!names) return undefined;
    deletes.push(...names);
  }
  return changesFolder && deletes.length ? undefined : { deletes };
}

export function isInertCommand(command: string): boolean {
  return inertLine(command)?.deletes.length === 0;
}

/**
 * The guards that serve shell events only. An entry that names one is a shell entry, where the front can
 * answer; the loader compiles the front only for those (a read or an edit entry goes straight to the runner).
 */
export const SHELL_ONLY_GUARDS: readonly string[] = ["dangerous-command", "kubectl-prod", "git-to-gh"];

/** Every guard of the registry: each answers pass to an inert command with no config (inert-settings.ts checks its options). */
export const QUICK_GUARDS = ["dangerous-command", "kubectl-prod", "redact-secrets", "git-to-gh", "guard-files", "format", "stop-telemetry"] as const;

export const QUICK_RULES: QuickRules = {
  guards: QUICK_GUARDS,
  inertLine,
  // A section of its own in the hook file: reading config files is most of the front's code, and a
  // project with none never compiles it.
  configCheck: () => import("./inert-settings.ts").then((m) => m.configLeavesInertCommands),
  // A section of its own too: only a line that deletes names compiles the guards' view of those places.
  deletesCheck: () => import("./inert-deletes.ts").then((m) => m.deletesPassEveryGuard),
};
