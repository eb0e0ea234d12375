/** A config a user already has, per agent: their own hook on the same event guards use, other keys, an unusual indentation. */
import type { ConfigAgentId } from "./schemas.ts";

export interface UserConfig {
  /** The file, relative to the folder of guards' config file (a neighbour when guards own their file). */
  name?: string;
  doc: Record<string, unknown>;
  indent: string;
}

const mineGroup = (matcher: string) => [{ matcher, hooks: [{ type: "command", command: "echo mine" }] }];

export const USER_CONFIGS: Record<ConfigAgentId, UserConfig> = {
  claude: {
    doc: { $schema: "https://json.schemastore.org/claude-code-settings.json", model: "opus", hooks: { PreToolUse: mineGroup("Bash") }, permissions: { allow: ["Bash(ls:*)"] } },
    indent: "\t",
  },
  // Codex refuses unknown top-level keys, so the user's extra is another event.
  codex: { doc: { hooks: { SessionStart: [{ hooks: [{ type: "command", command: "echo start" }] }], PreToolUse: mineGroup("Bash") } }, indent: "   " },
  gemini: { doc: { general: { vimMode: true }, hooks: { BeforeTool: mineGroup("run_shell_command") }, ui: { theme: "Default" } }, indent: "    " },
  qwen: { doc: { model: { name: "qwen3-coder" }, hooks: { PreToolUse: mineGroup("run_shell_command") }, disableAllHooks: false }, indent: "\t" },
  factory: { doc: { hooks: { PreToolUse: mineGroup("Execute") } }, indent: "\t" },
  devin: { doc: { read_config_from: { claude: false }, hooks: { PreToolUse: mineGroup("exec") } }, indent: "   " },
  // guards own their Kiro hooks file and their Goose plugin: the user's files beside them must not change.
  kiro: { name: "mine.json", doc: { version: "v1", hooks: [{ name: "lint", trigger: "PostFileSave", matcher: "\\.ts$", action: { type: "command", command: "npm run lint" } }] }, indent: "\t" },
  goose: { name: "../../mine/hooks/hooks.json", doc: { hooks: { PreToolUse: mineGroup("developer__shell") } }, indent: "\t" },
  crush: { doc: { options: { debug: false }, hooks: { PreToolUse: [{ name: "mine", matcher: "^bash$", command: "./hooks/mine.sh" }] } }, indent: "   " },
  augment: { doc: { model: "claude-sonnet-4-5", hooks: { PreToolUse: [{ matcher: "launch-process", hooks: [{ type: "command", command: "/opt/mine.sh", timeout: 5000 }] }] } }, indent: "  " },
  cursor: { doc: { version: 1, hooks: { beforeShellExecution: [{ command: "./hooks/mine.sh" }], stop: [{ command: "./hooks/done.sh" }] } }, indent: "   " },
  windsurf: { doc: { hooks: { pre_run_command: [{ command: "python3 /opt/mine.py", show_output: true }] } }, indent: "\t" },
  // guards keep a file of their own in Copilot's hooks folder: the user's file beside it must not change.
  copilot: { name: "mine.json", doc: { version: 1, hooks: { preToolUse: [{ type: "command", bash: "./mine.sh", timeoutSec: 5 }] } }, indent: "\t" },
  vscode: { name: "mine.json", doc: { version: 1, hooks: { preToolUse: [{ type: "command", bash: "./mine.sh", timeoutSec: 5 }] } }, indent: "\t" },
};

export function userText(config: UserConfig): string {
  return `${JSON.stringify(config.doc, null, config.indent)}\n`;
}
