/**
 * The git commands that have a gh command doing the same job, and that command written out. Each
 * translation follows gh's manual (cli.github.com/manual): only real equivalents are listed, so a
 * command that is not here has none.
 */
import { gitSubcommandIndex } from "./subcommand.ts";

export interface GhRedirect {
  /** The rule id, e.g. `git-clone`. */
  rule: string;
  /** The exact gh command line to run instead. */
  gh: string;
  /** What the gh command does, in a few words, for the message. */
  does: string;
}

export function ghRedirect(argv: readonly string[]): GhRedirect | undefined {
  const at = gitSubcommandIndex(argv);
  if (at < 0) return undefined;
  const args = argv.slice(at + 1);
  if (argv[at] === "clone") return cloneRedirect(args);
  if (argv[at] === "fetch") return pullRequestFetch(args);
  return undefined;
}

/**
 * git clone(1) options that take a value as the next word; `--opt=value` is one word. Needed to tell
 * the repository and folder apart from option values.
 */
const CLONE_OPTIONS_WITH_VALUE = new Set([
  "-b", "--branch", "-o", "--origin", "-u", "--upload-pack", "-c", "--config", "-j", "--jobs",
  "--depth", "--reference", "--reference-if-able", "--separate-git-dir", "--template", "--shallow-since",
  "--shallow-exclude", "--filter", "--bundle-uri", "--server-option", "--ref-format", "--revision",
]);

/** https, ssh (scp-like or URL) and git:// addresses of a github.com repository. */
const GITHUB_REMOTE = /^(?:https?:\/\/(?:[^@/]+@)?github\.com\/|git@github\.com:|ssh:\/\/git@github\.com(?::\d+)?\/|git:\/\/github\.com\/)[\w.-]+\/[\w.-]+?(?:\.git)?\/?$/;

/** `gh repo clone <repository> [<directory>] [-- <gitflags>...]`: the same clone, through gh's auth and protocol. */
function cloneRedirect(args: readonly string[]): GhRedirect | undefined {
  const flags: string[] = [];
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (word.startsWith("-") && word !== "-") {
      flags.push(word);
      if (CLONE_OPTIONS_WITH_VALUE.has(word) && i + 1 < args.length) flags.push(args[++i]!);
      continue;
    }
    positionals.push(word);
  }
  const [repository, directory] = positionals;
  if (!repository || !GITHUB_REMOTE.test(repository)) return undefined;
  const words = ["gh", "repo", "clone", repository, ...(directory ? [directory] : []), ...(flags.length ? ["--", ...flags] : [])];
  return { rule: "git-clone", gh: words.map(shellWord).join(" "), does: "clones the repository with gh's credentials (the git flags go after --)" };
}

/** `refs/pull/<n>/head[:<local>]`, the ref GitHub keeps for every pull request. */
const PULL_REQUEST_REF = /^\+?(?:refs\/)?pull\/(\d+)\/head(?::(.+))?$/;

/** `git fetch <remote> pull/12/head:pr-12` → `gh pr checkout 12 --branch pr-12`. */
function pullRequestFetch(args: readonly string[]): GhRedirect | undefined {
  for (const word of args) {
    const match = PULL_REQUEST_REF.exec(word);
    if (!match) continue;
    const local = match[2]?.replace(/^refs\/heads\//, "");
    const branch = local && !local.startsWith("refs/") ? ["--branch", local] : [];
    return {
      rule: "git-fetch-pull-request",
      gh: ["gh", "pr", "checkout", match[1]!, ...branch].map(shellWord).join(" "),
      does: "fetches the pull request's branch and switches to it",
    };
  }
  return undefined;
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
