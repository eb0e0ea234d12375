/**
 * The UAAPS "universal hooks.json" envelope (UAAPS spec, uaaps/uaaps_docs docs/spec/07-hooks.md):
 * camelCase `hookEventName` (kebab-case events), `toolName`, `toolInput`; Claude's tool names and
 * Claude's blocking response, with exit 2 + stderr for a block as the spec's own test case expects.
 */
import { InputError, type Dialect, type Rendered } from "../dialect.ts";
import type { Decision, EventBase, EventKind, GuardEvent, Rewrite } from "../event.ts";
import { optionalBoolean, optionalObject, optionalString, requireString, type Json } from "../fields.ts";
import { empty, exitBlock, json, reasonFor } from "./output.ts";
import { pathsFrom, textOf, toolEvent, type ToolRole, replacementEdit } from "./tool-event.ts";

export const UNIVERSAL_EVENTS: Readonly<Record<string, EventKind>> = {
  "pre-tool-use": "tool.before",
  "permission-request": "other",
  "post-tool-use": "tool.after",
  "pre-prompt": "prompt.submit",
  "session-start": "session.start",
  "session-end": "session.end",
  stop: "agent.stop",
  "sub-agent-end": "subagent.stop",
  "pre-compact": "compact.before",
  notification: "notification",
};

/** Claude's tool names (the spec's matchers are `Write|Edit`) and their lower-case forms. */
const ROLES: Readonly<Record<string, ToolRole>> = {
  bash: "shell",
  powershell: "shell",
  shell: "shell",
  read: "read",
  write: "edit",
  edit: "edit",
  multiedit: "edit",
  notebookedit: "edit",
};

const PATH_KEYS = ["file_path", "path", "notebook_path"];

function roleOf(toolName: string): ToolRole {
  return ROLES[toolName.toLowerCase()] ?? (toolName.startsWith("mcp__") ? "mcp" : "tool");
}

function parse(raw: Json, env: Readonly<Record<string, string | undefined>>): GuardEvent | undefined {
  const nativeEvent = requireString(raw, "hookEventName");
  // Own keys only: a payload naming "constructor" must not reach Object.prototype.
  const kind = Object.hasOwn(UNIVERSAL_EVENTS, nativeEvent) ? UNIVERSAL_EVENTS[nativeEvent] : undefined;
  if (!kind) return undefined;
  const cwd = optionalString(raw, "cwd") ?? env.PWD ?? "";
  // The spec defines no project field or variable besides PACKAGE_ROOT (the package, not the project).
  const projectRoot = cwd;
  const base: EventBase = {
    dialect: "universal",
    nativeEvent,
    cwd,
    projectRoot,
    workspaceRoots: projectRoot ? [projectRoot] : [],
    conversationId: optionalString(raw, "sessionId"),
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
      return { ...base, kind, status: "completed", loopCount: 0, stopHookActive: optionalBoolean(raw, "stopHookActive") ?? false };
    case "session.start":
    case "session.end":
      return { ...base, kind, reason: optionalString(raw, "reason") ?? optionalString(raw, "source") };
    default:
      // permission-request is about a tool call too: keep which one, for messages and logs.
      return { ...base, kind: kind as "other", toolName: optionalString(raw, "toolName"), toolInput: optionalObject(raw, "toolInput") };
  }
}

function parseTool(raw: Json, base: EventBase, after: boolean): GuardEvent {
  const toolName = requireString(raw, "toolName");
  const input = optionalObject(raw, "toolInput") ?? {};
  const output = raw.toolOutput ?? raw.toolResponse;
  const call = { base, toolName, input, after, failed: false, output, outputText: typeof output === "string" ? output : undefined };
  const role = roleOf(toolName);
  if (role === "shell") return toolEvent(role, { ...call, command: requireString(input, "command", "toolInput.command") });
  if (role === "read" || role === "edit") {
    const paths = pathsFrom(input, PATH_KEYS);
    if (!paths) throw new InputError(`tool "${toolName}": missing field "toolInput.file_path"`);
    const edits = role === "edit" ? replacementEdit(input, "old_string", "new_string", "content") : [];
    return toolEvent(role, { ...call, paths, edits, content: textOf(input, "content") });
  }
  if (role === "mcp") {
    const [, server, ...rest] = toolName.split("__");
    return toolEvent(role, { ...call, server, tool: rest.join("__") });
  }
  return toolEvent(role, call);
}

/** Events whose answer is the spec's blocking response (`hookSpecificOutput.permissionDecision`). */
const DECISION_EVENTS = new Set(["pre-tool-use", "permission-request", "pre-prompt"]);

function render(decision: Decision, event: GuardEvent | undefined): Rendered {
  const blocked = decision.action === "deny";
  const stop = event?.kind === "agent.stop" || event?.kind === "subagent.stop";
  // Exit 2 is the spec's "blocking error, stderr fed back to agent" for every event.
  if (!event) return exitBlock(decision);
  if (!DECISION_EVENTS.has(event.nativeEvent) && !stop) {
    if (blocked || decision.action === "ask") return exitBlock(decision);
    return decision.context ? json(specific(event.nativeEvent, { additionalContext: decision.context })) : empty();
  }
  if (stop) return decision.followup ? json({ decision: "block", reason: decision.followup }) : empty();
  if (decision.action === "pass" && !decision.rewrite) {
    return decision.context ? json(specific(event.nativeEvent, { additionalContext: decision.context })) : empty();
  }
  // A rewrite needs an explicit allow to take effect, as in Claude's protocol.
  const action = decision.action === "pass" ? "allow" : decision.action;
  const fields: Json = { permissionDecision: action };
  const reason = blocked ? reasonFor(decision) : decision.userMessage ?? decision.agentMessage;
  if (reason) fields.permissionDecisionReason = reason;
  if (decision.rewrite && !blocked) fields.updatedInput = updatedInput(event, decision);
  if (decision.context) fields.additionalContext = decision.context;
  const rendered = json(specific(event.nativeEvent, fields));
  // The spec's example case expects both: exit 2 with the reason on stderr and the JSON on stdout.
  return blocked ? { ...rendered, stderr: exitBlock(decision).stderr, exitCode: 2 } : rendered;
}

function specific(hookEventName: string, fields: Json): Json {
  return { hookSpecificOutput: { hookEventName, ...fields } };
}

function updatedInput(event: GuardEvent, decision: Decision): Json {
  const input: Json = { ...(event.toolInput ?? {}) };
  const { command, filePath } = decision.rewrite!;
  if (command !== undefined) input.command = command;
  if (filePath !== undefined) input[PATH_KEYS.find((k) => typeof input[k] === "string") ?? "file_path"] = filePath;
  return input;
}

/** pre-tool-use `updatedInput` carries a command or a read's path; the spec defines no output replacement. */
function canRewrite(event: GuardEvent, field: keyof Rewrite): boolean {
  if (event.nativeEvent !== "pre-tool-use") return false;
  return (field === "command" && event.kind === "shell.before") || (field === "filePath" && event.kind === "file.read.before");
}

export const universal: Dialect = {
  id: "universal",
  agent: "UAAPS universal hooks",
  events: UNIVERSAL_EVENTS,
  detect: (raw) => typeof raw.hookEventName === "string" && Object.hasOwn(UNIVERSAL_EVENTS, raw.hookEventName),
  parse,
  render,
  canRewrite,
  subscriptions: {
    "shell.before": [{ event: "pre-tool-use", matcher: "Bash" }],
    "file.read.before": [{ event: "pre-tool-use", matcher: "Read" }],
    "file.edit.before": [{ event: "pre-tool-use", matcher: "Write|Edit|MultiEdit" }],
    "file.edit.after": [{ event: "post-tool-use", matcher: "Write|Edit|MultiEdit" }],
    "prompt.submit": [{ event: "pre-prompt" }],
    "agent.stop": [{ event: "stop" }],
    "subagent.stop": [{ event: "sub-agent-end" }],
    "session.end": [{ event: "session-end" }],
  },
};
