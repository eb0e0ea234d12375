/** OpenAI Codex CLI: Responses API, headless and offline. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentUnderTest } from "../agent.ts";
import { responsesAnswer } from "../fake/responses.ts";

export const codexCli: AgentUnderTest = {
  id: "codex",
  name: "Codex CLI",
  npmPackage: "@openai/codex",
  version: "0.169.0",
  bin: "codex",
  answer: responsesAnswer,
  onHookCrash: "runs the command",
  toolCall(call) {
    switch (call.role) {
      case "shell":
        // The model calls exec_command {cmd}; the hook sees Bash {command} (measured with Codex 0.169.0).
        return { name: "exec_command", args: { cmd: call.command } };
      case "read":
        return { notApplicable: "Codex has no read tool" };
      case "write":
        return { name: "apply_patch", input: addFilePatch(call.path, call.content) };
    }
  },
  installerNamesTrust: "trusted in `/hooks`",
  prepare(workspace, modelUrl) {
    const codexHome = join(workspace.home, ".codex");
    mkdirSync(codexHome, { recursive: true });
    writeFileSync(
      join(codexHome, "config.toml"),
      [
        'model = "gpt-5.5"',
        'model_provider = "fake"',
        "check_for_update_on_startup = false",
        "[model_providers.fake]",
        'name = "fake"',
        `base_url = "${modelUrl}/v1"`,
        'env_key = "FAKE_API_KEY"',
        'wire_api = "responses"',
        `[projects."${workspace.project}"]`,
        'trust_level = "trusted"',
        "[analytics]",
        "enabled = false",
        "[feedback]",
        "enabled = false",
        "[features]",
        "plugins = false",
        "remote_plugin = false",
        "apps = false",
        "",
      ].join("\n"),
      { flag: "a" },
    );
  },
  invocation(workspace, _modelUrl, prompt) {
    return {
      // Codex exec skips project hooks without a persisted trust hash; the flag trusts them for this run.
      args: ["exec", "--skip-git-repo-check", "--json", "--dangerously-bypass-approvals-and-sandbox", "--dangerously-bypass-hook-trust", prompt],
      env: { CODEX_HOME: join(workspace.home, ".codex"), FAKE_API_KEY: "sk-test" },
      unset: ["OPENAI_API_KEY", "OPENAI_BASE_URL"],
    };
  },
};

function addFilePatch(path: string, content: string): string {
  const lines = content.replace(/\n$/, "").split("\n").map((line) => `+${line}`);
  return ["*** Begin Patch", `*** Add File: ${path}`, ...lines, "*** End Patch", ""].join("\n");
}
