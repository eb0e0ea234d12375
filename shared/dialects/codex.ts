/** OpenAI Codex CLI (developers.openai.com/codex/hooks; openai/codex codex-rs/hooks). Claude-shaped, no ask, no Read tool. */
import type { EventKind } from "../event.ts";
import { claudeFamily } from "./claude-family.ts";
import { patchedFiles, patchEdits } from "./patch.ts";

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
  // codex-rs/hooks/schema/generated/stop-failure.command.input.schema.json: a turn ended by an API error.
  StopFailure: "agent.stop",
  Interrupt: "other",
};

/** ~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl, wherever CODEX_HOME points. */
function isRolloutTranscript(path: unknown): boolean {
  return typeof path === "string" && /(^|[\\/])rollout-[^\\/]*\.jsonl$/.test(path);
}

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
  editedText: (toolName, input) => (toolName === "apply_patch" && typeof input.command === "string" ? patchEdits(input.command) : undefined),
  // Every turn-scoped event carries turn_id; SessionStart has none, but its transcript is a Codex rollout file.
  // Claude's MessageDisplay carries a turn_id too (fixtures/claude/MessageDisplay/delta.json): only Codex's events count.
  detect: (raw) =>
    typeof raw.hook_event_name === "string" &&
    Object.hasOwn(CODEX_EVENTS, raw.hook_event_name) &&
    ("turn_id" in raw || isRolloutTranscript(raw.transcript_path)),
  subscriptions: {
    "shell.before": [{ event: "PreToolUse", matcher: "Bash" }],
    "file.edit.before": [{ event: "PreToolUse", matcher: "apply_patch|Edit|Write" }],
    "file.edit.after": [{ event: "PostToolUse", matcher: "apply_patch|Edit|Write" }],
    "prompt.submit": [{ event: "UserPromptSubmit" }],
    "agent.stop": [{ event: "Stop" }, { event: "StopFailure" }],
    "subagent.stop": [{ event: "SubagentStop" }],
    "session.end": [{ event: "SessionEnd" }],
  },
});
