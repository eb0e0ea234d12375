/** A unified diff of two texts (line LCS; config files are small), for `--dry-run`. */

const CONTEXT = 3;

type Op = { kind: " " | "-" | "+"; line: string };

export function unifiedDiff(path: string, before: string | undefined, after: string | undefined): string {
  const a = linesOf(before);
  const b = linesOf(after);
  const ops = diffLines(a, b);
  const header = `--- ${before === undefined ? "/dev/null" : `a${path}`}\n+++ ${after === undefined ? "/dev/null" : `b${path}`}\n`;
  return header + hunks(ops).join("");
}

function linesOf(text: string | undefined): string[] {
  if (text === undefined || text === "") return [];
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

function diffLines(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) ops.push({ kind: " ", line: a[i++]! }), j++;
    // Deletions before additions, as diff(1) prints them.
    else if (i < n && (j === m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ kind: "-", line: a[i++]! });
    else ops.push({ kind: "+", line: b[j++]! });
  }
  return ops;
}

function hunks(ops: Op[]): string[] {
  const changed = ops.map((op, index) => (op.kind === " " ? -1 : index)).filter((index) => index >= 0);
  const out: string[] = [];
  let k = 0;
  while (k < changed.length) {
    const start = Math.max(0, changed[k]! - CONTEXT);
    let end = Math.min(ops.length, changed[k]! + CONTEXT + 1);
    while (k + 1 < changed.length && changed[k + 1]! - CONTEXT <= end) end = Math.min(ops.length, changed[++k]! + CONTEXT + 1);
    k++;
    const slice = ops.slice(start, end);
    const aStart = ops.slice(0, start).filter((op) => op.kind !== "+").length;
    const bStart = ops.slice(0, start).filter((op) => op.kind !== "-").length;
    const aLen = slice.filter((op) => op.kind !== "+").length;
    const bLen = slice.filter((op) => op.kind !== "-").length;
    out.push(`@@ -${aLen ? aStart + 1 : aStart},${aLen} +${bLen ? bStart + 1 : bStart},${bLen} @@\n`);
    for (const op of slice) out.push(`${op.kind}${op.line}\n`);
  }
  return out;
}
