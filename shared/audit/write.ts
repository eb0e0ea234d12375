/**
 * Builds the records of one event and writes them: loaded only when there is something to record, so a
 * pass costs nothing. Text that may hold a secret goes through the secret detector before it is kept.
 */
import type { Json } from "../fields.ts";
import { auditDecision, DECISION_SCHEMA, policyDigest, recordId, type DecisionRecord, type HookOutcome, type RecordSubject } from "./record.ts";
import { appendToTrail } from "./trail.ts";
import type { AuditSettings } from "./settings.ts";

/** Replaces every secret in a text; provided by the entry (the detector lives with redact-secrets). */
export type SecretMasker = (text: string) => Promise<string>;

/** Masked text is cut to this many characters: enough to read a command, not a whole script. */
export const MAX_TEXT = 1024;
const MAX_REASON = 200;

export interface WriteRequest {
  outcomes: HookOutcome[];
  subject: RecordSubject;
  config: Json;
  settings: AuditSettings;
  mask: SecretMasker;
  stateDir: string;
  now: Date;
}

export async function writeDecisions(request: WriteRequest): Promise<DecisionRecord[]> {
  const records = await decisionRecords(request);
  if (request.settings.enabled) await appendToTrail(request.stateDir, records.map((r) => `${JSON.stringify(r)}\n`).join(""), request.settings.maxBytes);
  return records;
}

export async function decisionRecords({ outcomes, subject, config, mask, now }: WriteRequest): Promise<DecisionRecord[]> {
  const masked = new Map<string, Promise<string>>();
  // Mask the whole text first, then cut: a cut first could leave half a secret the detector no longer knows.
  // `label`: the words a hook's message starts with (`guards redact-secrets: `), kept as they are: the
  // project's own, and to the detector `secrets: …` reads as a setting to check with every generic rule.
  const clean = (text: string | undefined, max: number, label = ""): Promise<string | null> => {
    if (text === undefined || text === "") return Promise.resolve(null);
    const kept = label && text.startsWith(label) ? label : "";
    const body = text.slice(kept.length);
    let pending = masked.get(body);
    // A detector that fails withholds the text: nothing unmasked is ever kept.
    if (!pending) masked.set(body, (pending = mask(body).catch(() => "[withheld: the secret detector failed]")));
    return pending.then((t) => (kept.length + t.length > max ? `${(kept + t).slice(0, max)}…` : kept + t));
  };
  const [command, path] = await Promise.all([clean(subject.command, MAX_TEXT), clean(subject.path, MAX_TEXT)]);
  const policy = policyDigest(JSON.stringify(config));
  return Promise.all(
    outcomes.map(async ({ hook, decision, durationMs, error }): Promise<DecisionRecord> => ({
      schema: DECISION_SCHEMA,
      id: recordId(),
      time: now.toISOString(),
      hook: hook.id,
      rule: decision.rule ?? null,
      decision: auditDecision(decision, error),
      reason: await clean(error ?? decision.userMessage?.split("\n")[0], MAX_REASON, `guards ${hook.id}: `),
      agent: subject.agent,
      event: subject.event,
      kind: subject.kind,
      tool: subject.tool,
      sessionId: subject.sessionId,
      toolCallId: subject.toolCallId,
      project: subject.project,
      command,
      path,
      policy,
      failure: hook.failure,
      durationMs: Math.round(durationMs * 100) / 100,
    })),
  );
}
