/** The three ways a dialect answers: nothing, one JSON line, or the exit-2 block with the reason on stderr. */
import type { Rendered } from "../dialect.ts";
import type { Decision } from "../event.ts";
import type { Json } from "../fields.ts";

export function json(value: Json): Rendered {
  return { stdout: `${JSON.stringify(value)}\n`, stderr: "", exitCode: 0 };
}

export function empty(): Rendered {
  return { stdout: "", stderr: "", exitCode: 0 };
}

/** The reason the model should read: the agent message, else the person's, else a generic one. */
export function reasonFor(decision: Decision): string {
  return decision.agentMessage ?? decision.userMessage ?? "blocked by guards";
}

/** Exit 2 with the reason on stderr, for deny/ask; nothing for the others. */
export function exitBlock(decision: Decision): Rendered {
  if (decision.action !== "deny" && decision.action !== "ask") return empty();
  return { stdout: "", stderr: `${reasonFor(decision)}\n`, exitCode: 2 };
}
