/** Where the guards config files live (the enterprise, user and project files), and which of them are there. */
import { statSync, existsSync } from "node:fs";
import { homeDirectory, pathUnder } from "./system-dirs.ts";

export const PROJECT_CONFIG_FILE = ".guards.yaml";

export const DEFAULT_ENTERPRISE_CONFIG = "/etc/guards/config.yaml";

export interface ConfigPaths {
  enterprise: string;
  user: string;
  project: string;
}

/** The files read, lowest precedence first; the enterprise file comes last and its `locked` keys win. */
export function configPaths(projectRoot: string, env: Readonly<Record<string, string | undefined>>): ConfigPaths {
  const home = homeDirectory(env);
  const xdg = env.XDG_CONFIG_HOME || pathUnder(home, ".config");
  return {
    enterprise: enterpriseConfigPath(env.GUARDS_ENTERPRISE_CONFIG),
    user: pathUnder(xdg, "guards", "config.yaml"),
    project: pathUnder(projectRoot, PROJECT_CONFIG_FILE),
  };
}

/**
 * The enterprise file: `GUARDS_ENTERPRISE_CONFIG` names another one (tests, staged trees) only on a machine
 * whose default file is not there. Where an administrator put a policy, a variable the agent planted in a
 * shell startup file for the next session (`GUARDS_ENTERPRISE_CONFIG=/dev/null`) cannot hide it. `fallback`
 * is the default path, a parameter only so that a test can stand in for it.
 */
export function enterpriseConfigPath(chosen: string | undefined, fallback = DEFAULT_ENTERPRISE_CONFIG): string {
  if (!chosen || chosen === fallback) return fallback;
  return enterpriseMayExist(fallback) ? fallback : chosen;
}

/** The config files to read, in precedence order: the user's and the project's when there, the enterprise file when it may be. */
export function presentConfigFiles(paths: ConfigPaths): string[] {
  const present = [paths.user, paths.project].filter((p) => existsSync(p));
  if (enterpriseMayExist(paths.enterprise)) present.push(paths.enterprise);
  return present;
}

/**
 * A folder this user may not enter hides whether the enterprise file is there (an administrator's 0700, a
 * root umask of 077): taken as there, so reading it fails and the security guards fail closed, instead of
 * the machine's policy being skipped without a word.
 */
function enterpriseMayExist(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ENOTDIR";
  }
}
