/**
 * GitHub Copilot CLI (and the Copilot desktop app) running a hook registered under a PascalCase key:
 * Claude's `.claude/settings.json`, which it always loads, or a Copilot file written with Claude's event
 * names. The payload is snake_case with Claude's tool names but Copilot's own argument names (`Read` with
 * `path`, not `file_path`); no `transcript_path`, no `permission_mode`, an ISO `timestamp`
 * (docs.github.com/en/copilot/reference/hooks-reference; measured with Copilot CLI 1.0.102, see test/agents/).
 */
import type { Dialect, Rendered } from "../dialect.ts";
import type { Decision, GuardEvent, Rewrite } from "../event.ts";
import type { Json } from "../fields.ts";
import { CLAUDE_EVENTS } from "./claude.ts";
import { claudeFamily } from "./claude-family.ts";
import { json, reasonFor } from "./output.ts";

const parser = claudeFamily({
  id: "copilot",
  agent: "GitHub Copilot",
  events: CLAUDE_EVENTS,
  tools: {
    // Copilot maps bash and powershell to Bash, view to Read, create to Write, edit/apply_patch to Edit.
    shell: ["Bash", "PowerShell"],
    read: ["Read"],
    edit: ["Write", "Edit"],
    pathKeys: ["path", "file_path"],
    commandKey: "command",
  },
  projectDirEnv: "COPILOT_PROJECT_DIR",
  supportsAsk: true,
  // The rewrite goes out as Copilot's `modifiedArgs` (render below): hookSpecificOutput.updatedInput is
  // ignored here (github/copilot-cli#2013).
  appliesUpdatedInput: true,
  detect: () => false,
  subscriptions: {},
});

/**
 * PreToolUse: Claude's hookSpecificOutput is obeyed here (measured), and Copilot's own top-level fields are
 * its native answer; both are given so either reading enforces the deny. A rewrite is Copilot's
 * `modifiedArgs`, the whole argument object under Copilot's own names: Copilot CLI 1.0.102 applies it to a
 * hook in .claude/settings.json (test/agents, copilot-on-claude · secret-read: the redacted copy reached
 * the model).
 */
function render(decision: Decision, event: GuardEvent | undefined): Rendered {
  const rendered = parser.render(decision, event);
  if (event?.nativeEvent !== "PreToolUse" || !rendered.stdout) return rendered;
  const out = JSON.parse(rendered.stdout) as Json;
  const specific = out.hookSpecificOutput as Json;
  if (specific.permissionDecision === undefined) return rendered;
  const top: Json = { permissionDecision: specific.permissionDecision };
  if (specific.permissionDecisionReason !== undefined) top.permissionDecisionReason = specific.permissionDecisionReason;
  else if (decision.action === "deny") top.permissionDecisionReason = reasonFor(decision);
  const { updatedInput, ...kept } = specific;
  if (updatedInput !== undefined) top.modifiedArgs = updatedInput;
  return json({ ...top, ...out, hookSpecificOutput: kept });
}

/** Only the call's arguments can be replaced (a read's path, a command); Copilot has no Claude output rewrite. */
function canRewrite(event: GuardEvent, field: keyof Rewrite): boolean {
  return event.nativeEvent === "PreToolUse" && field !== "output" && (parser.canRewrite?.(event, field) ?? false);
}

export const copilotSnake: Dialect = { ...parser, render, canRewrite };
