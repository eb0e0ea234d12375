import type { Decision, DialectId, EventKind, GuardEvent, Rewrite } from "./event.ts";

/** What goes back to the agent. */
export interface Rendered {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** A payload that is not what the dialect documents (wrong types, missing fields). */
export class InputError extends Error {
  override name = "InputError";
}

/** Where the installer registers a hook for one normalized kind: a native event and an optional matcher. */
export interface Subscription {
  event: string;
  matcher?: string;
}

/** One agent's hook protocol. Everything an agent does differently lives in one of these. */
export interface Dialect {
  id: DialectId;
  /** The agent's product name, for messages. */
  agent: string;
  /**
   * Native event name → normalized kind. Tool events (`PreToolUse`, …) map to the generic
   * tool kind here; parse() refines them by tool name (Bash → shell.before).
   */
  events: Readonly<Record<string, EventKind>>;
  /** True when a payload has this dialect's shape (used when `--dialect` is absent). */
  detect: (raw: Record<string, unknown>) => boolean;
  /**
   * The normalized event, or undefined for an event this dialect does not know (passed through).
   * Throws InputError when a documented field has the wrong type or is missing. `env` is the hook
   * process's environment, where agents put the project directory (CLAUDE_PROJECT_DIR, …).
   */
  parse: (raw: Record<string, unknown>, env: Readonly<Record<string, string | undefined>>) => GuardEvent | undefined;
  /** The decision as the agent reads it; `event` is undefined when the input could not be parsed. */
  render: (decision: Decision, event: GuardEvent | undefined) => Rendered;
  /**
   * Whether render() carries `decision.rewrite[field]` to the agent for this event (Claude PreToolUse
   * `updatedInput`, …). Absent means never: hooks then deny instead of rewriting.
   */
  canRewrite?: (event: GuardEvent, field: keyof Rewrite) => boolean;
  /** What the installer registers for each kind this agent can deliver. */
  subscriptions: Readonly<Partial<Record<EventKind, readonly Subscription[]>>>;
}
