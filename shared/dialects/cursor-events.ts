/**
 * Cursor's event names and the marks of its payloads: what tells a Cursor payload apart (readers.ts runs
 * this for every payload sent to Claude's files) without loading Cursor's parser and renderer.
 */
import type { EventKind } from "../event.ts";
import type { Json } from "../fields.ts";
import { legacyEventName } from "./cursor-legacy.ts";

/** `beforeShellExecution`; the older reference spells events in PascalCase (`BeforeSubmitPrompt`). */
export function canonicalEventName(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

export const CURSOR_EVENTS: Readonly<Record<string, EventKind>> = {
  sessionStart: "session.start",
  sessionEnd: "session.end",
  // Refined by tool_name in parse(): Shell, Read, Write, MCP:<name>.
  preToolUse: "tool.before",
  postToolUse: "tool.after",
  postToolUseFailure: "tool.after",
  subagentStart: "subagent.start",
  subagentStop: "subagent.stop",
  beforeShellExecution: "shell.before",
  afterShellExecution: "shell.after",
  beforeMCPExecution: "mcp.before",
  afterMCPExecution: "mcp.after",
  beforeReadFile: "file.read.before",
  afterFileEdit: "file.edit.after",
  beforeSubmitPrompt: "prompt.submit",
  preCompact: "compact.before",
  stop: "agent.stop",
  afterAgentResponse: "agent.response",
  afterAgentThought: "other",
  beforeTabFileRead: "file.read.before",
  afterTabFileEdit: "file.edit.after",
};

/** Event names only Cursor uses (Copilot shares preToolUse, sessionStart, … so those prove nothing). */
const CURSOR_ONLY_EVENTS = new Set(
  Object.keys(CURSOR_EVENTS).filter((name) => !["sessionStart", "sessionEnd", "preToolUse", "postToolUse", "postToolUseFailure", "subagentStart", "subagentStop", "stop", "preCompact"].includes(name)),
);

/** Every Cursor payload carries cursor_version, generation_id and workspace_roots (cursor-hooks.md "Common schema"). */
export function isCursorPayload(raw: Json): boolean {
  if (typeof raw.cursor_version === "string") return true;
  if (typeof raw.generation_id === "string" && Array.isArray(raw.workspace_roots)) return true;
  const name = raw.hook_event_name;
  if (typeof name === "string") return CURSOR_ONLY_EVENTS.has(canonicalEventName(name));
  // The older reference's payloads have no envelope at all: only their shape tells (fixtures/cursor/BeforeMCPExecution/legacy-read-file.json).
  // Copilot's envelope (timestamp, cwd) can carry the same `reason` values (complete, user_exit).
  const envelope = ["hookEventName", "agent_action_name", "toolName", "timestamp", "cwd"].some((key) => key in raw);
  return !envelope && legacyEventName(raw) !== undefined;
}
