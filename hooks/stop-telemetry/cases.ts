/**
 * The retry follow-up rule, dialect-neutral: each case is a run of stops in one conversation; the
 * last stop's answer is checked. How each agent receives the follow-up is tested per dialect.
 */
import type { AgentStop, StopStatus } from "../../shared/event.ts";
import type { HookConfig } from "../../shared/hook.ts";
import type { FollowupVerdict } from "./followup.ts";

export interface Stop {
  kind?: AgentStop["kind"];
  status: StopStatus;
  loopCount?: number;
  stopHookActive?: boolean;
}

export interface StopCase {
  name: string;
  stops: Stop[];
  config?: HookConfig;
  /** The last stop's verdict: a follow-up, or the reason there is none. */
  expect: "followup" | Extract<FollowupVerdict, { none: string }>["none"];
}

const error: Stop = { status: "error" };
const completed: Stop = { status: "completed" };

export const cases: StopCase[] = [
  { name: "one error is not enough", stops: [error], expect: "below-threshold" },
  { name: "two errors in a row ask the agent to go on", stops: [error, error], expect: "followup" },
  { name: "a success in between resets the count", stops: [error, completed, error], expect: "below-threshold" },
  { name: "an abort in between resets the count", stops: [error, { status: "aborted" }, error], expect: "below-threshold" },
  { name: "a completed stop never gets a follow-up", stops: [error, error, completed], expect: "not-an-error" },
  { name: "threshold from the config", stops: [error, error], config: { retry: { afterErrors: 3 } }, expect: "below-threshold" },
  { name: "threshold of three reached", stops: [error, error, error], config: { retry: { afterErrors: 3 } }, expect: "followup" },
  { name: "threshold of one", stops: [error], config: { retry: { afterErrors: 1 } }, expect: "followup" },
  { name: "retry switched off", stops: [error, error], config: { retry: { enabled: false } }, expect: "disabled" },
  { name: "stop_hook_active: never again (no endless loop)", stops: [error, { status: "error", stopHookActive: true }], expect: "stop-hook-active" },
  { name: "loop count below the limit", stops: [error, { status: "error", loopCount: 2 }], expect: "followup" },
  { name: "loop count at the limit", stops: [error, { status: "error", loopCount: 3 }], expect: "loop-limit" },
  { name: "loop count above the limit", stops: [error, { status: "error", loopCount: 7 }], expect: "loop-limit" },
  { name: "loop limit from the config", stops: [error, { status: "error", loopCount: 3 }], config: { retry: { loopLimit: 5 } }, expect: "followup" },
  // Agents that report no loop count: guards counts its own follow-ups in a row.
  { name: "own follow-up count: third in a row still allowed", stops: [error, error, error, error], expect: "followup" },
  { name: "own follow-up count: the fourth in a row is refused", stops: [error, error, error, error, error], expect: "loop-limit" },
  { name: "own follow-up count resets after a success", stops: [error, error, error, error, completed, error, error], expect: "followup" },
  { name: "sub-agent errors never get a follow-up", stops: [{ kind: "subagent.stop", status: "error" }, { kind: "subagent.stop", status: "error" }], expect: "not-a-stop" },
  { name: "sub-agent stops do not break the main agent's error streak", stops: [error, { kind: "subagent.stop", status: "completed" }, error], expect: "followup" },
];
