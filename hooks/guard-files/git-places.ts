/**
 * git's places that hold code: its config files (a repository's `.git/config`, a worktree's
 * `config.worktree`, a submodule's `.git/modules/…/config`, the user's `~/.gitconfig` and
 * `~/.config/git/config`, `/etc/gitconfig`), its hook folders (`.git/hooks/`, the folder `core.hooksPath`
 * names) and the attributes files that name filter and diff drivers.
 */
import { existsSync, readFileSync } from "node:fs";
import { posix } from "node:path";
import { homeDirectory } from "../../shared/system-dirs.ts";
import { parseGitConfig } from "./git-config.ts";

type Env = Readonly<Record<string, string | undefined>>;

export interface GitPlace {
  kind: "config" | "hooks" | "attributes" | "ssh";
  /** The place in words, for messages. */
  what: string;
  /** hooks: a folder `core.hooksPath` names inside the work tree, whose scripts are tracked and reviewed like other code. */
  tracked?: boolean;
}

const slashes = (path: string) => path.replace(/\\/g, "/");
/** Names git never runs as hooks: its samples and the names people give a hook they switch off. */
const NOT_A_HOOK = /\.(sample|bak|off|disabled|orig)$/;
/** A `.git` folder or a bare repository (`project.git`). */
const isGitDir = (segment: string) => segment === ".git" || (segment.endsWith(".git") && segment.length > 4);

export interface GitPlaces {
  home: string;
  xdg: string;
  /** Folders `core.hooksPath` names, absolute, with whether each lies in the work tree. */
  readonly hookFolders: { path: string; tracked: boolean }[];
  /** Git folders the command line names or makes (`--git-dir=/tmp/r`, `git init --bare /tmp/r`), absolute, lowercased. */
  gitDirs: string[];
}

/**
 * The user's config files and the folders `core.hooksPath` names. The folders are read from the configs
 * on first use only: most commands write no file and never ask.
 */
export function gitPlaces(projectRoot: string, env: Env): GitPlaces {
  const home = slashes(homeDirectory(env)).replace(/\/+$/, "");
  const xdg = slashes(env.XDG_CONFIG_HOME || `${home}/.config`).replace(/\/+$/, "");
  const root = slashes(projectRoot).replace(/\/+$/, "");
  let folders: GitPlaces["hookFolders"] | undefined;
  return {
    home,
    xdg,
    gitDirs: [],
    get hookFolders() {
      return (folders ??= hookFoldersOf(root, home, xdg));
    },
  };
}

function hookFoldersOf(root: string, home: string, xdg: string): GitPlaces["hookFolders"] {
  const hookFolders: GitPlaces["hookFolders"] = [];
  for (const file of [root && `${root}/.git/config`, `${home}/.gitconfig`, `${xdg}/git/config`]) {
    if (!file) continue;
    for (const setting of readSettings(file)) {
      if (setting.key !== "core.hookspath" || /^(\/dev\/null|)$/.test(setting.value)) continue;
      const value = setting.value.replace(/^~(?=\/|$)/, home);
      // A relative hooksPath is taken from where hooks run: the top of the work tree.
      const path = posix.resolve(root || "/", value);
      hookFolders.push({ path, tracked: Boolean(root) && path.startsWith(`${root}/`) && !path.split("/").some(isGitDir) });
    }
  }
  return hookFolders;
}

/** The settings of a config file on this machine; none when it cannot be read. */
export function readSettings(file: string): ReturnType<typeof parseGitConfig> {
  const text = readText(file);
  return text === undefined ? [] : parseGitConfig(text);
}

/** A small text file's content, or undefined. */
export function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").slice(0, 1_000_000);
  } catch {
    return undefined;
  }
}

/** The git place an absolute path is, or lies in (case-insensitive: macOS and Windows file names are). */
export function gitPlaceOf(path: string, places: GitPlaces): GitPlace | undefined {
  const p = slashes(path);
  const lower = p.toLowerCase();
  const segments = lower.split("/");
  const name = segments[segments.length - 1]!;
  if (name === ".gitattributes") return { kind: "attributes", what: "a git attributes file, which picks the filter and diff drivers git runs" };
  const configs = [`${places.home}/.gitconfig`, `${places.xdg}/git/config`, "/etc/gitconfig"].map((f) => f.toLowerCase());
  if (configs.includes(lower)) return { kind: "config", what: "the user's git config, whose command settings git runs" };
  if (lower === `${places.xdg}/git/attributes`.toLowerCase()) return { kind: "attributes", what: "the user's git attributes file" };
  // ssh's config: git runs ssh for every fetch and push, and ssh runs the commands its config names.
  if (lower === `${places.home}/.ssh/config`.toLowerCase() || lower === "/etc/ssh/ssh_config" || lower.startsWith("/etc/ssh/ssh_config.d/")) return { kind: "ssh", what: "ssh's config, whose commands run on every git fetch and push over ssh" };
  const gitAt = gitDirIndex(p, segments, places);
  if (gitAt >= 0) {
    const inside = segments.slice(gitAt + 1);
    const configFile = (name === "config" || name === "config.worktree") && (inside.length === 1 || inside[0] === "modules" || inside[0] === "worktrees");
    if (configFile) return { kind: "config", what: "a repository's git config, whose command settings git runs" };
    if (inside.join("/") === "info/attributes") return { kind: "attributes", what: "a repository's git attributes file" };
    const hooksAt = inside.lastIndexOf("hooks");
    if (hooksAt >= 0 && hooksAt < inside.length - 1 && !NOT_A_HOOK.test(name)) return { kind: "hooks", what: "a git hook, which git runs on commit, checkout, merge or push" };
  }
  for (const folder of places.hookFolders) {
    const f = folder.path.toLowerCase();
    if (lower.startsWith(`${f}/`) && !NOT_A_HOOK.test(name)) {
      return { kind: "hooks", what: `a git hook in the folder core.hooksPath names (${folder.path}), which git runs on commit, checkout, merge or push`, tracked: folder.tracked };
    }
  }
  return undefined;
}

/**
 * Where the git folder ends in a path's segments: a `.git` or `x.git` folder, or, for a config or hook
 * path, a folder the line names as a git folder or a bare repository already on disk (`HEAD` and
 * `objects/` in it). -1 when none.
 */
function gitDirIndex(path: string, segments: readonly string[], places: GitPlaces): number {
  const byName = segments.findIndex(isGitDir);
  if (byName >= 0) return byName;
  const name = segments[segments.length - 1]!;
  const hooksAt = segments.lastIndexOf("hooks");
  const candidates = [...(name === "config" || name === "config.worktree" ? [segments.length - 2] : []), ...(hooksAt > 0 && hooksAt < segments.length - 1 ? [hooksAt - 1] : [])];
  const original = path.split("/");
  for (const at of candidates) {
    if (at < 0) continue;
    const dir = original.slice(0, at + 1).join("/");
    if (places.gitDirs.includes(dir.toLowerCase()) || (existsSync(`${dir}/HEAD`) && existsSync(`${dir}/objects`))) return at;
  }
  return -1;
}

/** A hooks folder itself (`cp x .git/hooks/` writes `.git/hooks/x`). */
export function isHooksFolder(path: string, places: GitPlaces): boolean {
  const lower = slashes(path).replace(/\/+$/, "").toLowerCase();
  const segments = lower.split("/");
  if (segments[segments.length - 1] === "hooks" && (segments.slice(0, -1).some(isGitDir) || places.gitDirs.includes(segments.slice(0, -1).join("/")))) return true;
  return places.hookFolders.some((f) => f.path.toLowerCase() === lower);
}
