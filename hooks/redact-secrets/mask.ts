/**
 * The secret detector as a masker, for the audit trail: every secret in a text replaced by
 * `[REDACTED:<kind>]`. Stricter than the model's view, because the text may leave the machine:
 * - the config's allow lists do not apply;
 * - every private key block is masked whatever its body looks like (the detector's placeholder test
 *   reads the `AAAAAAAA` runs of OpenSSH keys as filler);
 * - any long random-looking word is masked too, whether or not a rule knows its format;
 * - the first and last characters a hook's report shows of a token (`ghp_…SrNq`) are masked as well.
 */
import { mergeFindings, type Finding } from "./finding.ts";
import { DEFAULT_OPTIONS } from "./options.ts";
import { redactText } from "./redact.ts";
import { SHOWN_ENDS } from "./report.ts";
import { examineText } from "./scan.ts";
import { entropy } from "./values.ts";

const KEY_BLOCK = /-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|$)/g;
// Words of 20 or more token characters, with base64's padding.
const LONG_WORD = /[A-Za-z0-9+_-]{20,}=*/g;

export async function maskSecrets(reported: string): Promise<string> {
  // A hook's report of a finding shows the token's first and last characters: the trail keeps none of them.
  // Done first, it also leaves most reports plain ASCII, which the detector's patterns scan with the code
  // they were compiled to for the file just read.
  // Each pattern only where the text has what it needs (a `…`, an armour line, a long word): V8 compiles a
  // pattern on its first use in every process, and a record's text, a path or one line, rarely needs any.
  const text = oneByte(reported.includes("\u2026") ? reported.replace(SHOWN_ENDS, "([REDACTED:shown])") : reported);
  const findings = await examineText(text, "audit.txt", DEFAULT_OPTIONS, false);
  const extra: Finding[] = [];
  if (text.includes("PRIVATE KEY")) {
    for (const m of text.matchAll(KEY_BLOCK)) extra.push({ kind: "private-key", rule: "audit-key-block", start: m.index, end: m.index + m[0].length });
  }
  const named = [...findings, ...extra];
  for (const m of hasLongWord(text) ? text.matchAll(LONG_WORD) : []) {
    const [start, end] = [m.index, m.index + m[0].length];
    // A word a rule already named keeps the rule's name.
    if (looksRandom(m[0]) && !named.some((f) => f.start < end && start < f.end)) extra.push({ kind: "high-entropy", rule: "audit-high-entropy", start, end });
  }
  const all = mergeFindings([...findings, ...extra]);
  return all.length ? redactText(text, all) : text;
}

/**
 * The same text, stored one byte a character where every character fits: V8 keeps the result of a replace
 * on a two-byte string (a report's `…`) two-byte whatever it holds, and compiles each pattern again for
 * two-byte text, about 2.5 million instructions for a redacted read's record on Node 24.
 */
function oneByte(text: string): string {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return text;
  return Buffer.from(text, "latin1").toString("latin1");
}

/** Whether LONG_WORD can match: a run of 20 of its characters, found without compiling it. */
export function hasLongWord(text: string): boolean {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const inWord = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2b || c === 0x5f || c === 0x2d;
    run = inWord ? run + 1 : 0;
    if (run >= 20) return true;
  }
  return false;
}

/**
 * Upper case, lower case and digits mixed, as in base64 and base62 keys; commit ids and digests (hex, one
 * case), `--no-verify-signatures` and `CONFIG_PATH_OVERRIDE=1` are kept.
 */
function looksRandom(word: string): boolean {
  if (!/[0-9]/.test(word) || !/[a-z]/.test(word) || !/[A-Z]/.test(word)) return false;
  return entropy(word) >= 4;
}
