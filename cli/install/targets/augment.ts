/**
 * Augment / Auggie CLI (docs.augmentcode.com/cli/hooks).
 * A hook command must be an executable `.sh` file, so each entry names a wrapper script that guards write
 * beside the guards file, named after the entry's hooks (`<guards>/<version>/augment/<a>+<b>.sh`); it runs
 * the guards file next to it.
 */
import { posix } from "node:path";
import { toSlashes } from "../locations.ts";
import { GENERATED_MARK } from "../markers.ts";
import { cleanNodeStartOf, POSIX_SCRIPT_CLEAN_START } from "../node-environment.ts";
import type { GeneratedFile, HookEntry, InstallTarget } from "./types.ts";

const SYSTEM_SETTINGS = { linux: "/etc/augment/settings.json", darwin: "/etc/augment/settings.json", win32: "C:/ProgramData/Augment/settings.json" };

/** The hook file an entry command runs (`node <path> <args>`), and the arguments after it. */
function commandParts(command: string): { path: string; args: string } {
  const match = /^node ("(?:[^"\\]|\\.)*"|\S+)(.*)$/.exec(cleanNodeStartOf(command).nodeCommand);
  if (!match) throw new Error(`unexpected hook command: ${command}`);
  const word = match[1]!;
  const path = word.startsWith('"') ? word.slice(1, -1).replace(/\\(.)/g, "$1") : word;
  return { path, args: match[2]! };
}

/** `<dir>/guards.cjs` → `<dir>/augment/<a>+<b>.sh` */
function wrapperPath(guardsPath: string, entry: HookEntry): string {
  return posix.join(posix.dirname(guardsPath), "augment", `${entry.hookIds.join("+")}.sh`);
}

function wrapper(entry: HookEntry): { path: string; text: string } {
  const { path, args } = commandParts(entry.command);
  const text = [
    "#!/bin/sh",
    `# ${GENERATED_MARK}: Augment runs hook commands only as .sh files; this one runs ${posix.basename(path)}.`,
    POSIX_SCRIPT_CLEAN_START,
    `exec node "$(dirname -- "$0")/../${posix.basename(path)}"${args}`,
    "",
  ].join("\n");
  return { path: wrapperPath(path, entry), text };
}

export const augmentTarget: InstallTarget = {
  agent: "augment",
  layout: "groups",
  configFile: ({ scope, platform, project, home }) => {
    if (scope === "project") return { path: posix.join(toSlashes(project), ".augment", "settings.json"), owned: false };
    if (scope === "user") return { path: posix.join(toSlashes(home), ".augment", "settings.json"), owned: false };
    return { path: SYSTEM_SETTINGS[platform], owned: false };
  },
  // Auggie runs in the project folder, and the command must be the script path itself (no shell words).
  projectPath: (relative) => relative,
  // Augment timeouts are milliseconds.
  handler: (entry) => ({ type: "command", command: wrapper(entry).path, timeout: entry.timeoutSeconds * 1000 }),
  companions: (dirs, entries) => {
    const scripts = new Map<string, GeneratedFile>();
    for (const entry of entries) {
      const { path, text } = wrapper(entry);
      const absolute = path.startsWith("/") || /^[A-Za-z]:\//.test(path) ? path : posix.join(toSlashes(dirs.project), path);
      scripts.set(absolute, { path: absolute, text, executable: true });
    }
    return [...scripts.values()];
  },
  skeleton: () => ({}),
  presence: { project: [".augment"], home: [".augment"], binaries: ["auggie"] },
  afterInstall: {
    project: "Auggie reads .augment/settings.json when a session starts (run it from the project folder): restart running sessions.",
    enterprise: "Auggie gives /etc/augment/settings.json precedence over every other settings file; restart running sessions.",
  },
};
