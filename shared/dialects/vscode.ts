/**
 * VS Code's agent, Local harness (Copilot Chat's own hook engine). It runs `.github/hooks/*.json` and
 * `~/.copilot/hooks` by default, and Claude's settings files with `chat.useClaudeHooks`, always with this
 * payload: snake_case `hook_event_name`, ISO `timestamp`, `tool_use_id`, VS Code tool ids with camelCase
 * inputs. It reads only `hookSpecificOutput`, dropped whole when its `hookEventName` differs from the event.
 * Source: microsoft/vscode `extensions/copilot/src/platform/chat/common/chatHookService.ts`,
 * `hookCompatibility.ts`.
 */
import type { Dialect, Rendered } from "../dialect.ts";
import type { Decision, EventBase, EventKind, GuardEvent, Rewrite } from "../event.ts";
import { optionalBoolean, optionalObject, optionalString, requireString, type Json } from "../fields.ts";
import { rewriteAsDeny, rewritesInput } from "./fallbacks.ts";
import { empty, exitBlock, json, reasonFor } from "./output.ts";
import { toolEvent } from "./tool-event.ts";
import { isVscodeShape, VSCODE_EVENTS } from "./vscode-events.ts";
import { vscodeEdits, vscodePaths, vscodeRole } from "./vscode-tools.ts";

/**
 * The event VS Code runs for a key of a Copilot hook file: Copilot's own names are mapped
 * (`preToolUse`→`PreToolUse`, `agentStop`→`Stop`, `userPromptSubmitted`→`UserPromptSubmit`), keys it has
 * no event for are skipped (microsoft/vscode `hookCopilotCliCompat.ts`).
 */
export function vscodeEventOfCopilotKey(key: string): string | undefined {
  const renamed: Readonly<Record<string, string>> = { agentStop: "Stop", userPromptSubmitted: "UserPromptSubmit" };
  const name = renamed[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
  return Object.hasOwn(VSCODE_EVENTS, name) ? name : undefined;
}

type Env = Readonly<Record<string, string | undefined>>;

export function parseVscode(raw: Json, env: Env): GuardEvent | undefined {
  const nativeEvent = requireString(raw, "hook_event_name");
  const kind = Object.hasOwn(VSCODE_EVENTS, nativeEvent) ? VSCODE_EVENTS[nativeEvent]! : undefined;
  if (!kind) return undefined;
  // cwd is the hook's working directory, the workspace root unless the entry sets its own; absent without a workspace.
  const cwd = optionalString(raw, "cwd") || env.PWD || "";
  const base: EventBase = {
    dialect: "vscode",
    nativeEvent,
    cwd,
    projectRoot: cwd,
    workspaceRoots: cwd ? [cwd] : [],
    conversationId: optionalString(raw, "session_id"),
    model: optionalString(raw, "model"),
    raw,
  };
  switch (kind) {
    case "tool.before":
    case "tool.after":
      return parseTool(raw, base, kind === "tool.after");
    case "prompt.submit":
      return { ...base, kind, prompt: requireString(raw, "prompt") };
    case "agent.stop":
    case "subagent.stop":
      return { ...base, kind, status: "completed", loopCount: 0, stopHookActive: optionalBoolean(raw, "stop_hook_active") ?? false };
    case "session.start":
      return { ...base, kind, reason: optionalString(raw, "source") };
    default:
      return { ...base, kind: kind as "compact.before" | "subagent.start" };
  }
}

function parseTool(raw: Json, base: EventBase, after: boolean): GuardEvent {
  const toolName = requireString(raw, "tool_name");
  const input = optionalObject(raw, "tool_input") ?? {};
  // PostToolUse carries the tool's output as text (executePostToolUseHook `toolResponseText`).
  const outputText = after ? optionalString(raw, "tool_response") : undefined;
  const role = vscodeRole(toolName);
  const call = { base, toolName, input, after, failed: false, output: outputText, outputText };
  if (role === "shell") return toolEvent(role, { ...call, command: requireString(input, "command", "tool_input.command") });
  if (role === "read") return toolEvent(role, { ...call, paths: vscodePaths(toolName, input) });
  if (role === "edit") {
    const edits = vscodeEdits(toolName, input);
    return toolEvent(role, { ...call, paths: vscodePaths(toolName, input), edits, content: optionalString(input, "content") });
  }
  return toolEvent(role, role === "mcp" ? { ...call, tool: toolName } : call);
}

/** Every answer in JSON sits under hookSpecificOutput, named with the event VS Code ran (never another spelling). */
function specific(event: GuardEvent, fields: Json): Json {
  return { hookSpecificOutput: { hookEventName: canonicalEvent(event), ...fields } };
}

function canonicalEvent(event: GuardEvent): string {
  return Object.keys(VSCODE_EVENTS).find((name) => name.toLowerCase() === event.nativeEvent.toLowerCase()) ?? event.nativeEvent;
}

export function renderVscode(decision: Decision, event: GuardEvent | undefined): Rendered {
  // Exit 2 blocks with stderr as the reason; any other non-zero exit is only a warning and the tool runs.
  if (!event) return exitBlock(decision);
  const name = canonicalEvent(event);
  const context = decision.context ? { additionalContext: decision.context } : {};
  switch (name) {
    case "PreToolUse":
      return renderPreTool(decision, event);
    case "PostToolUse":
    case "UserPromptSubmit":
      // `decision: "block"` with `reason` is top-level here (IPostToolUseHookResult, UserPromptSubmitHookOutput).
      if (decision.action === "deny" || decision.action === "ask") return json({ decision: "block", reason: reasonFor(decision), ...(decision.context ? specific(event, context) : {}) });
      return decision.context ? json(specific(event, context)) : empty();
    case "Stop":
    case "SubagentStop":
      // StopHookOutput: the block and its reason are inside hookSpecificOutput.
      return decision.followup ? json(specific(event, { decision: "block", reason: decision.followup })) : empty();
    case "SessionStart":
    case "SubagentStart":
      if (decision.action === "deny" || decision.action === "ask") return exitBlock(decision);
      return decision.context ? json(specific(event, context)) : empty();
    default:
      return exitBlock(decision);
  }
}

function renderPreTool(original: Decision, event: GuardEvent): Rendered {
  let decision = original;
  if (rewritesInput(decision) && !carriesRewrite(event, decision)) decision = rewriteAsDeny(decision);
  if (decision.action === "pass" && !rewritesInput(decision)) {
    return decision.context ? json(specific(event, { additionalContext: decision.context })) : empty();
  }
  // A rewrite needs an explicit allow to take effect.
  const action = decision.action === "pass" ? "allow" : decision.action;
  const out: Json = { permissionDecision: action };
  const reason = action === "deny" ? reasonFor(decision) : decision.userMessage ?? decision.agentMessage;
  if (reason) out.permissionDecisionReason = reason;
  if (action !== "deny" && rewritesInput(decision)) out.updatedInput = updatedInput(event, decision);
  if (decision.context) out.additionalContext = decision.context;
  return json(specific(event, out));
}

/**
 * `updatedInput` is checked against the tool's input schema and discarded when invalid, so it is the
 * whole original input with one field changed: `filePath` of read_file (startLine/endLine kept), `command`
 * of run_in_terminal.
 */
function updatedInput(event: GuardEvent, decision: Decision): Json {
  const input: Json = { ...(event.toolInput ?? {}) };
  const { command, filePath } = decision.rewrite ?? {};
  if (command !== undefined) input.command = command;
  if (filePath !== undefined) input.filePath = filePath;
  return input;
}

function carriesRewrite(event: GuardEvent, decision: Decision): boolean {
  const rewrite = decision.rewrite ?? {};
  return (["command", "filePath"] as const).every((field) => rewrite[field] === undefined || canRewriteVscode(event, field));
}

/** PreToolUse `updatedInput` can point read_file at another file or replace a terminal command; nothing else. */
export function canRewriteVscode(event: GuardEvent, field: keyof Rewrite): boolean {
  if (canonicalEvent(event) !== "PreToolUse") return false;
  if (field === "command") return event.kind === "shell.before" && event.toolName === "run_in_terminal";
  if (field === "filePath") return event.kind === "file.read.before" && event.toolName === "read_file" && typeof event.toolInput?.filePath === "string";
  return false;
}

export { isVscodeShape, VSCODE_EVENTS };

export const vscode: Dialect = {
  id: "vscode",
  agent: "VS Code",
  events: VSCODE_EVENTS,
  detect: isVscodeShape,
  parse: parseVscode,
  render: renderVscode,
  canRewrite: canRewriteVscode,
  // VS Code reads Copilot's hook files (.github/hooks, ~/.copilot/hooks): the installer writes those in Copilot's shape.
  subscriptions: {
    "shell.before": [{ event: "PreToolUse" }],
    "file.read.before": [{ event: "PreToolUse" }],
    "file.edit.before": [{ event: "PreToolUse" }],
    "file.edit.after": [{ event: "PostToolUse" }],
    "prompt.submit": [{ event: "UserPromptSubmit" }],
    "agent.stop": [{ event: "Stop" }],
    "subagent.stop": [{ event: "SubagentStop" }],
  },
};
