/**
 * The POST of the telemetry sender, to a real HTTP server on 127.0.0.1. OpenCode and Amp run the plugin
 * engine under Bun, whose node:v8 has no setFlagsFromString: the POST must still go out.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import v8 from "node:v8";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { undiciPost } from "../shared/http-post.ts";

const received: { headers: IncomingMessage["headers"]; body: string }[] = [];
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    received.push({ headers: req.headers, body });
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
let url = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/logs`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("undiciPost", () => {
  it.for([
    ["Node's V8 flags API", false],
    ["a runtime whose setFlagsFromString throws (Bun)", true],
  ] as const)("sends the body with %s", async ([, throws]) => {
    const original = v8.setFlagsFromString;
    if (throws) v8.setFlagsFromString = () => { throw new TypeError("setFlagsFromString is not implemented"); };
    try {
      received.length = 0;
      const response = await undiciPost(url, '{"resourceLogs":[]}', { headers: { "content-type": "application/json" }, timeoutMs: 5000, userAgent: "guards-test" });
      expect(response.status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]!.body).toBe('{"resourceLogs":[]}');
      expect(received[0]!.headers["user-agent"]).toBe("guards-test");
    } finally {
      v8.setFlagsFromString = original;
    }
  });
});
