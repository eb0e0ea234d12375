/** Where a path points, for the rules that delete, wipe or re-own things. */
import { posix } from "node:path";
import { firstGlobCharacter, isWithin } from "../../shared/shell/effects.ts";
import type { Scope } from "./scope.ts";

export type Place =
  | "root"
  | "home"
  | "system"
  | "credentials"
  | "git-dir"
  | "project-root"
  | "project-parent"
  | "protected"
  | "inside-project"
  | "temp"
  | "outside";

/** System trees: deleting in them breaks the machine. */
const SYSTEM_TREES = ["/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/opt", "/proc", "/run", "/sbin", "/srv", "/sys", "/usr", "/var", "/snap", "/nix", "/System", "/Library", "/Applications", "/private", "/cores", "/Windows", "/Program Files", "/Program Files (x86)", "/ProgramData"];
/** The parents of every home directory. */
const HOME_PARENTS = ["/home", "/Users", "/root"];
/** Caches under the home directory: tools rebuild them, deleting them loses nothing. */
const HOME_CACHES = [".cache", "Library/Caches", ".npm/_cacache", ".npm/_npx", ".yarn/cache", ".yarn/berry/cache", ".pnpm-store", ".local/share/pnpm/store", ".gradle/caches", ".bun/install/cache", ".cargo/registry/cache", ".cargo/registry/src", ".cargo/git/checkouts", ".m2/repository", ".nuget/packages", ".deno/gen", "go/pkg/mod/cache", ".composer/cache", ".cpanm/work", ".ccache", ".sbt/boot", ".ivy2/cache", ".node-gyp", ".electron-gyp", ".npm/_logs", ".expo/native-modules-cache", "AppData/Local/Temp", "AppData/Local/npm-cache", "AppData/Local/pip/Cache", "AppData/Local/Yarn/Cache", "AppData/Local/pnpm-cache", "AppData/Local/NuGet/v3-cache"];
/** Credential folders and files under the home directory. */
const CREDENTIALS = [".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure", ".config/gcloud", ".config/gh", ".password-store", ".netrc", ".git-credentials", ".npmrc", ".pypirc", ".terraform.d", ".vault-token", ".config/op", "AppData/Roaming/Microsoft/SystemCertificates", "AppData/Roaming/Microsoft/Crypto", "AppData/Roaming/Microsoft/Protect"];

export interface Target {
  /** The directory or file acted on, absolute and normalized. */
  path: string;
  /** True for `dir/*`, `dir/**`, `dir/.`: what is inside, not the directory itself. */
  contents: boolean;
}

/** An argument as an absolute target; undefined when it depends on an unknown directory. */
export function toTarget(value: string, cwd: string | undefined): Target | undefined {
  const globAt = firstGlobCharacter(value);
  // `dir/*`, `dir/**/x`: the directory whose contents go is the part before the first glob.
  const base = globAt < 0 ? value : value.slice(0, value.lastIndexOf("/", globAt) + 1) || ".";
  if (!base.startsWith("/") && cwd === undefined) return undefined;
  return { path: posix.resolve(cwd ?? "/", base), contents: globAt >= 0 };
}

/** The credential and cache folders of one home directory, worked out once per decision. */
export interface HomePlaces {
  home: string;
  credentials: string[];
  caches: string[];
}

/**
 * Joined by string work: the entries are plain relative paths and `home` is made absolute and normal
 * once. (path.join normalizes character by character; two dozen of them cost a millisecond on a cold start.)
 */
export function homePlaces(home: string | undefined): HomePlaces | undefined {
  if (!home?.startsWith("/")) return undefined;
  const normal = posix.resolve(home);
  const base = normal === "/" ? "/" : `${normal}/`;
  return { home: normal, credentials: CREDENTIALS.map((c) => base + c), caches: HOME_CACHES.map((c) => base + c) };
}

export { isWithin };

/**
 * An agent started in `/`, `/usr` or with no directory at all has no project to protect or to allow:
 * "inside the project" would then cover the whole system.
 */
function usableProjectRoot(root: string): string | undefined {
  if (!root.startsWith("/") || root === "/" || HOME_PARENTS.includes(root) || SYSTEM_TREES.includes(root)) return undefined;
  return root;
}

export function classify(target: Target, scope: Scope): Place {
  const { path } = target;
  const home = scope.homePlaces();
  if (path === "/") return "root";
  if (home && path === home.home) return "home";
  // `/home`, `/Users`, and anyone's home directory in them.
  if (HOME_PARENTS.includes(path) || ["/home", "/Users"].includes(posix.dirname(path))) return "home";
  if (home?.credentials.some((c) => isWithin(path, c))) return "credentials";
  if (path.split("/").includes(".ssh")) return "credentials";
  // A throw-away clone under the temp directory may lose its .git.
  const inTemp = scope.tempDirs.some((t) => isWithin(path, t) && path !== t);
  if (posix.basename(path) === ".git" && !inTemp) return "git-dir";
  if (scope.options.protectedPaths.some((p) => isWithin(path, p))) return "protected";
  const project = usableProjectRoot(scope.projectRoot);
  if (project !== undefined) {
    if (path === project) return "project-root";
    if (isWithin(project, path)) return "project-parent";
    if (isWithin(path, project)) return "inside-project";
  }
  if (home?.caches.some((c) => isWithin(path, c))) return "temp";
  const temp = scope.tempDirs.find((t) => isWithin(path, t));
  // Inside the temp directory is fine; the temp directory itself is not a thing to delete.
  if (temp) return path === temp && !target.contents ? "outside" : "temp";
  if (SYSTEM_TREES.some((s) => isWithin(path, s))) return "system";
  return "outside";
}
