/** Per-conversation run state on disk: one JSON file per conversation, rewritten atomically under a lock. */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentStop, SessionEvent, StopStatus } from "../../shared/event.ts";
import { uniqueSuffix, withFileLock } from "../../shared/lock.ts";
import { cryptoModule } from "../../shared/builtins.ts";

export interface ConversationState {
  conversationId: string;
  firstSeenAt: string;
  updatedAt: string;
  lastStatus: StopStatus;
  /** Errored stops in a row; any other end resets it. */
  consecutiveErrors: number;
  /** Follow-ups guards asked for in a row: the loop guard on agents that report no loop count. */
  followupsInRow: number;
  loopCount: number;
  stops: number;
  subagentStops: number;
  endedAt?: string;
}

export type StopEvent = AgentStop | SessionEvent;

/** Lock wait: long enough for a queue of twenty concurrent hooks, each holding it for a few ms. */
const LOCK = { waitMs: 10_000, staleMs: 30_000 };

export function stateFile(stateDir: string, conversationId: string): string {
  return join(stateDir, "conversations", `${stateName(conversationId)}.json`);
}

/**
 * Ids come from the agent, so no id may name a path: one of letters, digits, `-` and `_` (every agent's
 * UUIDs) is used as it is, anything else is hashed. The prefixes keep the two kinds of name apart, and
 * the common case free of node:crypto, which costs a hook's start 4-8 ms.
 */
function stateName(conversationId: string): string {
  if (/^[A-Za-z0-9_-]{1,100}$/.test(conversationId)) return `c-${conversationId}`;
  return `h-${cryptoModule().createHash("sha256").update(conversationId).digest("hex").slice(0, 40)}`;
}

/**
 * Reads, changes and writes one conversation's state while holding its lock, so concurrent
 * stop hooks never lose an update. `change` returns the new state and any value for the caller.
 */
export async function updateState<T>(
  stateDir: string,
  conversationId: string,
  change: (prev: ConversationState | undefined) => { next: ConversationState; result: T },
): Promise<{ state: ConversationState; result: T }> {
  const file = stateFile(stateDir, conversationId);
  mkdirSync(join(stateDir, "conversations"), { recursive: true, mode: 0o700 });
  return withFileLock(`${file}.lock`, LOCK, () => {
    const { next, result } = change(readState(file));
    writeAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
    return { state: next, result };
  });
}

export function readState(file: string): ConversationState | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(text) as ConversationState;
  } catch {
    // A state file someone damaged by hand: start the conversation over rather than fail every stop.
    return undefined;
  }
}

/** The state after one event. */
export function advance(prev: ConversationState | undefined, event: StopEvent, conversationId: string, now: Date): ConversationState {
  const at = now.toISOString();
  const base: ConversationState = prev ?? {
    conversationId,
    firstSeenAt: at,
    updatedAt: at,
    lastStatus: "unknown",
    consecutiveErrors: 0,
    followupsInRow: 0,
    loopCount: 0,
    stops: 0,
    subagentStops: 0,
  };
  const next = { ...base, updatedAt: at };
  if (event.kind === "agent.stop") {
    const errored = event.status === "error";
    next.stops += 1;
    next.lastStatus = event.status;
    next.loopCount = event.loopCount;
    next.consecutiveErrors = errored ? base.consecutiveErrors + 1 : 0;
    if (!errored) next.followupsInRow = 0;
  } else if (event.kind === "subagent.stop") {
    next.subagentStops += 1;
  } else {
    next.endedAt = at;
    if (event.status) next.lastStatus = event.status;
  }
  return next;
}

export function writeAtomic(file: string, text: string): void {
  const temp = `${file}.${process.pid}-${uniqueSuffix()}.tmp`;
  writeFileSync(temp, text, { mode: 0o600, flag: "wx" });
  renameSync(temp, file);
}

/**
 * Forgets conversations (and temp files of interrupted writes) untouched for `maxAgeMs`, so the
 * folder stays small. Run when a new conversation starts, not on every stop.
 */
export function pruneStale(stateDir: string, now: Date, maxAgeMs: number): number {
  const dir = join(stateDir, "conversations");
  let removed = 0;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".json") && !name.endsWith(".tmp")) continue;
    const path = join(dir, name);
    try {
      if (now.getTime() - statSync(path).mtimeMs > maxAgeMs) {
        unlinkSync(path);
        removed++;
      }
    } catch {
      // Removed by another hook meanwhile.
    }
  }
  return removed;
}
