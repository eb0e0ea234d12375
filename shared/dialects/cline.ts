/**
 * Cline (docs.cline.bot/customization/hooks; reference/dialects.md §7.1, agents-2026-11.md §13): one
 * executable per event, named after it. Stdin `{clineVersion, hookName, timestamp, taskId, workspaceRoots,
 * userId, model, <hookName in lowerCamel>: {…}}`; stdout `{cancel, contextModification, errorMessage}`.
 * Exit codes never block, only `cancel: true` does. No ask and no input rewrite.
 */
import type { Dialect, Rendered } from "../dialect.ts";
import type { Decision, EventBase, EventKind, GuardEvent } from "../event.ts";
import { optionalObject, optionalString, requireString, type Json } from "../fields.ts";
import { askAsDeny } from "./claude-family.ts";
import { rewriteAsDeny, rewritesInput } from "./fallbacks.ts";
import { json, reasonFor } from "./output.ts";
import { pathsFrom, toolEvent } from "./tool-event.ts";
import { roleOf, type ToolRoles } from "./tool-roles.ts";

export const CLINE_EVENTS: Readonly<Record<string, EventKind>> = {
  TaskStart: "session.start",
  TaskResume: "session.start",
  TaskCancel: "agent.stop",
  TaskComplete: "agent.stop",
  PreToolUse: "tool.before",
  PostToolUse: "tool.after",
  UserPromptSubmit: "prompt.submit",
  PreCompact: "compact.before",
  Notification: "notification",
};

const TOOLS: ToolRoles = { shell: ["execute_command"], read: ["read_file"], edit: ["write_to_file", "replace_in_file"] };

/** The event's own section: `preToolUse` for PreToolUse, `taskComplete` for TaskComplete. */
function section(raw: Json, hookName: string): Json {
  return optionalObject(raw, hookName[0]!.toLowerCase() + hookName.slice(1)) ?? {};
}

function parse(raw: Json, env: Readonly<Record<string, string | undefined>>): GuardEvent | undefined {
  const nativeEvent = requireString(raw, "hookName");
  const kind = CLINE_EVENTS[nativeEvent];
  if (!kind) return undefined;
  const roots = Array.isArray(raw.workspaceRoots) ? raw.workspaceRoots.filter((r): r is string => typeof r === "string") : [];
  const root = roots[0] ?? env.PWD ?? "";
  const model = optionalObject(raw, "model");
  const base: EventBase = {
    dialect: "cline",
    nativeEvent,
    cwd: root,
    projectRoot: root,
    workspaceRoots: roots.length > 0 ? roots : [root],
    conversationId: optionalString(raw, "taskId"),
    ...(model && typeof model.slug === "string" ? { model: model.slug } : {}),
    raw,
  };
  const details = section(raw, nativeEvent);
  switch (kind) {
    case "session.start":
    case "compact.before":
    case "notification":
      return { ...base, kind };
    case "agent.stop":
      return { ...base, kind, status: nativeEvent === "TaskCancel" ? "aborted" : "completed", loopCount: 0, stopHookActive: false };
    case "prompt.submit":
      return { ...base, kind, prompt: optionalString(details, "prompt", `${nativeEvent}.prompt`) ?? "" };
    default:
  }
  const where = nativeEvent[0]!.toLowerCase() + nativeEvent.slice(1);
  const toolName = requireString(details, "toolName", `${where}.toolName`);
  const input = optionalObject(details, "parameters", `${where}.parameters`) ?? {};
  const role = roleOf(toolName, TOOLS);
  const result = details.result;
  return toolEvent(role, {
    base,
    toolName,
    input,
    after: kind === "tool.after",
    failed: details.success === false,
    output: result,
    ...(typeof result === "string" ? { outputText: result } : {}),
    ...(role === "shell" ? { command: requireString(input, "command", `${where}.parameters.command`) } : {}),
    ...(role === "read" || role === "edit" ? { paths: pathsFrom(input, ["path"]) ?? [requireString(input, "path", `${where}.parameters.path`)] } : {}),
  });
}

/** Always one JSON object: Cline reads stdout, never the exit code. */
function render(decision: Decision, _event: GuardEvent | undefined): Rendered {
  const effective = decision.action === "ask" ? askAsDeny(decision) : rewritesInput(decision) ? rewriteAsDeny(decision) : decision;
  const out: Json = { cancel: effective.action === "deny" };
  if (effective.action === "deny") out.errorMessage = reasonFor(effective);
  if (effective.context) out.contextModification = effective.context;
  return json(out);
}

export const cline: Dialect = {
  id: "cline",
  agent: "Cline",
  events: CLINE_EVENTS,
  detect: (raw) => typeof raw.hookName === "string" && typeof raw.taskId === "string",
  parse,
  render,
  subscriptions: {
    "shell.before": [{ event: "PreToolUse" }],
    "file.read.before": [{ event: "PreToolUse" }],
    "file.edit.before": [{ event: "PreToolUse" }],
    "file.edit.after": [{ event: "PostToolUse" }],
    "prompt.submit": [{ event: "UserPromptSubmit" }],
    "agent.stop": [{ event: "TaskComplete" }, { event: "TaskCancel" }],
  },
};
