/**
 * Each guard's options that leave the inert commands (inert-commands.ts) as they are: with them, the guard
 * still lets every inert form pass, so the hook file's front may answer it (shared/quick-config.ts). An
 * option that is not listed here, or a value the guard itself would refuse (it then denies, failing
 * closed), sends the event to the runner. test/quick-config.test.ts runs every guard on every inert form
 * with each accepted option at its broadest.
 */
import type { Json } from "../shared/fields.ts";
import type { ConfigCheck } from "../shared/quick-answer.ts";
import { configLeavesInert, type InertSection } from "../shared/quick-config.ts";
import type { QUICK_GUARDS } from "./inert-commands.ts";
import { readOptions as dangerousCommandOptions } from "./dangerous-command/options.ts";
import { readOptions as redactSecretsOptions } from "./redact-secrets/options.ts";

const only = (section: Json, keys: readonly string[]) => Object.keys(section).every((key) => key === "enabled" || keys.includes(key));

/** The options as the guard reads them; undefined where it would fail (and so deny). */
function readOrFail<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** A guard that serves no shell event: the runner never reads its section for one. */
const notShell: InertSection = () => true;

/** One check for each guard the front answers for (inert-commands.ts QUICK_GUARDS), no more, no less. */
export const INERT_SECTIONS: Readonly<Record<(typeof QUICK_GUARDS)[number], InertSection>> = {
  // Protected paths and branches are about deleting, moving and pushing; `disable` only takes rules away.
  // A custom rule names any command, `ls` included.
  "dangerous-command": (section, place) =>
    only(section, ["disable", "protectedPaths", "protectedBranches", "rules"]) && readOrFail(() => dangerousCommandOptions(section, place.home, place.projectRoot))?.rules.length === 0,
  // Its options are read only for a line that runs kubectl or helm, which no inert form does.
  "kubectl-prod": (section) => only(section, ["namespaces", "contexts"]),
  // Paths and values it lets through, and the limits of what it reads: none is about a listing's names.
  // Its globs are compiled at every shell event, and picomatch refuses an empty or huge one (a deny).
  "redact-secrets": (section) => {
    if (!only(section, ["allowPaths", "denyPaths", "secretPaths", "allowRules", "allowValues", "maxBytes", "maxFiles", "keepCopiesMinutes"])) return false;
    const options = readOrFail(() => redactSecretsOptions(section));
    return options !== undefined && [...options.allowPaths, ...options.denyPaths, ...options.secretPaths].every((glob) => glob !== "" && glob.length <= 4096);
  },
  // `mode: strict` refuses every raw git, `git status` included.
  "git-to-gh": (section) => only(section, ["mode", "allowSubcommands", "gh"]) && section.mode !== "strict",
  // It has no options; only the enterprise file switches it off.
  "guard-files": (section) => only(section, []),
  format: notShell,
  "stop-telemetry": notShell,
};

/** The front's check of the config files present, with these options (shared/quick-answer.ts). */
export const configLeavesInertCommands: ConfigCheck = (projectRoot, hooks, env) => configLeavesInert(projectRoot, hooks, env, INERT_SECTIONS);

/**
 * redact-secrets' options that cannot turn a read it passes with no options into anything else: paths,
 * rules and values it lets through only take findings away, and a folder's file limit and the copies' age
 * are not about one clean file. Refused paths, more secret paths and a smaller size limit can: those
 * projects' reads go to the runner.
 */
const READ_SECTIONS: Readonly<Record<string, InertSection>> = {
  "redact-secrets": (section) => {
    if (!only(section, ["allowPaths", "allowRules", "allowValues", "maxFiles", "keepCopiesMinutes"])) return false;
    const options = readOrFail(() => redactSecretsOptions(section));
    return options !== undefined && options.allowPaths.every((glob) => glob !== "" && glob.length <= 4096);
  },
};

/** The front's check of the config files present for a file read (shared/quick-answer.ts). */
export const configLeavesReadsAlone: ConfigCheck = (projectRoot, hooks, env) => configLeavesInert(projectRoot, hooks, env, READ_SECTIONS);
