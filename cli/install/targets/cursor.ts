/** Cursor (cursor.com/docs/hooks: configuration files, schema, environment). */
import { posix } from "node:path";
import { toSlashes } from "../locations.ts";
import type { InstallTarget } from "./types.ts";

const ENTERPRISE_FILE = {
  linux: "/etc/cursor/hooks.json",
  darwin: "/Library/Application Support/Cursor/hooks.json",
  win32: "C:/ProgramData/Cursor/hooks.json",
};

export const cursorTarget: InstallTarget = {
  agent: "cursor",
  layout: "flat",
  configFile: ({ scope, platform, project, home }) => {
    if (scope === "project") return { path: posix.join(toSlashes(project), ".cursor", "hooks.json"), owned: false };
    if (scope === "user") return { path: posix.join(toSlashes(home), ".cursor", "hooks.json"), owned: false };
    return { path: ENTERPRISE_FILE[platform], owned: false };
  },
  // Project hooks run with the project root as cwd, and the docs write their paths relative to it.
  projectPath: (relative) => relative,
  // PowerShell on Windows, for the IDE and the CLI (third-party reports; README "On Windows: what each agent runs").
  windowsShell: "powershell",
  // One `command` for every OS (a single string, no per-OS variant: speakeasy-api/gram#3736): sh elsewhere.
  projectEntryShell: "posix+powershell+cmd",
  // Cursor fails open on a crash or timeout unless failClosed is set: security guards set it.
  handler: (entry) => ({
    command: entry.command,
    timeout: entry.timeoutSeconds,
    ...(entry.matcher === undefined ? {} : { matcher: entry.matcher }),
    ...(entry.failClosed ? { failClosed: true } : {}),
  }),
  skeleton: () => ({ version: 1, hooks: {} }),
  presence: { project: [".cursor"], home: [".cursor"], binaries: ["cursor", "cursor-agent"] },
  afterInstall: {
    project:
      "Cursor runs project hooks only in a trusted workspace; hooks.json is reloaded on save (Cursor Settings → Hooks, and the Hooks output channel, show what runs).",
    user: "Cursor runs user hooks in every workspace; hooks.json is reloaded on save (Cursor Settings → Hooks shows what runs).",
    enterprise: "Cursor runs enterprise hooks in every workspace, next to project and user hooks (Cursor Settings → Hooks shows what runs).",
  },
  projectEnv: (dir) => ({ CURSOR_PROJECT_DIR: dir, CLAUDE_PROJECT_DIR: dir }),
};
