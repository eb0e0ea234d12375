/**
 * The CLI's stdout and stderr as writers that go quiet once their reader has gone (`guards list | head -1`,
 * `| true`, a closed pager): a closed pipe is the reader's choice, not an error worth a stack trace.
 */
import type { Writable } from "node:stream";

export interface QuietWriter {
  write: (text: string) => void;
  /** True once the reader has gone: later output is dropped. */
  readonly closed: boolean;
}

/**
 * Wraps a stream so that a vanished reader (EPIPE and the like) silences it. Any error on an output stream
 * ends its output: there is nowhere left to report it, and the command's exit status still tells.
 */
export function quietWriter(stream: Writable): QuietWriter {
  let closed = false;
  stream.on("error", () => {
    closed = true;
  });
  return {
    write(text) {
      if (closed || stream.destroyed) return;
      stream.write(text);
    },
    get closed() {
      return closed;
    },
  };
}
