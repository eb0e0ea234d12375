/**
 * Augment / Auggie CLI: Claude-shaped envelope with `conversation_id` and `workspace_roots` instead of
 * `session_id` and `cwd` (docs.augmentcode.com/cli/hooks).
 * Only `permissionDecision:"deny"` is honoured (allow and ask are "future"), so an ask is a deny with the reason.
 */
import type { EventKind } from "../event.ts";
import { claudeFamily } from "./claude-family.ts";

export const AUGMENT_EVENTS: Readonly<Record<string, EventKind>> = {
  PreToolUse: "tool.before",
  PostToolUse: "tool.after",
  Stop: "agent.stop",
  SessionStart: "session.start",
  SessionEnd: "session.end",
  // augmentcode/auggie changelog, 2026-06: prompt hooks.
  UserPromptSubmit: "prompt.submit",
};

export const augment = claudeFamily({
  id: "augment",
  agent: "Augment (Auggie CLI)",
  events: AUGMENT_EVENTS,
  tools: {
    shell: ["launch-process"],
    read: ["view"],
    edit: ["str-replace-editor", "save-file", "remove-files"],
    pathKeys: ["path", "file_path"],
    commandKey: "command",
  },
  cwdOf: (raw) => (Array.isArray(raw.workspace_roots) && typeof raw.workspace_roots[0] === "string" ? raw.workspace_roots[0] : undefined),
  supportsAsk: false,
  // A PreToolUse updatedInput needs a permissionDecision other than deny, which Augment documents as not
  // yet honoured: a redaction that might be ignored would hand the model the secret, so it becomes a deny.
  appliesUpdatedInput: false,
  // fixtures/augment: conversation_id + workspace_roots, and no cursor_version (Cursor sends workspace_roots too).
  detect: (raw) =>
    typeof raw.hook_event_name === "string" && typeof raw.conversation_id === "string" && Array.isArray(raw.workspace_roots) && !("cursor_version" in raw),
  subscriptions: {
    "shell.before": [{ event: "PreToolUse", matcher: "launch-process" }],
    "file.read.before": [{ event: "PreToolUse", matcher: "view" }],
    "file.edit.before": [{ event: "PreToolUse", matcher: "str-replace-editor|save-file|remove-files" }],
    "file.edit.after": [{ event: "PostToolUse", matcher: "str-replace-editor|save-file" }],
    "prompt.submit": [{ event: "UserPromptSubmit" }],
    "agent.stop": [{ event: "Stop" }],
    "session.end": [{ event: "SessionEnd" }],
  },
});
