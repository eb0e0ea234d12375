/**
 * Cline CLI (npm `cline`, 3.x on @cline/core): Chat Completions through its `openai-compatible` provider,
 * configured the way `cline auth -p openai-compatible -b <url>` writes it. Hooks are the executables in
 * `.clinerules/hooks/`, run with no setting to turn on.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentUnderTest } from "../agent.ts";
import { chatCompletionsAnswer } from "../fake/chat-completions.ts";

export const clineCli: AgentUnderTest = {
  id: "cline",
  name: "Cline CLI",
  npmPackage: "cline",
  version: "3.0.65",
  bin: "cline",
  answer: chatCompletionsAnswer,
  // Cline ignores exit codes; the script guards install cancels when a security guard gives no answer.
  onHookCrash: "blocks the command",
  toolCall(call) {
    switch (call.role) {
      case "shell":
        return { name: "run_commands", args: { commands: [call.command] } };
      case "read":
        return { name: "read_files", args: { files: [{ path: call.path }] } };
      case "write":
        return { name: "editor", args: { path: call.path, new_text: call.content } };
    }
  },
  // `{"cancel": true}` from a PreToolUse file stops the whole run ("finishReason":"aborted"): the model is never
  // told why, and no tool result goes back.
  stoppedByHook: (run) => run.stdout.includes('"finishReason":"aborted"'),
  prepare(workspace, modelUrl) {
    const settings = join(workspace.home, ".cline", "data", "settings");
    mkdirSync(settings, { recursive: true });
    writeFileSync(
      join(settings, "providers.json"),
      JSON.stringify({
        version: 1,
        lastUsedProvider: "openai-compatible",
        modes: {},
        providers: {
          "openai-compatible": {
            settings: { provider: "openai-compatible", apiKey: "sk-fake", model: "fake-model", baseUrl: `${modelUrl}/v1` },
            // Without updatedAt Cline finds the file invalid and replaces it with its own default provider.
            updatedAt: new Date().toISOString(),
            tokenSource: "manual",
          },
        },
      }),
    );
  },
  invocation(_workspace, _modelUrl, prompt) {
    return {
      args: ["--json", "-P", "openai-compatible", "-m", "fake-model", prompt],
      // "local" keeps the session in this process: the default starts a detached hub daemon that outlives the run.
      env: { CLINE_SESSION_BACKEND_MODE: "local" },
      unset: ["OPENAI_API_KEY", "ANTHROPIC_API_KEY"],
    };
  },
};
