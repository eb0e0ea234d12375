/** The telemetry record: run metadata only, never prompt text, file contents or secrets. */
import { cryptoModule } from "../../shared/builtins.ts";
import type { ConversationState, StopEvent } from "./state.ts";

export const TELEMETRY_SCHEMA = "guards.stop-telemetry/1";

/** Documented field by field in README.md ("Telemetry payload"). */
export interface TelemetryRecord {
  schema: typeof TELEMETRY_SCHEMA;
  /** Unique per event: a receiver can drop the rare duplicate of a delivery cut short. */
  eventId: string;
  event: StopEvent["kind"];
  agentEvent: string;
  dialect: string;
  conversationId: string;
  generationId: string | null;
  model: string | null;
  status: string;
  errorCount: number;
  loopCount: number;
  stopCount: number;
  subagentStopCount: number;
  followup: boolean;
  startedAt: string;
  timestamp: string;
  durationMs: number | null;
  reason: string | null;
}

export function telemetryRecord(event: StopEvent, state: ConversationState, followup: boolean, now: Date): TelemetryRecord {
  const started = Date.parse(state.firstSeenAt);
  const session = event.kind === "session.start" || event.kind === "session.end";
  const status: string = event.status ?? state.lastStatus;
  const durationMs = session && event.durationMs !== undefined ? event.durationMs : Number.isFinite(started) ? now.getTime() - started : null;
  return {
    schema: TELEMETRY_SCHEMA,
    eventId: cryptoModule().randomUUID(),
    event: event.kind,
    agentEvent: event.nativeEvent,
    dialect: event.dialect,
    conversationId: state.conversationId,
    generationId: event.generationId ?? null,
    model: event.model ?? null,
    status,
    errorCount: state.consecutiveErrors,
    loopCount: event.kind === "agent.stop" || event.kind === "subagent.stop" ? event.loopCount : state.loopCount,
    stopCount: state.stops,
    subagentStopCount: state.subagentStops,
    followup,
    startedAt: state.firstSeenAt,
    timestamp: now.toISOString(),
    durationMs,
    // Session end reasons are the agent's own short codes (`logout`, `clear`); never free text from the model.
    reason: session ? (event.reason?.slice(0, 64) ?? null) : null,
  };
}
