/** GitHub Copilot CLI and cloud agent (docs.github.com/en/copilot/reference/hooks-reference). */
import { posix } from "node:path";
import { toSlashes } from "../locations.ts";
import type { InstallTarget } from "./types.ts";

const POLICY_DIR = { linux: "/etc/github-copilot/policy.d", darwin: "/etc/github-copilot/policy.d", win32: "C:/ProgramData/GitHub/Copilot/policy.d" };

export const copilotTarget: InstallTarget = {
  agent: "copilot",
  layout: "flat",
  // Copilot reads every *.json of its hooks folders, so guards keep a file of their own there.
  configFile: ({ scope, platform, project, home, env }) => {
    if (scope === "project") return { path: posix.join(toSlashes(project), ".github", "hooks", "guards.json"), owned: true };
    if (scope === "user") return { path: posix.join(toSlashes(env.COPILOT_HOME ?? posix.join(toSlashes(home), ".copilot")), "hooks", "guards.json"), owned: true };
    return { path: posix.join(POLICY_DIR[platform], "guards.json"), owned: true };
  },
  // Repository hooks run from the repository root (the cloud agent's /workspace).
  projectPath: (relative) => relative,
  // `bash` runs on Linux and macOS, `powershell` on Windows (Copilot CLI's hooks reference; VS Code maps
  // them to its own `linux`/`osx` and `windows`, microsoft/vscode hookCompatibility.ts).
  windowsField: "powershell",
  windowsShell: "powershell",
  handler: (entry) => ({
    type: "command",
    bash: entry.command,
    powershell: entry.windowsCommand ?? entry.command,
    timeoutSec: entry.timeoutSeconds,
    ...(entry.matcher === undefined ? {} : { matcher: entry.matcher }),
  }),
  hooksSwitchedOff: (doc) => (doc.disableAllHooks === true ? "disableAllHooks is true" : undefined),
  skeleton: () => ({ version: 1, hooks: {} }),
  presence: { project: [".github/hooks", ".github/copilot"], home: [".copilot"], binaries: ["copilot"] },
  afterInstall: {
    project:
      "Copilot CLI runs repository hooks only in trusted folders (answer the trust prompt, or `--trust-folder`); the cloud agent reads them from the default branch, so commit .github/hooks/guards.json and .guards/.",
    user: "Copilot CLI runs the hooks in ~/.copilot/hooks in every session.",
    // docs.github.com/en/copilot/reference/hooks-reference: policy hooks ignore folder trust and disableAllHooks.
    enterprise: "Copilot CLI runs policy.d hooks whatever the folder trust, and users cannot switch them off.",
  },
};
