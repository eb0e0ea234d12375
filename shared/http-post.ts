/** POST with undici, loaded only when there is something to send, with one deadline for the whole exchange. */
import { v8Module } from "./builtins.ts";
import type { HttpPost } from "./hook.ts";
import type { Client as UndiciClient, Dispatcher } from "undici";

type RequestApi = (this: UndiciClient, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

export const undiciPost: HttpPost = async (url, body, { headers, timeoutMs, userAgent }) => {
  // undici parses HTTP with a WebAssembly module; on Node 20 V8's background optimising compile of it
  // holds the process about a second after the hook has answered. The baseline compiler is enough here.
  // Bun (OpenCode and Amp run the plugin engine there) has no setFlagsFromString and throws: only a speed-up is lost.
  try {
    v8Module().setFlagsFromString("--liftoff-only");
  } catch {
    // Not V8's flags API (Bun): undici runs as it is.
  }
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
      headers: { "content-type": "application/json", "user-agent": userAgent ?? "agent-guards stop-telemetry", ...headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Enough of the answer for an OTLP partial success or an error message; the rest is not read.
    const bytes = new Uint8Array(await response.body.arrayBuffer()).subarray(0, 64 * 1024);
    const responseHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(", ") : value;
    return { status: response.statusCode, headers: responseHeaders, body: new TextDecoder().decode(bytes), bytes };
  } finally {
    await client.destroy().catch(() => undefined);
  }
};
