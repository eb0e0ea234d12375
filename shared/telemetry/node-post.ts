/**
 * The OTLP sender's POST, on Node's own http and https: no bytes in the hook files (undici's client is
 * about 280 KB that every hook file would carry for its flusher), one request, one deadline for it all.
 */
import { httpModule, httpsModule } from "../builtins.ts";
import type { HttpPost } from "../hook.ts";

const MAX_ANSWER = 64 * 1024;

export const nodePost: HttpPost = (url, body, options) => post(url, body, options, false);

/** The same POST for a long-lived host (the plugin's agent): its socket and deadline never keep that process alive. */
export const backgroundPost: HttpPost = (url, body, options) => post(url, body, options, true);

function post(url: string, body: string | Uint8Array, { headers, timeoutMs, userAgent }: Parameters<HttpPost>[2], background: boolean): ReturnType<HttpPost> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const data = typeof body === "string" ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    const request = (target.protocol === "https:" ? httpsModule() : httpModule()).request(
      target,
      {
        method: "POST",
        // No keep-alive: the process ends as soon as the answer is read.
        agent: false,
        headers: { "content-type": "application/json", "user-agent": userAgent ?? "agent-guards", ...headers, "content-length": String(data.length) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          if (size < MAX_ANSWER) chunks.push(chunk);
          size += chunk.length;
        });
        response.on("error", fail);
        response.on("end", () => {
          clearTimeout(deadline);
          const bytes = Buffer.concat(chunks).subarray(0, MAX_ANSWER);
          const answerHeaders: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) answerHeaders[name] = Array.isArray(value) ? value.join(", ") : value;
          resolve({ status: response.statusCode ?? 0, headers: answerHeaders, body: bytes.toString("utf8"), bytes: new Uint8Array(bytes) });
        });
      },
    );
    const deadline = setTimeout(() => request.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { name: "TimeoutError" })), timeoutMs);
    if (background) {
      deadline.unref?.();
      request.on("socket", (socket) => socket.unref?.());
    }
    function fail(error: Error): void {
      clearTimeout(deadline);
      reject(error);
    }
    request.on("error", fail);
    request.end(data);
  });
}
