/**
 * OpenCode (`opencode run`): a Chat Completions provider given in OPENCODE_CONFIG_CONTENT. guards reach it as the
 * in-process plugin `.opencode/plugins/guards.js`.
 */
import type { AgentUnderTest } from "../agent.ts";
import { chatCompletionsAnswer } from "../fake/chat-completions.ts";

export const openCode: AgentUnderTest = {
  id: "opencode",
  name: "OpenCode",
  npmPackage: "opencode-ai",
  version: "1.18.33",
  bin: "opencode",
  inProcess: true,
  answer: chatCompletionsAnswer,
  // The plugin throws when the engine fails: OpenCode then refuses the call.
  onHookCrash: "blocks the command",
  toolCall(call) {
    switch (call.role) {
      case "shell":
        return { name: "bash", args: { command: call.command, description: "scripted" } };
      case "read":
        return { name: "read", args: { filePath: call.path } };
      case "write":
        return { name: "write", args: { filePath: call.path, content: call.content } };
    }
  },
  prepare() {},
  invocation(_workspace, modelUrl, prompt) {
    const config = {
      provider: { fake: { npm: "@ai-sdk/openai-compatible", name: "Fake", options: { baseURL: `${modelUrl}/v1`, apiKey: "sk-fake" }, models: { "fake-model": { name: "Fake" } } } },
      model: "fake/fake-model",
      // OpenCode asks before reading `*.env` files, and `opencode run` refuses what it would ask: with its own
      // rule on, the secret-read control run fails for OpenCode's reason, not guards'.
      permission: { read: "allow" },
      autoupdate: false,
      share: "disabled",
    };
    return {
      args: ["run", prompt],
      env: {
        OPENCODE_CONFIG_CONTENT: JSON.stringify(config),
        OPENCODE_DISABLE_AUTOUPDATE: "1",
        OPENCODE_DISABLE_MODELS_FETCH: "1",
        // OpenCode installs @opencode-ai/plugin into every config folder that has one (`.opencode/`, here made by
        // the plugin install) and waits for it before loading plugins; offline, npm retries for over a minute.
        // npm's own offline switch, which OpenCode's installer reads from the environment, makes it give up at once.
        npm_config_offline: "true",
      },
      unset: ["OPENAI_API_KEY", "ANTHROPIC_API_KEY"],
    };
  },
};
