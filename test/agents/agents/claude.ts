/** Claude Code: Anthropic Messages API, headless and offline. */
import type { AgentUnderTest } from "../agent.ts";
import { anthropicAnswer } from "../fake/anthropic.ts";

export const claudeCode: AgentUnderTest = {
  id: "claude",
  name: "Claude Code",
  npmPackage: "@anthropic-ai/claude-code",
  version: "2.1.330",
  bin: "claude",
  answer: anthropicAnswer,
  onHookCrash: "runs the command",
  toolCall(call) {
    switch (call.role) {
      case "shell":
        return { name: "Bash", args: { command: call.command, description: "scripted" } };
      case "read":
        return { name: "Read", args: { file_path: call.path } };
      case "write":
        return { name: "Write", args: { file_path: call.path, content: call.content } };
    }
  },
  prepare() {},
  invocation(workspace, modelUrl, prompt) {
    return {
      args: ["-p", prompt, "--output-format", "json", "--dangerously-skip-permissions"],
      env: {
        // As root the CLI accepts --dangerously-skip-permissions only with IS_SANDBOX=1 (not "yes").
        IS_SANDBOX: "1",
        ANTHROPIC_BASE_URL: modelUrl,
        ANTHROPIC_API_KEY: "sk-ant-test",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        DISABLE_TELEMETRY: "1",
        DISABLE_AUTOUPDATER: "1",
        DISABLE_ERROR_REPORTING: "1",
      },
      unset: ["ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"],
    };
  },
};
