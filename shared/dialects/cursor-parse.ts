/** Cursor payloads → GuardEvent. Source: cursor.com/docs/hooks, "Reference" (common schema and each event). */
import type { EventBase, EventKind, GuardEvent, StopStatus } from "../event.ts";
import {
  objectOrJsonString,
  optionalBoolean,
  optionalNumber,
  optionalString,
  optionalStringArray,
  requireString,
  type Json,
} from "../fields.ts";
import { jsonOrText, parseCursorTool } from "./cursor-tools.ts";
import { absolute, editsOf } from "./payload-files.ts";
import { legacyEventName, parseLegacy } from "./cursor-legacy.ts";
import { canonicalEventName } from "./cursor-events.ts";

type Env = Readonly<Record<string, string | undefined>>;

export { canonicalEventName };

export function parseCursor(events: Readonly<Record<string, EventKind>>, raw: Json, env: Env): GuardEvent | undefined {
  // Only the older reference's payloads go without hook_event_name, and their shape names the event.
  const named = optionalString(raw, "hook_event_name") ?? legacyEventName(raw) ?? requireString(raw, "hook_event_name");
  const nativeEvent = canonicalEventName(named);
  const kind = events[nativeEvent];
  if (!kind) return undefined;
  const base = cursorBase(raw, env, named);
  const legacy = parseLegacy(nativeEvent, raw, base);
  if (legacy) return legacy;
  switch (nativeEvent) {
    case "preToolUse":
      return parseCursorTool(raw, base, "before");
    case "postToolUse":
      return parseCursorTool(raw, base, "after");
    case "postToolUseFailure":
      return parseCursorTool(raw, base, "failed");
    case "beforeShellExecution":
      return { ...base, kind: "shell.before", command: requireString(raw, "command") };
    case "afterShellExecution":
      return { ...base, kind: "shell.after", command: requireString(raw, "command"), output: optionalString(raw, "output") };
    case "beforeMCPExecution":
    case "afterMCPExecution":
      return parseMcp(raw, base, nativeEvent === "afterMCPExecution");
    case "beforeReadFile":
    case "beforeTabFileRead": {
      const filePath = absolute(requireString(raw, "file_path"), base.cwd);
      // The hook already gets the file's content: no second read of the file is needed.
      const content = optionalString(raw, "content");
      return { ...base, kind: "file.read.before", filePath, filePaths: [filePath], content, tab: nativeEvent === "beforeTabFileRead" };
    }
    case "afterFileEdit":
    case "afterTabFileEdit": {
      const filePath = absolute(requireString(raw, "file_path"), base.cwd);
      return { ...base, kind: "file.edit.after", filePath, filePaths: [filePath], edits: editsOf(raw), tab: nativeEvent === "afterTabFileEdit" };
    }
    case "beforeSubmitPrompt":
      return { ...base, kind: "prompt.submit", prompt: requireString(raw, "prompt") };
    case "stop":
    case "subagentStop":
      return {
        ...base,
        kind: kind === "subagent.stop" ? "subagent.stop" : "agent.stop",
        status: stopStatus(optionalString(raw, "status")),
        loopCount: optionalNumber(raw, "loop_count") ?? 0,
        stopHookActive: false,
        errorMessage: optionalString(raw, "error_message"),
      };
    case "sessionStart":
    case "sessionEnd":
      return sessionEvent(raw, base, kind === "session.end" ? "session.end" : "session.start");
    default:
      return { ...base, kind: kind as "other" };
  }
}

function cursorBase(raw: Json, env: Env, nativeEvent: string): EventBase {
  const roots = optionalStringArray(raw, "workspace_roots") ?? [];
  // cursor-agent sends `cwd: ""` with the project only in workspace_roots (github.com/DobermanCore/Doberman-Core/pull/576).
  const cwdField = optionalString(raw, "cwd") || undefined;
  // Multi-root workspaces list several roots: the project is the one the action runs in.
  const root = (cwdField && roots.find((r) => cwdField === r || cwdField.startsWith(`${r.replace(/\/$/, "")}/`))) ?? roots[0];
  const projectRoot = root ?? env.CURSOR_PROJECT_DIR ?? cwdField ?? env.PWD ?? "";
  return {
    dialect: "cursor",
    nativeEvent,
    // Only tool and shell events carry cwd; the others run at the workspace root.
    cwd: cwdField ?? projectRoot,
    projectRoot,
    workspaceRoots: roots.length ? roots : [projectRoot],
    conversationId: optionalString(raw, "conversation_id") ?? optionalString(raw, "session_id"),
    generationId: optionalString(raw, "generation_id"),
    model: optionalString(raw, "model"),
    toolCallId: optionalString(raw, "tool_use_id") ?? optionalString(raw, "tool_call_id"),
    raw,
  };
}

function parseMcp(raw: Json, base: EventBase, after: boolean): GuardEvent {
  const tool = requireString(raw, "tool_name");
  // tool_input is a JSON string here (cursor-hooks.md beforeMCPExecution), an object in preToolUse.
  const input = objectOrJsonString(raw, "tool_input") ?? {};
  // The server is known only by its url or launch command.
  const server = optionalString(raw, "url") ?? optionalString(raw, "command");
  const withTool = { ...base, toolName: tool, toolInput: input, server, tool, input };
  return after ? { ...withTool, kind: "mcp.after", output: jsonOrText(optionalString(raw, "result_json")) } : { ...withTool, kind: "mcp.before" };
}

function sessionEvent(raw: Json, base: EventBase, kind: "session.start" | "session.end"): GuardEvent {
  optionalBoolean(raw, "is_background_agent");
  const reason = optionalString(raw, "reason");
  const durationMs = optionalNumber(raw, "duration_ms");
  if (kind === "session.start") return { ...base, kind, durationMs };
  // final_status is a free string; fall back to the reason when it is not one of the stop statuses.
  const final = stopStatus(optionalString(raw, "final_status"));
  return { ...base, kind, reason, status: final !== "unknown" ? final : stopStatus(reason), durationMs };
}

/** stop: "completed" | "aborted" | "error"; sessionEnd reasons window_close/user_close say nothing of the outcome. */
export function stopStatus(value: string | undefined): StopStatus {
  return value === "completed" || value === "aborted" || value === "error" ? value : "unknown";
}
