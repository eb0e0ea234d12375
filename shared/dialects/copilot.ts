/**
 * GitHub Copilot CLI and cloud agent, native camelCase protocol
 * (docs.github.com/en/copilot/reference/hooks-reference). Output fields are top-level camelCase.
 */
import type { Dialect, Rendered } from "../dialect.ts";
import type { Decision, EventKind, GuardEvent, Rewrite } from "../event.ts";
import type { Json } from "../fields.ts";
import { parseCopilot } from "./copilot-parse.ts";
import { isCopilotShape } from "./copilot-shape.ts";
import { empty, exitBlock, json, reasonFor } from "./output.ts";

export const COPILOT_EVENTS: Readonly<Record<string, EventKind>> = {
  sessionStart: "session.start",
  sessionEnd: "session.end",
  userPromptSubmitted: "prompt.submit",
  userPromptTransformed: "other",
  preToolUse: "tool.before",
  permissionRequest: "other",
  postToolUse: "tool.after",
  postToolUseFailure: "tool.after",
  preCompact: "compact.before",
  agentStop: "agent.stop",
  subagentStart: "subagent.start",
  subagentStop: "subagent.stop",
  errorOccurred: "other",
  notification: "notification",
};

function render(decision: Decision, event: GuardEvent | undefined): Rendered {
  // Without an event the payload could not be read: exit 2 denies a preToolUse and warns elsewhere.
  if (!event) return exitBlock(decision);
  switch (event.nativeEvent) {
    case "preToolUse":
      return renderPreTool(decision, event);
    case "permissionRequest":
      return renderPermission(decision);
    case "postToolUse":
      return renderPostTool(decision);
    case "agentStop":
    case "subagentStop":
      // `decision: "block"` forces another turn with `reason` as its prompt; it wins over a rewrite.
      if (decision.followup) return json({ decision: "block", reason: decision.followup });
      // subagentStop only: `modifiedResponse` replaces what the subagent hands back to its parent.
      if (event.nativeEvent === "subagentStop" && decision.rewrite?.output !== undefined) return json({ modifiedResponse: decision.rewrite.output });
      return empty();
    case "postToolUseFailure":
    case "sessionStart":
    case "subagentStart":
    case "notification":
      if (decision.action === "deny" || decision.action === "ask") return exitBlock(decision);
      return decision.context ? json({ additionalContext: decision.context }) : empty();
    default:
      // Output of the other events is ignored; exit 2 at least shows the person the reason.
      return exitBlock(decision);
  }
}

function renderPreTool(decision: Decision, event: GuardEvent): Rendered {
  const out: Json = {};
  // pass stays without a decision so Copilot's own permission flow still applies.
  if (decision.action !== "pass") out.permissionDecision = decision.action;
  if (decision.action === "deny") out.permissionDecisionReason = reasonFor(decision);
  else if (decision.action !== "pass" && (decision.userMessage ?? decision.agentMessage)) {
    out.permissionDecisionReason = decision.userMessage ?? decision.agentMessage;
  }
  if (decision.rewrite && decision.action !== "deny") out.modifiedArgs = modifiedArgs(event, decision);
  if (decision.context) out.additionalContext = decision.context;
  return Object.keys(out).length ? json(out) : empty();
}

/** Copilot takes the full argument object in `modifiedArgs`, not a patch. */
function modifiedArgs(event: GuardEvent, decision: Decision): Json {
  const args: Json = { ...(event.toolInput ?? {}) };
  const { command, filePath } = decision.rewrite!;
  if (command !== undefined) args.command = command;
  if (filePath !== undefined) args.path = filePath;
  return args;
}

/** permissionRequest answers with `behavior`; ask and pass fall through to Copilot's own prompt. */
function renderPermission(decision: Decision): Rendered {
  if (decision.action === "deny") return json({ behavior: "deny", message: reasonFor(decision) });
  if (decision.action === "allow") return json({ behavior: "allow" });
  return empty();
}

/**
 * postToolUse cannot undo the call, but `modifiedResult` replaces what the model reads:
 * a rewrite puts the redacted text there, a deny puts its reason there instead of the result.
 */
function renderPostTool(decision: Decision): Rendered {
  const out: Json = {};
  const replacement =
    decision.action === "deny" || decision.action === "ask" ? reasonFor(decision) : decision.rewrite?.output;
  if (replacement !== undefined) out.modifiedResult = { resultType: "success", textResultForLlm: replacement };
  if (decision.context) out.additionalContext = decision.context;
  return Object.keys(out).length ? json(out) : empty();
}

/**
 * preToolUse `modifiedArgs` carries a command or a read's path; postToolUse `modifiedResult` any
 * tool's result; subagentStop `modifiedResponse` the subagent's answer.
 */
function canRewrite(event: GuardEvent, field: keyof Rewrite): boolean {
  if (event.nativeEvent === "preToolUse") return (field === "command" && event.kind === "shell.before") || (field === "filePath" && event.kind === "file.read.before");
  return field === "output" && (event.nativeEvent === "postToolUse" || event.nativeEvent === "subagentStop");
}

export const copilot: Dialect = {
  id: "copilot",
  agent: "GitHub Copilot",
  events: COPILOT_EVENTS,
  detect: isCopilotShape,
  parse: (raw) => parseCopilot(raw),
  render,
  canRewrite,
  subscriptions: {
    "shell.before": [{ event: "preToolUse", matcher: "bash|powershell" }],
    "file.read.before": [{ event: "preToolUse", matcher: "view" }],
    "file.read.after": [{ event: "postToolUse", matcher: "view" }],
    "file.edit.before": [{ event: "preToolUse", matcher: "create|edit" }],
    "file.edit.after": [{ event: "postToolUse", matcher: "create|edit" }],
    "prompt.submit": [{ event: "userPromptSubmitted" }],
    "agent.stop": [{ event: "agentStop" }],
    "subagent.stop": [{ event: "subagentStop" }],
    "session.start": [{ event: "sessionStart" }],
    "session.end": [{ event: "sessionEnd" }],
  },
};
