/**
 * The real payloads doctor replays through installed shell-guard entries: each agent's `ls` fixture
 * for its pre-shell event, bundled into the CLI (the package ships no fixtures folder).
 */
import augment from "../../fixtures/augment/PreToolUse/ls.json" with { type: "json" };
import claude from "../../fixtures/claude/PreToolUse/ls.json" with { type: "json" };
import cline from "../../fixtures/cline/PreToolUse/ls.json" with { type: "json" };
import codex from "../../fixtures/codex/PreToolUse/ls.json" with { type: "json" };
import copilot from "../../fixtures/copilot/preToolUse/ls.json" with { type: "json" };
import cursor from "../../fixtures/cursor/beforeShellExecution/ls.json" with { type: "json" };
import gemini from "../../fixtures/gemini/BeforeTool/ls.json" with { type: "json" };
import devin from "../../fixtures/devin/PreToolUse/ls.json" with { type: "json" };
import factory from "../../fixtures/factory/PreToolUse/ls.json" with { type: "json" };
import crush from "../../fixtures/crush/PreToolUse/ls.json" with { type: "json" };
import goose from "../../fixtures/goose/PreToolUse/ls.json" with { type: "json" };
import kiro from "../../fixtures/kiro/PreToolUse/ls.json" with { type: "json" };
import qwen from "../../fixtures/qwen/PreToolUse/ls.json" with { type: "json" };
import windsurf from "../../fixtures/windsurf/pre_run_command/ls.json" with { type: "json" };
import type { AgentId } from "./targets/types.ts";

/** Native event → a harmless `ls` payload of that event, per agent. */
export const LS_PAYLOADS: Record<AgentId, Record<string, Record<string, unknown>>> = {
  // Plugins run in the agent's process: there is no command to replay.
  opencode: {},
  amp: {},
  claude: { PreToolUse: claude },
  codex: { PreToolUse: codex },
  copilot: { preToolUse: copilot },
  cursor: { beforeShellExecution: cursor },
  gemini: { BeforeTool: gemini },
  qwen: { PreToolUse: qwen },
  factory: { PreToolUse: factory },
  devin: { PreToolUse: devin },
  kiro: { PreToolUse: kiro },
  goose: { PreToolUse: goose },
  crush: { PreToolUse: crush },
  cline: { PreToolUse: cline },
  augment: { PreToolUse: augment },
  windsurf: { pre_run_command: windsurf },
  // VS Code runs Copilot's file: its entries are replayed as Copilot's.
  vscode: {},
};

/** The command each payload above carries. */
export const REPLAY_COMMAND = "ls -la";

/** The payload with another command where it carries `ls -la` (each agent keeps it in its own field). */
export function withReplayedCommand(payload: Record<string, unknown>, command: string): Record<string, unknown> {
  if (command === REPLAY_COMMAND) return payload;
  const swap = (value: unknown): unknown =>
    value === REPLAY_COMMAND ? command : Array.isArray(value) ? value.map(swap) : typeof value === "object" && value !== null ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)])) : value;
  return swap(payload) as Record<string, unknown>;
}
