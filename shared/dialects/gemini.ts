/**
 * Gemini CLI (google-gemini/gemini-cli docs/hooks/reference.md).
 * Snake_case envelope like Claude's, but its own event names and a `decision`/`reason` answer.
 */
import type { Dialect, Rendered } from "../dialect.ts";
import type { Decision, GuardEvent, Rewrite } from "../event.ts";
import type { Json } from "../fields.ts";
import { askAsDeny } from "./claude-family.ts";
import { GEMINI_EVENTS, parseGemini } from "./gemini-parse.ts";
import { empty, exitBlock, json, reasonFor } from "./output.ts";

const QWEN_HOME = /(^|[\\/])\.qwen[\\/]/;

/** Names only Gemini uses; SessionStart, SessionEnd and Notification are shared with Claude-shaped agents. */
const OWN_EVENTS = new Set(["BeforeAgent", "AfterAgent", "BeforeModel", "AfterModel", "BeforeToolSelection", "BeforeTool", "AfterTool", "PreCompress"]);

/**
 * Gemini's envelope always has `transcript_path` and an ISO `timestamp` and never `permission_mode`
 * (Claude and Qwen send that on some events); its Notification has `details` (docs/hooks/reference.md).
 * Qwen Code, a Gemini fork, sends the very same SessionEnd: only its transcript under `.qwen/` tells
 * (fixtures/qwen/SessionEnd/exit.json). Installed entries pass --dialect, so this is only the fallback.
 */
function detect(raw: Json): boolean {
  const name = raw.hook_event_name;
  if (typeof name !== "string" || !Object.hasOwn(GEMINI_EVENTS, name)) return false;
  if (OWN_EVENTS.has(name)) return true;
  const transcript = raw.transcript_path;
  const geminiEnvelope =
    typeof raw.timestamp === "string" && typeof transcript === "string" && !QWEN_HOME.test(transcript) && !("permission_mode" in raw);
  if (name === "Notification") return geminiEnvelope && ("details" in raw || raw.notification_type === "ToolPermission");
  return geminiEnvelope;
}

function render(decision: Decision, event: GuardEvent | undefined): Rendered {
  // Gemini has no documented ask: a deny that says a person must confirm, never an allow.
  const effective = decision.action === "ask" ? askAsDeny(decision) : decision;
  if (!event) return exitBlock(effective);
  if (event.nativeEvent === "AfterAgent") {
    // decision "deny" on AfterAgent rejects the answer and sends `reason` as the next prompt.
    return effective.followup ? json({ decision: "deny", reason: effective.followup }) : empty();
  }
  const out: Json = {};
  const specific: Json = {};
  if (effective.action === "deny") {
    out.decision = "deny";
    out.reason = reasonFor(effective);
    if (effective.userMessage) out.systemMessage = effective.userMessage;
  } else if (effective.rewrite?.output !== undefined && event.nativeEvent === "AfterTool") {
    // AfterTool: decision "deny" + reason replaces the tool result the model reads (docs/hooks/reference.md).
    out.decision = "deny";
    out.reason = effective.rewrite.output;
  } else {
    if (effective.action === "allow") out.decision = "allow";
    if (effective.rewrite && event.nativeEvent === "BeforeTool") specific.tool_input = rewrittenInput(event, effective);
  }
  if (effective.context) specific.additionalContext = effective.context;
  if (Object.keys(specific).length) out.hookSpecificOutput = { hookEventName: event.nativeEvent, ...specific };
  return Object.keys(out).length ? json(out) : empty();
}

/** hookSpecificOutput.tool_input merges over the model's arguments; we send them whole with the change. */
function rewrittenInput(event: GuardEvent, decision: Decision): Json {
  const input: Json = { ...(event.toolInput ?? {}) };
  const { command, filePath } = decision.rewrite!;
  if (command !== undefined) input.command = command;
  if (filePath !== undefined) {
    const key = ["file_path", "absolute_path", "path"].find((k) => typeof input[k] === "string") ?? "file_path";
    input[key] = filePath;
  }
  return input;
}

/**
 * BeforeTool `tool_input` carries a command or read_file's path (read_many_files takes lists, so no);
 * AfterTool deny + reason replaces any tool's result.
 */
function canRewrite(event: GuardEvent, field: keyof Rewrite): boolean {
  if (event.nativeEvent === "BeforeTool") {
    return (field === "command" && event.kind === "shell.before") || (field === "filePath" && event.kind === "file.read.before" && event.toolName === "read_file");
  }
  return field === "output" && event.nativeEvent === "AfterTool";
}

export const gemini: Dialect = {
  id: "gemini",
  agent: "Gemini CLI",
  events: GEMINI_EVENTS,
  detect,
  parse: parseGemini,
  render,
  canRewrite,
  subscriptions: {
    "shell.before": [{ event: "BeforeTool", matcher: "run_shell_command" }],
    "file.read.before": [{ event: "BeforeTool", matcher: "read_file|read_many_files" }],
    "file.read.after": [{ event: "AfterTool", matcher: "read_file|read_many_files" }],
    "file.edit.before": [{ event: "BeforeTool", matcher: "write_file|replace" }],
    "file.edit.after": [{ event: "AfterTool", matcher: "write_file|replace" }],
    "prompt.submit": [{ event: "BeforeAgent" }],
    "agent.stop": [{ event: "AfterAgent" }],
    "session.start": [{ event: "SessionStart" }],
    "session.end": [{ event: "SessionEnd" }],
  },
};
