/**
 * Decides, without loading secretlint, whether a text can hold anything the rules would report.
 * It must stay a superset of the rules: test/hooks/redact-secrets-corpus.test.ts checks it on the corpus.
 */
import { KEYWORD_PROBES } from "./keyword-probes.ts";
import { keywordFinder } from "./keywords.ts";
import { PROVIDERS } from "./providers.ts";
import { forEachMatch, gateOpen, providerAppliesTo } from "./provider-rule.ts";

interface Gate {
  keywords: readonly string[];
  /** Run on the lower-cased text once a keyword is present. */
  confirm?: RegExp;
}

// What each rule of secretlint's recommended preset needs to see before it can report (its patterns, lower-cased).
const PRESET_GATES: readonly Gate[] = [
  { keywords: ["secret"], confirm: /secret_?access_?key/ },
  { keywords: ["private key", "private_key"] },
  { keywords: ["_authtoken", "npm_", "x-oauth-basic"] },
  { keywords: ["xox", "xapp", "hooks.slack.com"] },
  { keywords: ["://"], confirm: /(?:https?|ftps?):\/\/[-a-z0-9_]{1,256}:[-a-z0-9_]{1,256}@/ },
  { keywords: ["mongodb", "mysql", "postgres"], confirm: /(?:mongodb|mysqlx?|postgres(?:ql)?)(?:\+srv)?:\/\/[^:/\s]{1,100}:[^@/\s]{1,200}@/ },
  { keywords: ["t3blbkfj", "sk-ant-", "lin_api_", "shppa_", "shpca_", "shpat_", "shpss_", "ops_ey"] },
  // The rule wants no letter before "SG."; no a-z is looser, so still a superset, and a Unicode property
  // class costs about 0.5 ms to build at every start.
  { keywords: ["sg."], confirm: /(?<![a-z])sg\.\w{1,128}\.\w/ },
  { keywords: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"] },
];

/** Every keyword the pre-filter looks for. */
export const PREFILTER_KEYWORDS: readonly string[] = [...PRESET_GATES.flatMap((g) => g.keywords), ...PROVIDERS.flatMap((p) => p.keywords)];

const findKeywords = keywordFinder(PREFILTER_KEYWORDS, KEYWORD_PROBES);

/** Whether the secretlint rules may find something in `text` (read from `filePath`), and the keywords present. */
export function prefilter(text: string, filePath: string | undefined): { scan: boolean; present: Set<string> } {
  const lower = text.toLowerCase();
  const present = findKeywords(lower);
  for (const gate of PRESET_GATES) {
    if (gate.keywords.some((k) => present.has(k)) && (!gate.confirm || gate.confirm.test(lower))) return { scan: true, present };
  }
  for (const provider of PROVIDERS) {
    if (!providerAppliesTo(provider, filePath) || !gateOpen(provider, present)) continue;
    let matched = false;
    forEachMatch(provider, text, lower, () => (matched = true), present);
    if (matched) return { scan: true, present };
  }
  return { scan: false, present };
}

export function mayContainSecrets(text: string, filePath: string | undefined): boolean {
  return prefilter(text, filePath).scan;
}
