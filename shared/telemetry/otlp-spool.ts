/**
 * The OTLP spool: one file per record in `<state>/otlp/new/` (written, then renamed into place), so a
 * hook appends without a lock; `quarantine/` holds what the collector refused for good; `meta.json` the
 * counters and the backoff, which must outlive the short processes that deliver.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface SpoolMeta {
  delivered: number;
  /** Refused for good: HTTP 400, or rejected in a partial success. */
  rejected: number;
  quarantined: number;
  /** Failed attempts in a row (retryable answers and network errors); drives the backoff. */
  failures: number;
  /** No send before this time (ISO): Retry-After or the backoff. */
  notBefore?: string;
  lastError?: string;
  lastErrorAt?: string;
  lastDeliveredAt?: string;
}

export const EMPTY_META: SpoolMeta = { delivered: 0, rejected: 0, quarantined: 0, failures: 0 };

export class OtlpSpool {
  readonly dir: string;
  readonly newDir: string;
  readonly quarantineDir: string;
  readonly metaFile: string;
  readonly droppedFile: string;

  constructor(stateDir: string) {
    this.dir = join(stateDir, "otlp");
    this.newDir = join(this.dir, "new");
    this.quarantineDir = join(this.dir, "quarantine");
    this.metaFile = join(this.dir, "meta.json");
    this.droppedFile = join(this.dir, "dropped.log");
  }

  /**
   * Adds records, then trims the oldest past `max`. Names sort by time, so delivery keeps the order.
   * The cap is kept without a lock: two hooks trimming at once may both count a drop, never lose a new record.
   */
  append(records: readonly { id: string }[], max: number, now: Date): void {
    mkdirSync(this.newDir, { recursive: true, mode: 0o700 });
    for (const record of records) {
      const name = `${now.getTime().toString().padStart(15, "0")}-${record.id}.json`;
      const temp = join(this.newDir, `.${name}.tmp`);
      writeFileSync(temp, JSON.stringify(record), { mode: 0o600, flag: "wx" });
      renameSync(temp, join(this.newDir, name));
    }
    const pending = this.pending();
    const over = pending.length - max;
    if (over <= 0) return;
    let dropped = 0;
    for (const name of pending.slice(0, over)) {
      try {
        unlinkSync(join(this.newDir, name));
        dropped++;
      } catch {
        // Delivered or dropped by another process meanwhile.
      }
    }
    // One character a dropped record: counted by size, appended without a lock.
    if (dropped) appendFileSync(this.droppedFile, "x".repeat(dropped), { mode: 0o600 });
  }

  /** File names of the records waiting, oldest first. */
  pending(): string[] {
    return listRecords(this.newDir);
  }

  quarantined(): string[] {
    return listRecords(this.quarantineDir);
  }

  dropped(): number {
    try {
      return statSync(this.droppedFile).size;
    } catch {
      return 0;
    }
  }

  meta(): SpoolMeta {
    try {
      return { ...EMPTY_META, ...(JSON.parse(readFileSync(this.metaFile, "utf8")) as Partial<SpoolMeta>) };
    } catch {
      return { ...EMPTY_META };
    }
  }

  /** Written by the sender only, under its lock. */
  writeMeta(meta: SpoolMeta): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const temp = `${this.metaFile}.${Date.now()}-${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temp, `${JSON.stringify(meta, null, 2)}\n`, { mode: 0o600 });
    renameSync(temp, this.metaFile);
  }

  read(name: string, from = this.newDir): unknown {
    return JSON.parse(readFileSync(join(from, name), "utf8"));
  }

  remove(names: readonly string[]): void {
    for (const name of names) {
      try {
        unlinkSync(join(this.newDir, name));
      } catch {
        // Already gone.
      }
    }
  }

  quarantine(names: readonly string[]): void {
    mkdirSync(this.quarantineDir, { recursive: true, mode: 0o700 });
    for (const name of names) {
      try {
        renameSync(join(this.newDir, name), join(this.quarantineDir, name));
      } catch {
        // Dropped by the cap meanwhile.
      }
    }
  }

  /** Puts quarantined records back in the queue (`guards telemetry requeue`). */
  requeue(): number {
    const names = this.quarantined();
    mkdirSync(this.newDir, { recursive: true, mode: 0o700 });
    for (const name of names) renameSync(join(this.quarantineDir, name), join(this.newDir, name));
    return names.length;
  }
}

function listRecords(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.endsWith(".json") && !n.startsWith(".")).sort();
  } catch {
    return [];
  }
}
