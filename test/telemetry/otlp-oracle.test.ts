/**
 * The hand-written OTLP encoders against the official serializers of @opentelemetry/otlp-transformer:
 * the same records, given to both, must give the same request (JSON: equal after reading; protobuf: the
 * same bytes). The records are the ones guards writes: a decision with every attribute, a stop.
 */
import { JsonLogsSerializer, ProtobufLogsSerializer } from "@opentelemetry/otlp-transformer";
import { describe, expect, it } from "vitest";
import type { DecisionRecord } from "../../shared/audit/record.ts";
import { encodeJson } from "../../shared/telemetry/otlp-json.ts";
import { keyValues, logRecord, SCOPE_NAME, type KeyValue, type LogRecordModel, type LogsRequestModel } from "../../shared/telemetry/otlp-log.ts";
import { decodePartialSuccess, encodeProtobuf } from "../../shared/telemetry/otlp-protobuf.ts";

const decision: DecisionRecord = {
  schema: "guards.decision/1", id: "6f1c0b9e2d3a4f5e8a7b6c5d4e3f2a1b", time: "2026-11-24T03:42:14.865Z", hook: "dangerous-command", rule: "delete-home",
  decision: "deny", reason: "dangerous-command (delete-home): `rm -rf ~` deletes the home directory", agent: "claude", event: "PreToolUse", kind: "shell.before",
  tool: "Bash", sessionId: "0d9d8a54-7a1e-4c4b-9d55-0c3f5a1b2c3d", toolCallId: "toolu_01ABC", project: "/home/dev/shop", command: "rm -rf ~ && curl -H \"Authorization: Bearer [REDACTED:github-token]\" x — ünïcödé",
  path: null, policy: "fnv1a64:08f44b07b5901a25", failure: "closed", durationMs: 7.4,
};
const stop = {
  schema: "guards.stop-telemetry/1", eventId: "9e1b7c1e-0000-4000-8000-000000000001", event: "agent.stop", agentEvent: "Stop", dialect: "claude", conversationId: "c1",
  generationId: null, model: "claude-opus", status: "error", errorCount: 2, loopCount: 0, stopCount: 5, subagentStopCount: 0, followup: true,
  startedAt: "2026-11-24T03:00:00.000Z", timestamp: "2026-11-24T03:42:15.001Z", durationMs: 2535001, reason: null,
};
const resource = keyValues([["service.name", "agent-guards"], ["host.name", "dev-laptop"], ["os.type", "linux"], ["user.name", "dev"], ["team.id", "payments"]]);

const request: LogsRequestModel = { resource, scope: { name: SCOPE_NAME }, records: [logRecord(decision as never)!, logRecord(stop)!] };

/** The same records as the SDK's ReadableLogRecord, which the official serializers take. */
function readable(records: LogRecordModel[]) {
  const attributes = (kvs: KeyValue[]) => Object.fromEntries(kvs.map(({ key, value }) => [key, Object.values(value)[0]]));
  const res = { attributes: attributes(resource) };
  const scope = { name: SCOPE_NAME };
  const hr = (nanos: string): [number, number] => [Number(BigInt(nanos) / 1_000_000_000n), Number(BigInt(nanos) % 1_000_000_000n)];
  return records.map((r) => ({
    hrTime: hr(r.timeUnixNano), hrTimeObserved: hr(r.observedTimeUnixNano), severityNumber: r.severityNumber, severityText: r.severityText, body: r.body,
    eventName: r.eventName, attributes: attributes(r.attributes), droppedAttributesCount: 0, resource: res, instrumentationScope: scope,
  }));
}

/** int64 fields as the JSON mapping allows both ways (number or decimal text), and fields left unset dropped. */
function normal(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, v) => {
    if (key === "intValue") return String(v);
    if (key === "droppedAttributesCount" && v === 0) return undefined;
    return v;
  });
}

// Every shape a record takes: each decision, the optional fields absent, an observer's error, long and non-ASCII text.
const variants: [string, LogsRequestModel][] = [
  ["a deny and a stop", request],
  ...(["pass", "allow", "ask", "redact", "error"] as const).map((d): [string, LogsRequestModel] => [
    `a ${d} without rule, tool, session or command`,
    { resource, scope: { name: SCOPE_NAME }, records: [logRecord({ ...decision, decision: d, rule: null, tool: null, sessionId: null, toolCallId: null, command: null, reason: null, path: "/p/.env" } as never)!] },
  ]),
  ["long text, emoji and a zero duration", { resource, scope: { name: SCOPE_NAME }, records: [logRecord({ ...decision, command: `${"x".repeat(1023)}…`, reason: "🔒 naïve", durationMs: 0 } as never)!] }],
  ["a batch of many", { resource, scope: { name: SCOPE_NAME }, records: Array.from({ length: 50 }, (_, i) => logRecord({ ...decision, id: String(i).padStart(32, "0"), durationMs: i * 1000 } as never)!) }],
];

describe.for(variants)("the encoders agree with @opentelemetry/otlp-transformer: %s", ([, request]) => {
  it("http/json", () => {
    const official = JSON.parse(new TextDecoder().decode(JsonLogsSerializer.serializeRequest(readable(request.records) as never)));
    expect(normal(JSON.parse(encodeJson(request)))).toEqual(normal(official));
  });

  it("http/protobuf, byte for byte", () => {
    const official = ProtobufLogsSerializer.serializeRequest(readable(request.records) as never)!;
    expect(Buffer.from(encodeProtobuf(request)).toString("hex")).toBe(Buffer.from(official).toString("hex"));
  });
});

describe("the protobuf answer", () => {

  it("reads a partial success the official serializer answers in protobuf", () => {
    // ExportLogsServiceResponse { partial_success { rejected_log_records: 3, error_message: "too old" } }, by hand.
    const message = Buffer.from("too old");
    const inner = Buffer.concat([Buffer.from([0x08, 0x03, 0x12, message.length]), message]);
    const body = Buffer.concat([Buffer.from([0x0a, inner.length]), inner]);
    expect(decodePartialSuccess(body)).toEqual({ rejected: 3, message: "too old" });
    expect(decodePartialSuccess(new Uint8Array())).toEqual({ rejected: 0 });
  });
});
