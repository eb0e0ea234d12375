/** Qwen Code (QwenLM/qwen-code docs/users/features/hooks.md, configuration/settings.md). */
import { posix } from "node:path";
import { toSlashes } from "../locations.ts";
import type { InstallTarget } from "./types.ts";

const SYSTEM_SETTINGS = {
  linux: "/etc/qwen-code/settings.json",
  darwin: "/Library/Application Support/QwenCode/settings.json",
  win32: "C:/ProgramData/qwen-code/settings.json",
};

export const qwenTarget: InstallTarget = {
  agent: "qwen",
  layout: "groups",
  configFile: ({ scope, platform, project, home }) => {
    if (scope === "project") return { path: posix.join(toSlashes(project), ".qwen", "settings.json"), owned: false };
    if (scope === "user") return { path: posix.join(toSlashes(home), ".qwen", "settings.json"), owned: false };
    return { path: SYSTEM_SETTINGS[platform], owned: false };
  },
  // As in Gemini CLI, which it forks: hooks start with cwd = the payload's cwd, and QWEN_PROJECT_DIR is that
  // folder (QwenLM/qwen-code packages/core/src/hooks/hookRunner.ts). A relative path needs no shell, so it
  // also runs where Qwen uses PowerShell (its `shell` field, docs/users/features/hooks.md).
  projectPath: (relative) => relative,
  windowsShell: "powershell",
  // Its hook runner takes Gemini CLI's shell choice (bash -c, PowerShell on Windows) unless a hook names `shell`.
  projectEntryShell: "posix+powershell+cmd",
  // Qwen timeouts are milliseconds, as Gemini's.
  handler: (entry) => ({ type: "command", command: entry.command, timeout: entry.timeoutSeconds * 1000 }),
  hooksSwitchedOff: (doc) => (doc.disableAllHooks === true ? "disableAllHooks is true" : undefined),
  skeleton: () => ({}),
  presence: { project: [".qwen"], home: [".qwen"], binaries: ["qwen"] },
  afterInstall: {
    project: "Qwen Code reads project settings only in trusted folders; restart the session to load new hooks.",
    user: "Qwen Code reads user settings when a session starts: restart running sessions.",
    enterprise: "Qwen Code reads system settings when a session starts: restart running sessions.",
  },
  projectEnv: (dir) => ({ QWEN_PROJECT_DIR: dir }),
};
