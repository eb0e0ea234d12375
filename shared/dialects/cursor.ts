/** Cursor agent and Tab hooks (cursor.com/docs/hooks). */
import type { Dialect } from "../dialect.ts";
import { CURSOR_EVENTS, isCursorPayload } from "./cursor-events.ts";
import { parseCursor } from "./cursor-parse.ts";
import { canRewriteCursor, renderCursor } from "./cursor-render.ts";

export { CURSOR_EVENTS };

export const cursor: Dialect = {
  id: "cursor",
  agent: "Cursor",
  events: CURSOR_EVENTS,
  detect: isCursorPayload,
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
