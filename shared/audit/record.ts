/** One guard's decision as the audit trail and the OTLP export keep it: metadata and masked text only. */
import type { Decision, EventKind, GuardEvent } from "../event.ts";
import { fnv1a64 } from "../text-hash.ts";
import type { FailurePolicy, HookId } from "../hook.ts";

export const DECISION_SCHEMA = "guards.decision/1";

/**
 * `redact`: the hook let the action go on with a rewritten view (a redacted copy of a file, a replaced command).
 * `error`: an observer failed and let the action go on (a security hook that fails denies, rule `internal-error`).
 */
export type AuditDecision = "pass" | "allow" | "ask" | "deny" | "redact" | "error";

/** A line of `audit.jsonl`, documented field by field in the README ("For security teams"). */
export interface DecisionRecord {
  schema: typeof DECISION_SCHEMA;
  /** Unique per record: the OTLP `log.record.uid`, so a receiver can drop a resent duplicate. */
  id: string;
  time: string;
  hook: HookId;
  rule: string | null;
  decision: AuditDecision;
  /** The first line of the hook's message, masked and cut short. */
  reason: string | null;
  /** The dialect id. */
  agent: string;
  /** The agent's own event name; null when the payload could not be read. */
  event: string | null;
  kind: RecordKind;
  tool: string | null;
  sessionId: string | null;
  toolCallId: string | null;
  project: string;
  /** The shell command, masked by the secret detector and cut short. */
  command: string | null;
  /** The file the action reads or edits, masked like the command. */
  path: string | null;
  /** A digest of the merged config that decided: two machines with the same digest ran the same policy. */
  policy: string;
  failure: FailurePolicy;
  durationMs: number;
}

/** The event's kind, or `unread`: the payload could not be read, so no event was made of it. */
export type RecordKind = EventKind | "unread";

/** What a record says about the action: from the event, or what is known when there is none. */
export type RecordSubject = Pick<DecisionRecord, "agent" | "event" | "kind" | "tool" | "sessionId" | "toolCallId" | "project"> & {
  /** Texts that may hold a secret, masked before they are kept. */
  command?: string;
  path?: string;
};

export function subjectOf(event: GuardEvent): RecordSubject {
  return {
    agent: event.dialect,
    event: event.nativeEvent,
    kind: event.kind,
    tool: event.toolName ?? null,
    sessionId: event.conversationId ?? null,
    toolCallId: event.toolCallId ?? null,
    project: event.projectRoot,
    ...eventTexts(event),
  };
}

/**
 * A payload that could not be read (not JSON, too large, never ended, from no known agent): only the
 * entry's own facts are known. `agent` is the entry's `--dialect`, or `unknown`.
 */
export function unreadSubject(dialect: string | undefined, project: string): RecordSubject {
  return { agent: dialect ?? "unknown", event: null, kind: "unread", tool: null, sessionId: null, toolCallId: null, project };
}

/** A hook's decision and what it cost, as the runner saw it. */
export interface HookOutcome {
  hook: { id: HookId; failure: FailurePolicy };
  decision: Decision;
  durationMs: number;
  /** The observer's failure, when it failed open. */
  error?: string;
}

export function auditDecision(decision: Decision, error?: string): AuditDecision {
  if (error !== undefined) return "error";
  if (decision.rewrite && decision.action !== "deny" && decision.action !== "ask") return "redact";
  return decision.action;
}

/** By default only what stopped or changed an action is kept; `audit.all` keeps every answer. */
export function worthRecording(outcome: HookOutcome, all: boolean): boolean {
  const decision = auditDecision(outcome.decision, outcome.error);
  return all || (decision !== "pass" && decision !== "allow");
}

/** The texts of an event that may hold a secret and are recorded after masking. */
export function eventTexts(event: GuardEvent): { command?: string; path?: string } {
  switch (event.kind) {
    case "shell.before":
    case "shell.after":
      return { command: event.command };
    case "file.read.before":
    case "file.edit.before":
      return { path: event.filePaths.length > 1 ? event.filePaths.join(" ") : event.filePath };
    case "file.read.after":
    case "file.edit.after":
      return { path: event.filePath };
    default:
      return {};
  }
}

/** The merged config's digest: two machines with the same one ran the same policy. */
export function policyDigest(text: string): string {
  return `fnv1a64:${fnv1a64(text)}`;
}

/** 128 random bits as hex, from Math.random: unique enough to drop duplicates, without node:crypto. */
export function recordId(): string {
  let id = "";
  for (let i = 0; i < 4; i++) id += ((Math.random() * 0x100000000) >>> 0).toString(16).padStart(8, "0");
  return id;
}
