/**
 * A lock between processes: a file created with O_EXCL that holds its owner's pid and start time.
 * It cannot stay stale: a lock whose owner is dead, or older than `staleMs`, is taken over.
 */
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { dirname } from "node:path";

export interface LockOptions {
  /** Give up after waiting this long for another owner. */
  waitMs: number;
  /** A lock older than this is abandoned, whatever its owner. */
  staleMs: number;
  now?: () => number;
}

export class LockTimeout extends Error {
  override name = "LockTimeout";
}

/** Runs `fn` while holding the lock at `path`; throws LockTimeout when the lock stays taken. */
export async function withFileLock<T>(path: string, options: LockOptions, fn: () => Promise<T> | T): Promise<T> {
  const release = await acquireLock(path, options);
  try {
    return await fn();
  } finally {
    release();
  }
}

/** Takes the lock, waiting up to `waitMs`; returns its release function. */
export async function acquireLock(path: string, options: LockOptions): Promise<() => void> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.waitMs;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  for (let attempt = 0; ; attempt++) {
    const token = tryCreate(path, now());
    if (token) return () => releaseIfOurs(path, token);
    breakIfStale(path, options.staleMs, now());
    if (now() >= deadline) throw new LockTimeout(`lock ${path} is held by another process`);
    // Jittered backoff so twenty waiters do not retry in lockstep.
    await sleep(Math.min(50, 2 + attempt * 3) + Math.random() * 5);
  }
}

function tryCreate(path: string, at: number): string | undefined {
  const token = `${process.pid} ${at} ${uniqueSuffix()}`;
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return undefined;
    throw error;
  }
  try {
    writeSync(fd, token);
  } finally {
    closeSync(fd);
  }
  return token;
}

function readToken(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

function releaseIfOurs(path: string, token: string): void {
  // A lock taken over as stale belongs to someone else now: never remove theirs.
  if (readToken(path) !== token) return;
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

function isStale(path: string, token: string, staleMs: number, at: number): boolean {
  const [owner, started] = token.split(" ").map(Number);
  // A lock file caught between creation and its first write: judged by its age alone.
  if (!owner || !started) return at - modifiedAt(path) > staleMs;
  if (at - started > staleMs) return true;
  try {
    process.kill(owner, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

function modifiedAt(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function breakIfStale(path: string, staleMs: number, at: number): void {
  const seen = readToken(path);
  if (seen === undefined || !isStale(path, seen, staleMs, at)) return;
  // Move it aside atomically, then check it is still the stale lock we judged; if another
  // waiter already replaced it with a live one, put that one back (link fails if a third took the name).
  const aside = `${path}.stale-${uniqueSuffix()}`;
  try {
    renameSync(path, aside);
  } catch {
    return;
  }
  if (readToken(aside) !== seen) {
    try {
      linkSync(aside, path);
    } catch {
      // The name was taken again meanwhile; that owner holds the lock.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // Already gone.
  }
}

/** A timer as a promise; not node:timers/promises, a module more at the start of every hook that locks. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Tells apart two tokens or names made in the same millisecond: it needs to be unique, not secret (whoever
 * can write the lock file can do more than guess it), so not node:crypto, which costs a hook's start 4-8 ms.
 */
export function uniqueSuffix(): string {
  return Math.random().toString(16).slice(2, 14).padEnd(12, "0");
}
