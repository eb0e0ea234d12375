/**
 * Devin for Terminal (Devin CLI): "compatible with Claude Code hooks" with its own tool names and a
 * `decision: approve|block|deny` + `reason` answer (cli.devin.ai/docs/extensibility/hooks).
 * It documents no ask and no input rewrite, so both become a deny with the reason.
 */
import type { Dialect, Rendered } from "../dialect.ts";
import type { Decision, EventKind, GuardEvent } from "../event.ts";
import { askAsDeny, claudeFamily } from "./claude-family.ts";
import { isDevinExec } from "./reader-marks.ts";

export const DEVIN_EVENTS: Readonly<Record<string, EventKind>> = {
  PreToolUse: "tool.before",
  PostToolUse: "tool.after",
  PermissionRequest: "other",
  UserPromptSubmit: "prompt.submit",
  Stop: "agent.stop",
  SessionStart: "session.start",
  SessionEnd: "session.end",
};

const family = claudeFamily({
  id: "devin",
  agent: "Devin for Terminal",
  events: DEVIN_EVENTS,
  tools: {
    // lifecycle-hooks page: PreToolUse tool_name `exec` with {command, shell_id}, `edit`, `mcp__…`.
    shell: ["exec"],
    read: ["read"],
    edit: ["edit", "write"],
    pathKeys: ["file_path", "path"],
    commandKey: "command",
  },
  projectDirEnv: "DEVIN_PROJECT_DIR",
  supportsAsk: false,
  appliesUpdatedInput: false,
  detect: isDevinExec,
  subscriptions: {
    "shell.before": [{ event: "PreToolUse", matcher: "exec" }],
    "file.read.before": [{ event: "PreToolUse", matcher: "read" }],
    "file.edit.before": [{ event: "PreToolUse", matcher: "edit|write" }],
    "file.edit.after": [{ event: "PostToolUse", matcher: "edit|write" }],
    "prompt.submit": [{ event: "UserPromptSubmit" }],
    "agent.stop": [{ event: "Stop" }],
    "session.end": [{ event: "SessionEnd" }],
  },
});

/**
 * A PreToolUse deny is Devin's documented `{"decision":"deny","reason"}` and exit 2 with the reason on
 * stderr, so the block holds whichever of the two this version reads. Other answers are Claude's.
 */
function render(decision: Decision, event: GuardEvent | undefined): Rendered {
  const effective = decision.action === "ask" ? askAsDeny(decision) : decision;
  if (event?.nativeEvent !== "PreToolUse" || effective.action !== "deny") return family.render(effective, event);
  const reason = effective.agentMessage ?? effective.userMessage ?? "blocked by guards";
  return { stdout: `${JSON.stringify({ decision: "deny", reason })}\n`, stderr: `${reason}\n`, exitCode: 2 };
}

export const devin: Dialect = { ...family, render };
