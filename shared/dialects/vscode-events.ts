/**
 * VS Code's event names, its own tool ids and the fingerprint of its payloads: what tells a VS Code payload
 * apart (readers.ts runs this for payloads sent to Claude's and Copilot's files) without loading its parser.
 */
import type { EventKind } from "../event.ts";
import type { Json } from "../fields.ts";
import type { ToolRole } from "./tool-event.ts";

export const VSCODE_EVENTS: Readonly<Record<string, EventKind>> = {
  SessionStart: "session.start",
  UserPromptSubmit: "prompt.submit",
  PreToolUse: "tool.before",
  PostToolUse: "tool.after",
  PreCompact: "compact.before",
  SubagentStart: "subagent.start",
  SubagentStop: "subagent.stop",
  Stop: "agent.stop",
};

export const VSCODE_TOOL_ROLES: Readonly<Record<string, ToolRole>> = {
  run_in_terminal: "shell",
  read_file: "read",
  create_file: "edit",
  replace_string_in_file: "edit",
  multi_replace_string_in_file: "edit",
  insert_edit_into_file: "edit",
  apply_patch: "edit",
  edit_notebook_file: "edit",
};

/** Tools guards do not judge, known so that a payload naming them is still recognized as VS Code's. */
const OTHER_TOOLS = ["get_terminal_output", "create_and_run_task", "run_task", "file_search", "grep_search", "list_dir", "fetch_webpage", "semantic_search"];

export const VSCODE_TOOL_IDS: readonly string[] = [...Object.keys(VSCODE_TOOL_ROLES), ...OTHER_TOOLS];

/**
 * The Local harness's fingerprint (`chatHookService.ts`; fixtures/vscode/): snake_case event name with an
 * ISO timestamp and no `permission_mode` (Claude) or `cursor_version` (Cursor), and for tool events a VS
 * Code tool id (Copilot's snake_case payload names Claude's tools instead).
 */
export function isVscodeShape(raw: Json): boolean {
  const name = raw.hook_event_name;
  if (typeof name !== "string" || !Object.hasOwn(VSCODE_EVENTS, name)) return false;
  if (typeof raw.timestamp !== "string" || "permission_mode" in raw || "cursor_version" in raw) return false;
  if (typeof raw.tool_name === "string") return VSCODE_TOOL_IDS.includes(raw.tool_name) && "tool_use_id" in raw;
  // SessionStartHookInput.source is always "new"; subagent events carry agent_id and agent_type; PreCompact
  // a trigger. UserPromptSubmit and Stop look exactly like Copilot's snake_case payload: only --dialect tells.
  if (name === "SessionStart") return raw.source === "new";
  if (name === "SubagentStart" || name === "SubagentStop") return typeof raw.agent_id === "string" && typeof raw.agent_type === "string";
  if (name === "PreCompact") return raw.trigger === "auto" && !/[\\/]\.qwen[\\/]/.test(String(raw.transcript_path ?? ""));
  return false;
}
