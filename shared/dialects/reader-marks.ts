/**
 * `--dialect` names the agent a file was written for, not the only agent that runs it: Copilot CLI, VS Code
 * and Cursor also run Claude's settings files, and VS Code runs Copilot's hook files, each with its own
 * payload and its own reading of the answer (README "Which agents run which file"). This picks the
 * sender from the payload's fingerprint and the environment, by the marks alone: the chosen agent's
 * module is loaded only then (readers.ts, reader-loaders.ts).
 */
import type { Json } from "../fields.ts";
import { isCopilotShape } from "./copilot-shape.ts";
import { isCursorPayload } from "./cursor-events.ts";
import { isVscodeShape, VSCODE_TOOL_IDS } from "./vscode-events.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** The agent that sent a payload to a file of another: the file's own agent (`home`), or the reader to answer as. */
export type ReaderChoice = "home" | "cursorThirdParty" | "vscode" | "devin" | "copilot" | "copilotSnake" | "claudeShared";

/** `exec` with a `shell_id` is Devin's alone; other events carry no mark of their own (the env var does, not the payload). */
export function isDevinExec(raw: Json): boolean {
  return typeof raw.hook_event_name === "string" && raw.tool_name === "exec" && typeof raw.tool_input === "object" && raw.tool_input !== null && "shell_id" in raw.tool_input;
}

/** Copilot CLI sets COPILOT_CLI=1 for every hook (measured with Copilot CLI 1.0.102, see test/agents/). */
const fromCopilot = (env: Env) => env.COPILOT_CLI === "1";

/** VS Code's Local harness: its tool ids, or its envelope (ISO timestamp, tool_use_id, no permission_mode). */
function fromVscode(raw: Json): boolean {
  if (isVscodeShape(raw)) return true;
  return typeof raw.timestamp === "string" && typeof raw.tool_name === "string" && VSCODE_TOOL_IDS.includes(raw.tool_name) && !("permission_mode" in raw);
}

/** Copilot's snake_case envelope without the env: an ISO timestamp and none of Claude's or VS Code's own fields. */
function copilotEnvelope(raw: Json): boolean {
  return typeof raw.timestamp === "string" && !("transcript_path" in raw) && !("tool_use_id" in raw) && !("permission_mode" in raw);
}

/** Claude Code always sends transcript_path and never a timestamp. */
function fromClaude(raw: Json): boolean {
  return typeof raw.transcript_path === "string" && !("timestamp" in raw) && !("cursor_version" in raw);
}

/** Cursor maps Claude's events to its own lowerCamel names (PreToolUse → preToolUse); no other reader of Claude's file does. */
const lowerCamelEvent = (raw: Json) => typeof raw.hook_event_name === "string" && /^[a-z]/.test(raw.hook_event_name);

function readerOfClaudeFile(raw: Json, env: Env): ReaderChoice {
  if (isCursorPayload(raw) || Array.isArray(raw.workspace_roots) || lowerCamelEvent(raw)) return "cursorThirdParty";
  if (fromVscode(raw)) return "vscode";
  // Devin for Terminal runs Claude Code's hooks "automatically" (cli.devin.ai/docs/extensibility/hooks/overview): its `exec` shell call, or its env.
  if (isDevinExec(raw)) return "devin";
  // Before the env: Claude Code started from a Copilot CLI or Devin session inherits their variables.
  if (fromClaude(raw)) return "home";
  if (fromCopilot(env) || copilotEnvelope(raw)) return "copilotSnake";
  if (env.DEVIN_PROJECT_DIR) return "devin";
  return "claudeShared";
}

/** Copilot's hook files: its native camelCase payload, else VS Code's (which always sends its own), else Copilot's snake_case one. */
function readerOfCopilotFile(raw: Json, env: Env): ReaderChoice {
  if (isCopilotShape(raw)) return "copilot";
  if (typeof raw.hook_event_name !== "string") return "home";
  return fromCopilot(env) ? "copilotSnake" : "vscode";
}

const CHOOSERS: Readonly<Record<string, (raw: Json, env: Env) => ReaderChoice>> = {
  claude: readerOfClaudeFile,
  copilot: readerOfCopilotFile,
  vscode: readerOfCopilotFile,
};

/** Which agent sent `raw` to an entry written for `homeId`. */
export function readerChoice(homeId: string, raw: Json, env: Env): ReaderChoice {
  return Object.hasOwn(CHOOSERS, homeId) ? CHOOSERS[homeId]!(raw, env) : "home";
}
