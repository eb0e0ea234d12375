/**
 * Spooled records as OTLP log records (opentelemetry-proto logs/v1): one LogRecord per guard decision
 * (`guards.decision`), observer failure (`guards.error`) or stop (`guards.stop`). The protocol-neutral model both encoders write.
 */
import type { DecisionRecord } from "../audit/record.ts";
import { isObject, type Json } from "../fields.ts";

export type AnyValue = { stringValue: string } | { intValue: number } | { boolValue: boolean };
export interface KeyValue {
  key: string;
  value: AnyValue;
}
export interface LogRecordModel {
  /** Nanoseconds since the epoch, as decimal text (int64 does not fit a JavaScript number). */
  timeUnixNano: string;
  observedTimeUnixNano: string;
  severityNumber: number;
  severityText: string;
  eventName: string;
  /** Set to the event name too: collectors older than EventName (proto 1.5) still see what the record is. */
  body: string;
  attributes: KeyValue[];
}
export interface LogsRequestModel {
  resource: KeyValue[];
  scope: { name: string };
  records: LogRecordModel[];
}

export const SCOPE_NAME = "agent-guards";
const STOP_SCHEMA = "guards.stop-telemetry/1";

// OpenTelemetry severity numbers: INFO 9, INFO2 10, WARN 13.
const SEVERITY: Record<string, [number, string]> = { pass: [9, "INFO"], allow: [9, "INFO"], ask: [10, "INFO2"], redact: [10, "INFO2"], deny: [13, "WARN"], error: [17, "ERROR"] };

/** A spooled record as a log record; undefined for a record of no known schema. */
export function logRecord(record: Json): LogRecordModel | undefined {
  if (record.schema === "guards.decision/1") return decisionLog(record as unknown as DecisionRecord);
  if (record.schema === STOP_SCHEMA) return stopLog(record);
  return undefined;
}

function decisionLog(r: DecisionRecord): LogRecordModel {
  const [severityNumber, severityText] = SEVERITY[r.decision] ?? [9, "INFO"];
  const attributes = keyValues([
    ["log.record.uid", r.id],
    ["guards.schema", r.schema],
    ["guards.hook.id", r.hook],
    ["guards.rule.id", r.rule],
    ["security_rule.name", r.rule],
    ["guards.decision", r.decision],
    ["guards.reason", r.reason],
    ["guards.failure_policy", r.failure],
    ["guards.agent", r.agent],
    ["guards.agent.event", r.event],
    ["guards.event.kind", r.kind],
    ["session.id", r.sessionId],
    ["gen_ai.conversation.id", r.sessionId],
    ["gen_ai.tool.name", r.tool],
    ["gen_ai.tool.call.id", r.toolCallId],
    ["guards.project.name", r.project ? r.project.replace(/\/+$/, "").split("/").pop() || r.project : null],
    ["guards.project.dir", r.project],
    ["guards.command.masked", r.command],
    ["file.path", r.path],
    ["guards.policy.digest", r.policy],
    ["guards.duration_ms", { int: Math.round(r.durationMs) }],
  ]);
  // An observer that failed open decided nothing: its record is a `guards.error`.
  const eventName = r.decision === "error" ? "guards.error" : "guards.decision";
  return { ...times(r.time), severityNumber, severityText, eventName, body: eventName, attributes };
}

/** The stop telemetry's fields under `guards.stop.<snake_case>`, with the join keys beside them. */
function stopLog(r: Json): LogRecordModel {
  const fields: [string, unknown][] = [
    ["log.record.uid", r.eventId],
    ["guards.schema", r.schema],
    ["guards.hook.id", "stop-telemetry"],
    ["guards.agent", r.dialect],
    ["guards.agent.event", r.agentEvent],
    ["guards.event.kind", r.event],
    ["session.id", r.conversationId],
    ["gen_ai.conversation.id", r.conversationId],
  ];
  for (const [key, value] of Object.entries(r)) {
    // `id` is the spool's copy of eventId.
    if (["schema", "id", "eventId", "dialect", "agentEvent", "event", "conversationId", "timestamp"].includes(key)) continue;
    fields.push([`guards.stop.${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`, typeof value === "number" && Number.isInteger(value) ? { int: value } : value]);
  }
  const errored = r.status === "error";
  return { ...times(String(r.timestamp)), severityNumber: errored ? 13 : 9, severityText: errored ? "WARN" : "INFO", eventName: "guards.stop", body: "guards.stop", attributes: keyValues(fields) };
}

/** Strings, booleans and `{ int }` become attributes; null, undefined and anything else are left out. */
export function keyValues(fields: [string, unknown][]): KeyValue[] {
  const out: KeyValue[] = [];
  for (const [key, value] of fields) {
    if (typeof value === "string") out.push({ key, value: { stringValue: value } });
    else if (typeof value === "boolean") out.push({ key, value: { boolValue: value } });
    else if (isObject(value) && typeof value.int === "number" && Number.isSafeInteger(value.int)) out.push({ key, value: { intValue: value.int } });
  }
  return out;
}

function times(iso: string): { timeUnixNano: string; observedTimeUnixNano: string } {
  const ms = Date.parse(iso);
  const nano = Number.isFinite(ms) ? `${ms}000000` : "0";
  return { timeUnixNano: nano, observedTimeUnixNano: nano };
}
