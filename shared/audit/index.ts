/**
 * The runner's one call into the audit trail. Cheap by design: a run with nothing to record reads one
 * config key and returns; the writer (and the secret detector it uses) load only for a record.
 */
import type { GuardsConfig } from "../config.ts";
import { worthRecording, type HookOutcome, type RecordSubject } from "./record.ts";
import { auditSettings } from "./settings.ts";
import type { SecretMasker } from "./write.ts";
import type { OtlpChannel } from "../telemetry/otlp-channel.ts";
import { flusherWanted } from "../telemetry/flusher.ts";

export type { HookOutcome, RecordSubject } from "./record.ts";
export { subjectOf, unreadSubject } from "./record.ts";
export type { SecretMasker } from "./write.ts";

/** What the entry hands the runner to keep a trail; without it (tests, `guards check`) nothing is written. */
export interface AuditHooks {
  mask: SecretMasker;
  /** Starts a detached process that delivers the OTLP spool (the hook file's entry provides it). */
  startFlusher?: (projectRoot: string) => void;
}

/** Records the outcomes worth keeping. Never throws: a trail that cannot be written is a note, not a failure. */
export async function recordOutcomes(
  audit: AuditHooks,
  outcomes: HookOutcome[],
  /** What the records say about the action: made only when there is something to record. */
  subject: () => RecordSubject,
  config: GuardsConfig,
  where: { stateDir: string; now: Date; otlp?: OtlpChannel },
): Promise<string | undefined> {
  try {
    const settings = auditSettings(config.data);
    const kept = outcomes.filter((o) => worthRecording(o, settings.all));
    if (kept.length === 0 || (!settings.enabled && !where.otlp)) return undefined;
    const { writeDecisions } = await import("./write.ts");
    const about = subject();
    const records = await writeDecisions({ outcomes: kept, subject: about, config: config.data, settings, mask: audit.mask, stateDir: where.stateDir, now: where.now });
    // The export spool gets the same masked records; delivery happens outside the decision.
    if (where.otlp) {
      where.otlp.spool(records as unknown as Record<string, unknown>[]);
      if (audit.startFlusher && flusherWanted(where.stateDir, where.now)) audit.startFlusher(about.project);
    }
    return undefined;
  } catch (error) {
    return `guards: the audit trail was not written (${error instanceof Error ? error.message.split("\n")[0] : String(error)})\n`;
  }
}
