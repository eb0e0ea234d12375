/**
 * The flusher of a process that outlives its decisions: the OpenCode and Amp plugin runs the guards inside
 * the agent (Bun), where no hook file can be started again as a detached flusher. The spool is sent on this
 * process's own event loop instead, in a task queued after the decision has been answered, one delivery at
 * a time; a backoff the collector asked for is waited out on a timer. Neither the timers nor the request
 * keep the agent alive: an agent that exits meanwhile leaves the records to the next sender.
 */
import { runFlusher } from "./flusher.ts";
import { backgroundPost } from "./node-post.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** `kick(projectRoot, env)`: send the spool soon, never in the caller's turn. */
export function inProcessFlusher(): (projectRoot: string, env: Env) => void {
  let state: "idle" | "queued" | "sending" = "idle";
  let next: { projectRoot: string; env: Env } | undefined;

  const queue = (projectRoot: string, env: Env, delayMs: number) => {
    state = "queued";
    setTimeout(() => void send(projectRoot, env), delayMs).unref?.();
  };

  const send = async (projectRoot: string, env: Env) => {
    state = "sending";
    const report = await runFlusher(projectRoot, env, backgroundPost).catch(() => undefined);
    state = "idle";
    const again = next;
    next = undefined;
    // Records spooled while this delivery ran may have missed it, and a budget used up leaves some: one more round.
    if (again || (report && report.delivered > 0 && report.pending > 0 && !report.notBefore)) return queue(again?.projectRoot ?? projectRoot, again?.env ?? env, 0);
    // The collector asked to wait (Retry-After, 503, a network error): try again then, not before. The wait
    // counts from the request's start, so a request that timed out may find it already over.
    if (report?.pending && report.notBefore) queue(projectRoot, env, Math.max(0, Date.parse(report.notBefore) - Date.now()) + 50);
  };

  return (projectRoot, env) => {
    if (state === "sending") next = { projectRoot, env };
    else if (state === "idle") queue(projectRoot, env, 0);
    // Queued: the round already waiting sends the new records too.
  };
}
