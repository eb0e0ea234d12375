/** What a dialect answers when a decision asks for something the agent cannot do at that event. */
import type { Decision } from "../event.ts";

/**
 * A rewrite the agent cannot apply (no input replacement at this event) becomes a deny that names
 * the replacement: letting the original through would ignore the guard, so it is never an allow.
 */
export function rewriteAsDeny(decision: Decision): Decision {
  const rewrite = decision.rewrite ?? {};
  const instead =
    rewrite.command !== undefined
      ? `Run this instead: ${rewrite.command}`
      : rewrite.filePath !== undefined
        ? `Read ${rewrite.filePath} instead.`
        : "The result had to be changed, which this agent cannot do here.";
  const reason = decision.agentMessage ?? decision.userMessage;
  const { rewrite: _dropped, ...rest } = decision;
  return {
    ...rest,
    action: "deny",
    userMessage: decision.userMessage ? `${decision.userMessage} ${instead}` : `guards: ${instead}`,
    agentMessage: reason ? `${reason} ${instead}` : `guards: ${instead}`,
  };
}

/** True when the decision carries input to use instead of the original (output rewrites are separate). */
export function rewritesInput(decision: Decision): boolean {
  return decision.action !== "deny" && (decision.rewrite?.command !== undefined || decision.rewrite?.filePath !== undefined);
}
