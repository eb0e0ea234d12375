/**
 * The on-disk queue of records not yet delivered: JSON lines, oldest first, bounded. Every change
 * rewrites it atomically under its lock; what the cap pushes out is counted, never silent.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { withFileLock } from "../../shared/lock.ts";
import { writeAtomic } from "./state.ts";
import type { TelemetryRecord } from "./payload.ts";

export interface SpoolMeta {
  /** Records pushed out by the size cap. */
  dropped: number;
  /** Records the endpoint refused with a 4xx (other than 408/429): not retried. */
  rejected: number;
  delivered: number;
  lastError?: string;
  lastErrorAt?: string;
  lastDeliveredAt?: string;
}

const LOCK = { waitMs: 10_000, staleMs: 30_000 };

export class Spool {
  readonly file: string;
  readonly metaFile: string;
  constructor(readonly dir: string, readonly max: number) {
    this.file = join(dir, "spool.jsonl");
    this.metaFile = join(dir, "spool-meta.json");
  }

  /** Runs `fn` on the records and meta under the spool lock; what it returns is written back. */
  async change<T>(fn: (records: TelemetryRecord[], meta: SpoolMeta) => { records: TelemetryRecord[]; meta: SpoolMeta; result: T }): Promise<T> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    return withFileLock(`${this.file}.lock`, LOCK, () => {
      const before = this.records();
      const out = fn(before, this.meta());
      if (out.records !== before) writeAtomic(this.file, out.records.map((r) => `${JSON.stringify(r)}\n`).join(""));
      writeAtomic(this.metaFile, `${JSON.stringify(out.meta, null, 2)}\n`);
      return out.result;
    });
  }

  append(record: TelemetryRecord): Promise<void> {
    return this.change((records, meta) => {
      const all = [...records, record];
      const over = Math.max(0, all.length - this.max);
      return { records: all.slice(over), meta: { ...meta, dropped: meta.dropped + over }, result: undefined };
    });
  }

  /** Removes the records with these ids (delivered or refused), whatever arrived meanwhile. */
  remove(ids: ReadonlySet<string>, update: (meta: SpoolMeta) => SpoolMeta): Promise<void> {
    return this.change((records, meta) => ({ records: records.filter((r) => !ids.has(r.eventId)), meta: update(meta), result: undefined }));
  }

  noteError(message: string, at: Date): Promise<void> {
    return this.change((records, meta) => ({ records, meta: { ...meta, lastError: message, lastErrorAt: at.toISOString() }, result: undefined }));
  }

  /** Read without the lock: every write is an atomic rename, so a reader sees a whole file. */
  records(): TelemetryRecord[] {
    let text: string;
    try {
      text = readFileSync(this.file, "utf8");
    } catch {
      return [];
    }
    return text.split("\n").filter(Boolean).flatMap((line) => {
      try {
        return [JSON.parse(line) as TelemetryRecord];
      } catch {
        return [];
      }
    });
  }

  meta(): SpoolMeta {
    try {
      return { dropped: 0, rejected: 0, delivered: 0, ...(JSON.parse(readFileSync(this.metaFile, "utf8")) as Partial<SpoolMeta>) };
    } catch {
      return { dropped: 0, rejected: 0, delivered: 0 };
    }
  }
}
