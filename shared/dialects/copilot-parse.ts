/** Copilot CLI / cloud agent native payloads → GuardEvent (docs.github.com/en/copilot/reference/hooks-reference). */
import type { EventBase, GuardEvent, StopStatus } from "../event.ts";
import { isObject, objectOrJsonString, optionalBoolean, optionalString, requireString, type Json } from "../fields.ts";
import { copilotEventOf, type CopilotEvent } from "./copilot-shape.ts";
import { pathsFrom, textOf, toolEvent, type ToolRole, replacementEdit } from "./tool-event.ts";
import { InputError } from "../dialect.ts";

/** Native tool names, from the docs' "Tool names for hook matching" table. */
const ROLES: Readonly<Record<string, ToolRole>> = {
  bash: "shell",
  powershell: "shell",
  view: "read",
  create: "edit",
  edit: "edit",
};

export function copilotRole(toolName: string): ToolRole {
  return ROLES[toolName] ?? (toolName.startsWith("mcp__") ? "mcp" : "tool");
}

export function parseCopilot(raw: Json): GuardEvent | undefined {
  const nativeEvent = copilotEventOf(raw);
  if (!nativeEvent) return undefined;
  const cwd = optionalString(raw, "cwd") ?? "";
  const base: EventBase = {
    dialect: "copilot",
    nativeEvent,
    cwd,
    projectRoot: cwd,
    workspaceRoots: cwd ? [cwd] : [],
    conversationId: optionalString(raw, "sessionId"),
    raw,
  };
  switch (nativeEvent) {
    case "preToolUse":
    case "postToolUse":
    case "postToolUseFailure":
      return parseTool(raw, base, nativeEvent);
    case "permissionRequest":
      return { ...base, kind: "other", toolName: requireString(raw, "toolName"), toolInput: objectOrJsonString(raw, "toolInput") ?? {} };
    case "userPromptSubmitted":
      return { ...base, kind: "prompt.submit", prompt: requireString(raw, "prompt") };
    case "userPromptTransformed":
      return { ...base, kind: "other" };
    case "agentStop":
    case "subagentStop":
      return {
        ...base,
        kind: nativeEvent === "agentStop" ? "agent.stop" : "subagent.stop",
        status: "completed",
        loopCount: 0,
        stopHookActive: optionalBoolean(raw, "stop_hook_active") ?? false,
      };
    case "sessionStart":
      return { ...base, kind: "session.start", reason: optionalString(raw, "source") };
    case "sessionEnd": {
      const reason = optionalString(raw, "reason");
      return { ...base, kind: "session.end", reason, status: endStatus(reason) };
    }
    default:
      return { ...base, kind: kindOf(nativeEvent) };
  }
}

function parseTool(raw: Json, base: EventBase, nativeEvent: CopilotEvent): GuardEvent {
  const toolName = requireString(raw, "toolName");
  // toolArgs is an object today and was a JSON-encoded string in the older docs (hooks-configuration.md).
  const input = objectOrJsonString(raw, "toolArgs") ?? {};
  const after = nativeEvent !== "preToolUse";
  const result = raw.toolResult;
  if (result !== undefined && !isObject(result)) throw new InputError(`field "toolResult" must be an object`);
  const outputText = result ? optionalString(result, "textResultForLlm", "toolResult.textResultForLlm") : undefined;
  const failure = nativeEvent === "postToolUseFailure" ? optionalString(raw, "error") : undefined;
  const failed = failure !== undefined || (result !== undefined && result.resultType !== undefined && result.resultType !== "success");
  const role = copilotRole(toolName);
  const call = { base, toolName, input, after, failed, output: result ?? failure, outputText: outputText ?? failure };
  if (role === "shell") {
    return toolEvent(role, { ...call, command: requireString(input, "command", "toolArgs.command") });
  }
  if (role === "read" || role === "edit") {
    const paths = pathsFrom(input, ["path", "file_path"]);
    if (!paths) throw new InputError(`tool "${toolName}": missing field "toolArgs.path"`);
    // edit: {path, old_str, new_str}; create: {path, file_text} (str_replace_editor's argument names).
    const edits = role === "edit" ? replacementEdit(input, "old_str", "new_str", "file_text") : [];
    return toolEvent(role, { ...call, paths, edits, content: textOf(input, "file_text") });
  }
  if (role === "mcp") {
    const [, server, ...rest] = toolName.split("__");
    return toolEvent(role, { ...call, server, tool: rest.join("__") });
  }
  return toolEvent(role, call);
}

function kindOf(nativeEvent: CopilotEvent): "compact.before" | "subagent.start" | "notification" | "other" {
  if (nativeEvent === "preCompact") return "compact.before";
  if (nativeEvent === "subagentStart") return "subagent.start";
  if (nativeEvent === "notification") return "notification";
  return "other";
}

function endStatus(reason: string | undefined): StopStatus {
  if (reason === "complete" || reason === "user_exit") return "completed";
  if (reason === "abort") return "aborted";
  if (reason === "error" || reason === "timeout") return "error";
  return "unknown";
}
