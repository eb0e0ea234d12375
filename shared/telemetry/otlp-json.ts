/** The OTLP/HTTP JSON body (opentelemetry-proto docs/specification.md, "JSON Protobuf Encoding"). */
import type { AnyValue, KeyValue, LogsRequestModel } from "./otlp-log.ts";

export function encodeJson(request: LogsRequestModel): string {
  return JSON.stringify({
    resourceLogs: [
      {
        resource: { attributes: request.resource.map(jsonKeyValue) },
        scopeLogs: [
          {
            scope: { name: request.scope.name },
            logRecords: request.records.map((r) => ({
              timeUnixNano: r.timeUnixNano,
              observedTimeUnixNano: r.observedTimeUnixNano,
              severityNumber: r.severityNumber,
              severityText: r.severityText,
              body: { stringValue: r.body },
              attributes: r.attributes.map(jsonKeyValue),
              eventName: r.eventName,
            })),
          },
        ],
      },
    ],
  });
}

function jsonKeyValue({ key, value }: KeyValue): { key: string; value: Record<string, unknown> } {
  return { key, value: jsonValue(value) };
}

/** int64 as decimal text, as the OTLP JSON mapping writes it. */
function jsonValue(value: AnyValue): Record<string, unknown> {
  if ("intValue" in value) return { intValue: String(value.intValue) };
  return value;
}
