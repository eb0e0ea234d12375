/** The lock file behind format's per-file lock and stop-telemetry's state: exclusive, never stale, never stolen. */
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireLock, LockTimeout, withFileLock } from "../../shared/lock.ts";

let dir: string;
let lock: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "guards-lock-"));
  lock = join(dir, "sub", "file.lock");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** pid 2^22+1 is above Linux's pid_max: no such process. */
const DEAD_PID = 4194305;

describe("file lock", () => {
  it("holds the owner's pid and start time, and is gone after release", async () => {
    const release = await acquireLock(lock, { waitMs: 0, staleMs: 10_000 });
    const [pid, started] = readFileSync(lock, "utf8").split(" ").map(Number);
    expect(pid).toBe(process.pid);
    expect(started).toBeGreaterThan(0);
    release();
    expect(existsSync(lock)).toBe(false);
  });

  it("a live owner's lock makes the next one wait, then time out", async () => {
    const release = await acquireLock(lock, { waitMs: 0, staleMs: 60_000 });
    await expect(acquireLock(lock, { waitMs: 100, staleMs: 60_000 })).rejects.toBeInstanceOf(LockTimeout);
    release();
  });

  it("waiters run one after the other, never together", async () => {
    let inside = 0;
    let most = 0;
    const work = () =>
      withFileLock(lock, { waitMs: 10_000, staleMs: 60_000 }, async () => {
        most = Math.max(most, ++inside);
        await new Promise((r) => setTimeout(r, 20));
        inside--;
      });
    await Promise.all(Array.from({ length: 8 }, work));
    expect(most).toBe(1);
  });

  const STALE: [string, () => string, number | undefined][] = [
    ["a dead owner", () => `${DEAD_PID} ${Date.now()} x`, undefined],
    ["a lock older than staleMs, even with a live owner", () => `${process.pid} ${Date.now() - 120_000} x`, undefined],
    ["an empty lock file left by a crash right after creation", () => "", 120_000],
  ];
  it.for(STALE)("takes over %s", async ([, content, ageMs]) => {
    await acquireLock(lock, { waitMs: 0, staleMs: 60_000 }).then((r) => r());
    writeFileSync(lock, content());
    if (ageMs) utimesSync(lock, new Date(Date.now() - ageMs), new Date(Date.now() - ageMs));
    const release = await acquireLock(lock, { waitMs: 1_000, staleMs: 60_000 });
    expect(readFileSync(lock, "utf8").split(" ")[0]).toBe(String(process.pid));
    release();
  });

  it("a release after a takeover leaves the new owner's lock alone", async () => {
    const release = await acquireLock(lock, { waitMs: 0, staleMs: 60_000 });
    writeFileSync(lock, `${process.pid} ${Date.now()} someone-else`);
    release();
    expect(readFileSync(lock, "utf8")).toContain("someone-else");
  });
});
