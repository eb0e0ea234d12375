/** POST with undici, loaded only when there is something to send, with one deadline for the whole exchange. */
import type { HttpPost } from "../../shared/hook.ts";

export const undiciPost: HttpPost = async (url, body, { headers, timeoutMs }) => {
  const { Agent, request } = await import("undici");
  // A private dispatcher without keep-alive: the hook process must exit as soon as it has answered.
  const dispatcher = new Agent({ connect: { timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, keepAliveTimeout: 1, keepAliveMaxTimeout: 1 });
  try {
    const response = await request(url, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "user-agent": "agent-guards stop-telemetry", ...headers },
      dispatcher,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body.dump();
    return { status: response.statusCode };
  } finally {
    await dispatcher.destroy().catch(() => undefined);
  }
};
