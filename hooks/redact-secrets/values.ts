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

/** True for `your-api-key-here`, `ghp_xxxx…`, `<password>`, `${DB_PASSWORD}`, `****`, … */
export function isPlaceholder(value: string): boolean {
  const lower = value.toLowerCase();
  if (PLACEHOLDER_WORDS.some((word) => lower.includes(word))) return true;
  // One character repeated (`aaaaaaaa`, `00000000`) or a run of the same character anywhere long.
  return /(.)\1{7,}/.test(value);
}

/** A value worth hiding: not a placeholder and random enough to be a credential. */
export function looksSecret(value: string, minEntropy: number): boolean {
  return !isPlaceholder(value) && entropy(value) >= minEntropy;
}
