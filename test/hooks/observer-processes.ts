/** Test support for the observers (format, stop-telemetry): hooks and the CLI as concurrent processes, and a telemetry endpoint on 127.0.0.1. */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { spawnHook } from "../../cli/cases/spawn.ts";
import { DIST, ROOT, SYSTEM_NODE, type ProcessResult } from "../support/process.ts";

export interface AsyncRun {
  node?: string;
  args?: string[];
  input?: string;
  cwd?: string;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}

/**
 * Like runNodeFile, but without blocking this process: the test's own HTTP server must keep
 * answering while the hook runs.
 */
export async function runNodeAsync(file: string, options: AsyncRun = {}): Promise<ProcessResult & { killed: boolean }> {
  const outcome = await spawnHook({
    command: options.node ?? SYSTEM_NODE,
    args: [file, ...(options.args ?? [])],
    input: options.input ?? "",
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    timeoutMs: options.timeoutMs ?? 20_000,
  });
  let json: unknown;
  try {
    json = outcome.stdout.trim() ? JSON.parse(outcome.stdout) : undefined;
  } catch {
    json = undefined;
  }
  return { stdout: outcome.stdout, stderr: outcome.stderr, exitCode: outcome.exitCode, json, killed: outcome.timedOut };
}

export function runHookAsync(id: string, payload: unknown, options: AsyncRun & { dialect?: string } = {}) {
  const args = [...(options.dialect ? ["--dialect", options.dialect] : []), ...(options.args ?? [])];
  return runNodeAsync(join(DIST, "hooks", `${id}.mjs`), { ...options, args, input: JSON.stringify(payload) });
}

export function runCliAsync(args: string[], options: AsyncRun = {}) {
  return runNodeAsync(join(DIST, "cli.mjs"), { ...options, args });
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** What the endpoint answers to the next request: a status, after an optional delay. */
export interface Reply {
  status: number;
  delayMs?: number;
}

export interface TelemetryServer {
  url: string;
  port: number;
  /** Requests answered 2xx, in arrival order. */
  accepted: Received[];
  /** Every request, whatever the answer. */
  all: Received[];
  /** Answers for the next requests, in order; afterwards 200. */
  replies: Reply[];
  close: () => Promise<void>;
}

/** A telemetry endpoint on 127.0.0.1 (port 0 = any free one, or a given one to come back on). */
export async function startTelemetryServer(port = 0): Promise<TelemetryServer> {
  const sockets = new Set<import("node:net").Socket>();
  const state: TelemetryServer = { url: "", port: 0, accepted: [], all: [], replies: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    let text = "";
    req.on("data", (c: Buffer) => (text += c.toString()));
    req.on("end", () => {
      const received = { headers: req.headers, body: JSON.parse(text) as Record<string, unknown> };
      state.all.push(received);
      const reply = state.replies.shift() ?? { status: 200 };
      const answer = () => {
        if (reply.status >= 200 && reply.status < 300) state.accepted.push(received);
        res.statusCode = reply.status;
        res.end("{}");
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs).unref();
      else answer();
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  state.port = (server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${state.port}/v1/agent-runs`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return state;
}

/** A port nothing listens on: taken from a server that is closed again at once. */
export async function freePort(): Promise<number> {
  const server = await startTelemetryServer();
  await server.close();
  return server.port;
}
