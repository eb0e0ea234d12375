/**
 * Finds which of many lower-case keywords occur in a text in one pass: a two-character table picks the
 * few positions worth comparing. One `includes` per keyword costs a pass each, too slow on large files.
 */

export type KeywordFinder = (lower: string) => Set<string>;

export function keywordFinder(keywords: Iterable<string>): KeywordFinder {
  const byPair = new Map<number, string[]>();
  const table = new Uint8Array(65536);
  for (const keyword of new Set(keywords)) {
    if (keyword.length < 2) throw new Error(`keyword "${keyword}" is shorter than two characters`);
    const pair = pairOf(keyword.charCodeAt(0), keyword.charCodeAt(1));
    table[pair] = 1;
    byPair.set(pair, [...(byPair.get(pair) ?? []), keyword]);
  }
  return (lower) => {
    const found = new Set<string>();
    const end = lower.length - 1;
    let previous = lower.charCodeAt(0);
    for (let i = 0; i < end; i++) {
      const next = lower.charCodeAt(i + 1);
      const pair = pairOf(previous, next);
      previous = next;
      if (table[pair] === 0) continue;
      for (const keyword of byPair.get(pair) ?? []) {
        if (!found.has(keyword) && lower.startsWith(keyword, i)) found.add(keyword);
      }
    }
    return found;
  };
}

function pairOf(first: number, second: number): number {
  return ((first & 0xff) << 8) | (second & 0xff);
}

/** The lines of `text` holding one of `keywords`, as [start, end) offsets, in order, each once. */
export function linesWith(text: string, lower: string, keywords: readonly string[]): [number, number][] {
  const starts = new Set<number>();
  for (const keyword of keywords) {
    for (let at = lower.indexOf(keyword); at !== -1; at = lower.indexOf(keyword, at + keyword.length)) {
      starts.add(text.lastIndexOf("\n", at) + 1);
    }
  }
  return [...starts].sort((a, b) => a - b).map((start) => {
    const end = text.indexOf("\n", start);
    return [start, end === -1 ? text.length : end];
  });
}
