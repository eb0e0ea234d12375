/**
 * Factory Droid (docs.factory.ai/harness/hooks).
 * guards write the `hooks` key of `.factory/settings.json`, which Droid reads while no `hooks.json` sits beside
 * it. Droid 0.225.2 reads `.factory/hooks.json` with the events at the top level and no `hooks` wrapper: a
 * Claude-shaped `{"hooks": {…}}` there is ignored with one log line ("Ignoring unknown hook event keys"), and
 * every guard in it silently never runs (observed in the real-agent suite).
 */
import { posix } from "node:path";
import { toSlashes } from "../locations.ts";
import type { InstallTarget } from "./types.ts";

/** Org-managed settings: an admin's own file, edited in place like Gemini's and Qwen's system settings. */
const MANAGED_SETTINGS = {
  linux: "/etc/factory/settings.json",
  darwin: "/Library/Application Support/Factory/settings.json",
  win32: "C:/Program Files/Factory/settings.json",
};

export const factoryTarget: InstallTarget = {
  agent: "factory",
  layout: "groups",
  configFile: ({ scope, platform, project, home }) => {
    if (scope === "project") return { path: posix.join(toSlashes(project), ".factory", "settings.json"), owned: false };
    if (scope === "user") return { path: posix.join(toSlashes(home), ".factory", "settings.json"), owned: false };
    return { path: MANAGED_SETTINGS[platform], owned: false };
  },
  // The docs ask for "$FACTORY_PROJECT_DIR"/… because hooks run in Droid's current directory, not the project root.
  projectPath: (relative) => `"\${FACTORY_PROJECT_DIR:-.}/${relative}"`,
  handler: (entry) => ({ type: "command", command: entry.command, timeout: entry.timeoutSeconds }),
  skeleton: () => ({}),
  presence: { project: [".factory"], home: [".factory"], binaries: ["droid"] },
  shadowedBy: (configPath) => posix.join(posix.dirname(configPath), "hooks.json"),
  afterInstall: {
    project:
      "Droid snapshots hooks when a session starts and asks you to review changed hooks in `/hooks` before they take effect. It reads the `hooks` key of settings.json only while no hooks.json sits beside it: if you keep hooks in a hooks.json there, Droid skips these.",
    enterprise: "Droid loads org-managed hooks for every user; set allowManagedHooksOnly in the same file to ignore user and project hooks.",
  },
  projectEnv: (dir) => ({ FACTORY_PROJECT_DIR: dir }),
};
