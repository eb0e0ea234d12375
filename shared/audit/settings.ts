/** The `audit:` section of the guards config (the enterprise file can lock it, like any key). */
import { isObject, type Json } from "../fields.ts";

export interface AuditSettings {
  /** `audit.enabled: false` keeps no local trail (the OTLP export, when enabled, still gets the records). */
  enabled: boolean;
  /** `audit.all: true` records every answer, passes included; by default denies, asks and redactions. */
  all: boolean;
  /** The trail is rotated past this size: one older file is kept beside it. */
  maxBytes: number;
}

export const DEFAULT_AUDIT_MAX_BYTES = 10 * 1024 * 1024;

/** Read leniently: a mistyped audit key must never cost a decision, so it falls back to the default. */
export function auditSettings(data: Json): AuditSettings {
  const section = isObject(data.audit) ? data.audit : {};
  const maxBytes = section.maxBytes;
  return {
    enabled: section.enabled !== false,
    all: section.all === true,
    maxBytes: typeof maxBytes === "number" && Number.isFinite(maxBytes) && maxBytes >= 4096 ? maxBytes : DEFAULT_AUDIT_MAX_BYTES,
  };
}
