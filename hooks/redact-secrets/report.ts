/** Human-readable reports of findings, with every value masked: a report never carries a secret. */
import { lineAt, type Finding } from "./finding.ts";

const SHOWN = 5;

/** `AKIAIOSFODNN7EXAMPLE` → `AKIA…MPLE`: enough to recognise a key, never enough to use it. */
export function mask(value: string): string {
  const flat = value.replace(/\s+/g, " ");
  if (flat.length >= 16) return `${flat.slice(0, 4)}…${flat.slice(-4)}`;
  if (flat.length >= 12) return `${flat.slice(0, 2)}…${flat.slice(-2)}`;
  return `… (${flat.length} characters)`;
}

/** `aws-access-key on line 3 (AKIA…MPLE), generic-secret on line 7 (hu…2!) and 2 more` */
export function describeFindings(text: string, findings: readonly Finding[]): string {
  const parts = findings.slice(0, SHOWN).map((f) => `${f.kind} on line ${lineAt(text, f.start)} (${mask(text.slice(f.start, f.end))})`);
  const more = findings.length - SHOWN;
  return more > 0 ? `${parts.join(", ")} and ${more} more` : parts.join(", ");
}
