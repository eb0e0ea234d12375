/**
 * A strict OTLP/HTTP logs receiver on 127.0.0.1 for tests: it checks every request against the
 * OTLP/HTTP specification (path, method, content type and length, gzip, the JSON mapping's lowerCamelCase
 * keys, integer enums, int64 as decimal text; protobuf read by field number) and answers from a plan,
 * so tests can inject 429 + Retry-After, 5xx, 400, 413, partial successes, hangs and dropped connections.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { afterEach, beforeEach, expect } from "vitest";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

export type Answer = { status: number; headers?: Record<string, string>; body?: string } | "hang" | "destroy";

export interface ReceivedLog {
  eventName: string;
  severityNumber: number;
  timeUnixNano: string;
  body: string;
  attributes: Record<string, string | number | boolean>;
}

export interface Received {
  at: number;
  headers: IncomingMessage["headers"];
  /** The body as sent, after gzip. */
  raw: Buffer;
  resource: Record<string, string | number | boolean>;
  logs: ReceivedLog[];
  answered: number | "hang" | "destroy";
}

export interface Receiver {
  url: string;
  requests: Received[];
  /** What the next requests get, in order; then 200. */
  plan: Answer[];
  violations: string[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: Received[] = [];
  const violations: string[] = [];
  const plan: Answer[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const wire = Buffer.concat(chunks);
      const fail = (m: string) => violations.push(m);
      if (req.method !== "POST") fail(`method ${req.method}`);
      if (req.url !== "/v1/logs") fail(`path ${req.url}`);
      if (req.headers["content-length"] !== String(wire.length)) fail(`content-length ${req.headers["content-length"]} for ${wire.length} bytes`);
      const type = req.headers["content-type"];
      let raw = wire;
      if (req.headers["content-encoding"] === "gzip") raw = gunzipSync(wire);
      else if (req.headers["content-encoding"]) fail(`content-encoding ${req.headers["content-encoding"]}`);
      let parsed: { resource: Received["resource"]; logs: ReceivedLog[] } = { resource: {}, logs: [] };
      try {
        if (type === "application/json") parsed = readJson(JSON.parse(raw.toString("utf8")), fail);
        else if (type === "application/x-protobuf") parsed = readProtobuf(raw);
        else fail(`content-type ${type}`);
      } catch (error) {
        fail(`unreadable body: ${(error as Error).message}`);
      }
      const answer = plan.shift() ?? { status: 200 };
      requests.push({ at: Date.now(), headers: req.headers, raw, ...parsed, answered: typeof answer === "string" ? answer : answer.status });
      if (answer === "hang") return void hanging.push(res);
      if (answer === "destroy") return void req.socket.destroy();
      const json = type === "application/json";
      res.writeHead(answer.status, { "content-type": json ? "application/json" : "application/x-protobuf", ...answer.headers });
      res.end(answer.body ?? (json ? "{}" : ""));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    plan,
    violations,
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Json = Record<string, unknown>;

function readJson(body: Json, fail: (m: string) => void): { resource: Received["resource"]; logs: ReceivedLog[] } {
  checkKeys(body, "", fail);
  const logs: ReceivedLog[] = [];
  let resource: Received["resource"] = {};
  for (const rl of (body.resourceLogs as Json[]) ?? []) {
    resource = attributes((rl.resource as Json)?.attributes as Json[], fail);
    for (const sl of (rl.scopeLogs as Json[]) ?? []) {
      for (const r of (sl.logRecords as Json[]) ?? []) {
        if (!Number.isInteger(r.severityNumber)) fail(`severityNumber ${JSON.stringify(r.severityNumber)} is not an integer`);
        if (typeof r.timeUnixNano !== "string" || !/^\d+$/.test(r.timeUnixNano)) fail(`timeUnixNano ${JSON.stringify(r.timeUnixNano)} is not decimal text`);
        logs.push({ eventName: String(r.eventName), severityNumber: Number(r.severityNumber), timeUnixNano: String(r.timeUnixNano), body: String((r.body as Json)?.stringValue), attributes: attributes(r.attributes as Json[], fail) });
      }
    }
  }
  return { resource, logs };
}

/** Object keys (not attribute names, which are values) must be lowerCamelCase. */
function checkKeys(value: unknown, path: string, fail: (m: string) => void): void {
  if (Array.isArray(value)) return value.forEach((v, i) => checkKeys(v, `${path}[${i}]`, fail));
  if (value === null || typeof value !== "object") return;
  for (const [key, v] of Object.entries(value)) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(key)) fail(`key ${path}.${key} is not lowerCamelCase`);
    checkKeys(v, `${path}.${key}`, fail);
  }
}

function attributes(list: Json[] | undefined, fail: (m: string) => void): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value } of list ?? []) {
    const v = value as Json;
    const kinds = Object.keys(v);
    if (kinds.length !== 1) fail(`attribute ${String(key)} has ${kinds.length} values`);
    if ("intValue" in v) {
      if (typeof v.intValue !== "string" || !/^-?\d+$/.test(v.intValue)) fail(`attribute ${String(key)}: intValue ${JSON.stringify(v.intValue)} is not decimal text`);
      out[String(key)] = Number(v.intValue);
    } else out[String(key)] = (v.stringValue ?? v.boolValue) as string | boolean;
  }
  return out;
}

/** The logs request by field number (logs.proto), as the JSON reader returns it. */
function readProtobuf(raw: Buffer): { resource: Received["resource"]; logs: ReceivedLog[] } {
  const logs: ReceivedLog[] = [];
  let resource: Received["resource"] = {};
  const kv = (b: Buffer): [string, string | number | boolean] => {
    const f = fields(b);
    const value = fields(f.find((x) => x.n === 2)!.bytes!)[0]!;
    const key = f.find((x) => x.n === 1)!.bytes!.toString("utf8");
    if (value.n === 1) return [key, value.bytes!.toString("utf8")];
    if (value.n === 2) return [key, value.int === 1n];
    return [key, Number(value.int)];
  };
  for (const rl of fields(raw).filter((f) => f.n === 1)) {
    const parts = fields(rl.bytes!);
    const res = parts.find((f) => f.n === 1);
    if (res) resource = Object.fromEntries(fields(res.bytes!).filter((f) => f.n === 1).map((f) => kv(f.bytes!)));
    for (const sl of parts.filter((f) => f.n === 2)) {
      for (const lr of fields(sl.bytes!).filter((f) => f.n === 2)) {
        const l = fields(lr.bytes!);
        logs.push({
          timeUnixNano: String(l.find((f) => f.n === 1)!.fixed!),
          severityNumber: Number(l.find((f) => f.n === 2)?.int ?? 0),
          eventName: l.find((f) => f.n === 12)?.bytes?.toString("utf8") ?? "",
          body: fields(l.find((f) => f.n === 5)!.bytes!)[0]!.bytes!.toString("utf8"),
          attributes: Object.fromEntries(l.filter((f) => f.n === 6).map((f) => kv(f.bytes!))),
        });
      }
    }
  }
  return { resource, logs };
}

function fields(data: Buffer): { n: number; int?: bigint; fixed?: bigint; bytes?: Buffer }[] {
  const out: { n: number; int?: bigint; fixed?: bigint; bytes?: Buffer }[] = [];
  let at = 0;
  const varint = () => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = data[at++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return result;
    }
  };
  while (at < data.length) {
    const key = Number(varint());
    const n = key >>> 3;
    const wire = key & 7;
    if (wire === 0) out.push({ n, int: varint() });
    else if (wire === 1) {
      out.push({ n, fixed: data.readBigUInt64LE(at) });
      at += 8;
    } else if (wire === 2) {
      const length = Number(varint());
      out.push({ n, bytes: data.subarray(at, at + length) });
      at += length;
    } else throw new Error(`wire type ${wire}`);
  }
  return out;
}

/**
 * A fresh receiver for each test of the calling file, closed after it; a test fails if any request broke
 * the specification. Returns the current test's receiver.
 */
export function receiverPerTest(): () => Receiver {
  let receiver: Receiver | undefined;
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    expect(receiver!.violations).toEqual([]);
    await receiver!.close();
  });
  return () => receiver!;
}

/** Waits, polling, until `condition` holds: the hooks deliver from detached processes. */
export async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; !condition(); ) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
