/** Qwen Code: Chat Completions, headless and offline. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentUnderTest } from "../agent.ts";
import { chatCompletionsAnswer } from "../fake/chat-completions.ts";

export const qwenCode: AgentUnderTest = {
  id: "qwen",
  name: "Qwen Code",
  npmPackage: "@qwen-code/qwen-code",
  version: "0.24.4",
  bin: "qwen",
  answer: chatCompletionsAnswer,
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
  prepare(workspace) {
    mkdirSync(join(workspace.home, ".qwen"), { recursive: true });
    writeFileSync(
      join(workspace.home, ".qwen", "settings.json"),
      JSON.stringify({
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
        general: { disableAutoUpdate: true, disableUpdateNag: true },
        security: { auth: { selectedType: "openai" } },
      }),
    );
  },
  invocation(_workspace, modelUrl, prompt) {
    return {
      args: ["-p", prompt, "--output-format", "json", "--approval-mode", "yolo", "--auth-type", "openai"],
      env: { OPENAI_BASE_URL: `${modelUrl}/v1`, OPENAI_API_KEY: "sk-fake", OPENAI_MODEL: "fake-model", QWEN_CODE_NO_RELAUNCH: "true" },
      unset: ["DASHSCOPE_API_KEY"],
    };
  },
};
