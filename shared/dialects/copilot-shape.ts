/**
 * Which Copilot event a native camelCase payload is. These payloads carry no event name
 * (docs.github.com/en/copilot/reference/hooks-reference, "Hook event input payloads"), and an
 * installed command cannot be told the event, so it is read from the fields each event documents.
 * Only `notification` names itself (`hook_event_name: "Notification"` beside camelCase `sessionId`).
 */
import { isObject, type Json } from "../fields.ts";

export type CopilotEvent =
  | "sessionStart"
  | "sessionEnd"
  | "userPromptSubmitted"
  | "userPromptTransformed"
  | "preToolUse"
  | "permissionRequest"
  | "postToolUse"
  | "postToolUseFailure"
  | "preCompact"
  | "agentStop"
  | "subagentStart"
  | "subagentStop"
  | "errorOccurred"
  | "notification";

/** Rules in order: the first whose fields are present names the event. */
const SHAPES: readonly [CopilotEvent, (raw: Json) => boolean][] = [
  ["notification", (raw) => raw.hook_event_name === "Notification" || "notification_type" in raw],
  ["postToolUse", (raw) => "toolName" in raw && "toolResult" in raw],
  // postToolUseFailure: `error` is the failure text (errorOccurred's `error` is an object and has no toolName).
  ["postToolUseFailure", (raw) => "toolName" in raw && "error" in raw],
  // permissionRequest reports the call as `toolInput` (its sandbox-bypass flag lives there), not `toolArgs`.
  ["permissionRequest", (raw) => "toolName" in raw && "toolInput" in raw && !("toolArgs" in raw)],
  ["preToolUse", (raw) => "toolName" in raw],
  ["userPromptTransformed", (raw) => "transformedPrompt" in raw],
  ["userPromptSubmitted", (raw) => "prompt" in raw],
  ["errorOccurred", (raw) => "errorContext" in raw || isObject(raw.error)],
  ["subagentStop", (raw) => "stopReason" in raw && ("agentId" in raw || "agentType" in raw || "agentName" in raw || "response" in raw)],
  ["subagentStart", (raw) => "agentName" in raw],
  ["agentStop", (raw) => "stopReason" in raw || "stop_hook_active" in raw],
  ["preCompact", (raw) => "trigger" in raw],
  ["sessionStart", (raw) => "source" in raw || "initialPrompt" in raw],
  ["sessionEnd", (raw) => "reason" in raw],
];

export function copilotEventOf(raw: Json): CopilotEvent | undefined {
  return SHAPES.find(([, matches]) => matches(raw))?.[0];
}

/**
 * A native Copilot payload: camelCase fields and no Claude/UAAPS event name. The older format
 * (GHold) had no `sessionId`, so `timestamp` as epoch milliseconds with `cwd` also counts.
 * PascalCase-configured Copilot hooks send Claude's snake_case envelope instead; those are
 * the claude dialect's (docs.github.com/en/copilot/reference/hooks-reference; fixtures/readers/).
 */
export function isCopilotShape(raw: Json): boolean {
  if ("hookEventName" in raw) return false;
  if ("hook_event_name" in raw) return raw.hook_event_name === "Notification" && typeof raw.sessionId === "string";
  if ("toolArgs" in raw || typeof raw.sessionId === "string") return true;
  return typeof raw.timestamp === "number" && typeof raw.cwd === "string";
}
