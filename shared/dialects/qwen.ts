/** Qwen Code (QwenLM/qwen-code docs/users/features/hooks.md). Claude-shaped with Gemini tool names. */
import type { EventKind } from "../event.ts";
import { claudeFamily } from "./claude-family.ts";

export const QWEN_EVENTS: Readonly<Record<string, EventKind>> = {
  PreToolUse: "tool.before",
  PostToolUse: "tool.after",
  PostToolUseFailure: "tool.after",
  UserPromptSubmit: "prompt.submit",
  SessionStart: "session.start",
  SessionEnd: "session.end",
  SessionDelete: "other",
  MessageDisplay: "other",
  Stop: "agent.stop",
  StopFailure: "agent.stop",
  SubagentStart: "subagent.start",
  SubagentStop: "subagent.stop",
  PreCompact: "compact.before",
  PostCompact: "other",
  Notification: "notification",
  PermissionRequest: "other",
  PermissionDenied: "other",
  TodoCreated: "other",
  TodoCompleted: "other",
};

const QWEN_TOOLS = ["run_shell_command", "read_file", "read_many_files", "write_file", "edit", "replace"];

export const qwen = claudeFamily({
  id: "qwen",
  agent: "Qwen Code",
  events: QWEN_EVENTS,
  tools: {
    shell: ["run_shell_command"],
    read: ["read_file", "read_many_files"],
    edit: ["write_file", "edit", "replace"],
    pathKeys: ["file_path", "absolute_path", "paths"],
    commandKey: "command",
  },
  projectDirEnv: "QWEN_PROJECT_DIR",
  supportsAsk: true,
  // Qwen Code 0.24.4 ignores a PreToolUse updatedInput on tools that need no confirmation (read_file, and every
  // tool in yolo mode): the original file reached the model (test/agents, scenario 3). Redactions become denials.
  appliesUpdatedInput: false,
  // Qwen's common envelope is Claude's plus `timestamp` (hooks.md "Common Fields"), which Copilot's
  // Claude-compatible payloads also carry: a Qwen tool name or a transcript under ~/.qwen tells them apart.
  // permission_mode and tool_name are event-specific, so Stop or SessionEnd carry neither.
  detect: (raw) =>
    typeof raw.hook_event_name === "string" &&
    typeof raw.timestamp === "string" &&
    Object.hasOwn(QWEN_EVENTS, raw.hook_event_name) &&
    ((typeof raw.tool_name === "string" && QWEN_TOOLS.includes(raw.tool_name)) ||
      (typeof raw.transcript_path === "string" && /[\\/]\.qwen[\\/]/.test(raw.transcript_path))),
  subscriptions: {
    "shell.before": [{ event: "PreToolUse", matcher: "run_shell_command" }],
    "file.read.before": [{ event: "PreToolUse", matcher: "read_file|read_many_files" }],
    "file.edit.before": [{ event: "PreToolUse", matcher: "write_file|edit|replace" }],
    "file.edit.after": [{ event: "PostToolUse", matcher: "write_file|edit|replace" }],
    "prompt.submit": [{ event: "UserPromptSubmit" }],
    "agent.stop": [{ event: "Stop" }],
    "subagent.stop": [{ event: "SubagentStop" }],
    "session.end": [{ event: "SessionEnd" }],
  },
});
