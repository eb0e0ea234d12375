/**
 * Factory Droid: Claude-shaped with its own tool names (docs.factory.ai/harness/hooks and
 * docs.factory.ai/reference/hooks-reference). Droid applies updatedInput.
 *
 * An ask is rendered as a deny: `droid exec` 0.225.2 (with `--auto medium`, `--auto high` or
 * `--skip-permissions-unsafe`) runs a tool a hook answered with `permissionDecision: "ask"`, asking nobody,
 * and the payload cannot tell a headless run from the terminal UI (`permission_mode` is "auto-low" in all
 * three). Observed in the real-agent suite: a kubectl-prod ask let `kubectl apply` run.
 */
import type { EventKind } from "../event.ts";
import { claudeFamily } from "./claude-family.ts";
import { patchedFiles } from "./patch.ts";

export const FACTORY_EVENTS: Readonly<Record<string, EventKind>> = {
  PreToolUse: "tool.before",
  PostToolUse: "tool.after",
  Notification: "notification",
  UserPromptSubmit: "prompt.submit",
  Stop: "agent.stop",
  SubagentStop: "subagent.stop",
  PreCompact: "compact.before",
  SessionStart: "session.start",
  SessionEnd: "session.end",
};

const FACTORY_TOOLS = ["Execute", "Create", "ApplyPatch"];
/** Droid's autonomy levels: no other Claude-shaped agent sends these as permission_mode. */
const FACTORY_MODES = ["off", "spec", "auto-low", "auto-medium", "auto-high"];

export const factory = claudeFamily({
  id: "factory",
  agent: "Factory Droid",
  events: FACTORY_EVENTS,
  tools: {
    shell: ["Execute"],
    read: ["Read"],
    edit: ["Edit", "Create", "ApplyPatch", "MultiEdit"],
    pathKeys: ["file_path", "path"],
    commandKey: "command",
  },
  projectDirEnv: "FACTORY_PROJECT_DIR",
  supportsAsk: false,
  // ApplyPatch takes a Codex-style patch envelope (fixtures/factory/PostToolUse/apply-patch.json): the files are in its headers.
  editedFiles: (toolName, input) => {
    if (toolName !== "ApplyPatch") return undefined;
    const patch = typeof input.input === "string" ? input.input : typeof input.patch === "string" ? input.patch : undefined;
    return patch === undefined ? undefined : patchedFiles(patch);
  },
  detect: (raw) =>
    typeof raw.hook_event_name === "string" &&
    Object.hasOwn(FACTORY_EVENTS, raw.hook_event_name) &&
    ((typeof raw.tool_name === "string" && FACTORY_TOOLS.includes(raw.tool_name)) ||
      (typeof raw.permission_mode === "string" && FACTORY_MODES.includes(raw.permission_mode))),
  subscriptions: {
    "shell.before": [{ event: "PreToolUse", matcher: "Execute" }],
    "file.read.before": [{ event: "PreToolUse", matcher: "Read" }],
    "file.edit.before": [{ event: "PreToolUse", matcher: "Edit|Create|ApplyPatch|MultiEdit" }],
    "file.edit.after": [{ event: "PostToolUse", matcher: "Edit|Create|ApplyPatch|MultiEdit" }],
    "prompt.submit": [{ event: "UserPromptSubmit" }],
    "agent.stop": [{ event: "Stop" }],
    "subagent.stop": [{ event: "SubagentStop" }],
    "session.end": [{ event: "SessionEnd" }],
  },
});
