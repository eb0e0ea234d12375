/**
 * Cursor's generic tool events (preToolUse, postToolUse, postToolUseFailure) refined by tool name:
 * Shell → shell.*, Read → file.read.*, Write → file.edit.*, MCP:<name> → mcp.*, others → tool.*.
 * Source: cursor.com/docs/hooks, "preToolUse", "postToolUse", "Matcher Configuration".
 */
import { InputError } from "../dialect.ts";
import type { EventBase, GuardEvent } from "../event.ts";
import { absolute, editsOf } from "./payload-files.ts";
import { isObject, objectOrJsonString, optionalNumber, optionalString, requireString, type Json } from "../fields.ts";

export type ToolPhase = "before" | "after" | "failed";

/** Keys a Read/Write tool input may name its file with; Cursor documents the tool, not its fields. */
export const CURSOR_PATH_KEYS = ["file_path", "path", "target_file"] as const;

/** Newer Cursor names its read tool ReadFile (github.com/perplexityai/numbat/issues/21); the docs say Read. */
const READ_TOOLS = new Set(["Read", "ReadFile"]);

export function parseCursorTool(raw: Json, base: EventBase, phase: ToolPhase): GuardEvent {
  const toolName = requireString(raw, "tool_name");
  const input = objectOrJsonString(raw, "tool_input") ?? {};
  const withTool = { ...base, toolName, toolInput: input };
  if (phase === "failed") {
    // A failed, timed-out or denied call did not run: never report it as an edit or a command run.
    const error = optionalString(raw, "error_message");
    return { ...withTool, kind: "tool.after", tool: toolName, input, output: error, failed: true };
  }
  const after = phase === "after";
  const output = after ? optionalString(raw, "tool_output") : undefined;
  if (toolName === "Shell") {
    const command = requireString(input, "command", "tool_input.command");
    // preToolUse carries the shell's directory in tool_input.working_directory (cursor-hooks.md example).
    const cwd = optionalString(input, "working_directory", "tool_input.working_directory") || base.cwd;
    if (!after) return { ...withTool, cwd, kind: "shell.before", command };
    const result = shellResult(output);
    return { ...withTool, cwd, kind: "shell.after", command, output: result.output, exitCode: result.exitCode };
  }
  if (READ_TOOLS.has(toolName) || toolName === "Write") {
    const filePath = pathOf(input, base.cwd);
    if (READ_TOOLS.has(toolName)) {
      return after
        ? { ...withTool, kind: "file.read.after", filePath, output }
        : { ...withTool, kind: "file.read.before", filePath, filePaths: [filePath], tab: false };
    }
    const edits = editsOf(input);
    return after
      ? { ...withTool, kind: "file.edit.after", filePath, filePaths: [filePath], edits, tab: false }
      : { ...withTool, kind: "file.edit.before", filePath, filePaths: [filePath], edits, content: optionalString(input, "content") ?? optionalString(input, "contents") };
  }
  if (toolName.startsWith("MCP:")) {
    const tool = toolName.slice("MCP:".length);
    return after
      ? { ...withTool, kind: "mcp.after", tool, input, output: jsonOrText(output) }
      : { ...withTool, kind: "mcp.before", tool, input };
  }
  return after
    ? { ...withTool, kind: "tool.after", tool: toolName, input, output: jsonOrText(output), failed: false }
    : { ...withTool, kind: "tool.before", tool: toolName, input };
}

function pathOf(input: Json, cwd: string): string {
  for (const key of CURSOR_PATH_KEYS) {
    const value = optionalString(input, key, `tool_input.${key}`);
    if (value !== undefined) return absolute(value, cwd);
  }
  throw new InputError(`missing field "tool_input.file_path"`);
}

/** tool_output is "JSON-stringified result payload from the tool (not raw terminal text)". */
function shellResult(text: string | undefined): { output?: string; exitCode?: number } {
  const parsed = jsonOrText(text);
  if (!isObject(parsed)) return { output: text };
  const stdout = typeof parsed.stdout === "string" ? parsed.stdout : typeof parsed.output === "string" ? parsed.output : text;
  return { output: stdout, exitCode: optionalNumberOrUndefined(parsed, "exitCode") };
}

function optionalNumberOrUndefined(obj: Json, key: string): number | undefined {
  try {
    return optionalNumber(obj, key);
  } catch {
    return undefined;
  }
}

/** Cursor hands tool results as JSON text; keep the text when it is not JSON. */
export function jsonOrText(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
