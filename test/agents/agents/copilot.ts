/** GitHub Copilot CLI in BYOK + offline mode: Chat Completions. */
import { join } from "node:path";
import type { AgentUnderTest } from "../agent.ts";
import { chatCompletionsAnswer } from "../fake/chat-completions.ts";

export const copilotCli: AgentUnderTest = {
  id: "copilot",
  name: "Copilot CLI",
  npmPackage: "@github/copilot",
  version: "1.0.102",
  bin: "copilot",
  answer: chatCompletionsAnswer,
  onHookCrash: "blocks the command",
  toolCall(call) {
    switch (call.role) {
      case "shell":
        return { name: "bash", args: { command: call.command, description: "scripted" } };
      case "read":
        return { name: "view", args: { path: call.path } };
      case "write":
        return { name: "create", args: { path: call.path, file_text: call.content } };
    }
  },
  installerNamesTrust: "--trust-folder",
  prepare() {},
  invocation(workspace, modelUrl, prompt, shared) {
    return {
      // Without folder trust .github/hooks/*.json is skipped silently; --trust-folder is the step `guards install` names.
      args: ["-p", prompt, "--output-format", "json", "--allow-all-tools", "--disable-client-telemetry", "--trust-folder"],
      env: {
        COPILOT_HOME: join(workspace.home, ".copilot"),
        XDG_CACHE_HOME: shared.cache,
        COPILOT_OFFLINE: "true",
        COPILOT_PROVIDER_BASE_URL: `${modelUrl}/v1`,
        COPILOT_PROVIDER_API_KEY: "sk-fake",
        COPILOT_MODEL: "gpt-4.1",
        COPILOT_AUTO_UPDATE: "false",
      },
      unset: ["GITHUB_TOKEN", "GH_TOKEN", "COPILOT_GITHUB_TOKEN"],
    };
  },
};

/**
 * Copilot CLI in a project installed with `--agent claude,copilot`: guards write only Claude's settings, which
 * Copilot CLI always runs, with Claude's event and tool names and its own argument names (`Read` with `path`).
 */
export const copilotOnClaudeFile: AgentUnderTest = {
  ...copilotCli,
  id: "copilot-on-claude",
  // Guards tell Copilot's payload apart on Claude's file and record it as Copilot.
  recordedAs: "copilot",
  name: "Copilot CLI on .claude/settings.json",
  installAgents: ["claude", "copilot"],
  // The install writes Claude's file only, so it prints Claude's trust note; the run still trusts the folder.
  installerNamesTrust: undefined,
};
