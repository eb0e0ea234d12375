/**
 * Named secrets in the other shapes configs give them: a name and a value in two fields (Kubernetes `env`,
 * Postman environments, ECS task definitions, XML properties), a name and a value with no operator (EDN,
 * Gradle), the default of an environment lookup (`env('DB_PASSWORD', '…')`, `${DB_PASSWORD:-…}`), and a
 * passphrase of plain words under a password's name.
 */
import { acceptNamedValue, NAME, NAME_KEYWORDS, namesNoSecret, PASS_KEYWORDS, underEncryptedParent } from "./generic.ts";
import { isQuotedLiteralCode } from "./source-languages.ts";
import { nameAsKey, nameThenOperator, nameThenQuotedArgument, nameThenSpacedValue } from "./keyword-context.ts";
import type { Provider } from "./providers.ts";
import { entropy, isPlaceholder } from "./values.ts";

const VALUE = `(?:"(?<dq>[^"\\n]{8,4096}?)"|'(?<sq>[^'\\n]{8,4096}?)'|(?<bare>[^\\s"',;}\\]<>]{8,4096}))`;

/**
 * `- name: DB_PASSWORD` / `value: …` (one line apart at most), `{"key": "apiKey", "value": "…"}`,
 * `<add key="DbPassword" value="…"/>`, `<property name="hibernate.connection.password">…</property>`.
 */
export const genericPair: Provider = {
  kind: "generic-secret",
  keywords: NAME_KEYWORDS,
  pattern: () =>
    new RegExp(
      `\\b(?:name|key)["']?[ \\t]*[:=][ \\t]*["']?(?<name>${NAME})["']?(?:[ \\t]*,?[ \\t]*(?:\\r?\\n[ \\t-]*)?["']?value["']?[ \\t]*[:=][ \\t]*${VALUE}|[ \\t]*>(?<element>[^<\\s]{8,4096})<)`,
      "gdi",
    ),
  group: ["dq", "sq", "bare", "element"],
  // Run over the whole text, the pattern cost 2–6 ms on a 20 KB source file full of `key` and `name`.
  lineScoped: true,
  nextLine: true,
  lineNeeds: [["name", "key"], ["value", "\">", "'>"]],
  minEntropy: 3,
  accept: (value, match, _text, _at, filePath) =>
    acceptNamedValue(match.groups?.name ?? "", value) && !(match.groups?.bare !== undefined && (isVariable(value) || isQuotedLiteralCode(filePath))),
};

/**
 * A name and a quoted value with no operator between: Clojure and EDN keywords (`{:password "…"}`) and
 * Groovy's command calls, as Gradle's signing configs write them (`storePassword "…"` alone on its line).
 */
export const genericKeywordArgument: Provider = {
  kind: "generic-secret",
  keywords: NAME_KEYWORDS,
  pattern: () =>
    new RegExp(`(?:(?<![\\w:]):|^[ \\t]*)(?<name>${NAME})[ \\t]+(?:"(?<dq>[^"\\n]{8,4096}?)"|'(?<sq>[^'\\n]{8,4096}?)')(?=[ \\t]*(?:[,;}\\])]|$))`, "gdim"),
  group: ["dq", "sq"],
  lineScoped: true,
  keywordContext: nameThenQuotedArgument,
  minEntropy: 3,
  accept: (value, match) => acceptNamedValue(match.groups?.name ?? "", value),
};

/**
 * C's `#define SECRET_PASS "…"` (Arduino's `arduino_secrets.h`) and an Erlang or Elixir config tuple
 * `{db_password, "…"}`: a name and a quoted value with no operator, apart from the Clojure and Groovy forms
 * so that a clean source file compiles neither.
 */
export const genericDirectiveArgument: Provider = {
  kind: "generic-secret",
  keywords: ["#define"],
  pattern: () => new RegExp(`^[ \\t]*#[ \\t]*define[ \\t]+(?<name>${NAME})[ \\t]+"(?<dq>[^"\\n]{8,4096}?)"`, "gdim"),
  group: "dq",
  lineScoped: true,
  minEntropy: 3,
  accept: (value, match) => acceptNamedValue(match.groups?.name ?? "", value),
};

export const genericTuple: Provider = {
  kind: "generic-secret",
  keywords: NAME_KEYWORDS,
  lineNeeds: [["{"]],
  notInCode: true,
  pattern: () => new RegExp(`\\{[ \\t]*(?<name>${NAME})[ \\t]*,[ \\t]*(?:"(?<dq>[^"\\n]{8,4096}?)"|'(?<sq>[^'\\n]{8,4096}?)')[ \\t]*\\}`, "gdi"),
  group: ["dq", "sq"],
  lineScoped: true,
  minEntropy: 3,
  accept: (value, match) => acceptNamedValue(match.groups?.name ?? "", value),
};

/**
 * `name value` with only blanks between, one setting a line, as Fluent Bit, msmtp, Apache, Postfix and many
 * daemons write their configs (`HTTP_Passwd Xk9…`, `password Xk9…`). Prose has the same shape (`Token
 * authentication`), so the value must look drawn at random: letters with digits or symbols, no spaces.
 */
export const genericSpacedSetting: Provider = {
  kind: "generic-secret",
  keywords: NAME_KEYWORDS,
  // Apache's `SetEnv DB_PASS …` too.
  // mbsync's `Pass "…"` quotes its value.
  pattern: () => new RegExp(`^[ \\t]*(?:SetEnv[ \\t]+)?(?<name>${NAME})[ \\t]+(?:"(?<dq>[^"\\s$]{8,4095})"|(?<bare>[^\\s"'\`=:#<>{}()\\[\\]$][^\\s"'\`<>{}()\\[\\]$]{7,4095}))[ \\t]*\\r?$`, "gdim"),
  group: ["dq", "bare"],
  lineScoped: true,
  keywordContext: nameThenSpacedValue,
  notInCode: true,
  minEntropy: 3,
  accept: (value, match, _text, _at, filePath) =>
    !/\.(?:md|markdown|rst|adoc|txt|html?)$/i.test(filePath ?? "") &&
    /[A-Za-z]/.test(value) && /[\d\W_]/.test(value) && acceptNamedValue(match.groups?.name ?? "", value),
};

// A secret's name as a whole key (`adminPassword`, `MasterUserPassword`): the parent of a `value:` or `Default:`.
let wholeName: RegExp | undefined;

/**
 * A value whose name is its parent's key, as structured formats nest them: an ARM parameters file's
 * `"adminPassword": {"value": "…"}`, a CloudFormation parameter's `MasterUserPassword: … Default: "…"`.
 */
export const genericNestedValue: Provider = {
  kind: "generic-secret",
  keywords: NAME_KEYWORDS,
  // Over the whole text: the line with the value holds no secret's name (the gate asks for one in the text).
  // The key is `value`, `Default`, or a URL or host keying a token (Pulumi's `"accessTokens": {"https://api.pulumi.com": "…"}`).
  // HCL writes `default = "…"` inside `variable "db_password" {`.
  pattern: () => new RegExp(`^[ \\t]*["']?(?:value|default|https?://[^\\s"']+|[a-z0-9-]+(?:\\.[a-z0-9-]+)+)["']?[ \\t]*[:=][ \\t]*${VALUE}[ \\t]*,?[ \\t]*\\r?$`, "gdim"),
  group: ["dq", "sq", "bare"],
  // The parent's key is a secret's name: a text whose names are all in prose holds none.
  keywordContext: nameAsKey,
  notInCode: true,
  minEntropy: 3,
  accept: (value, match, text, at) => {
    if (match.groups?.bare !== undefined && isVariable(value)) return false;
    const parent = yamlParent(text, at);
    wholeName ??= new RegExp(`^${NAME}$`, "i");
    return parent !== undefined && wholeName.test(parent) && acceptNamedValue(parent, value);
  },
};

/** The key of the mapping around `index` (by indentation, as YAML and pretty JSON are written), if any. */
function yamlParent(text: string, index: number): string | undefined {
  let lineStart = text.lastIndexOf("\n", index - 1) + 1;
  const indent = /^[ \t-]*/.exec(text.slice(lineStart, lineStart + 200))![0].length;
  for (let seen = 0; lineStart > 0 && seen < 12; seen++) {
    const end = lineStart - 1;
    lineStart = text.lastIndexOf("\n", end - 1) + 1;
    const line = text.slice(lineStart, end);
    const lead = /^[ \t-]*/.exec(line)![0].length;
    // Brackets alone open the object or list the value sits in (Postman's `"apikey": [ {` … `"value": "…"`).
    if (lead >= indent || /^[\s[\]{},]*$/.test(line)) continue;
    // A YAML or JSON key, or an HCL block's label (`variable "db_password" {`).
    const key = /^["']?([\w.-]+)["']?[ \t]*:/.exec(line.slice(lead)) ?? /^[\w-]+[ \t]+"([\w.-]+)"[ \t]*\{/.exec(line.slice(lead));
    return key?.[1];
  }
  return undefined;
}

/** A property list's `<key>AcmeBackendSecret</key>` and the `<string>` after it (Info.plist, .mobileconfig). */
export const plistPair: Provider = {
  kind: "generic-secret",
  keywords: ["</key>"],
  pattern: () => new RegExp(`<key>(?<name>${NAME})</key>\\s*<string>(?<secret>[^<\\s]{8,4096})</string>`, "gdi"),
  group: "secret",
  lineScoped: true,
  nextLine: true,
  minEntropy: 3,
  accept: (value, match) => acceptNamedValue(match.groups?.name ?? "", value),
};

/**
 * The fallback of an environment lookup, written into code or compose files: Laravel's `env('DB_PASSWORD', '…')`,
 * Python's `os.getenv("TOKEN", "…")` and `environ.get`, Ruby's `ENV.fetch("X", "…")`, `process.env.X || "…"`,
 * and the shell's `${DB_PASSWORD:-…}`.
 */
export const genericFallback: Provider = {
  kind: "generic-secret",
  keywords: NAME_KEYWORDS,
  // The lookups themselves: a line with a secret's name but none of these holds no fallback.
  lineNeeds: [["env(", "getenv(", ".get(", "fetch(", "getenvironmentvariable(", "getordefault(", "env.", "${"]],
  pattern: () =>
    // One NAME for the three forms (each copy of it costs its compilation at every start); what follows
    // the name tells them apart.
    new RegExp(
      `(?:\\b(?:env|getenv|get|fetch|Getenv|GetEnvironmentVariable|getOrDefault)\\s*\\(\\s*["']|\\benv\\.|\\$\\{)(?<name>${NAME})` +
        `(?:["']\\s*,\\s*(?:default\\s*=\\s*)?["'](?<call>[^"'\\n]{8,4096})["']|\\s*(?:\\|\\||\\?\\?)\\s*["'\`](?<js>[^"'\`\\n]{8,4096})["'\`]|:?-(?<shell>[^}\\s"']{8,4096})\\})`,
      "gdi",
    ),
  group: ["call", "js", "shell"],
  lineScoped: true,
  minEntropy: 3,
  accept: (value, match) => acceptNamedValue(match.groups?.name ?? "", value),
};

// Words of UI text and instructions, never all missing from a sentence about passwords.
const TEXT_WORDS = new Set([
  "the", "and", "or", "but", "not", "no", "to", "of", "in", "on", "at", "by", "for", "with", "from", "as", "is", "are", "was", "be", "been",
  "must", "should", "can", "could", "will", "would", "may", "your", "you", "our", "we", "it", "its", "this", "that", "these", "those",
  "there", "please", "enter", "type", "choose", "reset", "confirm", "password", "passwords", "passphrase", "characters", "least",
  "letters", "numbers", "required", "invalid", "incorrect", "wrong", "too", "short", "weak", "match", "forgot", "show", "hide", "has", "have",
]);

/**
 * `encryption_passphrase: "correct horse battery staple"`: three to twelve lower-case words and nothing else,
 * under a name that says password or passphrase (`correct horse battery staple`, as diceware makes them). UI
 * text has capitals, punctuation or the words sentences are made of; placeholders are spelled from their own
 * words (`change this to something long`).
 */
export const genericPassphrase: Provider = {
  kind: "passphrase",
  keywords: PASS_KEYWORDS,
  pattern: () =>
    new RegExp(
      `(?<name>(?<![A-Za-z0-9_-])[A-Za-z0-9_.-]*(?:password|passwd|passphrase|(?<![A-Za-z])pass(?![\\w-])|(?<![A-Za-z])pwd(?![\\w-]))[A-Za-z0-9_.-]*)["']?[ \\t]*(?::=|=>|=|:)[ \\t]*` +
        `(?:"(?<dq>[a-z][a-z \\t-]{10,200}[a-z])"|'(?<sq>[a-z][a-z \\t-]{10,200}[a-z])'|(?<bare>[a-z][a-z \\t-]{10,200}[a-z])[ \\t]*(?=[,;#]|$))`,
      "gdim",
    ),
  group: ["dq", "sq", "bare"],
  lineScoped: true,
  keywordContext: nameThenOperator,
  minEntropy: 0,
  accept: (value, match, _text, _at, filePath) => {
    if (match.groups?.bare !== undefined && (isQuotedLiteralCode(filePath) || !standsAlone(match))) return false;
    const words = value.split(/[ \t-]+/);
    if (words.length < 3 || words.length > 12 || !words.every((word) => word.length >= 3 && !TEXT_WORDS.has(word))) return false;
    return !namesNoSecret(match.groups?.name ?? "") && !isPlaceholder(value);
  },
};

/**
 * Whether a match fills its line as a setting does: the name first (after indentation, `export` or a list's
 * `- `), the value last (a comment may follow). Prose names passwords mid-sentence and goes on after the
 * value: `Treat them like passwords: never commit them, rotate them when someone leaves.`
 */
function standsAlone(match: RegExpExecArray): boolean {
  const input = match.input;
  const before = input.slice(input.lastIndexOf("\n", match.index - 1) + 1, match.index);
  const end = match.index + match[0].length;
  const lineEnd = input.indexOf("\n", end);
  const after = input.slice(end, lineEnd === -1 ? input.length : lineEnd);
  return /^[ \t]*(?:export[ \t]+|-[ \t]+)?["']?$/.test(before) && /^[ \t]*[,;]?[ \t]*(?:#.*)?\r?$/.test(after);
}

// What may stand before `key` in the name of a symmetric or signing key (`jwt_key`, `HmacKey`, `cookie.key`);
// `publicKey`, `cacheKey`, `primaryKey`, `idempotency_key` name something else.
const KEY_QUALIFIERS = new Set(["jwt", "hmac", "aes", "master", "crypto", "cipher", "cookie", "session", "license", "licence", "shared", "symmetric", "account", "admin", "root", "service", "server", "secret"]);

/** Words of a key's name that say the key is public or no credential at all: `RECAPTCHA_SITE_KEY`, `VAPID_PUBLIC_KEY`. */
const PUBLIC_KEY_WORDS = new Set(["public", "publishable", "pub", "site", "cache", "primary", "foreign", "partition", "sort", "idempotency", "routing"]);

/**
 * A value named only `key` (`"Jwt": {"Key": "…"}` in appsettings.json, `"key"` in kaggle.json) or `<qualifier>_key`,
 * or a constant's or variable's upper-case name ending in `_KEY` or `_SALT` (`MEILI_MASTER_KEY=`, WordPress's
 * `define('NONCE_KEY', '…')`): names too common to trust alone, so the value must look drawn at random: 32 or
 * more characters of hex, or of mixed case and digits (symbols too under an upper-case name), not an SSH or
 * DER public key, not a gpg fingerprint.
 */
export const namedKey: Provider = {
  kind: "generic-secret",
  // One keyword per word, one pass over the text each; the operator forms narrow them to lines.
  // Consul's gossip key is named `encrypt` alone.
  keywords: ["key", "salt", "encrypt"],
  lineNeeds: [['key"', "key'", "key:", "key =", "key=", 'salt"', "salt'", "salt:", "salt =", "salt=", "encrypt"]],
  pattern: () =>
    /(?<![\w$-])(?<quote>["'])?(?<name>[A-Za-z0-9_.-]*(?:key|Key|KEY|salt|Salt|SALT)|encrypt)["']?\]?[ \t]*(?::=|=>|=|:|(?<comma>,))[ \t]*(?:"(?<dq>[^"\s]{16,512})"|'(?<sq>[^'\s]{16,512})'|(?<bare>[A-Za-z0-9+/_=-]{16,512})(?=[ \t]*(?:[,;#]|\r?$)))/gdm,
  group: ["dq", "sq", "bare"],
  lineScoped: true,
  minEntropy: 3.4,
  accept: (value, match, text, at) => {
    const name = match.groups?.name ?? "";
    // A call's two arguments only with the name quoted: `define('NONCE_KEY', '…')`.
    if (match.groups?.comma !== undefined && (match.groups.quote === undefined || match.groups.bare !== undefined)) return false;
    const words = name.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase().split(/[_.-]+/).filter(Boolean);
    const constant = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(name);
    if (constant) {
      if (words.some((word) => PUBLIC_KEY_WORDS.has(word))) return false;
    } else if (name !== "encrypt" && !isAppSalt(words) && (words.at(-1) !== "key" || words.length > 2 || (words.length === 2 && !KEY_QUALIFIERS.has(words[0]!)))) return false;
    if (name === "encrypt" && value.length < 32) return false;
    // 16 to 31 characters only under a name that says what the key is for (`SESSION_KEY`, `jwt_key`).
    if (value.length < 32 && !words.slice(0, -1).some((word) => KEY_QUALIFIERS.has(word))) return false;
    if (/^(?:0x)?(?:[0-9A-F]{16}|[0-9A-F]{40})$/.test(value)) return false;
    const hex = /^[0-9a-f]+$/i.test(value);
    if (!hex) {
      if (!/[A-Z]/.test(value) || !/[a-z]/.test(value) || !/\d/.test(value) || entropy(value) < (value.length < 32 ? 3.5 : 4.2)) return false;
      if (!constant && !/^[A-Za-z0-9+/_=-]+$/.test(value)) return false;
    }
    return !value.startsWith("AAAA") && !isDerPublicKey(value) && !underEncryptedParent(text, at);
  },
};

/** A framework's site-wide salt in lower case (Drupal's `hash_salt`, `secret_salt`): a key by another name. */
function isAppSalt(words: readonly string[]): boolean {
  return words.length === 2 && words[1] === "salt" && ["hash", "secret", "secure", "auth", "site", "app", "session"].includes(words[0]!);
}

/** A SubjectPublicKeyInfo in base64 (`MIIBIjANBgkq…`, `MFkwEwYH…`): a SEQUENCE whose first element is the algorithm's SEQUENCE. */
function isDerPublicKey(value: string): boolean {
  if (!value.startsWith("M")) return false;
  const der = Buffer.from(value.slice(0, 16), "base64");
  if (der[0] !== 0x30) return false;
  const lengthBytes = der[1]! & 0x80 ? der[1]! & 0x7f : 0;
  return der[2 + lengthBytes] === 0x30;
}

/** `value: someVariable` in code (an object literal): an unquoted identifier with no digit is a variable. */
function isVariable(value: string): boolean {
  return /^[A-Za-z_$][\w$]*(?:\.[\w$]+)*$/.test(value) && !/\d/.test(value);
}
