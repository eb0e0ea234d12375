/** What each rule of secretlint's recommended preset needs to see in a text before it can report. */

export interface PresetGate {
  keywords: readonly string[];
  /** Run on the lower-cased text once a keyword is present. */
  confirm?: RegExp;
  /** The only file extensions the rule reads (its `source.ext`). */
  extensions?: readonly string[];
}

// Each rule of secretlint's recommended preset needs to see before it can report (its patterns, lower-cased),
// by the rule's id: a rule whose gate stays shut is not run.
export const PRESET_GATES: Readonly<Record<string, PresetGate>> = {
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

/** The keywords of each preset rule's gate, by the rule's id. */
export const PRESET_KEYWORDS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(Object.entries(PRESET_GATES).map(([rule, gate]) => [rule, gate.keywords]));
