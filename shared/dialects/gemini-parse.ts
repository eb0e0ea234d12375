/** Gemini CLI payloads → GuardEvent (google-gemini/gemini-cli docs/hooks/reference.md). */
import { InputError } from "../dialect.ts";
import type { EventBase, EventKind, GuardEvent } from "../event.ts";
import { isObject, optionalBoolean, optionalObject, optionalString, requireString, type Json } from "../fields.ts";
import { pathsFrom, textOf, toolEvent, type ToolRole, replacementEdit } from "./tool-event.ts";

export const GEMINI_EVENTS: Readonly<Record<string, EventKind>> = {
  SessionStart: "session.start",
  SessionEnd: "session.end",
  BeforeAgent: "prompt.submit",
  AfterAgent: "agent.stop",
  BeforeModel: "other",
  AfterModel: "other",
  BeforeToolSelection: "other",
  BeforeTool: "tool.before",
  AfterTool: "tool.after",
  PreCompress: "compact.before",
  Notification: "notification",
};

/** Built-in tool names (docs/tools): the shell, the readers and the writers. */
const ROLES: Readonly<Record<string, ToolRole>> = {
  run_shell_command: "shell",
  read_file: "read",
  read_many_files: "read",
  write_file: "edit",
  replace: "edit",
};

export function parseGemini(raw: Json, env: Readonly<Record<string, string | undefined>>): GuardEvent | undefined {
  const nativeEvent = requireString(raw, "hook_event_name");
  // Own keys only: a payload naming "constructor" must not reach Object.prototype.
  const kind = Object.hasOwn(GEMINI_EVENTS, nativeEvent) ? GEMINI_EVENTS[nativeEvent] : undefined;
  if (!kind) return undefined;
  const cwd = optionalString(raw, "cwd") ?? env.GEMINI_CWD ?? env.PWD ?? "";
  // GEMINI_PROJECT_DIR is set for every hook (packages/core/src/hooks/hookRunner.ts).
  const projectRoot = env.GEMINI_PROJECT_DIR || cwd;
  const base: EventBase = {
    dialect: "gemini",
    nativeEvent,
    cwd,
    projectRoot,
    workspaceRoots: projectRoot ? [projectRoot] : [],
    conversationId: optionalString(raw, "session_id"),
    raw,
  };
  switch (kind) {
    case "tool.before":
    case "tool.after":
      return parseTool(raw, base, kind === "tool.after");
    case "prompt.submit":
      return { ...base, kind, prompt: requireString(raw, "prompt") };
    case "agent.stop":
      return { ...base, kind, status: "completed", loopCount: 0, stopHookActive: optionalBoolean(raw, "stop_hook_active") ?? false };
    case "session.start":
      return { ...base, kind, reason: optionalString(raw, "source") };
    case "session.end":
      return { ...base, kind, reason: optionalString(raw, "reason") };
    default:
      return { ...base, kind: kind as "other" };
  }
}

function parseTool(raw: Json, base: EventBase, after: boolean): GuardEvent {
  const toolName = requireString(raw, "tool_name");
  const input = optionalObject(raw, "tool_input") ?? {};
  const response = after ? optionalObject(raw, "tool_response") : undefined;
  const outputText = response ? responseText(response) : undefined;
  const failed = response !== undefined && response.error !== undefined && response.error !== null;
  const call = { base, toolName, input, after, failed, output: response, outputText };
  const role = ROLES[toolName] ?? (isMcpName(toolName) || isObject(raw.mcp_context) ? "mcp" : "tool");
  if (role === "shell") return toolEvent(role, { ...call, command: requireString(input, "command", "tool_input.command") });
  if (role === "read" || role === "edit") {
    // read_file: file_path (older releases: absolute_path); read_many_files: paths plus `include` globs.
    const paths = pathsFrom(input, ["file_path", "absolute_path", "path", "paths"]) ?? [];
    const include = Array.isArray(input.include) ? input.include.filter((p): p is string => typeof p === "string") : [];
    if (paths.length + include.length === 0) throw new InputError(`tool "${toolName}": missing field "tool_input.file_path"`);
    const edits = role === "edit" ? replacementEdit(input, "old_string", "new_string", "content") : [];
    return toolEvent(role, { ...call, paths: [...paths, ...include], edits, content: textOf(input, "content") });
  }
  if (role === "mcp") return toolEvent(role, { ...call, ...mcpName(toolName, optionalObject(raw, "mcp_context")) });
  return toolEvent(role, call);
}

/**
 * `llmContent` is what the model reads: a string for the built-in tools, else Gemini's PartListUnion
 * (a part or a list of parts, text parts being `{text}`: fixtures/gemini/AfterTool/mcp.json).
 */
function responseText(response: Json): string | undefined {
  const parts = Array.isArray(response.llmContent) ? response.llmContent : [response.llmContent];
  const texts = parts.map((part) => (typeof part === "string" ? part : isObject(part) && typeof part.text === "string" ? part.text : undefined));
  return texts.every((text): text is string => text !== undefined) ? texts.join("") : undefined;
}

function isMcpName(toolName: string): boolean {
  return toolName.startsWith("mcp__") || toolName.startsWith("mcp_");
}

/**
 * The server and tool: from mcp_context when present, else from the name. Current docs use
 * `mcp__server__tool`; older docs `mcp_server_tool`, where the server is the word before the next `_`.
 */
function mcpName(toolName: string, context: Json | undefined): { server?: string; tool: string } {
  const server = context ? optionalString(context, "server_name", "mcp_context.server_name") : undefined;
  const tool = context ? optionalString(context, "tool_name", "mcp_context.tool_name") : undefined;
  if (server && tool) return { server, tool };
  if (toolName.startsWith("mcp__")) {
    const [, name, ...rest] = toolName.split("__");
    return { server: name, tool: rest.join("__") };
  }
  if (toolName.startsWith("mcp_")) {
    const rest = toolName.slice(4);
    const cut = rest.indexOf("_");
    return cut > 0 ? { server: rest.slice(0, cut), tool: rest.slice(cut + 1) } : { tool: rest };
  }
  return { server, tool: tool ?? toolName };
}
