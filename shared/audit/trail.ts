/**
 * The local audit trail: `<state>/audit/audit.jsonl`, append-only, 0600, one JSON line per record. Past
 * its size cap it is renamed to `audit.1.jsonl` (replacing the previous one) and a new file starts.
 */
import { closeSync, fchmodSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { withFileLock } from "../lock.ts";

export function auditDirectory(stateDir: string): string {
  return join(stateDir, "audit");
}

export function trailFiles(stateDir: string): { current: string; previous: string } {
  const dir = auditDirectory(stateDir);
  return { current: join(dir, "audit.jsonl"), previous: join(dir, "audit.1.jsonl") };
}

/**
 * Appends the lines with one write on an O_APPEND descriptor: concurrent hooks never interleave within
 * a line. Rotation is rare and happens under a lock, so two hooks never rotate the same file twice.
 */
export async function appendToTrail(stateDir: string, lines: string, maxBytes: number): Promise<void> {
  const { current, previous } = trailFiles(stateDir);
  mkdirSync(auditDirectory(stateDir), { recursive: true, mode: 0o700 });
  if (sizeOf(current) + Buffer.byteLength(lines) > maxBytes) {
    await withFileLock(`${current}.lock`, { waitMs: 2_000, staleMs: 10_000 }, () => {
      // Another hook may have rotated while this one waited.
      if (sizeOf(current) + Buffer.byteLength(lines) > maxBytes && sizeOf(current) > 0) renameSync(current, previous);
    });
  }
  const fd = openSync(current, "a", 0o600);
  try {
    // A trail created by hand with a wider mode is narrowed: it names the commands that were refused.
    if ((fstatSync(fd).mode & 0o077) !== 0) fchmodSync(fd, 0o600);
    writeSync(fd, lines);
  } finally {
    closeSync(fd);
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** Every record of the trail, oldest first (the rotated file, then the current one); damaged lines are skipped. */
export function readTrail(stateDir: string): unknown[] {
  const { current, previous } = trailFiles(stateDir);
  const records: unknown[] = [];
  for (const file of [previous, current]) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n")) {
      if (!line) continue;
      try {
        records.push(JSON.parse(line));
      } catch {
        // A line cut by a full disk: the others are still worth reading.
      }
    }
  }
  return records;
}
