/** Claude Code (code.claude.com/docs/en/settings, /hooks, /managed-settings). */
import { posix } from "node:path";
import { toSlashes } from "../locations.ts";
import type { InstallTarget } from "./types.ts";

const MANAGED_DIR = { linux: "/etc/claude-code", darwin: "/Library/Application Support/ClaudeCode", win32: "C:/Program Files/ClaudeCode" };

export const claudeTarget: InstallTarget = {
  agent: "claude",
  layout: "groups",
  configFile: ({ scope, platform, project, home, env }) => {
    if (scope === "project") return { path: posix.join(toSlashes(project), ".claude", "settings.json"), owned: false };
    if (scope === "user") return { path: posix.join(toSlashes(env.CLAUDE_CONFIG_DIR ?? posix.join(toSlashes(home), ".claude")), "settings.json"), owned: false };
    // A drop-in of our own beside managed-settings.json, so an admin's file is never edited.
    return { path: posix.join(MANAGED_DIR[platform], "managed-settings.d", "50-guards.json"), owned: true };
  },
  // CLAUDE_PROJECT_DIR does not follow `cd`, relative paths do (anthropics/claude-code#3583). Other agents
  // that run Claude's settings may not set it: then the project root is their cwd.
  projectPath: (relative) => `"\${CLAUDE_PROJECT_DIR:-.}/${relative}"`,
  // Git Bash on Windows (code.claude.com/docs/en/hooks); PowerShell only where it finds none (doctor says).
  windowsShell: "posix",
  handler: (entry) => ({ type: "command", command: entry.command, timeout: entry.timeoutSeconds }),
  hooksSwitchedOff: (doc) => (doc.disableAllHooks === true ? "disableAllHooks is true" : undefined),
  skeleton: () => ({}),
  presence: { project: [".claude"], home: [".claude"], binaries: ["claude"] },
  afterInstall: {
    project:
      "Claude Code runs project hooks once the workspace-trust prompt is accepted (`claude -p` treats the folder as trusted); settings are reloaded on change, `/hooks` lists what is active.",
    user: "Claude Code runs user hooks in every project; settings are reloaded on change, `/hooks` lists what is active.",
    // code.claude.com/docs/en/managed-settings: disableAllHooks cannot switch managed hooks off.
    enterprise: "Claude Code runs managed hooks for every user, and users cannot switch them off; `/hooks` lists what is active.",
  },
  lockDown: { allowManagedHooksOnly: true },
  projectEnv: (dir) => ({ CLAUDE_PROJECT_DIR: dir }),
};
