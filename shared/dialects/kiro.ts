/**
 * Kiro CLI (ex-Amazon Q Developer CLI): `{hook_event_name, cwd, tool_name, tool_input, tool_response}` on
 * stdin (kiro.dev/docs/cli/hooks). Version 2 names events in camelCase inside agent
 * files, version 3 in PascalCase in `.kiro/hooks/*.json` (kiro.dev/docs/cli/v3/hooks). Exit 2 blocks
 * PreToolUse and UserPromptSubmit with stderr returned to the model; nothing else is read: no ask, no rewrite.
 */
import type { Dialect, Rendered } from "../dialect.ts";
import type { Decision, EventBase, EventKind, GuardEvent } from "../event.ts";
import { isObject, optionalObject, optionalString, requireString, type Json } from "../fields.ts";
import { askAsDeny } from "./claude-family.ts";
import { rewriteAsDeny, rewritesInput } from "./fallbacks.ts";
import { exitBlock } from "./output.ts";
import { pathsFrom, toolEvent } from "./tool-event.ts";
import { roleOf, type ToolRoles } from "./tool-roles.ts";

export const KIRO_EVENTS: Readonly<Record<string, EventKind>> = {
  // v3 triggers (.kiro/hooks/*.json)
  SessionStart: "session.start",
  UserPromptSubmit: "prompt.submit",
  PreToolUse: "tool.before",
  PostToolUse: "tool.after",
  // v3 Stop fires when the session ends and cannot block.
  Stop: "session.end",
  PreTaskExec: "other",
  PostTaskExec: "other",
  PostFileCreate: "file.edit.after",
  PostFileSave: "file.edit.after",
  PostFileDelete: "other",
  Manual: "other",
  // v2 events (hooks inside .kiro/agents/*.json)
  agentSpawn: "session.start",
  userPromptSubmit: "prompt.submit",
  preToolUse: "tool.before",
  postToolUse: "tool.after",
  stop: "agent.stop",
};

/** Built-in tool ids and their v3 short names ("shell", "read", "write"; str_replace in the v3 docs' example). */
const TOOLS: ToolRoles = { shell: ["execute_bash", "shell"], read: ["fs_read", "read"], edit: ["fs_write", "write", "str_replace"], mcpPrefix: "@" };

/** fs_read takes `{operations: [{mode, path}]}` (batched) or one `{mode, path}`. */
function readPaths(input: Json): string[] {
  const operations = Array.isArray(input.operations) ? input.operations.filter(isObject) : [input];
  const paths = operations.flatMap((op) => pathsFrom(op, ["path", "file_path"]) ?? []);
  if (paths.length === 0) requireString(input, "path", "tool_input.path");
  return paths;
}

function parse(raw: Json, env: Readonly<Record<string, string | undefined>>): GuardEvent | undefined {
  const nativeEvent = requireString(raw, "hook_event_name");
  const kind = KIRO_EVENTS[nativeEvent];
  if (!kind) return undefined;
  const cwd = optionalString(raw, "cwd") ?? env.PWD ?? "";
  const base: EventBase = { dialect: "kiro", nativeEvent, cwd, projectRoot: cwd, workspaceRoots: [cwd], conversationId: optionalString(raw, "session_id"), raw };
  if (kind === "prompt.submit") return { ...base, kind, prompt: optionalString(raw, "prompt") ?? env.USER_PROMPT ?? "" };
  if (kind === "agent.stop") return { ...base, kind, status: "completed", loopCount: 0, stopHookActive: false };
  if (kind === "session.start" || kind === "session.end") return { ...base, kind };
  if (kind === "file.edit.after") {
    // PostFile* triggers name the file rather than a tool (matcher: a path regex).
    const input = optionalObject(raw, "tool_input") ?? {};
    const paths = pathsFrom(input, ["path", "file_path"]) ?? pathsFrom(raw, ["file_path", "path"]) ?? [];
    return toolEvent("edit", { base, toolName: optionalString(raw, "tool_name") ?? nativeEvent, input, after: true, failed: false, paths });
  }
  if (kind !== "tool.before" && kind !== "tool.after") return { ...base, kind: "other" };
  const toolName = requireString(raw, "tool_name");
  const input = optionalObject(raw, "tool_input") ?? {};
  const role = roleOf(toolName, TOOLS);
  const [server, tool] = role === "mcp" ? toolName.slice(1).split("/") : [];
  const output = raw.tool_response;
  return toolEvent(role, {
    base,
    toolName,
    input,
    after: kind === "tool.after",
    failed: false,
    output,
    ...(typeof output === "string" ? { outputText: output } : {}),
    ...(role === "shell" ? { command: requireString(input, "command", "tool_input.command") } : {}),
    ...(role === "read" ? { paths: readPaths(input) } : {}),
    ...(role === "edit" ? { paths: pathsFrom(input, ["path", "file_path"]) ?? [requireString(input, "path", "tool_input.path")] } : {}),
    ...(role === "mcp" ? { server, tool: tool ?? toolName } : {}),
  });
}

/** Every block is exit 2; a rewrite or an ask the agent cannot take becomes a deny that says why. */
function render(decision: Decision, _event: GuardEvent | undefined): Rendered {
  const effective = decision.action === "ask" ? askAsDeny(decision) : rewritesInput(decision) ? rewriteAsDeny(decision) : decision;
  return exitBlock(effective);
}

export const kiro: Dialect = {
  id: "kiro",
  agent: "Kiro CLI",
  events: KIRO_EVENTS,
  // Kiro's tool ids are its own (execute_bash, fs_read, fs_write); its other events look like any snake_case envelope.
  detect: (raw) =>
    typeof raw.hook_event_name === "string" &&
    Object.hasOwn(KIRO_EVENTS, raw.hook_event_name) &&
    typeof raw.tool_name === "string" &&
    ["execute_bash", "fs_read", "fs_write"].includes(raw.tool_name),
  parse,
  render,
  subscriptions: {
    "shell.before": [{ event: "PreToolUse", matcher: "^(execute_bash|shell)$" }],
    "file.read.before": [{ event: "PreToolUse", matcher: "^(fs_read|read)$" }],
    "file.edit.before": [{ event: "PreToolUse", matcher: "^(fs_write|write|str_replace)$" }],
    "file.edit.after": [{ event: "PostToolUse", matcher: "^(fs_write|write|str_replace)$" }],
    "prompt.submit": [{ event: "UserPromptSubmit" }],
    "session.end": [{ event: "Stop" }],
  },
};
