/** Gemini CLI (google-gemini/gemini-cli docs/hooks, docs/cli/enterprise.md). */
import { posix } from "node:path";
import { toSlashes } from "../locations.ts";
import type { InstallTarget } from "./types.ts";

const SYSTEM_SETTINGS = {
  linux: "/etc/gemini-cli/settings.json",
  darwin: "/Library/Application Support/GeminiCli/settings.json",
  win32: "C:/ProgramData/gemini-cli/settings.json",
};

export const geminiTarget: InstallTarget = {
  agent: "gemini",
  layout: "groups",
  configFile: ({ scope, platform, project, home }) => {
    if (scope === "project") return { path: posix.join(toSlashes(project), ".gemini", "settings.json"), owned: false };
    if (scope === "user") return { path: posix.join(toSlashes(home), ".gemini", "settings.json"), owned: false };
    return { path: SYSTEM_SETTINGS[platform], owned: false };
  },
  // Gemini CLI starts every hook with cwd = the payload's cwd and sets GEMINI_PROJECT_DIR to that same
  // folder (google-gemini/gemini-cli packages/core/src/hooks/hookRunner.ts), so a path relative to it is the
  // variable's path without the variable, and it runs unchanged in PowerShell, which Gemini uses on Windows.
  projectPath: (relative) => relative,
  // PowerShell on Windows: ComSpec when it names powershell.exe or pwsh.exe, else pwsh.exe from PATH, else
  // powershell.exe, each with `-NoProfile -Command`; `bash -c` elsewhere (google-gemini/gemini-cli
  // packages/core/src/utils/shell-utils.ts getShellConfiguration, used by hooks/hookRunner.ts).
  windowsShell: "powershell",
  projectEntryShell: "posix+powershell+cmd",
  // Gemini timeouts are milliseconds; `name` is what hooksConfig.disabled lists to switch one off.
  handler: (entry) => ({ type: "command", name: `guards-${entry.hookIds.join("+")}`, command: entry.command, timeout: entry.timeoutSeconds * 1000 }),
  hooksSwitchedOff: (doc) =>
    typeof doc.hooksConfig === "object" && doc.hooksConfig !== null && (doc.hooksConfig as Record<string, unknown>).enabled === false
      ? "hooksConfig.enabled is false"
      : undefined,
  skeleton: () => ({}),
  presence: { project: [".gemini"], home: [".gemini"], binaries: ["gemini"] },
  afterInstall: {
    project: "Gemini CLI runs project hooks only in trusted folders (`/permissions`), and asks again when the project's hooks change.",
    user: "Gemini CLI runs user hooks in every session.",
    enterprise: "Gemini CLI's system settings override user and project settings: the hooks run in every session.",
  },
  projectEnv: (dir) => ({ GEMINI_PROJECT_DIR: dir, GEMINI_CWD: dir, CLAUDE_PROJECT_DIR: dir }),
};
