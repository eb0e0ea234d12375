/**
 * VS Code's agent (Local harness): it runs Copilot's hook files, `.github/hooks/*.json` and
 * `~/.copilot/hooks/*.json`, taking `bash` on Linux and macOS and `powershell` on Windows, and maps
 * Copilot's event keys to its own (microsoft/vscode `hookCompatibility.ts`,
 * `promptFileLocations.ts`). So guards write Copilot's file for it: one file that both agents run.
 */
import { copilotTarget } from "./copilot.ts";
import type { InstallTarget } from "./types.ts";

export const vscodeTarget: InstallTarget = {
  ...copilotTarget,
  agent: "vscode",
  entryDialect: "copilot",
  // VS Code's Local harness reads no policy folder: machine-wide hooks come from the `ChatHooks` org policy only.
  configFile: (dirs) => (dirs.scope === "enterprise" ? undefined : copilotTarget.configFile(dirs)),
  presence: { project: [".vscode"], home: [".vscode"], binaries: ["code"] },
  afterInstall: {
    project:
      "VS Code's agent (Local harness) runs .github/hooks/guards.json while `chat.useHooks` is on (the default). It runs Claude's settings files only with `chat.useClaudeHooks`, which is off by default. The Copilot, Claude and Codex harnesses run their own agent's files instead.",
    user: "VS Code's agent (Local harness) runs ~/.copilot/hooks/guards.json in every workspace while `chat.useHooks` is on (the default).",
  },
};
