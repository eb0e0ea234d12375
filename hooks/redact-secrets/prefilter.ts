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

// What each rule of secretlint's recommended preset needs to see before it can report (its patterns, lower-cased),
// by the rule's id: a rule whose gate stays shut is not run.
const PRESET_GATES: Readonly<Record<string, Gate>> = {
  "@secretlint/secretlint-rule-aws": { keywords: ["secret"], confirm: /secret_?access_?key/ },
  "@secretlint/secretlint-rule-gcp": { keywords: ["private key", "private_key"] },
  "@secretlint/secretlint-rule-privatekey": { keywords: ["private key"] },
  "@secretlint/secretlint-rule-npm": { keywords: ["_authtoken", "npm_", "x-oauth-basic"] },
  "@secretlint/secretlint-rule-basicauth": { keywords: ["://"], confirm: /(?:https?|ftps?):\/\/[-a-z0-9_]{1,256}:[-a-z0-9_]{1,256}@/ },
  "@secretlint/secretlint-rule-slack": { keywords: ["xox", "xapp", "hooks.slack.com"] },
  "@secretlint/secretlint-rule-openai": { keywords: ["t3blbkfj"] },
  "@secretlint/secretlint-rule-anthropic": { keywords: ["sk-ant-"] },
  "@secretlint/secretlint-rule-linear": { keywords: ["lin_api_"] },
  // The rule wants no letter before "SG."; no a-z is looser, so still a superset, and a Unicode property
  // class costs about 0.5 ms to build at every start.
  "@secretlint/secretlint-rule-sendgrid": { keywords: ["sg."], confirm: /(?<![a-z])sg\.\w{1,128}\.\w/ },
  "@secretlint/secretlint-rule-shopify": { keywords: ["shppa_", "shpca_", "shpat_", "shpss_"] },
  "@secretlint/secretlint-rule-github": { keywords: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"] },
  "@secretlint/secretlint-rule-1password": { keywords: ["ops_ey"] },
  "@secretlint/secretlint-rule-database-connection-string": {
    keywords: ["mongodb", "mysql", "postgres"],
    confirm: /(?:mongodb|mysqlx?|postgres(?:ql)?)(?:\+srv)?:\/\/[^:/\s]{1,100}:[^@/\s]{1,200}@/,
  },
};

/** Every keyword the pre-filter looks for. */
export const PREFILTER_KEYWORDS: readonly string[] = [...Object.values(PRESET_GATES).flatMap((g) => g.keywords), ...PROVIDERS.flatMap((p) => p.keywords)];

const findKeywords = keywordFinder(PREFILTER_KEYWORDS, KEYWORD_PROBES);

/**
 * Whether the secretlint rules may find something in `text` (read from `filePath`), the keywords present,
 * and the preset's rules that may report.
 */
export function prefilter(text: string, filePath: string | undefined): { scan: boolean; present: Set<string>; presetRules: Set<string> } {
  const lower = text.toLowerCase();
  const present = findKeywords(lower);
  const presetRules = new Set<string>();
  for (const [rule, gate] of Object.entries(PRESET_GATES)) {
    if (gate.keywords.some((k) => present.has(k)) && (!gate.confirm || gate.confirm.test(lower))) presetRules.add(rule);
  }
  if (presetRules.size > 0) return { scan: true, present, presetRules };
  for (const provider of PROVIDERS) {
    if (!providerAppliesTo(provider, filePath) || !gateOpen(provider, present)) continue;
    let matched = false;
    forEachMatch(provider, text, lower, () => (matched = true), present);
    if (matched) return { scan: true, present, presetRules };
  }
  return { scan: false, present, presetRules };
}

export function mayContainSecrets(text: string, filePath: string | undefined): boolean {
  return prefilter(text, filePath).scan;
}
