/**
 * Decides, without loading secretlint, whether a text can hold anything the rules would report.
 * It must stay a superset of the rules: test/hooks/redact-secrets-corpus.test.ts checks it on the corpus.
 */
import { KEYWORD_PROBES } from "./keyword-probes.ts";
import { keywordFinder } from "./keywords.ts";
import { PROVIDERS } from "./providers.ts";
import { matchProviders } from "./provider-rule.ts";

interface Gate {
  keywords: readonly string[];
  /** Run on the lower-cased text once a keyword is present. */
  confirm?: RegExp;
  /** The only file extensions the rule reads (its `source.ext`). */
  extensions?: readonly string[];
}

// What each rule of secretlint's recommended preset needs to see before it can report (its patterns, lower-cased),
// by the rule's id: a rule whose gate stays shut is not run.
const PRESET_GATES: Readonly<Record<string, Gate>> = {
  "@secretlint/secretlint-rule-aws": { keywords: ["secret"], confirm: /secret_?access_?key/ },
  // A service account's key: JSON whose `private_key` holds a PEM block (a .p12 is binary, refused by its path).
  "@secretlint/secretlint-rule-gcp": { keywords: ["private key", "private_key"], extensions: [".json", ".p12"] },
  // The armour's first line: "private key" alone is in every text about keys.
  "@secretlint/secretlint-rule-privatekey": { keywords: ["private key"], confirm: /-----begin ?(?:(?:rsa|dsa|ec|openssh|pgp) )?private key/ },
  // `npm_config_…` is every npm setting's environment name: a token is `npm_` and 36 characters.
  "@secretlint/secretlint-rule-npm": { keywords: ["_authtoken", "npm_", "x-oauth-basic"], confirm: /npm_[a-z0-9_]{36}|_authtoken=|x-oauth-basic/ },
  "@secretlint/secretlint-rule-basicauth": { keywords: ["://"], confirm: /(?:https?|ftps?):\/\/[-a-z0-9_]{1,256}:[-a-z0-9_]{1,256}@/ },
  "@secretlint/secretlint-rule-slack": { keywords: ["xox", "xapp", "hooks.slack.com"] },
  "@secretlint/secretlint-rule-openai": { keywords: ["t3blbkfj"] },
  "@secretlint/secretlint-rule-anthropic": { keywords: ["sk-ant-"] },
  "@secretlint/secretlint-rule-linear": { keywords: ["lin_api_"] },
  // The rule wants no letter before "SG."; no a-z is looser, so still a superset, and a Unicode property
  // class costs about 0.5 ms to build at every start.
  "@secretlint/secretlint-rule-sendgrid": { keywords: ["sg."], confirm: /(?<![a-z])sg\.\w{1,128}\.\w/ },
  "@secretlint/secretlint-rule-shopify": { keywords: ["shppa_", "shpca_", "shpat_", "shpss_"] },
  // A shortened token in docs (`ghp_…wxyz`) is no token.
  "@secretlint/secretlint-rule-github": { keywords: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"], confirm: /gh[pousr]_[a-z0-9_]{36}|github_pat_[a-z0-9_]{82}/ },
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
export function prefilter(text: string, filePath: string | undefined): PrefilterVerdict {
  // The hook file's front asks first, and hands a read it cannot pass to the runner, which asks again about
  // the same text in the same process (quick-read.ts): the answer is kept for that one text.
  if (last && last.text === text && last.filePath === filePath) return last.verdict;
  const verdict = freshVerdict(text, filePath);
  last = { text, filePath, verdict };
  return verdict;
}

export interface PrefilterVerdict {
  scan: boolean;
  present: ReadonlySet<string>;
  presetRules: ReadonlySet<string>;
}

let last: { text: string; filePath: string | undefined; verdict: PrefilterVerdict } | undefined;

function freshVerdict(text: string, filePath: string | undefined): PrefilterVerdict {
  const lower = text.toLowerCase();
  const present = findKeywords(lower);
  const presetRules = new Set<string>();
  for (const [rule, gate] of Object.entries(PRESET_GATES)) {
    if (!gate.keywords.some((k) => present.has(k)) || (gate.extensions && !gate.extensions.includes(extension(filePath)))) continue;
    if (!gate.confirm || gate.confirm.test(lower)) presetRules.add(rule);
  }
  if (presetRules.size > 0) return { scan: true, present, presetRules };
  // With no preset rule to run, the engine would run our rule alone, and report what it finds: its findings
  // decide, so a document whose matches are all turned down (`"key": "guards.project.name"`, `TOKEN="Bearer …"`)
  // never loads secretlint. The engine defuses `secretlint-` directives (engine.ts): the rule reads the same text.
  const content = text.includes("secretlint-") ? text.replaceAll("secretlint-", "secretlint_") : text;
  return { scan: matchProviders(content, filePath, present, PROVIDERS, content === text ? lower : undefined).length > 0, present, presetRules };
}

/** The extension as the engine hands it to the rules (`source.ext`): `.json`, or "" for none. */
function extension(filePath: string | undefined): string {
  const base = filePath ? filePath.slice(filePath.lastIndexOf("/") + 1) : "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot) : "";
}

export function mayContainSecrets(text: string, filePath: string | undefined): boolean {
  return prefilter(text, filePath).scan;
}
