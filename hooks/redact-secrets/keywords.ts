/**
 * Finds which of many lower-case keywords occur in a text. A large text gets one pass: one alternation
 * RegExp (native code) finds each position where some keyword starts, where one `includes` per keyword
 * would cost a pass each. A small one gets the passes, which cost less than compiling that RegExp.
 */

export type KeywordFinder = (lower: string) => Set<string>;

/**
 * Below this size, one `includes` per keyword is cheaper than the alternation: V8 compiles a RegExp that
 * large on its first runs, and a document full of keywords (`key`, `token`) stops it at each. Measured in
 * instructions on Node 24, on the one-byte copy: the passes cost 11% less at 100 KB of code, 7% less at
 * 256 KB and at a 200 KB README, about 1% more at 1 MB of code and 7% more at a 1 MB README.
 */
const SMALL_TEXT = 512 * 1024;

/**
 * `probes`: each keyword's probe (`probeOf`), worked out ahead: working them out costs about 0.4 ms at
 * every start, as much as they save. A keyword without one is looked for whole.
 */
export function keywordFinder(keywords: Iterable<string>, probes: Readonly<Record<string, string>> = {}): KeywordFinder {
  const all = [...new Set(keywords)];
  return tableFinder(all, probeGroups(all, probes));
}

/**
 * `lower` with each character past U+00FF cut to its low byte: V8 searches a string holding one (a dash, a
 * quote mark) as two-byte text, at about half the speed. Characters up to U+00FF stay as they are, so a
 * keyword (all are ASCII, a test checks) is found wherever it was, and at most more often.
 */
function oneByte(lower: string): string {
  return Buffer.from(lower, "latin1").toString("latin1");
}

/** Characters by how often they appear in source text and prose, most frequent first; others are rarer. */
const BY_FREQUENCY = " etaoinsrlcdumphgfbyw.,;:_-()=\"'/kvxjqz";

/**
 * The end of `keyword` from its rarest character on. A search stops at every occurrence of the first
 * character of what it looks for, so `ken` is found or ruled out faster than `token` in most texts; and
 * where the probe is missing, so is the keyword.
 */
export function probeOf(keyword: string): string {
  const rank = (c: string) => (BY_FREQUENCY.includes(c) ? BY_FREQUENCY.indexOf(c) : BY_FREQUENCY.length);
  let rarest = 0;
  for (let i = 1; i < keyword.length - 1; i++) if (rank(keyword[i]!) > rank(keyword[rarest]!)) rarest = i;
  return keyword.slice(rarest);
}

/** Probes, each with the keywords (by their place in a list) it stands for: where a probe is missing, so are they. */
export type ProbeGroups = readonly (readonly [probe: string, keywords: readonly number[]])[];

/** `keywords` grouped by their probes (`probes`, as keywordFinder takes them), in the order of first use. */
export function probeGroups(keywords: readonly string[], probes: Readonly<Record<string, string>>): ProbeGroups {
  const groups = new Map<string, number[]>();
  keywords.forEach((keyword, index) => {
    const probe = probes[keyword] ?? keyword;
    groups.set(probe, [...(groups.get(probe) ?? []), index]);
  });
  return [...groups];
}

/**
 * A finder for keywords (each once) grouped by probe ahead of time: a small text is searched probe by probe,
 * each probe once (many keywords share one: `key`, `key:`, `ken`), and a keyword only where its probe is.
 */
export function tableFinder(keywords: readonly string[], groups: ProbeGroups): KeywordFinder {
  if (keywords.length === 0) return () => new Set();
  let large: KeywordFinder | undefined;
  return (lower) => {
    if (lower.length > SMALL_TEXT) return (large ??= alternationFinder(keywords))(lower);
    const text = oneByte(lower);
    const found = new Set<string>();
    for (const [probe, members] of groups) {
      if (!text.includes(probe)) continue;
      for (const index of members) {
        const keyword = keywords[index]!;
        if (keyword === probe || text.includes(keyword)) found.add(keyword);
      }
    }
    return found;
  };
}

/** One pass over a large text: the alternation finds each position where some keyword starts. */
function alternationFinder(all: readonly string[]): KeywordFinder {
  // Factored by prefix (`a(?:iza|kia|…)|s(?:k|…)`): a flat alternation of ~100 words tries each at every position.
  const anyStart = new RegExp(trie(all), "g");
  const byFirst = new Map<string, string[]>();
  for (const keyword of all) byFirst.set(keyword[0]!, [...(byFirst.get(keyword[0]!) ?? []), keyword]);
  return (lower) => {
    const found = new Set<string>();
    anyStart.lastIndex = 0;
    for (let match = anyStart.exec(lower); match; match = anyStart.exec(lower)) {
      // Several keywords may start here (`sk`, `sk_live_`): take them all, then look again one character on.
      for (const keyword of byFirst.get(match[0][0]!)!) {
        if (!found.has(keyword) && lower.startsWith(keyword, match.index)) found.add(keyword);
      }
      if (found.size === all.length) break;
      anyStart.lastIndex = match.index + 1;
    }
    return found;
  };
}

/** A RegExp source matching a prefix of any of `words`: each word, with shared prefixes factored out. */
function trie(words: readonly string[]): string {
  const byHead = new Map<string, string[]>();
  for (const word of words) if (word) byHead.set(word[0]!, [...(byHead.get(word[0]!) ?? []), word.slice(1)]);
  const branches = [...byHead].map(([head, tails]) => {
    // Any word ending here is enough to stop: the caller checks the full words at the position found.
    const rest = tails.includes("") ? "" : trie(tails);
    return head.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&") + rest;
  });
  return branches.length === 1 ? branches[0]! : `(?:${branches.join("|")})`;
}

/** Whether some occurrence of one of `keywords` in `lower` is one for which `where` holds. */
export function someOccurrence(lower: string, keywords: readonly string[], where: (lower: string, at: number, keyword: string) => boolean): boolean {
  for (const keyword of keywords) {
    for (let at = lower.indexOf(keyword); at !== -1; at = lower.indexOf(keyword, at + keyword.length)) if (where(lower, at, keyword)) return true;
  }
  return false;
}

/**
 * The lines of `text` holding one of `keywords`, as [start, end) offsets, in order, each once; `withNext`: each
 * with the line after it; `where`: only the keywords' occurrences for which it holds count.
 */
export function linesWith(
  text: string,
  lower: string,
  keywords: readonly string[],
  withNext = false,
  where?: (lower: string, at: number, keyword: string) => boolean,
): [number, number][] {
  const starts = new Set<number>();
  for (const keyword of keywords) {
    for (let at = lower.indexOf(keyword); at !== -1; at = lower.indexOf(keyword, at + keyword.length)) {
      if (!where || where(lower, at, keyword)) starts.add(text.lastIndexOf("\n", at) + 1);
    }
  }
  return [...starts].sort((a, b) => a - b).map((start) => {
    let end = text.indexOf("\n", start);
    if (withNext && end !== -1) end = text.indexOf("\n", end + 1);
    return [start, end === -1 ? text.length : end];
  });
}
