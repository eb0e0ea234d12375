/**
 * Cursor running Claude's settings files ("third-party hooks" on): Cursor's own payload
 * (`hook_event_name: "preToolUse"`, `tool_name: "Shell"`, `workspace_roots`, often `cwd: ""` and a BOM),
 * answered in Claude's shape, which Cursor maps (`permissionDecision`→`permission`). Sources:
 * cursor.com/docs/reference/third-party-hooks, github.com/DobermanCore/Doberman-Core/pull/576.
 */
import type { Dialect, Rendered } from "../dialect.ts";
import type { Decision, GuardEvent } from "../event.ts";
import { askAsDeny } from "./claude-family.ts";
import { cursor } from "./cursor.ts";
import { canonicalEventName } from "./cursor-parse.ts";
import { json, reasonFor } from "./output.ts";

/**
 * A deny is exit 2 with the reason on stderr, which Cursor documents as a deny for every hook, with the
 * Claude-shaped deny on stdout for the mapping (hookEventName is Claude's, never Cursor's `preToolUse`).
 * Rewrites are not given: Cursor drops `updated_input` for some tools, and this file has no second hook
 * to catch a read it let through, so a redaction is a deny with the masked finding.
 */
function render(decision: Decision, event: GuardEvent | undefined): Rendered {
  const effective = decision.action === "ask" ? askAsDeny(decision) : decision;
  const name = event ? canonicalEventName(event.nativeEvent) : undefined;
  if (effective.action === "deny") {
    const reason = reasonFor(effective);
    const stdout =
      name === "preToolUse"
        ? `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } })}\n`
        : "";
    return { stdout, stderr: `${reason}\n`, exitCode: 2 };
  }
  if ((name === "stop" || name === "subagentStop") && effective.followup) return json({ decision: "block", reason: effective.followup });
  return json({});
}

export const cursorThirdParty: Dialect = { ...cursor, render, canRewrite: () => false };
