import { claudeTarget } from "./claude.ts";
import { clineTarget } from "./cline.ts";
import { codexTarget } from "./codex.ts";
import { copilotTarget } from "./copilot.ts";
import { cursorTarget } from "./cursor.ts";
import { geminiTarget } from "./gemini.ts";
import { gooseTarget } from "./goose.ts";
import { kiroTarget } from "./kiro.ts";
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
} satisfies Record<AgentId, InstallTarget>;

export const AGENT_IDS = Object.keys(installTargets) as AgentId[];

/**
 * Agents that also run the hooks of another agent's files at the same scope: Copilot CLI and VS Code
 * read `.claude/settings*.json` and `~/.claude/settings.json` (reference/dialects.md §4.1, §4b).
 * Writing both would fire every guard twice, so the reader is left to the other agent's file.
 */
export const READS_FILES_OF: Partial<Record<AgentId, { agent: AgentId; scopes: readonly string[] }>> = {
  copilot: { agent: "claude", scopes: ["project", "user"] },
};

/**
 * Agents that run another agent's files only when a setting is on: both are installed, and the user
 * is told which setting makes them fire twice. Cursor runs Claude's hooks with "third-party hooks"
 * enabled (reference/dialects.md §1.1, §1.9).
 */
export const MAY_READ_FILES_OF: Partial<Record<AgentId, { agent: AgentId; scopes: readonly string[]; setting: string }>> = {
  cursor: { agent: "claude", scopes: ["project", "user"], setting: "Cursor Settings → third-party hooks" },
  // cli.devin.ai/docs/extensibility/hooks: Claude Code's hooks "work with Devin CLI automatically"; read_config_from.claude turns that off.
  devin: { agent: "claude", scopes: ["project", "user"], setting: "read_config_from.claude in .devin/config.json" },
};

export function isAgentId(value: string): value is AgentId {
  return value in installTargets;
}
