import type { Readable } from "node:stream";

export interface StdinLimits {
  maxBytes: number;
  timeoutMs: number;
}

/** Agents write one JSON document and close stdin; a payload that never ends must not hang the agent. */
export const DEFAULT_STDIN_LIMITS: StdinLimits = { maxBytes: 64 * 1024 * 1024, timeoutMs: 10_000 };

export class StdinError extends Error {
  override name = "StdinError";
}

/** What was read before the stream took over, and how long that took: both count against the limits. */
export interface EarlierRead {
  head: Buffer;
  elapsedMs: number;
}

/** Reads a stream to the end as UTF-8, bounded in size and time. */
export function readBounded(stream: Readable, limits: StdinLimits, earlier?: EarlierRead): Promise<string> {
  const head = earlier?.head;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = head ? [head] : [];
    let size = head?.length ?? 0;
    const finish = (error?: Error) => {
      clearTimeout(timer);
      stream.removeAllListeners("data");
      stream.removeAllListeners("end");
      stream.removeAllListeners("error");
      stream.pause();
      if (error) reject(error);
      else resolve(Buffer.concat(chunks).toString("utf8"));
    };
    const timer = setTimeout(
      () => finish(new StdinError(`input did not end within ${limits.timeoutMs} ms`)),
      Math.max(1, limits.timeoutMs - (earlier?.elapsedMs ?? 0)),
    );
    timer.unref?.();
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes) return finish(new StdinError(`input larger than ${limits.maxBytes} bytes`));
      chunks.push(chunk);
    });
    stream.on("end", () => finish());
    stream.on("error", (error) => finish(new StdinError(`cannot read input: ${error.message}`)));
  });
}

/** The limits a hook process reads its stdin with: the defaults, or GUARDS_MAX_INPUT_BYTES / GUARDS_STDIN_TIMEOUT_MS. */
export function stdinLimitsOf(env: Readonly<Record<string, string | undefined>>): StdinLimits {
  return {
    maxBytes: Number(env.GUARDS_MAX_INPUT_BYTES) || DEFAULT_STDIN_LIMITS.maxBytes,
    timeoutMs: Number(env.GUARDS_STDIN_TIMEOUT_MS) || DEFAULT_STDIN_LIMITS.timeoutMs,
  };
}
