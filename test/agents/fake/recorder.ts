/** An HTTP server on 127.0.0.1 that records every request body and answers through a per-API handler. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  body: string;
}

export type Answer = (request: RecordedRequest, json: Record<string, unknown>, response: ServerResponse) => void;

export interface RecordingServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startRecordingServer(answer: Answer): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    void readBody(incoming).then((body) => {
      const request = { method: incoming.method ?? "GET", path: incoming.url ?? "/", body };
      requests.push(request);
      let json: Record<string, unknown> = {};
      try {
        json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      } catch {
        json = {};
      }
      try {
        answer(request, json, response);
      } catch (error) {
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { message: String(error) } }));
      }
    });
  });
  // Agents keep connections alive; closing must not wait for them.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readBody(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Writes a server-sent event stream: `event:` lines only where the API names its events. */
export function sendEvents(response: ServerResponse, events: { event?: string; data: unknown }[], done?: string): void {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  for (const { event, data } of events) {
    response.write(`${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`);
  }
  if (done) response.write(`data: ${done}\n\n`);
  response.end();
}

export function sendJson(response: ServerResponse, value: unknown, status = 200): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(value));
}
