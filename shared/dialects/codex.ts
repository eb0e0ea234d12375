/** OpenAI Codex CLI: reference/dialects.md §6 (developers.openai.com/codex/hooks). Claude-shaped, no ask, no Read tool. */
import type { EventKind } from "../event.ts";
import { claudeFamily } from "./claude-family.ts";
import { patchedFiles } from "./patch.ts";

export const CODEX_EVENTS: Readonly<Record<string, EventKind>> = {
  SessionStart: "session.start",
  SessionEnd: "session.end",
  UserPromptSubmit: "prompt.submit",
  PreToolUse: "tool.before",
  PermissionRequest: "other",
  PostToolUse: "tool.after",
  PreCompact: "compact.before",
  PostCompact: "other",
  SubagentStart: "subagent.start",
  SubagentStop: "subagent.stop",
  Stop: "agent.stop",
  Interrupt: "other",
};

export const codex = claudeFamily({
  id: "codex",
  agent: "Codex CLI",
  events: CODEX_EVENTS,
  tools: {
    shell: ["Bash", "shell", "exec_command", "local_shell"],
    read: [],
    edit: ["apply_patch", "Edit", "Write"],
    pathKeys: ["file_path", "path"],
    commandKey: "command",
  },
  // An ask is treated as a hook failure by Codex and the tool runs: it must become a deny.
  supportsAsk: false,
  // apply_patch carries the patch text in tool_input.command; the files come from its headers.
  editedFiles: (toolName, input) => (toolName === "apply_patch" && typeof input.command === "string" ? patchedFiles(input.command) : undefined),
  detect: (raw) => typeof raw.hook_event_name === "string" && "turn_id" in raw,
  subscriptions: {
    "shell.before": [{ event: "PreToolUse", matcher: "Bash" }],
    "file.edit.after": [{ event: "PostToolUse", matcher: "apply_patch|Edit|Write" }],
    "prompt.submit": [{ event: "UserPromptSubmit" }],
    "agent.stop": [{ event: "Stop" }],
    "subagent.stop": [{ event: "SubagentStop" }],
    "session.end": [{ event: "SessionEnd" }],
  },
});
