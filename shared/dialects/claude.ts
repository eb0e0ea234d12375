/** Claude Code (code.claude.com/docs/en/hooks, 2026-08). */
import type { EventKind } from "../event.ts";
import { claudeFamily } from "./claude-family.ts";

export const CLAUDE_EVENTS: Readonly<Record<string, EventKind>> = {
  SessionStart: "session.start",
  Setup: "other",
  UserPromptSubmit: "prompt.submit",
  UserPromptExpansion: "other",
  MessageDisplay: "other",
  PreToolUse: "tool.before",
  PermissionRequest: "other",
  PermissionDenied: "other",
  PostToolUse: "tool.after",
  PostToolUseFailure: "tool.after",
  PostToolBatch: "other",
  Notification: "notification",
  SubagentStart: "subagent.start",
  SubagentStop: "subagent.stop",
  TaskCreated: "other",
  TaskCompleted: "other",
  Stop: "agent.stop",
  StopFailure: "agent.stop",
  TeammateIdle: "other",
  InstructionsLoaded: "other",
  ConfigChange: "other",
  CwdChanged: "other",
  DirectoryAdded: "other",
  FileChanged: "other",
  WorktreeCreate: "other",
  WorktreeRemove: "other",
  PreCompact: "compact.before",
  PostCompact: "other",
  Elicitation: "other",
  ElicitationResult: "other",
  SessionEnd: "session.end",
};

export const claude = claudeFamily({
  id: "claude",
  agent: "Claude Code",
  events: CLAUDE_EVENTS,
  tools: {
    // PowerShell is Claude's shell tool on Windows.
    shell: ["Bash", "PowerShell"],
    read: ["Read"],
    edit: ["Write", "Edit", "MultiEdit", "NotebookEdit"],
    pathKeys: ["file_path", "notebook_path"],
    commandKey: "command",
  },
  projectDirEnv: "CLAUDE_PROJECT_DIR",
  supportsAsk: true,
  // The last candidate in detection order: any snake_case hook envelope the others did not claim.
  detect: (raw) => typeof raw.hook_event_name === "string",
  subscriptions: {
    "shell.before": [{ event: "PreToolUse", matcher: "Bash|PowerShell" }],
    "file.read.before": [{ event: "PreToolUse", matcher: "Read" }],
    "file.edit.before": [{ event: "PreToolUse", matcher: "Write|Edit|MultiEdit|NotebookEdit" }],
    "file.edit.after": [{ event: "PostToolUse", matcher: "Write|Edit|MultiEdit|NotebookEdit" }],
    "prompt.submit": [{ event: "UserPromptSubmit" }],
    "agent.stop": [{ event: "Stop" }, { event: "StopFailure" }],
    "subagent.stop": [{ event: "SubagentStop" }],
    "session.end": [{ event: "SessionEnd" }],
  },
});
