/**
 * Devin for Terminal (cli.devin.ai/docs/extensibility/hooks). Hooks go under the
 * `hooks` key of `.devin/config.json` (the other documented home, `.devin/hooks.v1.json`, has the events at the top level).
 */
import { posix } from "node:path";
import { toSlashes } from "../locations.ts";
import type { InstallTarget } from "./types.ts";

export const devinTarget: InstallTarget = {
  agent: "devin",
  layout: "groups",
  configFile: ({ scope, platform, project, home, env }) => {
    if (scope === "project") return { path: posix.join(toSlashes(project), ".devin", "config.json"), owned: false };
    if (scope === "user") {
      if (platform === "win32") return env.APPDATA ? { path: posix.join(toSlashes(env.APPDATA), "devin", "config.json"), owned: false } : undefined;
      return { path: posix.join(toSlashes(env.XDG_CONFIG_HOME ?? posix.join(toSlashes(home), ".config")), "devin", "config.json"), owned: false };
    }
    // No managed or system location is documented.
    return undefined;
  },
  projectPath: (relative) => `"\${DEVIN_PROJECT_DIR:-.}/${relative}"`,
  handler: (entry) => ({ type: "command", command: entry.command, timeout: entry.timeoutSeconds }),
  skeleton: () => ({}),
  presence: { project: [".devin"], home: [".config/devin"], binaries: ["devin"] },
  afterInstall: { project: "Devin for Terminal reads hooks when a session starts: restart running sessions." },
  projectEnv: (dir) => ({ DEVIN_PROJECT_DIR: dir }),
};
