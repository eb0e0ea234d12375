/** One secret found in a text, and how overlapping reports of the same secret become one. */

export interface Finding {
  /** The marker's name, e.g. `aws-access-key`. */
  kind: string;
  /** The secretlint rule that reported it. */
  rule: string;
  /** Offsets of the secret in the text. */
  start: number;
  end: number;
}

const BROAD_KINDS = new Set(["generic-secret", "url-password", "database-connection-string", "npmrc-auth", "kubernetes-secret"]);

/** Sorted by position; reports that overlap (the preset and our rules on one URL) merged into the widest span. */
export function mergeFindings(findings: Finding[]): Finding[] {
  const sorted = [...findings].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Finding[] = [];
  for (const finding of sorted) {
    const last = merged[merged.length - 1];
    if (last && finding.start < last.end) {
      last.end = Math.max(last.end, finding.end);
      // The provider's name says more than "a password in a URL" or "an assignment".
      if (BROAD_KINDS.has(last.kind) && !BROAD_KINDS.has(finding.kind)) last.kind = finding.kind;
      continue;
    }
    merged.push({ ...finding });
  }
  return merged;
}

/** 1-based line of an offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}
