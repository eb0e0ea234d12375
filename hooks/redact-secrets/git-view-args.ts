/**
 * Which git commands print file contents, and how the hook can ask git for the same contents: the
 * command's own arguments, minus what would write files or change the output's shape, plus options that
 * fix the shape (`--no-color`, `a/` and `b/` prefixes, grep's `--null`, blame's `--porcelain`).
 */
import { isAbsolute, join } from "node:path";
import type { ExecutedCommand } from "../../shared/shell.ts";

/** How the hook reads what a view prints. */
export type ViewPlan =
  /** A patch (`diff`, `show REV`, `log -p`, `stash show -p`, `format-patch`): run, split into files. */
  | { kind: "patch"; args: string[]; blobs?: string[] }
  /** `grep` lines, each after its file's name. */
  | { kind: "grep"; args: string[]; revisions: string[] }
  /** `blame`: every line of one file. */
  | { kind: "blame"; args: string[]; file: string }
  /** Blobs named by object (`show REV:path`, `cat-file -p OBJ`): each read whole. */
  | { kind: "blobs"; objects: string[] }
  /** Every file of a tree (`archive`), asked as a plain tar. */
  | { kind: "archive"; args: string[] }
  /** Output only parsed as one text (`range-diff`). */
  | { kind: "whole"; args: string[] }
  /** A command git cannot be asked about safely (`cat-file --batch` fed at run time, `archive --remote`). */
  | { kind: "unchecked"; reason: string };

export interface GitCall {
  /** The folder git runs in (`-C` followed). */
  cwd: string;
  /** Options before the subcommand that say where the repository is; never `-c`, `--exec-path` or a pager. */
  top: string[];
  /** Whether the line or the options point git at a repository elsewhere (`--git-dir`, `GIT_DIR=`). */
  located: boolean;
  sub: string;
  args: string[];
  /** Variables the line sets for git that locate the repository. */
  env: Record<string, string>;
  /** Aliases the line defines (`git -c alias.d=diff d`). */
  aliases: Record<string, string>;
  /**
   * Shell code the line tells git to run (`-c diff.external='sh -c "cat .env"'`, `GIT_PAGER=…`, a `!` alias
   * it defines): read as commands of the line, since they may print files.
   */
  programs: string[];
}

// Settings whose value git runs as a program, through the shell.
const PROGRAM_KEY = /^(?:diff\.external|core\.pager|pager\..+|diff\..+\.(?:textconv|command)|filter\..+\.(?:clean|smudge|process)|core\.fsmonitor|core\.sshcommand|core\.editor|sequence\.editor|gpg(?:\..+)?\.program|credential(?:\..+)?\.helper|core\.askpass|merge\..+\.driver|tar\..+\.command|interactive\.difffilter|core\.alternaterefscommand|uploadpack\.packobjectshook|core\.gitproxy|remote\..+\.(?:uploadpack|receivepack)|mergetool\..+\.cmd|difftool\..+\.cmd)$/;
// `-c` settings kept for the hook's own run (`git -c safe.directory='*' diff` in a repository owned by another user).
const KEPT_SETTING = /^(?:safe\.directory|core\.(?:autocrlf|eol|safecrlf|ignorecase|precomposeunicode|quotepath|abbrev)|diff\.(?:context|interhunkcontext|renames|renamelimit|algorithm|indentheuristic|suppressblankempty|orderfile)|grep\.(?:patterntype|extendedregexp|fullname|fallbacktonoindex)|log\.(?:follow|date|abbrevcommit)|i18n\.(?:logoutputencoding|commitencoding)|stash\.showpatch|stash\.showstat)$/;
// Variables whose value git runs as a program.
const PROGRAM_VARIABLES = ["GIT_EXTERNAL_DIFF", "GIT_PAGER", "PAGER", "GIT_SSH_COMMAND", "GIT_SSH", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_ASKPASS", "GIT_PROXY_COMMAND"];

/** git's own commands: an alias of the same name is never used, so no alias is looked up for them. */
export const GIT_COMMANDS = new Set(
  ("add am annotate apply archive bisect blame branch bugreport bundle cat-file check-attr check-ignore check-mailmap check-ref-format checkout " +
    "checkout-index cherry cherry-pick citool clean clone column commit commit-graph commit-tree config count-objects credential describe diagnose " +
    "diff diff-files diff-index diff-tree difftool fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg for-each-ref for-each-repo " +
    "format-patch fsck gc get-tar-commit-id grep gui hash-object help hook index-pack init instaweb interpret-trailers lfs log ls-files ls-remote " +
    "ls-tree mailinfo mailsplit maintenance merge merge-base merge-file merge-index merge-tree mergetool mktag mktree multi-pack-index mv name-rev " +
    "notes pack-objects pack-refs patch-id prune pull push range-diff read-tree rebase reflog remote repack replace request-pull rerere reset restore " +
    "rev-list rev-parse revert rm send-email shortlog show show-branch show-index show-ref sparse-checkout stage stash status stripspace submodule " +
    "subtree switch symbolic-ref tag update-index update-ref var verify-commit verify-pack verify-tag version whatchanged worktree write-tree").split(" "),
);

const TOP_VALUED_KEPT = new Set(["--git-dir", "--work-tree", "--namespace"]);
const TOP_VALUED_DROPPED = new Set(["-c", "--config-env", "--exec-path", "--super-prefix", "--attr-source"]);
const TOP_FLAGS_KEPT = new Set(["--bare", "--no-replace-objects", "--literal-pathspecs", "--glob-pathspecs", "--noglob-pathspecs", "--icase-pathspecs", "--no-optional-locks", "--no-lazy-fetch", "--no-advice"]);
const TOP_FLAGS_DROPPED = new Set(["-p", "--paginate", "-P", "--no-pager"]);
const LOCATING_VARIABLES = ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR", "GIT_NAMESPACE"];

/** The git call a command makes; undefined when it is not git or its subcommand is only known at run time. */
export function gitCall(command: ExecutedCommand): GitCall | undefined {
  if (command.program !== "git") return undefined;
  let cwd = command.cwd ?? "/";
  const top: string[] = [];
  const env: Record<string, string> = {};
  let located = false;
  for (const name of LOCATING_VARIABLES) {
    const value = command.env?.[name];
    if (typeof value === "string") {
      env[name] = value;
      located = true;
    }
  }
  const aliases: Record<string, string> = {};
  const programs: string[] = [];
  for (const name of PROGRAM_VARIABLES) {
    const value = command.env?.[name];
    if (typeof value === "string" && value) programs.push(value);
  }
  const argv = command.argv;
  let i = 1;
  for (; i < argv.length; i++) {
    const word = argv[i]!;
    if (command.dynamic[i]) return undefined;
    if (!word.startsWith("-")) break;
    const [name, attached] = splitOption(word);
    if (name === "-C") {
      const dir = argv[++i];
      if (dir === undefined || command.dynamic[i]) return undefined;
      cwd = isAbsolute(dir) ? dir : join(cwd, dir);
    } else if (TOP_VALUED_KEPT.has(name)) {
      const value = attached ?? argv[++i];
      if (value === undefined) return undefined;
      top.push(`${name}=${value}`);
      located = true;
    } else if (name === "-c") {
      const setting = argv[++i];
      if (setting === undefined || command.dynamic[i]) return undefined;
      const eq = setting.indexOf("=");
      const key = eq < 0 ? setting : setting.slice(0, eq);
      const value = eq < 0 ? "" : setting.slice(eq + 1);
      const lower = key.toLowerCase();
      if (lower.startsWith("alias.")) aliases[key.slice(6)] = value;
      else if (PROGRAM_KEY.test(lower) && value && !/^(?:true|false|yes|no|on|off|0|1)$/i.test(value)) programs.push(value);
      // Settings that decide whether and what the view prints, never a program: kept, so git answers as it would the agent.
      else if (KEPT_SETTING.test(lower)) top.push("-c", setting);
    } else if (TOP_VALUED_DROPPED.has(name)) {
      if (attached === undefined && name !== "--exec-path") i++;
    } else if (TOP_FLAGS_KEPT.has(name)) {
      top.push(word);
    } else if (!TOP_FLAGS_DROPPED.has(name)) {
      // --version, --help, --html-path, …: no view.
      return undefined;
    }
  }
  const sub = argv[i];
  if (sub === undefined) return programs.length ? { cwd, top, located, sub: "", args: [], env, aliases, programs } : undefined;
  if (command.dynamic.slice(i + 1).some(Boolean)) {
    // A run-time word may be anything: the view is read as if it were absent (git sees a static superset only
    // when it is an option), so it is refused below as unchecked.
    return { cwd, top, located, sub, args: argv.slice(i + 1).map((word, k) => (command.dynamic[i + 1 + k] ? "\0dynamic" : word)), env, aliases, programs };
  }
  return { cwd, top, located, sub, args: argv.slice(i + 1), env, aliases, programs };
}

function splitOption(word: string): [string, string | undefined] {
  if (!word.startsWith("--")) return [word, undefined];
  const eq = word.indexOf("=");
  return eq < 0 ? [word, undefined] : [word.slice(0, eq), word.slice(eq + 1)];
}

// Options that make log, whatchanged, reflog and the diff plumbing print patches.
const PATCH_OPTION = /^(?:-p|-u|--patch|--patch-with-stat|--patch-with-raw|--cc|--dd|-c|-m|--remerge-diff|-W|--function-context|-U\d*|--unified(?:=.*)?|-L.*|--diff-merges=.*|--word-diff(?:=.*)?|--color-words(?:=.*)?|--binary)$/;
// Options that print names, counts or nothing instead of the patch.
const NO_PATCH_OPTION = /^(?:--stat(?:=.*)?|--numstat|--shortstat|--name-only|--name-status|--raw|--summary|--dirstat(?:=.*)?|--dirstat-by-file(?:=.*)?|--compact-summary|-s|--no-patch|--quiet|-X.*|--cumulative)$/;
// Options of the diff family dropped from the hook's run: they write files, run programs, or change the shape.
const DROPPED_DIFF_OPTION = /^(?:--output(?:=.*)?|--ext-diff|--textconv|--no-prefix|--default-prefix|--src-prefix=.*|--dst-prefix=.*|--line-prefix=.*|--relative(?:=.*)?|--color(?:=.*)?|--color-moved(?:=.*)?|--show-signature|--graph|--word-diff(?:=.*)?|--color-words(?:=.*)?|--word-diff-regex(?:=.*)?|--output-indicator-(?:new|old|context)=.*)$/;
// Options the hook adds to the diff family, first (git takes no option after a path named without `--`);
// the command's own options that would change them are dropped above.
const DIFF_SHAPE = ["--no-ext-diff", "--no-textconv", "--no-color", "--word-diff=none", "--src-prefix=a/", "--dst-prefix=b/", "--no-relative"];

/** Options of grep that show no line: names, counts, status. */
const GREP_QUIET = /^(?:-[a-zA-Z]*[lLcq][a-zA-Z]*|--files-with-matches|--name-only|--files-without-match|--count|--quiet)$/;
/** grep options that take the next word as their value. */
const GREP_VALUED = new Set(["-e", "-f", "-A", "-B", "-C", "-m", "--max-count", "--max-depth", "--threads", "--after-context", "--before-context", "--context", "--and", "--or", "--not"]);
/** grep options dropped from the hook's run (shape, pager, textconv); short ones are taken out of clusters. */
const GREP_DROPPED = /^(?:--line-number|--column|--heading|--break|--null|--color(?:=.*)?|--textconv|--open-files-in-pager(?:=.*)?|-O.*|--full-name|--no-filename|--show-function|--function-context|-p|-W)$/;
const GREP_SHAPE = ["--no-color", "--no-textconv", "-H", "--null", "--full-name", "--no-line-number", "--no-column", "--no-heading", "--no-break"];

/** How the hook reads what `git <sub> <args>` prints; undefined when it prints no file content. */
export function viewPlan(call: GitCall): ViewPlan | undefined {
  const { sub, args } = call;
  if (args.includes("\0dynamic")) return isView(sub, args) ? { kind: "unchecked", reason: "part of it is only known when it runs" } : undefined;
  switch (sub) {
    case "diff":
      return patchUnlessQuiet(args, true);
    case "show":
      return showPlan(args);
    case "log":
    case "whatchanged":
    case "diff-tree":
    case "diff-index":
    case "diff-files":
      return args.some((word) => PATCH_OPTION.test(word)) && !(args.includes("-s") || args.includes("--no-patch")) ? patch(args) : undefined;
    case "reflog": {
      const rest = args[0] === "show" ? args.slice(1) : args;
      if (["expire", "delete", "exists"].includes(args[0] ?? "")) return undefined;
      return rest.some((word) => PATCH_OPTION.test(word)) ? patch(rest, ["show"]) : undefined;
    }
    case "stash":
      // `stash show` prints a patch with -p, or when the config says stash.showPatch: git is asked either way.
      return args[0] === "show" ? patch(args.slice(1), ["show"]) : undefined;
    case "difftool":
      // With `-x cat` or a tool that prints, it shows both versions of each file: read as the same diff.
      return patch(withoutDifftoolOptions(args));
    case "format-patch":
      return formatPatchPlan(args);
    case "grep":
      return grepPlan(args);
    case "blame":
    case "annotate":
      return blamePlan(args);
    case "cat-file":
      return catFilePlan(args);
    case "archive":
      return archivePlan(args);
    case "range-diff":
      return { kind: "whole", args: [...args.filter((word) => !DROPPED_DIFF_OPTION.test(word)), ...DIFF_SHAPE.slice(0, 3)] };
    default:
      return undefined;
  }
}

/** difftool's own options, and their values, left out of the diff it stands for. */
function withoutDifftoolOptions(args: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === "-t" || word === "-x" || word === "--tool" || word === "--extcmd") i++;
    else if (!/^(?:-y|-d|-g|--no-prompt|--prompt|--dir-diff|--gui|--no-gui|--symlinks|--no-symlinks|--trust-exit-code|--no-trust-exit-code|--tool=.*|--extcmd=.*)$/.test(word)) kept.push(word);
  }
  return kept;
}

/**
 * Shell code a git command runs by design, read as commands of the line: `submodule foreach CMD`,
 * `rebase --exec CMD`, `bisect run CMD`, difftool's `--extcmd`.
 */
export function commandCode(call: GitCall): string[] {
  const { sub, args } = call;
  if (sub === "submodule" && args[0] === "foreach") return [args.slice(1).filter((w) => w !== "--recursive" && w !== "-q" && w !== "--quiet").join(" ")];
  if (sub === "bisect" && args[0] === "run") return [args.slice(1).join(" ")];
  const code: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if ((sub === "rebase" && (word === "-x" || word === "--exec")) || (sub === "difftool" && (word === "-x" || word === "--extcmd"))) code.push(args[++i] ?? "");
    else if ((sub === "rebase" && word.startsWith("--exec=")) || (sub === "difftool" && word.startsWith("--extcmd="))) code.push(word.slice(word.indexOf("=") + 1));
  }
  return code.filter(Boolean);
}

function isView(sub: string, args: string[]): boolean {
  return ["diff", "difftool", "show", "log", "whatchanged", "grep", "blame", "annotate", "cat-file", "archive", "format-patch", "range-diff"].includes(sub) || (sub === "stash" && args[0] === "show");
}

function patchUnlessQuiet(args: string[], byDefault: boolean): Extract<ViewPlan, { kind: "patch" }> | undefined {
  const explicit = args.some((word) => PATCH_OPTION.test(word));
  if (!explicit && (!byDefault || args.some((word) => NO_PATCH_OPTION.test(word)))) return undefined;
  return patch(args);
}

/** The diff family's run: the command's words before `--`, the shape options, then `--` and its paths. */
function patch(args: string[], lead: string[] = []): Extract<ViewPlan, { kind: "patch" }> {
  const dash = args.indexOf("--");
  const before = (dash < 0 ? args : args.slice(0, dash)).filter((word) => !DROPPED_DIFF_OPTION.test(word));
  const after = dash < 0 ? [] : args.slice(dash);
  return { kind: "patch", args: [...lead, ...DIFF_SHAPE, ...before, ...after] };
}

/** `git show` prints blobs for `REV:path` and whole objects for the rest; commits as patches. */
function showPlan(args: string[]): ViewPlan | undefined {
  const dash = args.indexOf("--");
  const words = dash < 0 ? args : args.slice(0, dash);
  const blobs = words.filter((word) => !word.startsWith("-") && word.includes(":") && !word.startsWith(":("));
  const others = words.filter((word) => !word.startsWith("-") && !blobs.includes(word));
  if (blobs.length > 0 && others.length === 0) return { kind: "blobs", objects: blobs };
  const rest = args.filter((word) => !blobs.includes(word));
  const plan = patchUnlessQuiet(rest, true);
  if (blobs.length === 0) return plan;
  // Both kinds in one command: the blobs are read, and the rest is run as its own show.
  return plan?.kind === "patch" ? { ...plan, blobs } : { kind: "blobs", objects: blobs };
}

function formatPatchPlan(args: string[]): ViewPlan {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === "-o" || word === "--output-directory") i++;
    else if (word.startsWith("--output-directory=") || word === "--stdout" || /^--(?:attach|inline)(?:=.*)?$/.test(word)) continue;
    else kept.push(word);
  }
  return patch(kept, ["--stdout"]);
}

function grepPlan(args: string[]): ViewPlan | undefined {
  if (args.some((word) => GREP_QUIET.test(word))) return undefined;
  const kept: string[] = [];
  const positional: string[] = [];
  let patternGiven = false;
  let dash = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (dash) {
      kept.push(word);
      continue;
    }
    if (word === "--") {
      dash = true;
      kept.push(word);
      continue;
    }
    if (GREP_VALUED.has(word)) {
      if (word === "-e" || word === "-f") patternGiven = true;
      kept.push(word, args[++i] ?? "");
      continue;
    }
    if (GREP_DROPPED.test(word)) continue;
    if (/^-[a-zA-Z]+$/.test(word)) {
      if (/[ef]$/.test(word)) patternGiven = true;
      // Shape letters out of clusters (`-in` → `-i`); a cluster ending in a valued letter keeps its value next.
      const letters = word.slice(1).replace(/[nhHzOpW]/g, "");
      if (letters) kept.push(`-${letters}`);
      if (/[ABCmef]$/.test(word)) kept.push(args[++i] ?? "");
      continue;
    }
    if (!word.startsWith("-")) positional.push(word);
    kept.push(word);
  }
  // The first word that is not an option is the pattern, unless -e or -f gave one; the next ones before `--`
  // are revisions or paths, and a revision prefixes each name git prints (`HEAD:config.env`).
  const revisions = (patternGiven ? positional : positional.slice(1)).filter((word) => !word.startsWith(":("));
  const dashAt = kept.indexOf("--");
  const options = dashAt < 0 ? kept : kept.slice(0, dashAt);
  // grep stops reading options at its first other word: the shape goes first, with the command's own kept after.
  return { kind: "grep", args: [...GREP_SHAPE, ...options, ...(dashAt < 0 ? [] : kept.slice(dashAt))], revisions };
}

const BLAME_VALUED = new Set(["-L", "-S", "--contents", "--ignore-rev", "--ignore-revs-file", "--date", "--reverse"]);

function blamePlan(args: string[]): ViewPlan | undefined {
  const dash = args.indexOf("--");
  let file: string | undefined = dash >= 0 ? args[dash + 1] : undefined;
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (/^--(?:color-lines|color-by-age|textconv|incremental|progress)$/.test(word)) continue;
    if (BLAME_VALUED.has(word)) {
      kept.push(word, args[++i] ?? "");
      continue;
    }
    if (i > dash && dash >= 0) {
      kept.push(word);
      continue;
    }
    if (!word.startsWith("-") && dash < 0) file = word;
    kept.push(word);
  }
  if (file === undefined) return undefined;
  return { kind: "blame", args: ["--porcelain", "--no-textconv", ...kept], file };
}

function catFilePlan(args: string[]): ViewPlan | undefined {
  if (args.some((word) => /^--batch(?:-command)?(?:=.*)?$/.test(word))) return { kind: "unchecked", reason: "cat-file --batch prints the objects it is fed at run time" };
  if (args.some((word) => /^-[tse]$|^--batch-check/.test(word))) return undefined;
  const objects = args.filter((word) => !word.startsWith("-"));
  // `cat-file -p OBJ`, `cat-file blob OBJ`, `cat-file --textconv REV:path`: the last word is the object.
  const object = objects[objects.length - 1];
  return object ? { kind: "blobs", objects: [object] } : undefined;
}

function archivePlan(args: string[]): ViewPlan | undefined {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === "-o" || word.startsWith("--output") || word === "-l" || word === "--list") return undefined;
    if (word.startsWith("--remote") || word.startsWith("--exec")) return { kind: "unchecked", reason: "a remote repository's archive cannot be checked here" };
    // The format is the hook's (a plain tar: no compression program), the names its own (no prefix).
    if (word === "--format" || word === "--prefix") i++;
    else if (word.startsWith("--format=") || word.startsWith("--prefix=") || /^-\d$/.test(word)) continue;
    else kept.push(word);
  }
  return kept.some((word) => !word.startsWith("-")) ? { kind: "archive", args: ["--format=tar", ...kept] } : undefined;
}
