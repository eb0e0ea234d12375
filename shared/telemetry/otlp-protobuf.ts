/**
 * The OTLP/HTTP protobuf body, written by hand: the logs messages need varints, fixed64 and nested
 * length-delimited fields, about a hundred lines, where protobufjs and the SDK would cost every flush
 * their load time. Field numbers from opentelemetry-proto logs/v1/logs.proto, common/v1/common.proto,
 * resource/v1/resource.proto and collector/logs/v1/logs_service.proto.
 */
import type { AnyValue, KeyValue, LogRecordModel, LogsRequestModel } from "./otlp-log.ts";

const VARINT = 0;
const FIXED64 = 1;
const BYTES = 2;

/** One message's bytes, built field by field; nested messages are encoded first and added as bytes. */
class Message {
  private parts: Uint8Array[] = [];
  private size = 0;

  private push(bytes: Uint8Array): void {
    this.parts.push(bytes);
    this.size += bytes.length;
  }

  private varint(value: bigint): void {
    const bytes: number[] = [];
    let v = BigInt.asUintN(64, value);
    while (v >= 0x80n) {
      bytes.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    bytes.push(Number(v));
    this.push(Uint8Array.from(bytes));
  }

  private tag(field: number, wire: number): void {
    this.varint(BigInt((field << 3) | wire));
  }

  uint(field: number, value: number | bigint): this {
    this.tag(field, VARINT);
    this.varint(BigInt(value));
    return this;
  }

  fixed64(field: number, decimal: string): this {
    this.tag(field, FIXED64);
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setBigUint64(0, BigInt.asUintN(64, BigInt(decimal)), true);
    this.push(bytes);
    return this;
  }

  bytes(field: number, value: Uint8Array): this {
    this.tag(field, BYTES);
    this.varint(BigInt(value.length));
    this.push(value);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  message(field: number, value: Message): this {
    return this.bytes(field, value.finish());
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

export function encodeProtobuf(request: LogsRequestModel): Uint8Array {
  const resource = new Message();
  for (const kv of request.resource) resource.message(1, keyValue(kv));
  // dropped_attributes_count 0, written out as the official serializer does: the bodies match byte for byte.
  resource.uint(2, 0);
  const scopeLogs = new Message().message(1, new Message().string(1, request.scope.name));
  for (const record of request.records) scopeLogs.message(2, logRecord(record));
  const resourceLogs = new Message().message(1, resource).message(2, scopeLogs);
  return new Message().message(1, resourceLogs).finish();
}

function logRecord(r: LogRecordModel): Message {
  const m = new Message().fixed64(1, r.timeUnixNano).uint(2, r.severityNumber).string(3, r.severityText).message(5, anyValue({ stringValue: r.body }));
  for (const kv of r.attributes) m.message(6, keyValue(kv));
  return m.uint(7, 0).fixed64(11, r.observedTimeUnixNano).string(12, r.eventName);
}

function keyValue({ key, value }: KeyValue): Message {
  return new Message().string(1, key).message(2, anyValue(value));
}

function anyValue(value: AnyValue): Message {
  if ("stringValue" in value) return new Message().string(1, value.stringValue);
  if ("boolValue" in value) return new Message().uint(2, value.boolValue ? 1 : 0);
  return new Message().uint(3, BigInt(value.intValue));
}

/**
 * `partial_success.rejected_log_records` of an ExportLogsServiceResponse (field 1 → field 1), and its
 * error message (field 2); zero when absent. Unknown fields are skipped, as protobuf readers must.
 */
export function decodePartialSuccess(body: Uint8Array): { rejected: number; message?: string } {
  const outer = fields(body).find((f) => f.field === 1 && f.bytes);
  if (!outer?.bytes) return { rejected: 0 };
  const inner = fields(outer.bytes);
  const rejected = inner.find((f) => f.field === 1 && f.value !== undefined)?.value ?? 0n;
  const message = inner.find((f) => f.field === 2 && f.bytes)?.bytes;
  return { rejected: Number(rejected), ...(message ? { message: new TextDecoder().decode(message) } : {}) };
}

interface Field {
  field: number;
  value?: bigint;
  bytes?: Uint8Array;
}

function fields(data: Uint8Array): Field[] {
  const out: Field[] = [];
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (at >= data.length) throw new Error("truncated protobuf");
      const byte = data[at++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return result;
    }
  };
  while (at < data.length) {
    const key = Number(varint());
    const field = key >>> 3;
    const wire = key & 7;
    if (wire === VARINT) out.push({ field, value: varint() });
    else if (wire === BYTES) {
      const length = Number(varint());
      out.push({ field, bytes: data.subarray(at, at + length) });
      at += length;
    } else if (wire === FIXED64) at += 8;
    else if (wire === 5) at += 4;
    else throw new Error(`unsupported protobuf wire type ${wire}`);
  }
  return out;
}
