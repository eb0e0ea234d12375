/** A rule's verdict on one command, and how it reads to the person and to the model. */
import { ask, deny, type Decision } from "../../shared/event.ts";

export interface Finding {
  action: "deny" | "ask";
  rule: string;
  /** What the command would do, in a few words: "deletes the home directory". */
  why: string;
  /** A safer way that this hook lets through (a command when there is one). */
  instead?: string;
}

const NO_RETRY =
  "Do not retry this in another form (another shell, a wrapper, a script, an interpreter): every variant is judged the same way. If it is really needed, ask the user to run it themselves.";

/** `via` names the wrappers the command was found behind (`sudo → bash -c`). */
export function toDecision(finding: Finding, shown: string, via: string[] = []): Decision {
  const instead = finding.instead ? ` Safer: ${finding.instead}.` : "";
  const through = via.length ? ` (run through ${via.join(" → ")})` : "";
  const text = `dangerous-command (${finding.rule}): \`${shown}\`${through} ${finding.why}.${instead}`;
  if (finding.action === "ask") return ask(`${text} Confirm only if this is intended.`, { rule: finding.rule });
  return deny(text, { rule: finding.rule, agentMessage: `${text} ${NO_RETRY}` });
}

export function denyFinding(rule: string, why: string, instead?: string): Finding {
  return instead ? { action: "deny", rule, why, instead } : { action: "deny", rule, why };
}

export function askFinding(rule: string, why: string, instead?: string): Finding {
  return instead ? { action: "ask", rule, why, instead } : { action: "ask", rule, why };
}
