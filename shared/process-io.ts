/**
 * A hook process's own stdin and stdout, used without `process.stdin`/`process.stdout` where the platform
 * allows: creating those streams loads Node's net and stream modules, which costs more start-up time than
 * the rest of a decision. Where no fast path applies, the streams are used as usual.
 */
import { closeSync, constants, fstatSync, openSync, read, readSync, writeSync } from "node:fs";
import { readBounded, StdinError, type EarlierRead, type StdinLimits } from "./stdin.ts";

const CHUNK = 64 * 1024;
/** More than a Unix socket buffers: a payload the agent has already written arrives in one read. */
const FIRST_SOCKET_READ = 1024 * 1024;
const MAX_POLL_MS = 10;

/**
 * What decides how the process may end, shared by every copy of this module in the process: the hook
 * file's front section reads stdin, and the runner's section may write the answer and end the process.
 * - readPending: a thread-pool read of stdin that has not returned; the process could not exit normally while it waits.
 * - outputOnStream: output that fd 1 or 2 would not take at once went to a stream, which flushes only before a natural exit.
 */
const state: { readPending: boolean; outputOnStream: boolean } = ((globalThis as Record<symbol, unknown>)[Symbol.for("guards.process-io")] ??= {
  readPending: false,
  outputOnStream: false,
}) as { readPending: boolean; outputOnStream: boolean };

/** Reads the whole of fd 0 as UTF-8, bounded in size and time; rejects with a `StdinError` naming the problem. */
export async function readProcessStdin(limits: StdinLimits): Promise<string> {
  const kind = stdinKind();
  if (kind === "file") return readRegularFile(limits);
  if (kind === "pipe") {
    const fd = reopenNonBlocking();
    if (fd !== undefined) return pollPipe(fd, limits);
  }
  if (kind === "socket") return readSocket(limits);
  return readStream(limits);
}

/**
 * Ends the process once the answer is written. A natural exit tears the whole runtime down first, about
 * 2 ms on Node 24 that no agent waits for; `process.exit` still runs the exit listeners (the code cache
 * is written there). Output still in a stream is left to the natural exit, which flushes it. A process
 * whose exit would wait forever on a stdin read that cannot be cancelled ends itself with SIGKILL.
 */
export function endProcess(): void {
  if (state.readPending) process.kill(process.pid, "SIGKILL");
  else if (!state.outputOnStream) process.exit();
}

function stdinKind(): "file" | "pipe" | "socket" | "other" {
  try {
    const stat = fstatSync(0);
    if (stat.isFile()) return "file";
    if (stat.isFIFO()) return "pipe";
    if (stat.isSocket()) return "socket";
  } catch {
    // fd 0 closed or unreadable: the stream path reports it.
  }
  return "other";
}

/**
 * On Linux a pipe reopened through /proc is a new open file description, so it can be made non-blocking
 * without touching the one the agent handed over; reads then never block a thread the process must wait
 * for at exit. Elsewhere (or without /proc) there is no such handle.
 */
function reopenNonBlocking(): number | undefined {
  if (process.platform !== "linux") return undefined;
  try {
    return openSync("/proc/self/fd/0", constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
}

function pollPipe(fd: number, limits: StdinLimits): Promise<string> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + limits.timeoutMs;
    let wait = 1;
    const state = { chunks: [] as Buffer[], size: 0 };
    const step = () => {
      try {
        const text = readAvailable(fd, limits, state);
        if (text !== undefined) return finish(() => resolve(text));
        // Nothing more for now: a whole JSON document is all an agent sends, whether or not it closes.
        if (endsLikeJson(state.chunks.at(-1))) {
          const sofar = Buffer.concat(state.chunks, state.size);
          if (isWholeJson(sofar)) return finish(() => resolve(sofar.toString("utf8")));
        }
        if (Date.now() >= deadline) throw new StdinError(`input did not end within ${limits.timeoutMs} ms`);
        setTimeout(step, Math.min(wait, Math.max(1, deadline - Date.now())));
        wait = Math.min(wait * 2, MAX_POLL_MS);
      } catch (error) {
        finish(() => reject(asStdinError(error)));
      }
    };
    const finish = (settle: () => void) => {
      closeSync(fd);
      settle();
    };
    step();
  });
}

/** Reads what is there; the text once the writer has closed, undefined while it may still write. */
function readAvailable(fd: number, limits: StdinLimits, state: { chunks: Buffer[]; size: number }): string | undefined {
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK);
    let read: number;
    try {
      read = readSync(fd, chunk, 0, CHUNK, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EAGAIN") return undefined;
      throw error;
    }
    if (read === 0) return Buffer.concat(state.chunks, state.size).toString("utf8");
    state.size += read;
    if (state.size > limits.maxBytes) throw new StdinError(`input larger than ${limits.maxBytes} bytes`);
    state.chunks.push(chunk.subarray(0, read));
  }
}

/** Stdin redirected from a file: plain reads, which cannot block. */
function readRegularFile(limits: StdinLimits): string {
  try {
    return readAvailable(0, limits, { chunks: [], size: 0 }) ?? "";
  } catch (error) {
    throw asStdinError(error);
  }
}

function asStdinError(error: unknown): StdinError {
  return error instanceof StdinError ? error : new StdinError(`cannot read input: ${(error as Error).message}`);
}

/** Writes all of `text` to fd 1 or 2; a closed reader is not an error, a non-blocking one gets the stream. */
export function writeProcessOutput(fd: 1 | 2, text: string): void {
  const bytes = Buffer.from(text, "utf8");
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") {
        state.outputOnStream = true;
        (fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(offset));
        return;
      }
      // EPIPE and the like: the agent stopped listening; there is no one left to tell.
      return;
    }
  }
}

/**
 * A socket (what Node-based agents hand over) cannot be reopened non-blocking, and a read already sent to
 * the thread pool cannot be cancelled: the process could not exit while one waits. So one read goes to the
 * thread pool, enough for a whole payload when the agent has written it, as agents do at once. If that
 * makes a complete JSON document, nothing more is read; otherwise the rest comes through the stream,
 * bounded in time. Only an agent that never writes anything and never closes leaves that first read
 * waiting: the answer is then written at the time limit and the process ends itself (`endProcess`).
 */
function readSocket(limits: StdinLimits): Promise<string> {
  return new Promise((resolve, reject) => {
    const first = Buffer.allocUnsafe(FIRST_SOCKET_READ);
    const started = Date.now();
    const timer = setTimeout(() => reject(new StdinError(`input did not end within ${limits.timeoutMs} ms`)), limits.timeoutMs);
    state.readPending = true;
    withOneThreadPoolThread(() => read(0, first, 0, FIRST_SOCKET_READ, null, (error, bytes) => {
      state.readPending = false;
      clearTimeout(timer);
      if (error) return reject(asStdinError(error));
      if (bytes > limits.maxBytes) return reject(new StdinError(`input larger than ${limits.maxBytes} bytes`));
      const head = first.subarray(0, bytes);
      if (bytes === 0 || isWholeJson(head)) return resolve(head.toString("utf8"));
      readStream(limits, { head: Buffer.from(head), elapsedMs: Date.now() - started }).then(resolve, reject);
    }));
  });
}

/**
 * A hook needs one thread-pool thread; libuv starts four on its first job, reading UV_THREADPOOL_SIZE then
 * and never again. So the variable is set for that first job only (children never see it), unless the
 * user set it.
 */
function withOneThreadPoolThread(start: () => void): void {
  if (process.env.UV_THREADPOOL_SIZE !== undefined) return start();
  process.env.UV_THREADPOOL_SIZE = "1";
  try {
    start();
  } finally {
    delete process.env.UV_THREADPOOL_SIZE;
  }
}

/** Whether the last byte that is not white space closes an object or a list: the cheap test before parsing. */
function endsLikeJson(bytes: Buffer | undefined): boolean {
  if (!bytes) return false;
  let end = bytes.length - 1;
  while (end >= 0 && (bytes[end] === 0x20 || bytes[end] === 0x0a || bytes[end] === 0x0d || bytes[end] === 0x09)) end--;
  return end >= 0 && (bytes[end] === 0x7d || bytes[end] === 0x5d);
}

/** True when the bytes are one complete JSON document: agents send one, so no more is coming. */
function isWholeJson(bytes: Buffer): boolean {
  if (!endsLikeJson(bytes)) return false;
  try {
    JSON.parse(bytes.toString("utf8"));
    return true;
  } catch {
    return false;
  }
}

async function readStream(limits: StdinLimits, earlier?: EarlierRead): Promise<string> {
  try {
    return await readBounded(process.stdin, limits, earlier);
  } finally {
    // A stdin that never closed must not keep the process alive after the answer.
    process.stdin.destroy();
  }
}

/** The dialect's answer, written out: stdout, stderr, and the exit code the process ends with. */
export function writeRendered(rendered: { stdout: string; stderr: string; exitCode: number }): void {
  if (rendered.stdout) writeProcessOutput(1, rendered.stdout);
  if (rendered.stderr) writeProcessOutput(2, rendered.stderr);
  process.exitCode = rendered.exitCode;
}

/**
 * The environment a hook reads, with PWD set: dialects fall back on it where the payload names no folder,
 * and an agent that starts the hook without a shell sets none. A working folder deleted under the hook
 * leaves it unset.
 */
export function hookEnvironment(): Readonly<Record<string, string | undefined>> {
  if (process.env.PWD !== undefined) return process.env;
  try {
    return { ...process.env, PWD: process.cwd() };
  } catch {
    return process.env;
  }
}
