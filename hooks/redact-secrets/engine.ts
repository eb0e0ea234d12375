/** secretlint's recommended preset and our provider rule, run on one text, answering findings. */
import type { Finding } from "./finding.ts";
import type { RuleEntry, RuleMessage } from "./rule-context.ts";
import { isPlaceholder, entropy } from "./values.ts";

// The preset's message ids, as markers name them.
const PRESET_KINDS: Record<string, string> = {
  AWSAccessKeyID: "aws-access-key",
  AWSSecretAccessKey: "aws-secret-key",
  PrivateKey: "private-key",
  PrivateKeyJSON: "private-key",
  PackageJSON_xOauthToken: "github-token",
  Npmrc_authToken: "npmrc-auth",
  NPM_ACCESS_TOKEN: "npm-token",
  SLACK_TOKEN: "slack-token",
  IncomingWebhook: "slack-webhook",
  BasicAuth: "url-password",
  OPENAI_TOKEN: "openai-api-key",
  ANTHROPIC_API_KEY: "anthropic-api-key",
  LINEAR_API_TOKEN: "linear-api-key",
  SENDGRID_KEY: "sendgrid-api-key",
  SHOPIFY_KEY: "shopify-token",
  GITHUB_TOKEN: "github-token",
  OPS_TOKEN: "1password-token",
  MongoDBConnection: "database-connection-string",
  MySQLConnection: "database-connection-string",
  PostgreSQLConnection: "database-connection-string",
};

/**
 * Runs secretlint's rules over `text`; the modules are loaded here, on the first text that needs them.
 * `present`: keywords the pre-filter already found, so our rule does not look for them again.
 * `presetRules`: the preset's rules (by id) that may report, by the pre-filter's gates; all when absent.
 */
export async function scanText(text: string, filePath: string, present?: ReadonlySet<string>, presetRules?: ReadonlySet<string>): Promise<Finding[]> {
  const [{ runRules }, { rules: preset }, { providerRule, PROVIDER_RULE_ID }] = await Promise.all([
    import("./rule-context.ts"),
    import("@secretlint/secretlint-rule-preset-recommend"),
    import("./provider-rule.ts"),
  ]);
  // A `secretlint-disable` comment in the file read must not hide a secret from the model's view (exceptions
  // belong in the guards config); the preset's comment filter cannot be switched off alone, so the directives
  // are defused, keeping every offset. The filter then has nothing to read, and is left out.
  const content = text.includes("secretlint-") ? text.replaceAll("secretlint-", "secretlint_") : text;
  const rules: RuleEntry[] = preset.filter((rule) => (presetRules ? presetRules.has(rule.meta.id) : rule.meta.id !== COMMENT_FILTER)).map((rule) => ({ rule }));
  rules.push({ rule: providerRule, options: present ? { present: [...present] } : {} });
  const messages = await runRules(rules, content, filePath, extension(filePath));
  const findings: Finding[] = [];
  for (const message of messages) {
    const kind = message.ruleId === PROVIDER_RULE_ID ? String((message.data as { KIND?: string } | undefined)?.KIND) : PRESET_KINDS[message.messageId] ?? presetKind(message.ruleId);
    // Our rule's ranges are exact; its `data` names the kind, which may also be a word on the line (`passphrase`).
    const [start, end] = message.ruleId === PROVIDER_RULE_ID ? message.range : locate(text, message);
    const value = text.slice(start, end);
    // The preset has no placeholder filter: `ghp_xxxx…` and `https://user:pass@example.com` are documentation.
    if (message.ruleId !== PROVIDER_RULE_ID && (isPlaceholder(value) || entropy(value) < 3)) continue;
    findings.push({ kind, rule: message.ruleId, start, end });
  }
  return findings;
}

/** The preset's rule that reads `secretlint-disable` comments. */
const COMMENT_FILTER = "@secretlint/secretlint-rule-filter-comments";

/**
 * The span of the secret. Some preset rules report a range that is off (the AWS secret key's is
 * misaligned), so a value the rule names in `data` is searched for in the reported lines.
 */
function locate(text: string, message: RuleMessage): [number, number] {
  const [start, end] = message.range;
  const named = Object.values((message.data ?? {}) as Record<string, unknown>).filter((v): v is string => typeof v === "string" && v.length >= 8);
  if (named.some((v) => text.slice(start, end) === v)) return [start, end];
  const lineStart = text.lastIndexOf("\n", Math.max(0, start - 1)) + 1;
  const lineEnd = text.indexOf("\n", end);
  const window = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
  for (const value of named.sort((a, b) => b.length - a.length)) {
    const at = window.indexOf(value);
    if (at !== -1) return [lineStart + at, lineStart + at + value.length];
  }
  return [start, end];
}

function presetKind(ruleId: string): string {
  return ruleId.replace(/^@secretlint\/secretlint-rule-/, "");
}

function extension(filePath: string): string {
  const base = filePath.slice(filePath.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot) : "";
}
