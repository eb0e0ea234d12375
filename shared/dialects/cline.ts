/**
 * Cline (docs.cline.bot/customization/hooks; cline/cline docs/customization/hooks.mdx): one
 * executable per event, named after it. Stdin `{clineVersion, hookName, timestamp, taskId, workspaceRoots,
 * userId, model, <hookName in lowerCamel>: {…}}`; stdout `{cancel, contextModification, errorMessage}`.
 * Exit codes never block, only `cancel: true` does. No ask and no input rewrite.
 *
 * The Cline CLI (npm `cline` 3.x, built on @cline/core) runs the same files but sends its own event names
 * (`PreToolUse` file → `hookName: "tool_call"`, with the real input in `tool_call.{name, input}`; the
 * legacy `preToolUse.parameters` values there are JSON-encoded strings) and its own tools (`run_commands`
 * `{commands: []}`, `read_files` `{files: [{path}]}`, `editor` `{path, old_text, new_text}`). Observed on
 * cline 3.0.65; its `cancel: true` stops the whole run. It also takes `overrideInput`, the tool's whole new
 * input: a read of one file or a single command is redirected there (redaction), and the run goes on.
 */
import type { Dialect, Rendered } from "../dialect.ts";
import type { Decision, EventBase, EventKind, GuardEvent, Rewrite, StopStatus } from "../event.ts";
import { isObject, optionalObject, optionalString, requireObject, requireString, type Json } from "../fields.ts";
import { askAsDeny } from "./claude-family.ts";
import { rewriteAsDeny, rewritesInput } from "./fallbacks.ts";
import { json, reasonFor } from "./output.ts";
import { pathsFrom, replacementEdit, textOf, toolEvent, type ToolCall } from "./tool-event.ts";
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
  // The Cline CLI's names for the same files (@cline/core HOOK_CONFIG_FILE_EVENT_MAP).
  agent_start: "session.start",
  agent_resume: "session.start",
  agent_abort: "agent.stop",
  agent_end: "agent.stop",
  agent_error: "agent.stop",
  tool_call: "tool.before",
  tool_result: "tool.after",
  prompt_submit: "prompt.submit",
  session_shutdown: "session.end",
};

const STOP_STATUS: Readonly<Record<string, StopStatus>> = { TaskCancel: "aborted", agent_abort: "aborted", agent_error: "error" };

const TOOLS: ToolRoles = { shell: ["execute_command", "run_commands"], read: ["read_file", "read_files"], edit: ["write_to_file", "replace_in_file", "editor"] };

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
    case "session.end":
    case "compact.before":
    case "notification":
      return { ...base, kind };
    case "agent.stop":
      return { ...base, kind, status: STOP_STATUS[nativeEvent] ?? "completed", loopCount: 0, stopHookActive: false };
    case "prompt.submit":
      return { ...base, kind, prompt: optionalString(nativeEvent === "prompt_submit" ? (optionalObject(raw, "userPromptSubmit") ?? {}) : details, "prompt", `${nativeEvent}.prompt`) ?? "" };
    default:
  }
  return nativeEvent === "tool_call" || nativeEvent === "tool_result" ? cliToolEvent(raw, base, nativeEvent) : extensionToolEvent(details, base, nativeEvent, kind);
}

/** The extension's `preToolUse` / `postToolUse` section: `{toolName, parameters, result, success}`. */
function extensionToolEvent(details: Json, base: EventBase, nativeEvent: string, kind: EventKind): GuardEvent {
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

/** The CLI's `tool_call: {id, name, input}` / `tool_result: {name, input, output, error}`, input as the model sent it. */
function cliToolEvent(raw: Json, base: EventBase, nativeEvent: string): GuardEvent {
  const call = requireObject(raw, nativeEvent);
  const toolName = requireString(call, "name", `${nativeEvent}.name`);
  const input = optionalObject(call, "input", `${nativeEvent}.input`) ?? {};
  const role = roleOf(toolName, TOOLS);
  const output = call.output;
  const shared: ToolCall = {
    base,
    toolName,
    input,
    after: nativeEvent === "tool_result",
    failed: typeof call.error === "string",
    output,
    ...(output === undefined ? {} : { outputText: typeof output === "string" ? output : JSON.stringify(output) }),
  };
  if (role === "shell") return toolEvent(role, { ...shared, command: commandsOf(input, nativeEvent) });
  if (role === "read") return toolEvent(role, { ...shared, paths: readPaths(input, nativeEvent) });
  if (role === "edit") {
    const path = requireString(input, "path", `${nativeEvent}.input.path`);
    // No old_text and no insert_line: the editor creates the file with new_text.
    const creates = textOf(input, "old_text") === undefined && typeof input.insert_line !== "number";
    return toolEvent(role, {
      ...shared,
      paths: [path],
      edits: replacementEdit(input, "old_text", "new_text", "new_text"),
      ...(creates ? { content: textOf(input, "new_text") ?? "" } : {}),
    });
  }
  return toolEvent(role, shared);
}

/**
 * `run_commands` runs each string as its own command: one per line, so the shell analysis sees every one.
 * A plain `command` string is taken too (the CLI's single-command form).
 */
function commandsOf(input: Json, where: string): string {
  const list = input.commands;
  if (Array.isArray(list) && list.length > 0 && list.every((c) => typeof c === "string")) return (list as string[]).join("\n");
  return requireString(input, "command", `${where}.input.commands`);
}

function readPaths(input: Json, where: string): string[] {
  const files = input.files;
  if (!Array.isArray(files) || files.length === 0) return pathsFrom(input, ["path"]) ?? [requireString(input, "path", `${where}.input.files`)];
  return files.map((file, index) => (typeof file === "string" ? file : requireString(isObject(file) ? file : {}, "path", `${where}.input.files[${index}].path`)));
}

/** The CLI's tool_call with one file to read or one command: the only calls whose input guards rewrite. */
function canRewrite(event: GuardEvent, field: keyof Rewrite): boolean {
  if (event.nativeEvent !== "tool_call") return false;
  if (field === "filePath") return event.kind === "file.read.before" && event.filePaths.length === 1;
  return field === "command" && event.kind === "shell.before" && !event.command.includes("\n");
}

/** The whole new input for `overrideInput`: the call's own input with the one path or command replaced. */
function overrideInput(rewrite: Rewrite, event: GuardEvent): Json {
  const input = event.kind === "file.read.before" || event.kind === "shell.before" ? (event.toolInput ?? {}) : {};
  if (rewrite.filePath !== undefined) {
    const files = Array.isArray(input.files) ? input.files : undefined;
    const first = files && isObject(files[0]) ? files[0] : {};
    return files ? { ...input, files: [{ ...first, path: rewrite.filePath }] } : { ...input, path: rewrite.filePath };
  }
  return Array.isArray(input.commands) ? { ...input, commands: [rewrite.command] } : { ...input, command: rewrite.command };
}

/** Always one JSON object: Cline reads stdout, never the exit code. */
function render(decision: Decision, event: GuardEvent | undefined): Rendered {
  const rewritable = event !== undefined && rewritesInput(decision) && canRewrite(event, decision.rewrite!.filePath !== undefined ? "filePath" : "command");
  const effective = decision.action === "ask" ? askAsDeny(decision) : rewritesInput(decision) && !rewritable ? rewriteAsDeny(decision) : decision;
  const out: Json = { cancel: effective.action === "deny" };
  if (effective.action === "deny") out.errorMessage = reasonFor(effective);
  if (rewritable && effective.action !== "deny") out.overrideInput = overrideInput(effective.rewrite!, event!);
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
  canRewrite,
  subscriptions: {
    "shell.before": [{ event: "PreToolUse" }],
    "file.read.before": [{ event: "PreToolUse" }],
    "file.edit.before": [{ event: "PreToolUse" }],
    "file.edit.after": [{ event: "PostToolUse" }],
    "prompt.submit": [{ event: "UserPromptSubmit" }],
    "agent.stop": [{ event: "TaskComplete" }, { event: "TaskCancel" }],
  },
};
