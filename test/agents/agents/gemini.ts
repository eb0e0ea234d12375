/** Gemini CLI: Gemini API v1beta, headless and offline. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentUnderTest } from "../agent.ts";
import { geminiAnswer } from "../fake/gemini.ts";

export const geminiCli: AgentUnderTest = {
  id: "gemini",
  name: "Gemini CLI",
  npmPackage: "@google/gemini-cli",
  version: "0.61.0",
  bin: "gemini",
  answer: geminiAnswer,
  onHookCrash: "runs the command",
  toolCall(call) {
    switch (call.role) {
      case "shell":
        return { name: "run_shell_command", args: { command: call.command, description: "scripted" } };
      case "read":
        return { name: "read_file", args: { file_path: call.path } };
      case "write":
        return { name: "write_file", args: { file_path: call.path, content: call.content } };
    }
  },
  installerNamesTrust: "trusted folders",
  prepare(workspace) {
    mkdirSync(join(workspace.home, ".gemini"), { recursive: true });
    writeFileSync(
      join(workspace.home, ".gemini", "settings.json"),
      JSON.stringify({
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        general: { disableAutoUpdate: true, disableUpdateNag: true },
        // Without a pinned auth type the base-URL switch alone exits 41 ("Invalid auth method").
        security: { auth: { selectedType: "gemini-api-key" } },
      }),
    );
  },
  invocation(_workspace, modelUrl, prompt) {
    return {
      args: ["-p", prompt, "--output-format", "json", "--approval-mode", "yolo"],
      env: {
        GOOGLE_GEMINI_BASE_URL: modelUrl,
        GEMINI_API_KEY: "fake-key",
        // Untrusted workspaces exit 55 in headless mode; this is the trust the installer tells users about.
        GEMINI_CLI_TRUST_WORKSPACE: "true",
        GEMINI_CLI_NO_RELAUNCH: "true",
      },
      unset: ["GOOGLE_API_KEY", "GOOGLE_APPLICATION_CREDENTIALS", "GOOGLE_CLOUD_PROJECT"],
    };
  },
};
