/** Windsurf Cascade (docs.windsurf.com/windsurf/cascade/hooks). */
import { posix } from "node:path";
import { toSlashes } from "../locations.ts";
import type { InstallTarget } from "./types.ts";

const SYSTEM_FILE = {
  linux: "/etc/windsurf/hooks.json",
  darwin: "/Library/Application Support/Windsurf/hooks.json",
  win32: "C:/ProgramData/Windsurf/hooks.json",
};

export const windsurfTarget: InstallTarget = {
  agent: "windsurf",
  layout: "flat",
  configFile: ({ scope, platform, project, home }) => {
    if (scope === "project") return { path: posix.join(toSlashes(project), ".windsurf", "hooks.json"), owned: false };
    if (scope === "user") return { path: posix.join(toSlashes(home), ".codeium", "windsurf", "hooks.json"), owned: false };
    return { path: SYSTEM_FILE[platform], owned: false };
  },
  // working_directory defaults to the workspace root.
  projectPath: (relative) => relative,
  // Its Windows shell is not documented (a `powershell` key is mentioned once by a third party): the project
  // form is read alike by a POSIX shell, Git Bash, PowerShell and cmd.
  projectEntryShell: "posix+powershell+cmd",
  // Windsurf has no matcher and no timeout field; each hook filters its own events.
  handler: (entry) => ({ command: entry.command, show_output: false }),
  skeleton: () => ({ hooks: {} }),
  presence: { project: [".windsurf"], home: [".codeium/windsurf"], binaries: ["windsurf"] },
  afterInstall: { project: "Windsurf reads hooks.json when Cascade starts: reload the window after install." },
};
