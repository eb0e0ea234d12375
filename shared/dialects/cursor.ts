/** Cursor agent and Tab hooks (cursor.com/docs/hooks). */
import type { Dialect } from "../dialect.ts";
import type { EventKind } from "../event.ts";
import type { Json } from "../fields.ts";
import { legacyEventName } from "./cursor-legacy.ts";
import { canonicalEventName, parseCursor } from "./cursor-parse.ts";
import { canRewriteCursor, renderCursor } from "./cursor-render.ts";

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
function detect(raw: Json): boolean {
  if (typeof raw.cursor_version === "string") return true;
  if (typeof raw.generation_id === "string" && Array.isArray(raw.workspace_roots)) return true;
  const name = raw.hook_event_name;
  if (typeof name === "string") return CURSOR_ONLY_EVENTS.has(canonicalEventName(name));
  // The older reference's payloads have no envelope at all: only their shape tells (fixtures/cursor/BeforeMCPExecution/legacy-read-file.json).
  // Copilot's envelope (timestamp, cwd) can carry the same `reason` values (complete, user_exit).
  const envelope = ["hookEventName", "agent_action_name", "toolName", "timestamp", "cwd"].some((key) => key in raw);
  return !envelope && legacyEventName(raw) !== undefined;
}

export const cursor: Dialect = {
  id: "cursor",
  agent: "Cursor",
  events: CURSOR_EVENTS,
  detect,
  parse: (raw, env) => parseCursor(CURSOR_EVENTS, raw, env),
  render: renderCursor,
  canRewrite: canRewriteCursor,
  subscriptions: {
    "shell.before": [{ event: "beforeShellExecution" }],
    // beforeReadFile can only allow or deny; preToolUse on Read may point the read at a redacted copy
    // (updated_input), and beforeReadFile still denies the original if that redirect is not honoured.
    "file.read.before": [{ event: "beforeReadFile" }, { event: "beforeTabFileRead" }, { event: "preToolUse", matcher: "Read" }],
    "file.edit.before": [{ event: "preToolUse", matcher: "Write" }],
    "file.edit.after": [{ event: "afterFileEdit" }, { event: "afterTabFileEdit" }],
    "prompt.submit": [{ event: "beforeSubmitPrompt" }],
    "mcp.before": [{ event: "beforeMCPExecution" }],
    "agent.stop": [{ event: "stop" }],
    "subagent.stop": [{ event: "subagentStop" }],
    "session.end": [{ event: "sessionEnd" }],
  },
};
