/** Human-readable reports of findings, with every value masked: a report never carries a secret. */
import { lineAt, type Finding } from "./finding.ts";

const SHOWN = 5;

/**
 * What mask() leaves of a token in a report, in its parentheses: `(AKIA…MPLE)`, `(ab…yz)`. Those end
 * characters are real characters of the secret: the audit trail, which may leave the machine, keeps none.
 */
export const SHOWN_ENDS = /\((?:[^\n]{4}\u2026[^\n]{4}|[^\n]{2}\u2026[^\n]{2})\)/g;

/** `AKIAIOSFODNN7EXAMPLE` → `AKIA…MPLE`: enough to recognise a key, never enough to use it. */
export function mask(value: string): string {
  const flat = value.replace(/\s+/g, " ");
  if (flat.length >= 16) return `${flat.slice(0, 4)}…${flat.slice(-4)}`;
  if (flat.length >= 12) return `${flat.slice(0, 2)}…${flat.slice(-2)}`;
  return `… (${flat.length} characters)`;
}

// A token's prefix and last characters help to recognise it. Keys and values without a provider's prefix
// (passwords, generic secrets, base64 keys) show none of their characters: a few of them are a real part
// of the secret.
const UNPREFIXED_KINDS = new Set([
  "private-key", "putty-private-key", "jwk-private-key", "age-secret-key", "wireguard-private-key", "ethereum-private-key", "secret-key-file",
  "generic-secret", "url-password", "database-connection-string", "netrc-password", "pgpass-password", "redis-password", "kubernetes-secret",
  "docker-auth", "npmrc-auth", "django-secret-key", "aws-secret-key", "kubeconfig-credential", "azure-storage-key", "azure-client-secret",
  "heroku-api-key", "datadog-api-key", "cloudflare-api-key", "okta-token", "sentry-dsn", "mailchimp-api-key", "discord-webhook", "discord-token",
  "password-file", "azure-sas-signature", "passphrase", "command-line-password", "sql-password", "url-token",
]);

/** A key block shows its armour only (`-----BEGIN OPENSSH PRIVATE KEY-----`), any other value its length. */
function maskKey(value: string): string {
  const armour = /^-----BEGIN [A-Z0-9 ]+-----/.exec(value);
  return armour ? `${armour[0]}…` : `… (${value.length} characters)`;
}

/** A value as a report shows it: `AKIA…MPLE`, or for a key or a value without a prefix, its length. */
export function maskedValue(kind: string, value: string): string {
  return UNPREFIXED_KINDS.has(kind) ? maskKey(value) : mask(value);
}

/** `aws-access-key on line 3 (AKIA…MPLE), generic-secret on line 7 (… (16 characters)) and 2 more` */
export function describeFindings(text: string, findings: readonly Finding[]): string {
  const parts = findings.slice(0, SHOWN).map((f) => `${f.kind} on line ${lineAt(text, f.start)} (${maskedValue(f.kind, text.slice(f.start, f.end))})`);
  const more = findings.length - SHOWN;
  return more > 0 ? `${parts.join(", ")} and ${more} more` : parts.join(", ");
}
