/**
 * Where a keyword's occurrence can be part of what a provider's pattern matches: the name of a setting
 * followed by its operator, an option's name after its dash. Text about secrets (`redact-secrets`, "leaking
 * secrets,", `|| pwd)`) holds the keywords without these shapes, and a line whose every keyword fails them is
 * not searched, so the pattern (a large case-insensitive RegExp, compiled at its first use in every process)
 * is never compiled for it. Each test reads the lower-cased text and must hold wherever the pattern matches:
 * test/hooks/redact-secrets-corpus.test.ts holds them to the patterns.
 */

/** Whether an occurrence of `keyword` at `at` in `lower` can be part of a match. */
export type KeywordContext = (lower: string, at: number, keyword: string) => boolean;

/** `[A-Za-z0-9_.-]`, lower-cased: the characters of a setting's name (NAME in generic.ts). */
function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
}

/** `[a-z0-9-]`: the characters of an option's name. */
function isOptionChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45;
}

const isBlank = (c: number) => c === 0x20 || c === 0x09;
// Where `^` matches in a multiline pattern, and what ends a line for `$`.
const isLineBreak = (c: number) => c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
const isQuote = (c: number) => c === 0x22 || c === 0x27;

/**
 * The run of characters that `isPart` accepts holding the keyword's first such character, as [start, end):
 * a keyword may carry what stands around the name (`$pass`, `pass=`), and a name may go on around the keyword
 * (`db_password_prod`).
 */
function runAround(lower: string, at: number, keyword: string, isPart: (c: number) => boolean): [number, number] | undefined {
  let first = at;
  while (first < at + keyword.length && !isPart(lower.charCodeAt(first))) first++;
  if (first === at + keyword.length) return undefined;
  let start = first;
  while (start > 0 && isPart(lower.charCodeAt(start - 1))) start--;
  let end = first + 1;
  while (end < lower.length && isPart(lower.charCodeAt(end))) end++;
  return [start, end];
}

function skipBlanks(lower: string, at: number): number {
  while (isBlank(lower.charCodeAt(at))) at++;
  return at;
}

/** Whether only blanks stand between `at` and the start of its line. */
function startsLine(lower: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const c = lower.charCodeAt(i);
    if (isLineBreak(c)) return true;
    if (!isBlank(c)) return false;
  }
  return true;
}

/**
 * A name, then its operator: `password = `, `"api_key": `, `ENV["TOKEN"] = `, `api_key = \"`, and a quoted
 * value after a comma (`define('DB_PASSWORD', '…')`), as `assignment` in generic.ts reads them. A name ends
 * where its characters do: everything the pattern allows between a name and its operator is none of them.
 */
export const nameThenOperator: KeywordContext = (lower, at, keyword) => {
  const run = runAround(lower, at, keyword, isNameChar);
  if (!run) return false;
  let next = run[1];
  if (lower.charCodeAt(next) === 0x5c) next++;
  if (isQuote(lower.charCodeAt(next))) next++;
  if (lower.charCodeAt(next) === 0x5d) next++;
  next = skipBlanks(lower, next);
  const c = lower.charCodeAt(next);
  if (c === 0x3a || c === 0x3d) return true;
  return c === 0x2c && isQuote(lower.charCodeAt(skipBlanks(lower, next + 1)));
};

/**
 * A name as a mapping's key, as `yamlParent` in generic-forms.ts reads it: `adminPassword:`, `"adminPassword": {`,
 * and an HCL block's label, `variable "db_password" {`.
 */
export const nameAsKey: KeywordContext = (lower, at, keyword) => {
  const run = runAround(lower, at, keyword, isNameChar);
  if (!run) return false;
  let next = run[1];
  const quoted = isQuote(lower.charCodeAt(next));
  if (quoted) next++;
  next = skipBlanks(lower, next);
  const c = lower.charCodeAt(next);
  return c === 0x3a || (quoted && c === 0x7b);
};

/** `count` hex digits right after the keyword: a token made of its prefix and hex (`SK` + 32). */
export function hexAfter(count: number): KeywordContext {
  return (lower, at, keyword) => {
    const start = at + keyword.length;
    if (start + count > lower.length) return false;
    for (let i = start; i < start + count; i++) {
      const c = lower.charCodeAt(i);
      if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
    }
    return true;
  };
}

/** `SK` and 32 hex digits: a Twilio API key's id (`sk` alone is in `ask` and `task`). */
export const hex32After = hexAfter(32);

/**
 * A name first on its line or after a keyword's colon, then blanks and a quote: Clojure's `{:password "…"}`,
 * Groovy's `storePassword "…"` (`genericKeywordArgument`).
 */
export const nameThenQuotedArgument: KeywordContext = (lower, at, keyword) => {
  const run = runAround(lower, at, keyword, isNameChar);
  if (!run) return false;
  const [start, end] = run;
  if (lower.charCodeAt(start - 1) !== 0x3a && !startsLine(lower, start)) return false;
  return isBlank(lower.charCodeAt(end)) && isQuote(lower.charCodeAt(skipBlanks(lower, end)));
};

/**
 * A name first on its line (or after Apache's `SetEnv`), then blanks and a value: `HTTP_Passwd Xk9…`
 * (`genericSpacedSetting`).
 */
export const nameThenSpacedValue: KeywordContext = (lower, at, keyword) => {
  const run = runAround(lower, at, keyword, isNameChar);
  if (!run) return false;
  const [start, end] = run;
  if (!startsLine(lower, start) && !afterSetEnv(lower, start)) return false;
  if (!isBlank(lower.charCodeAt(end))) return false;
  const value = skipBlanks(lower, end);
  return value < lower.length && !isLineBreak(lower.charCodeAt(value)) && !NOT_A_SPACED_VALUE_START.includes(lower[value]!);
};

// What the spaced value may not start with (`genericSpacedSetting`'s first character class, less `\s` past blanks, and `"`, which opens its quoted value).
const NOT_A_SPACED_VALUE_START = "'`=:#<>{}()[]$";

/** Whether `SetEnv` and blanks, first on their line, stand before `at`. */
function afterSetEnv(lower: string, at: number): boolean {
  let word = at;
  while (word > 0 && isBlank(lower.charCodeAt(word - 1))) word--;
  return word < at && word >= 6 && lower.startsWith("setenv", word - 6) && startsLine(lower, word - 6);
}

/**
 * An option's name after one or two dashes at the start of a shell word, then blanks: `--password X`,
 * `-storepass X`, `--api-key X` (`credentialFlag` in command-lines.ts), not `redact-secrets` nor `--token-file`.
 */
export const optionThenValue: KeywordContext = (lower, at, keyword) => {
  const run = runAround(lower, at, keyword, isOptionChar);
  if (!run) return false;
  const [start, end] = run;
  if (lower.charCodeAt(start) !== 0x2d) return false;
  const before = lower.charCodeAt(start - 1);
  if (start > 0 && !isBlank(before) && !isLineBreak(before) && !";|&(".includes(lower[start - 1]!)) return false;
  return isBlank(lower.charCodeAt(end));
};

/** Subversion's `K 8` / `password` / `V <length>` (`subversionPassword`): `password` as a line of its own after `K 8`. */
export const subversionPasswordKey: KeywordContext = (lower, at) => lower.startsWith("k 8\n", at - 4) && lower.startsWith("password\nv ", at);

/** The first line, a CSV file's header (`csvPasswordColumn`). */
export const inFirstLine: KeywordContext = (lower, at) => {
  const end = lower.indexOf("\n");
  return end === -1 || at < end;
};

/** `recovery codes`, `backup-codes` (`recoveryCodes`). */
export const recoveryOrBackupBefore: KeywordContext = (lower, at) => /(?:recovery|backup)[ -]$/.test(lower.slice(Math.max(0, at - 9), at));
