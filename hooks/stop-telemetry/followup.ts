/** Whether to ask the agent to go on after a stop: the retry rule and its loop guards. */
import type { AgentStop } from "../../shared/event.ts";
import type { RetryOptions } from "./options.ts";
import type { ConversationState } from "./state.ts";

export type FollowupVerdict =
  | { followup: string }
  | { none: "disabled" | "not-a-stop" | "not-an-error" | "below-threshold" | "stop-hook-active" | "loop-limit" };

/** `state` is the conversation's state after this stop was counted. */
export function decideFollowup(event: Pick<AgentStop, "kind" | "status" | "loopCount" | "stopHookActive">, state: ConversationState, retry: RetryOptions): FollowupVerdict {
  if (!retry.enabled) return { none: "disabled" };
  // Sub-agents report to their parent; only the main agent is asked to continue.
  if (event.kind !== "agent.stop") return { none: "not-a-stop" };
  if (event.status !== "error") return { none: "not-an-error" };
  if (state.consecutiveErrors < retry.afterErrors) return { none: "below-threshold" };
  // Claude-shaped agents: already continuing because of a stop hook → never again (no endless loop).
  if (event.stopHookActive) return { none: "stop-hook-active" };
  // Cursor's loop_count, and our own count for agents that send none.
  if (event.loopCount >= retry.loopLimit || state.followupsInRow >= retry.loopLimit) return { none: "loop-limit" };
  return { followup: retry.message };
}
