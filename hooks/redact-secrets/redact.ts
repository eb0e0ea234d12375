/** The redacted view: every secret replaced by `[REDACTED:<kind>]`, line numbers unchanged. */
import type { Finding } from "./finding.ts";

export function redactText(text: string, findings: readonly Finding[]): string {
  let out = "";
  let at = 0;
  for (const finding of findings) {
    out += text.slice(at, finding.start);
    // A multi-line secret (a PEM block) keeps its line breaks, so later lines keep their numbers.
    const breaks = text.slice(finding.start, finding.end).split("\n").length - 1;
    out += `[REDACTED:${finding.kind}]${"\n".repeat(breaks)}`;
    at = finding.end;
  }
  return out + text.slice(at);
}
