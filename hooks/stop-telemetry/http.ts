/** POST with undici, loaded only when there is something to send, with one deadline for the whole exchange. */
import { v8Module } from "../../shared/builtins.ts";
import type { HttpPost } from "../../shared/hook.ts";
import type { Client as UndiciClient, Dispatcher } from "undici";

type RequestApi = (this: UndiciClient, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

export const undiciPost: HttpPost = async (url, body, { headers, timeoutMs }) => {
  // undici parses HTTP with a WebAssembly module; on Node 20 V8's background optimising compile of it
  // holds the process about a second after the hook has answered. The baseline compiler is enough here.
  v8Module().setFlagsFromString("--liftoff-only");
  // The `undici` entry also loads fetch, WebSocket, caches and mocks (about 0.4 s more on Node 20);
  // one POST needs only the client and its request API (undici 7 has no exports map: these are its modules).
  const [{ default: Client }, { default: request }] = (await Promise.all([import("undici/lib/dispatcher/client.js"), import("undici/lib/api/api-request.js")])) as [
    { default: typeof UndiciClient },
    { default: RequestApi },
  ];
  const target = new URL(url);
  // A private client without keep-alive: the hook process must exit as soon as it has answered.
  const client = new Client(target.origin, { connect: { timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, keepAliveTimeout: 1, keepAliveMaxTimeout: 1 });
  try {
    const response = await request.call(client, {
      path: `${target.pathname}${target.search}`,
      method: "POST",
      body,
      headers: { "content-type": "application/json", "user-agent": "agent-guards stop-telemetry", ...headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body.dump();
    return { status: response.statusCode };
  } finally {
    await client.destroy().catch(() => undefined);
  }
};
