/**
 * The normalized event for one tool call, once a dialect has read its own envelope and said
 * which role the tool plays. Shared by the dialects that are not Claude-shaped (Copilot, Gemini, UAAPS).
 */
import type { EventBase, GuardEvent, TextEdit } from "../event.ts";
import type { Json } from "../fields.ts";

export type ToolRole = "shell" | "read" | "edit" | "mcp" | "tool";

export interface ToolCall {
  base: EventBase;
  toolName: string;
  input: Json;
  after: boolean;
  /** The tool ran and failed (Copilot postToolUseFailure, Gemini tool_response.error). */
  failed: boolean;
  /** What the tool returned, as the agent reports it; `outputText` when it is text. */
  output?: unknown;
  outputText?: string;
  /** Shell role: the command line. */
  command?: string;
  /** Read and edit roles: the paths as given (made absolute against cwd here). */
  paths?: string[];
  edits?: TextEdit[];
  /** Edit role: the whole new content, when the tool writes a file. */
  content?: string;
  /** MCP role. */
  server?: string;
  tool?: string;
}

/** The agents' PowerShell tools (Claude Code's `PowerShell`, Copilot's `powershell`) run PowerShell, not sh. */
export function shellOf(toolName: string): { shell?: "powershell" } {
  return /^powershell$/i.test(toolName) ? { shell: "powershell" } : {};
}

export function toolEvent(role: ToolRole, call: ToolCall): GuardEvent {
  const { base, after } = call;
  const withTool = { ...base, toolName: call.toolName, toolInput: call.input };
  if (role === "shell") {
    const command = call.command ?? "";
    return after
      ? { ...withTool, kind: "shell.after", command, output: call.outputText }
      : { ...withTool, kind: "shell.before", command, ...shellOf(call.toolName) };
  }
  if (role === "read" || role === "edit") {
    const filePaths = (call.paths ?? []).map((p) => absolutePath(p, base.cwd));
    const filePath = filePaths[0] ?? "";
    if (role === "read") {
      return after
        ? { ...withTool, kind: "file.read.after", filePath, output: call.outputText }
        : { ...withTool, kind: "file.read.before", filePath, filePaths, tab: false };
    }
    const edits = call.edits ?? [];
    return after
      ? { ...withTool, kind: "file.edit.after", filePath, filePaths, edits, tab: false }
      : { ...withTool, kind: "file.edit.before", filePath, filePaths, edits, content: call.content };
  }
  if (role === "mcp") {
    const tool = call.tool ?? call.toolName;
    return after
      ? { ...withTool, kind: "mcp.after", server: call.server, tool, input: call.input, output: call.output }
      : { ...withTool, kind: "mcp.before", server: call.server, tool, input: call.input };
  }
  return after
    ? { ...withTool, kind: "tool.after", tool: call.toolName, input: call.input, output: call.output, failed: call.failed }
    : { ...withTool, kind: "tool.before", tool: call.toolName, input: call.input };
}

/** Agents report paths relative to their cwd as often as absolute ones (Windows drive paths kept). */
export function absolutePath(path: string, cwd: string): string {
  if (path === "" || path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || !cwd) return path;
  return `${cwd.replace(/[\\/]$/, "")}/${path.replace(/^\.\//, "")}`;
}

/** The first of `keys` that holds a string or a list of strings. */
export function pathsFrom(input: Json, keys: readonly string[]): string[] | undefined {
  for (const key of keys) {
    const value = input[key];
    if (typeof value === "string") return [value];
    if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value as string[];
  }
  return undefined;
}

/**
 * The one edit of a replace-style tool input: the old and new text under the agent's own keys, the new
 * text being the whole content (`wholeKey`) when the tool writes a file rather than replacing in it.
 */
export function replacementEdit(input: Json, oldKey: string, newKey: string, wholeKey: string): { oldText: string; newText: string }[] {
  return [{ oldText: textOf(input, oldKey) ?? "", newText: textOf(input, newKey) ?? textOf(input, wholeKey) ?? "" }];
}

/** The text of a string field, else undefined (tool inputs are the model's, their extra fields vary). */
export function textOf(input: Json, key: string): string | undefined {
  const value = input[key];
  return typeof value === "string" ? value : undefined;
}
