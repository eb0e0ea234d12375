/** Decision → Cursor's stdout JSON per event. Source: cursor.com/docs/hooks (each event's "Output"). */
import type { Rendered } from "../dialect.ts";
import type { Decision, GuardEvent, Rewrite } from "../event.ts";
import type { Json } from "../fields.ts";
import { askAsDeny } from "./claude-family.ts";
import { canonicalEventName } from "./cursor-parse.ts";
import { CURSOR_PATH_KEYS } from "./cursor-tools.ts";
import { rewriteAsDeny, rewritesInput } from "./fallbacks.ts";

/** What each permission event's output accepts. */
interface PermissionOutput {
  /** `ask` is enforced (elsewhere it is "accepted by the schema but not enforced", or treated as deny). */
  ask: boolean;
  userMessage: boolean;
  agentMessage: boolean;
}

const PERMISSION_EVENTS: Readonly<Record<string, PermissionOutput>> = {
  beforeShellExecution: { ask: true, userMessage: true, agentMessage: true },
  beforeMCPExecution: { ask: true, userMessage: true, agentMessage: true },
  preToolUse: { ask: false, userMessage: true, agentMessage: true },
  // beforeReadFile output is {permission, user_message}: no agent_message, no redirect.
  beforeReadFile: { ask: false, userMessage: true, agentMessage: false },
  // beforeTabFileRead output is {permission} only.
  beforeTabFileRead: { ask: false, userMessage: false, agentMessage: false },
  subagentStart: { ask: false, userMessage: true, agentMessage: false },
};

/**
 * Only preToolUse takes `updated_input` (a command or a read's path) and only postToolUse of an MCP tool
 * `updated_mcp_tool_output`; beforeShellExecution, beforeReadFile and Tab reads are allow/deny.
 */
export function canRewriteCursor(event: GuardEvent, field: keyof Rewrite): boolean {
  const name = canonicalEventName(event.nativeEvent);
  if (name === "preToolUse") return (field === "command" && event.kind === "shell.before") || (field === "filePath" && event.kind === "file.read.before");
  return name === "postToolUse" && field === "output" && event.kind === "mcp.after";
}

export function renderCursor(decision: Decision, event: GuardEvent | undefined): Rendered {
  // Unparsable input: exit 2 is Cursor's documented block ("equivalent to returning permission: deny").
  if (!event) return blocked(decision) ?? json({});
  const name = canonicalEventName(event.nativeEvent);
  const permission = PERMISSION_EVENTS[name];
  if (permission) return renderPermission(decision, event, permission);
  switch (name) {
    case "beforeSubmitPrompt": {
      if (decision.action === "pass" || decision.action === "allow") return json({ continue: true });
      const refusal = decision.action === "ask" ? askAsDeny(decision) : decision;
      return json(withOptional({ continue: false }, "user_message", refusal.userMessage));
    }
    case "stop":
    case "subagentStop":
      return json(decision.followup ? { followup_message: decision.followup } : {});
    case "postToolUse":
      return renderPostTool(decision, event);
    case "sessionStart":
      return json(decision.context ? { additional_context: decision.context } : {});
    default:
      // Observational events: the output is ignored; `{}` keeps Cursor's hook log free of parse errors.
      return json({});
  }
}

function renderPermission(original: Decision, event: GuardEvent, output: PermissionOutput): Rendered {
  let decision = original.action === "ask" && !output.ask ? askAsDeny(original) : original;
  if (rewritesInput(decision) && !carriesRewrite(event, decision)) decision = rewriteAsDeny(decision);
  if (decision.action === "deny" || decision.action === "ask") {
    const out: Json = { permission: decision.action };
    if (output.userMessage) withOptional(out, "user_message", decision.userMessage);
    if (output.agentMessage) withOptional(out, "agent_message", decision.agentMessage);
    const rendered = json(out);
    // With no message field in the output, the reason still reaches the Hooks output channel.
    if (!output.userMessage) rendered.stderr = `${decision.userMessage ?? decision.agentMessage ?? "blocked by guards"}\n`;
    return rendered;
  }
  const out: Json = { permission: "allow" };
  if (rewritesInput(decision)) out.updated_input = updatedInput(event, decision);
  return json(out);
}

function carriesRewrite(event: GuardEvent, decision: Decision): boolean {
  const rewrite = decision.rewrite ?? {};
  return (["command", "filePath"] as const).every((field) => rewrite[field] === undefined || canRewriteCursor(event, field));
}

/** The whole tool input with the rewritten field; preToolUse `updated_input` replaces the input. */
function updatedInput(event: GuardEvent, decision: Decision): Json {
  const input: Json = { ...(event.toolInput ?? {}) };
  const rewrite = decision.rewrite!;
  if (rewrite.command !== undefined) input.command = rewrite.command;
  if (rewrite.filePath !== undefined) input[CURSOR_PATH_KEYS.find((key) => key in input) ?? "file_path"] = rewrite.filePath;
  return input;
}

/** postToolUse can add context and, for MCP tools only, replace the output; it cannot block. */
function renderPostTool(decision: Decision, event: GuardEvent): Rendered {
  const out: Json = {};
  if (decision.rewrite?.output !== undefined && event.kind === "mcp.after") {
    out.updated_mcp_tool_output = mcpOutput(decision.rewrite.output);
  }
  // A refusal after the fact can only be told to the model.
  const refusal = decision.action === "deny" || decision.action === "ask" ? decision.agentMessage ?? decision.userMessage : undefined;
  const context = [refusal, decision.context].filter(Boolean).join("\n");
  if (context) out.additional_context = context;
  return json(out);
}

/** An MCP tool result: the JSON object the hook gave, else the text as one text content block. */
function mcpOutput(text: string): Json {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Json;
  } catch {
    // Plain text.
  }
  return { content: [{ type: "text", text }] };
}

function blocked(decision: Decision): Rendered | undefined {
  if (decision.action !== "deny" && decision.action !== "ask") return undefined;
  return { stdout: "", stderr: `${decision.agentMessage ?? decision.userMessage ?? "blocked by guards"}\n`, exitCode: 2 };
}

function withOptional(out: Json, key: string, value: string | undefined): Json {
  if (value) out[key] = value;
  return out;
}

function json(value: Json): Rendered {
  return { stdout: `${JSON.stringify(value)}\n`, stderr: "", exitCode: 0 };
}
