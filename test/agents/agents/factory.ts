/**
 * Factory Droid (`droid exec`): a BYOK custom model (`customModels` in ~/.factory/settings.json, docs.factory.ai
 * /cli/byok) on Chat Completions, so no Factory account is needed. Installed from the platform package: the
 * `@factory/cli` 0.225.1 wrapper pins `@factory/cli-linux-x64@0.225.1`, which the registry does not hold.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentUnderTest } from "../agent.ts";
import { chatCompletionsAnswer } from "../fake/chat-completions.ts";

export const factoryDroid: AgentUnderTest = {
  id: "factory",
  name: "Factory Droid",
  npmPackage: "@factory/cli-linux-x64",
  version: "0.225.2",
  bin: "droid",
  binPath: "@factory/cli-linux-x64/bin/droid",
  onlyOn: "linux-x64",
  masksSecretsItself:
    "Droid 0.225.2 masks credentials in a Read's output itself (all four kinds, and a private key), with or without guards",
  answer: chatCompletionsAnswer,
  onHookCrash: "runs the command",
  toolCall(call) {
    switch (call.role) {
      case "shell":
        // Droid refuses an Execute call without its risk fields.
        return { name: "Execute", args: { command: call.command, summary: "Run the scripted step", riskLevelReason: "A scripted test step.", riskLevel: "medium" } };
      case "read":
        return { name: "Read", args: { file_path: call.path } };
      case "write":
        return { name: "Create", args: { file_path: call.path, content: call.content } };
    }
  },
  prepare(workspace, modelUrl) {
    mkdirSync(join(workspace.home, ".factory"), { recursive: true });
    writeFileSync(
      join(workspace.home, ".factory", "settings.json"),
      JSON.stringify({
        // Droid-Shield (Droid's own secret scan of commits) refuses `git add … && git commit` in one Execute call;
        // the git-commit scenario is about what guards let through.
        enableDroidShield: false,
        customModels: [{ model: "fake-model", displayName: "Fake", baseUrl: `${modelUrl}/v1`, apiKey: "sk-fake", provider: "generic-chat-completion-api", maxOutputTokens: 4096 }],
      }),
    );
  },
  invocation(_workspace, _modelUrl, prompt) {
    return {
      // custom:<displayName>-<index>: the id Droid gives the first custom model.
      args: ["exec", "-m", "custom:Fake-0", "--skip-permissions-unsafe", "-o", "json", prompt],
      env: {},
      unset: ["FACTORY_API_KEY"],
    };
  },
};
