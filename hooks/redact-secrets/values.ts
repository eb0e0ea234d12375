/** Tells a real secret value from the look-alikes documentation and templates are full of. */

/** Shannon entropy in bits per character. */
export function entropy(value: string): number {
  if (value.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

// Words that mark a value as a stand-in, as written in READMEs, templates and provider docs.
const PLACEHOLDER_WORDS = [
  "xxxx", "your", "example", "sample", "placeholder", "changeme", "change_me", "change-me", "replace",
  "redacted", "dummy", "insert", "<", ">", "${", "{{", "%(", "$(", "****", "....", "…", "0000000000",
  "1234567890", "abcdefgh", "fake", "notreal", "not-a-real", "todo",
];

// Keys published in providers' documentation, used in tutorials everywhere.
const DOCUMENTED_EXAMPLES = new Set([
  "AKIAIOSFODNN7EXAMPLE",
  "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  // https://jwt.io
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
  // https://docs.stripe.com/keys (test-mode examples)
  "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
  "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
]);
// Passwords that are a product's documented default, in URLs such as `postgres://postgres:postgres@localhost`.
const DEFAULT_PASSWORDS = new Set(["postgres", "root", "admin", "password", "pass", "secret", "guest", "test", "mysql", "redis", "user"]);

/** True for `your-api-key-here`, `ghp_xxxx…`, `<password>`, `${DB_PASSWORD}`, `****`, … */
export function isPlaceholder(value: string): boolean {
  if (DOCUMENTED_EXAMPLES.has(value) || hasDefaultUrlPassword(value)) return true;
  const lower = value.toLowerCase();
  if (PLACEHOLDER_WORDS.some((word) => lower.includes(word))) return true;
  // One character repeated (`aaaaaaaa`, `00000000`) or a run of the same character anywhere long.
  return /(.)\1{7,}/.test(value);
}

/** A value worth hiding: not a placeholder and random enough to be a credential. */
export function looksSecret(value: string, minEntropy: number): boolean {
  return !isPlaceholder(value) && entropy(value) >= minEntropy;
}

/** `scheme://user:pass@host` whose password is the user name or a documented default. */
function hasDefaultUrlPassword(value: string): boolean {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^:@/\s]*):([^@/\s]*)@/i.exec(value);
  if (!match) return false;
  const [, user, password] = match as unknown as [string, string, string];
  return isDefaultPassword(password, user);
}

export function isDefaultPassword(password: string, user: string | undefined): boolean {
  return password === user || DEFAULT_PASSWORDS.has(password.toLowerCase());
}
