import { ampTarget } from "./amp.ts";
import { augmentTarget } from "./augment.ts";
import { claudeTarget } from "./claude.ts";
import { clineTarget } from "./cline.ts";
import { codexTarget } from "./codex.ts";
import { copilotTarget } from "./copilot.ts";
import { cursorTarget } from "./cursor.ts";
import { geminiTarget } from "./gemini.ts";
import { gooseTarget } from "./goose.ts";
import { kiroTarget } from "./kiro.ts";
import { opencodeTarget } from "./opencode.ts";
import { qwenTarget } from "./qwen.ts";
import { crushTarget } from "./crush.ts";
import { devinTarget } from "./devin.ts";
import { factoryTarget } from "./factory.ts";
import type { AgentId, InstallTarget } from "./types.ts";
import { vscodeTarget } from "./vscode.ts";
import { windsurfTarget } from "./windsurf.ts";

export const installTargets = {
  cursor: cursorTarget,
  claude: claudeTarget,
  windsurf: windsurfTarget,
  copilot: copilotTarget,
  gemini: geminiTarget,
  codex: codexTarget,
  qwen: qwenTarget,
  factory: factoryTarget,
  devin: devinTarget,
  kiro: kiroTarget,
  goose: gooseTarget,
  crush: crushTarget,
  vscode: vscodeTarget,
  cline: clineTarget,
  augment: augmentTarget,
  opencode: opencodeTarget,
  amp: ampTarget,
} satisfies Record<AgentId, InstallTarget>;

export const AGENT_IDS = Object.keys(installTargets) as AgentId[];

/**
 * Agents that run another agent's file of the same scope, where a file of their own would make one agent
 * run every guard twice: the reader is left to the other agent's file (README "Which agents run which file").
 * - Copilot CLI (and the Copilot desktop app) always run the project's `.claude/settings.json`.
 * - VS Code's agent runs Claude's files only with `setting` on; its own file would be Copilot's
 *   `.github/hooks`, which Copilot CLI runs beside Claude's file. The user is told to turn the setting on.
 */
export const READS_FILES_OF: Partial<Record<AgentId, { agent: AgentId; scopes: readonly string[]; setting?: string }>> = {
  copilot: { agent: "claude", scopes: ["project"] },
  vscode: { agent: "claude", scopes: ["project", "user"], setting: "chat.useClaudeHooks" },
};

/**
 * Agents that run another agent's files only when a setting is on: both are installed, and the user
 * is told which setting makes them fire twice. Cursor runs Claude's hooks with "third-party hooks"
 * enabled (cursor.com/docs/reference/third-party-hooks).
 */
export const MAY_READ_FILES_OF: Partial<Record<AgentId, { agent: AgentId; scopes: readonly string[]; setting: string }>> = {
  cursor: { agent: "claude", scopes: ["project", "user"], setting: "Cursor Settings → third-party hooks" },
  // cli.devin.ai/docs/extensibility/hooks: Claude Code's hooks "work with Devin CLI automatically"; read_config_from.claude turns that off.
  devin: { agent: "claude", scopes: ["project", "user"], setting: "read_config_from.claude in .devin/config.json" },
};

export function isAgentId(value: string): value is AgentId {
  return value in installTargets;
}
