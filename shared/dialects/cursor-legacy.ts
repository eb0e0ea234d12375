/**
 * The older, unofficial Cursor shapes of third-party notes ("Cursor Hook Input Data Reference"):
 * `{tool, params}`, `{tool, result}`, `{file, changes}`, `{reason, total_turns}`, `{prompt, context}`,
 * `{response, tokens}`, often without `hook_event_name`. Current Cursor no longer sends them; we accept them.
 */
import type { EventBase, GuardEvent, StopStatus } from "../event.ts";
import { isObject, optionalNumber, optionalObject, optionalString, requireString, type Json } from "../fields.ts";
import { absolute } from "./payload-files.ts";

/** The event an older payload without `hook_event_name` stands for, judged by its documented fields. */
export function legacyEventName(raw: Json): string | undefined {
  if (typeof raw.tool === "string" && isObject(raw.params)) return "BeforeMCPExecution";
  if (typeof raw.tool === "string" && "result" in raw) return "AfterMCPExecution";
  if (typeof raw.file === "string" && isObject(raw.changes)) return "AfterFileEdit";
  if (typeof raw.total_turns === "number" || (typeof raw.reason === "string" && Object.hasOwn(LEGACY_STOP_REASONS, raw.reason))) return "Stop";
  if (typeof raw.response === "string") return "AfterAgentResponse";
  if (typeof raw.prompt === "string" && isObject(raw.context)) return "BeforeSubmitPrompt";
  return undefined;
}

const LEGACY_STOP_REASONS: Record<string, StopStatus> = { complete: "completed", user_exit: "aborted", timeout: "error", error: "error" };

/** The event for an older-shaped payload of `nativeEvent` (canonical name), or undefined when it has the current shape. */
export function parseLegacy(nativeEvent: string, raw: Json, base: EventBase): GuardEvent | undefined {
  switch (nativeEvent) {
    case "beforeMCPExecution":
    case "afterMCPExecution": {
      if (raw.tool_name !== undefined || typeof raw.tool !== "string") return undefined;
      const tool = requireString(raw, "tool");
      const input = optionalObject(raw, "params") ?? {};
      const withTool = { ...base, toolName: tool, toolInput: input, tool, input };
      return nativeEvent === "afterMCPExecution" ? { ...withTool, kind: "mcp.after", output: raw.result } : { ...withTool, kind: "mcp.before" };
    }
    case "afterFileEdit": {
      if (raw.file_path !== undefined || typeof raw.file !== "string") return undefined;
      optionalObject(raw, "changes");
      const filePath = absolute(requireString(raw, "file"), base.cwd);
      // Only line counts were reported, not the text of the edits.
      return { ...base, kind: "file.edit.after", filePath, filePaths: [filePath], edits: [], tab: false };
    }
    case "stop": {
      if (raw.status !== undefined || (raw.reason === undefined && raw.total_turns === undefined)) return undefined;
      optionalNumber(raw, "total_turns");
      const reason = optionalString(raw, "reason");
      // total_turns counts the whole conversation, not follow-ups: it is not a loop count.
      return { ...base, kind: "agent.stop", status: reason !== undefined && Object.hasOwn(LEGACY_STOP_REASONS, reason) ? LEGACY_STOP_REASONS[reason]! : "unknown", loopCount: 0, stopHookActive: false };
    }
    case "beforeSubmitPrompt": {
      const context = optionalObject(raw, "context");
      const folder = context && optionalString(context, "workspaceFolder", "context.workspaceFolder");
      if (!folder || raw.workspace_roots !== undefined) return undefined;
      return { ...base, cwd: folder, projectRoot: folder, workspaceRoots: [folder], kind: "prompt.submit", prompt: requireString(raw, "prompt") };
    }
    default:
      return undefined;
  }
}
