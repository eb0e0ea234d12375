/**
 * Goose (block/goose documentation/docs/guides/context-engineering/hooks.md): the
 * Open Plugins hooks format. Stdin `{event, session_id, matcher_context, tool_name, tool_input, working_dir,
 * tool_call_id, message, last_assistant_message}`. Only PreToolUse and Stop can block, by exit 2 or
 * `{"decision":"block","reason"}`; the Before… and After… events are observation only. No ask, no rewrite.
 */
import type { Dialect, Rendered } from "../dialect.ts";
import type { Decision, EventBase, EventKind, GuardEvent } from "../event.ts";
import { optionalObject, optionalString, requireString, type Json } from "../fields.ts";
import { askAsDeny } from "./claude-family.ts";
import { rewriteAsDeny, rewritesInput } from "./fallbacks.ts";
import { empty, json, reasonFor } from "./output.ts";
import { pathsFrom, toolEvent } from "./tool-event.ts";
import { roleOf, type ToolRoles } from "./tool-roles.ts";

export const GOOSE_EVENTS: Readonly<Record<string, EventKind>> = {
  SessionStart: "session.start",
  SessionEnd: "session.end",
  Stop: "agent.stop",
  UserPromptSubmit: "prompt.submit",
  PreToolUse: "tool.before",
  PreToolUseResult: "other",
  PostToolUse: "tool.after",
  PostToolUseFailure: "tool.after",
  // Observation only: a block from these is ignored by Goose, so no guard is registered there and a
  // payload of theirs is never parsed as something a guard could stop.
  BeforeReadFile: "other",
  BeforeShellExecution: "other",
  AfterFileEdit: "file.edit.after",
  AfterShellExecution: "shell.after",
};

const TOOLS: ToolRoles = { shell: ["developer__shell"], read: [], edit: ["developer__write", "developer__edit"] };

function parse(raw: Json, env: Readonly<Record<string, string | undefined>>): GuardEvent | undefined {
  const nativeEvent = requireString(raw, "event");
  const kind = GOOSE_EVENTS[nativeEvent];
  if (!kind) return undefined;
  const cwd = optionalString(raw, "working_dir") ?? env.PWD ?? "";
  const base: EventBase = { dialect: "goose", nativeEvent, cwd, projectRoot: cwd, workspaceRoots: [cwd], conversationId: optionalString(raw, "session_id"), raw };
  switch (kind) {
    case "session.start":
    case "session.end":
      return { ...base, kind };
    case "agent.stop":
      return { ...base, kind, status: "completed", loopCount: 0, stopHookActive: false };
    case "prompt.submit":
      return { ...base, kind, prompt: optionalString(raw, "message") ?? "" };
    case "other":
      return { ...base, kind };
    default:
  }
  const toolName = requireString(raw, "tool_name");
  const input = optionalObject(raw, "tool_input") ?? {};
  // A failed call did not finish: never report it as a command run or a file edited (as Claude's PostToolUseFailure).
  const role = nativeEvent === "PostToolUseFailure" ? "tool" : roleOf(toolName, TOOLS);
  // AfterFileEdit / AfterShellExecution also carry the path or command in matcher_context.
  const context = optionalString(raw, "matcher_context");
  return toolEvent(nativeEvent === "AfterFileEdit" ? "edit" : nativeEvent === "AfterShellExecution" ? "shell" : role, {
    base,
    toolName,
    input,
    after: kind !== "tool.before",
    failed: nativeEvent === "PostToolUseFailure",
    ...(role === "shell" || nativeEvent === "AfterShellExecution" ? { command: optionalString(input, "command") ?? context ?? requireString(input, "command", "tool_input.command") } : {}),
    ...(role === "edit" || nativeEvent === "AfterFileEdit" ? { paths: pathsFrom(input, ["path"]) ?? (context ? [context] : [requireString(input, "path", "tool_input.path")]) } : {}),
  });
}

/**
 * `{"decision":"block","reason"}` on stdout blocks "whatever the exit status" and exit 2 blocks with
 * stderr as the reason: both are sent, so a block holds whichever one a Goose build reads first.
 */
function render(decision: Decision, event: GuardEvent | undefined): Rendered {
  const effective = decision.action === "ask" ? askAsDeny(decision) : rewritesInput(decision) ? rewriteAsDeny(decision) : decision;
  const stop = event?.kind === "agent.stop";
  if (stop && effective.followup) return json({ decision: "block", reason: effective.followup });
  if (effective.action !== "deny" || stop) return empty();
  const reason = reasonFor(effective);
  return { stdout: `${JSON.stringify({ decision: "block", reason })}\n`, stderr: `${reason}\n`, exitCode: 2 };
}

export const goose: Dialect = {
  id: "goose",
  agent: "Goose",
  events: GOOSE_EVENTS,
  // `event` (not hook_event_name); tool events carry working_dir, the others Goose's own fields or nothing but the session.
  detect: (raw) =>
    typeof raw.event === "string" &&
    Object.hasOwn(GOOSE_EVENTS, raw.event) &&
    !("cwd" in raw) &&
    ("working_dir" in raw || "matcher_context" in raw || "last_assistant_message" in raw || Object.keys(raw).every((k) => ["event", "session_id"].includes(k))),
  parse,
  render,
  subscriptions: {
    "shell.before": [{ event: "PreToolUse", matcher: "^developer__shell$" }],
    "file.edit.before": [{ event: "PreToolUse", matcher: "^developer__(write|edit)$" }],
    "file.edit.after": [{ event: "PostToolUse", matcher: "^developer__(write|edit)$" }],
    "agent.stop": [{ event: "Stop" }],
    "session.end": [{ event: "SessionEnd" }],
  },
};
