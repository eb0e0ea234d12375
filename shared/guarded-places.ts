/**
 * The guards' own files, their config and their state, for the project, the user and the enterprise,
 * together with every agent's hook config: what the guard-files hook keeps the agent from changing.
 */
import { configPaths, PROJECT_CONFIG_FILE } from "./config.ts";
import { hookConfigPlaces, type GuardedPlace } from "./dialects/hook-config-places.ts";
import { stateDirectory } from "./hook.ts";
import { startupPlaces } from "./startup-places.ts";
import { homeDirectory, tempDirectory } from "./system-dirs.ts";

export type { GuardedPlace } from "./dialects/hook-config-places.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** Where enterprise installs put the hook files (cli/install/locations.ts ENTERPRISE_HOME, every platform). */
const ENTERPRISE_HOMES = ["/opt/guards", "/Library/Application Support/Guards", "C:/ProgramData/Guards"];

const slashes = (path: string) => path.replace(/\\/g, "/").replace(/(.)\/+$/, "$1");
const parent = (path: string) => slashes(path).replace(/\/[^/]*$/, "") || "/";

export function guardedPlaces(projectRoot: string, env: Env): GuardedPlace[] {
  const root = slashes(projectRoot);
  const home = slashes(homeDirectory(env));
  const config = configPaths(root || "/", env);
  const own = (path: string, folder: boolean, what: string, prefix = false): GuardedPlace => ({ path: slashes(path), folder, what, ...(prefix ? { prefix } : {}) });
  const places: GuardedPlace[] = [
    ...(root ? [own(`${root}/.guards`, true, "the project's guard hook files"), own(`${root}/${PROJECT_CONFIG_FILE}`, false, "the project's guards config")] : []),
    own(`${home}/.guards`, true, "the user's guard hook files"),
    ...ENTERPRISE_HOMES.map((path) => own(path, true, "the enterprise guard hook files")),
    own(parent(config.user), true, "the user's guards config"),
    own(config.enterprise, false, "the enterprise guards config"),
    own("/etc/guards", true, "the enterprise guards config"),
    own(stateDirectory(env), true, "the guards' state (audit trail, telemetry spool)"),
    // guards-code-cache-<uid> (shared/code-cache.ts), or the folder GUARDS_CODE_CACHE names.
    own(`${slashes(tempDirectory(env))}/guards-code-cache-`, true, "the guards' compiled-code cache", true),
    own("/tmp/guards-code-cache-", true, "the guards' compiled-code cache", true),
    ...hookConfigPlaces(root, env),
    ...startupPlaces(root, env),
  ];
  if (env.GUARDS_CODE_CACHE && env.GUARDS_CODE_CACHE !== "off") places.push(own(env.GUARDS_CODE_CACHE, true, "the guards' compiled-code cache"));
  return places;
}
