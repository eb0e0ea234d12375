/**
 * `password = …`, `API_KEY: …`, `DB_PASSWORD=…` with a literal value: the generic rule. It is where
 * scanners' false positives concentrate, so it is strict about what counts as a value.
 */
import { nameThenOperator } from "./keyword-context.ts";
import type { Provider } from "./providers.ts";
import { isQuotedLiteralCode } from "./source-languages.ts";
import { entropy, isKeyName } from "./values.ts";

// Names that hold something about a secret rather than the secret itself, by their last word in any case.
// UI strings name their field too: `passwordPlaceholder`, `api_key_help`, `tokenExpiredMessage`.
// Looked up as endings of the name: an alternation of them cost about 0.5 ms to compile on each secret found.
const NOT_A_SECRET_ENDINGS = [
  "file", "path", "dir", "url", "uri", "endpoint", "name", "id", "type", "length", "len", "size", "ttl", "expiry",
  "expires", "expiration", "header", "env", "count", "enabled", "required", "field", "key_id", "prefix", "policy", "hint", "hash", "regex",
  "pattern", "version", "mode", "min", "max", "label", "ref", "keyref", "keys", "store", "class", "provider", "placeholder", "description",
  "desc", "help", "message", "msg", "text", "title", "tooltip", "caption", "prompt", "error", "warning", "command", "cmd", "eval",
  "exec", "helper", "encryption", "algorithm", "algo", "method", "scheme", "format",
];
// References to a secret kept elsewhere, as Helm charts and Kubernetes name them: `existingSecret: db-creds`,
// `secretName: tls`, `userPasswordKey: password` (the key inside a Secret, not its value).
const REFERENCE_STARTS = ["existing", "use", "hashed"];
const REFERENCE_ENDINGS = [
  ...["password", "passwd", "token"].flatMap((word) => ["", "_", "-"].map((joint) => `${word}${joint}key`)),
  ...["name", "ref", "keyref", "key_ref", "key-ref", "keys"].flatMap((what) => ["", "_", "-"].map((joint) => `secret${joint}${what}`)),
];
// Parents whose values are encrypted, not secret: a SealedSecret's `encryptedData`, Renovate's `encrypted`.
const ENCRYPTED_PARENTS = new Set(["encryptedData", "encrypted", "encrypted_data"]);

// `pass` and `pwd` only as the last word of the name (`RABBITMQ_DEFAULT_PASS`, `db.pwd`, camelCase `keystorePass`;
// `bypass` and `compass` are turned down by `namesNoSecret`), not first in `pass_filenames` or `--pass-arg`;
// sssd's and PAM's `authtok`; the keys frameworks sign or encrypt with (Laravel's `APP_KEY`, `signing_key`).
const SECRET_WORD = "password|passwd|passphrase|pass(?![\\w-])|(?<![A-Za-z])pwd(?![\\w-])|secret|token|authtok|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|(?:app|signing|encrypt(?:ion)?)[_-]?key|pre[_-]?shared[_-]?key|client[_-]?secret|consumer_key|credentials?";
// Starts where a word starts: tried inside every identifier, the leading run backtracked through each
// alternative at each of its characters, which was most of the rule's time on a line of code.
export const NAME = `(?<![A-Za-z0-9_-])[A-Za-z0-9_.-]*(?:${SECRET_WORD})[A-Za-z0-9_.-]*`;
/** The keywords that open the generic rules' gate: one of them is in every name NAME matches. */
// `pass` as a word of a name only: lines with `passes`, `bypass` or Python's `pass` are not scanned for it.
// `pass "` for mbsync's `Pass "…"`.
export const PASS_KEYWORDS = ["password", "passwd", "passphrase", "_pass", "-pass", ".pass", "$pass", "pass=", "pass =", "pass:", 'pass"', "pass'", 'pass "', "pwd"];
/**
 * Names too short or rare to be worth a place in NAME, which every generic pattern compiles at every start:
 * a personal access token named by its abbreviation as the name's last word (`GITHUB_PAT`, `azureDevOpsPat`),
 * `PW = "…"`, a Wi-Fi pre-shared key (`psk="…"`), a backup tool's `pass_phrase`. They get their own assignment rule.
 */
const SHORT_NAME = `(?<![A-Za-z0-9_-])[A-Za-z0-9_.-]*(?:pat|(?<![A-Za-z])(?:pw|psk)|pass[_-]phrase)(?![\\w-])`;
// Looked for as `pw` and `pat` (one search each), then narrowed to lines where an operator or quote follows.
const SHORT_KEYWORDS = ["pat", "pw", "psk", "pass_phrase"];
const SHORT_LINES = ["pat=", "pat =", "pat:", 'pat"', "pat'", "pw=", "pw =", "pw:", 'pw"', "pw'", "psk", "pass_phrase"];
export const NAME_KEYWORDS = [
  ...PASS_KEYWORDS, "secret", "token", "authtok", "api_key", "api-key", "apikey", "access_key", "access-key", "auth_key", "authkey", "credential",
  "private_key", "private-key", "privatekey", "app_key", "app-key", "appkey", "signing_key", "signing-key", "signingkey", "encryption_key",
  "encryption-key", "encryptionkey", "consumer_key", "encrypt_key", "encrypt-key", "encryptkey", "preshared", "pre-shared", "pre_shared",
];

/** A name, an assignment operator, a quoted or bare value on the same line. */
const assignment = (name = NAME) =>
  new RegExp(
    // A backslash may precede the quotes: code inside a JSON string (a notebook cell: `openai.api_key = \"sk-…\"`).
    // Up to 4 KB: an AWS session token is about 1 KB, and a value cut short would leave its tail in the view.
    // `ENV["MATCH_PASSWORD"] = "…"` (an index), `[]byte("…")`, `b'…'` and other wrappers of a literal.
    // A comma: a name and a value as a call's two arguments (`set :session_secret, '…'`), judged in `accept`.
    `(?<name>${name})\\\\?["']?\\]?[ \\t]*(?::=|=>|=|:|(?<comma>,(?=[ \\t]*["'])))[ \\t]*(?:&[\\w-]+[ \\t]+)?(?:\\[\\]byte\\(|(?:Buffer\\.from|bytes|String|SecretStr)\\(|b(?=["']))?(?:\\\\?"(?<dq>[^"\\n]{8,4096}?)\\\\?"|'(?<sq>[^'\\n]{8,4096})'|(?<bare>[^\\s"'\`,;#)(\\[\\]{}][^\\s"'\`,;)(\\[\\]{}]{7,4095}))`,
    "gdi",
  );

/** `KEY=value` at the start of a line, as in .env files, where a bare value is a literal. */
const ENV_LINE = /^[ \t]*(?:export[ \t]+)?[A-Z][A-Z0-9_]*[ \t]*=/;

export const genericAssignment: Provider = {
  kind: "generic-secret",
  keywords: NAME_KEYWORDS,
  pattern: () => assignment(),
  group: ["dq", "sq", "bare"],
  // `[A-Za-z0-9_.-]*(?:password|…)` run over a whole file backtracks at every word: 25–165 ms per MB in V8.
  lineScoped: true,
  // Prose about secrets names them without an operator after the name.
  keywordContext: nameThenOperator,
  minEntropy: 3,
  // Cheap string tests first: V8 compiles each RegExp on its first use, in every process.
  accept: (value, match, text, at, filePath) => {
    const name = match.groups?.name ?? "";
    // `${NAME:-value}` is a shell default, read by generic-forms.ts without its `-`.
    if (match.input.startsWith("${", match.index - 2)) return false;
    // A TOTP seed in an `otpauth://` URI is `otpauthSecret`'s (tool-configs.ts), which knows the sample seed.
    if (lineOf(match).includes("otpauth://")) return false;
    if (!acceptNamedValue(name, value)) return false;
    // A translation bundle's word for the field (`"token": "Zugriffstoken"`, `password: Passwort`).
    if (isOneWord(value) && isTranslationFile(filePath)) return false;
    // `checksum/secret: <sha256>` (a Helm annotation): a hash of the secret, not the secret.
    if (/(?:checksum|hash|sha\d*|digest)[/._-]$/i.test(lineOf(match).slice(0, -match[0].length))) return false;
    const bare = match.groups?.bare !== undefined;
    // `set :session_secret, '…'`, `System.setProperty("db.password", "…")`, `os.environ.setdefault("SECRET_KEY", "…")`:
    // a quoted or symbol name first in a call, a quoted value second. `compare(password, "…")` passes a variable.
    if (match.groups?.comma !== undefined && !/(?:\(|\bset[ \t]+)[ \t]*[:"']$/.test(lineOf(match).slice(0, -match[0].length))) return false;
    // `password: System.fetch_env!("DB_PASSWORD")`: a bare word followed by `(` is a call; and in a
    // language whose literals are quoted, a bare word outside a string is an expression
    // (`pass: matchResult?.pass`), inside one a literal (`"Host=db;Password=…;"`).
    if (bare && match.input[match.index + match[0].length] === "(") return false;
    if (bare && isQuotedLiteralCode(filePath) && (!insideString(lineOf(match).slice(0, -match[0].length)) || /\?\?|\|\||&&|\?\.|\bthis\./.test(value))) return false;
    // Inside a string or a `Name=Value;` list (a connection string), a bare word is a literal: `Pwd=Kq7vTz2Lw9xRb;`.
    const inList = match.input[match.index - 1] === ";" || match.input[match.index + match[0].length] === ";";
    if (bare && !ENV_LINE.test(lineOf(match)) && !inList && !insideString(lineOf(match).slice(0, -match[0].length))) {
      // In code, a bare word after `token =` is a variable, a property path or a call, not a literal.
      if (/[()[\]{}]/.test(value)) return false;
      // PowerShell's `$pw = ConvertTo-SecureString …`: a cmdlet, Verb-Noun.
      if (/^[A-Z][A-Za-z]+-[A-Z][A-Za-z]+$/.test(value)) return false;
      const identifier = /^[A-Za-z_$][\w$]*(?:\.[\w$]+)*$/.test(value);
      if (identifier && !(value.length >= 16 && /\d/.test(value) && /[A-Za-z]/.test(value)) && !isRandomLetters(value)) return false;
    }
    // A Firebase web config's `apiKey` is public by design (providers.ts, google-api-key).
    if (value.startsWith("AIza") && inFirebaseWebConfig(text, at)) return false;
    // A Mapbox public token (`pk.eyJ…`) is made for the browser; its secret tokens start `sk.`.
    if (value.startsWith("pk.eyJ")) return false;
    return !underEncryptedParent(text, at);
  },
};

/** The generic assignment under the short names (`GITHUB_PAT = …`, `PW = …`, `psk=…`, `pass_phrase: …`). */
export const shortNameAssignment: Provider = { ...genericAssignment, keywords: SHORT_KEYWORDS, lineNeeds: [SHORT_LINES], pattern: () => assignment(SHORT_NAME) };

/** Whether the key at `at` is the `apiKey` of a Firebase web config: `authDomain: '….firebaseapp.com'` within a few lines. */
export function inFirebaseWebConfig(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 40), at);
  if (!/apiKey["']?\s*[:=]\s*["']?$/.test(before)) return false;
  const around = text.slice(Math.max(0, at - 400), at + 400);
  return /authDomain["']?\s*[:=]\s*["'][\w-]+\.firebaseapp\.com["']/.test(around);
}

/**
 * Letters drawn at random (a password generator's letters-only output, `RTkxgPpUllqNVcimhyMivWTt…`): 20 or more,
 * upper and lower case mixed all through, at 4 bits a character or more. A camelCase name repeats its letters.
 */
function isRandomLetters(value: string): boolean {
  return value.length >= 20 && /^[A-Za-z]+$/.test(value) && (value.match(/[A-Z]/g)?.length ?? 0) >= 4 && (value.match(/[a-z]/g)?.length ?? 0) >= 4 && entropy(value) >= 4;
}

/** Whether the value at `at` sits under a mapping whose values are encrypted (a SealedSecret's `encryptedData`). */
export function underEncryptedParent(text: string, at: number): boolean {
  return yamlParents(text, at).some((key) => ENCRYPTED_PARENTS.has(key));
}

/** Whether `value`, found under the secret-like `name`, is a literal secret and not a reference, a name or text. */
export function acceptNamedValue(name: string, value: string): boolean {
  if (namesNoSecret(name)) return false;
  if (isProse(value) || isEncrypted(value) || isPathReference(value) || isKeyName(value)) return false;
  // A field that names a Secret object (`passwordsSecret: keycloak-tls-passwords`): a resource name, in kebab-case words.
  if (/secrets?$/i.test(name) && /^[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)+$/.test(value)) return false;
  if (NOT_A_VALUE.has(value.toLowerCase())) return false;
  if (isKeyIdentifier(name, value)) return false;
  // A regular expression's source (`(?:…)`, `[A-Za-z…]`) describes secrets, it holds none.
  if (/\(\?[:=!<]|\[A-Za-z|\[a-z0-9|\\[dws]/.test(value)) return false;
  // A lower-case kebab-case identifier (`npmrc-auth`, `1password-token`) under a token's or key's name is
  // the name of something; under a password's, words joined by dashes may be a passphrase.
  // A part drawn at random (`key-3ax9…`, Pulumi's `pul-<40 hex>`) makes it a token with a prefix, not a name.
  if (/^[a-z0-9]+(?:-[a-z0-9]+){1,3}$/.test(value) && /[a-z]{3}/.test(value) && !/pass|pwd/i.test(name) && !value.split("-").some(isRandomPart)) return false;
  if (isNumberLike(value) || value.startsWith("/") || value.startsWith("./") || value.startsWith("../") || value.startsWith("~/") || /^https?:\/\//i.test(value)) return false;
  // A Stripe PaymentIntent's or SetupIntent's client secret (`pi_…_secret_…`) is handed to the customer's browser by design.
  if (/^(?:pi|seti)_[A-Za-z0-9]{14,}_secret_[A-Za-z0-9]{10,}$/.test(value)) return false;
  // A public address (`0x` + 40 hex digits) or a key path such as `auth.token` names no secret.
  // Its parts are words (`auth.token`, `settings.apiKey`), not letters drawn at random (`TwaFczBQVBHxXiH.Mj`).
  return !((value.length === 42 && /^0x[0-9a-f]{40}$/i.test(value)) || (value.includes(".") && /^[A-Za-z_]+(?:\.[A-Za-z_]+)+$/.test(value) && value.split(".").every(isWordPart)));
}

/**
 * An OpenPGP key id or fingerprint as gpg prints them, in upper-case hex (`git config user.signingkey
 * 3AA5C34371567BD2`): it names a key kept in the keyring. Random hex from `openssl rand -hex` is lower case.
 */
function isKeyIdentifier(name: string, value: string): boolean {
  if (!/(?:signing|gpg|pgp)[_.-]?key$|key[_.-]?id$|fingerprint$/i.test(name)) return false;
  return /^(?:0x)?(?:[0-9A-F]{8}|[0-9A-F]{16}|[0-9A-F]{40})!?$/.test(value);
}

/** A name that holds something about a secret (`token_ttl`, `passwordHint`) or points at one (`existingSecret`). */
export function namesNoSecret(name: string): boolean {
  // `keystorePass`, `storePass` (camelCase, as Tomcat and Gradle write them) name a password; `bypass`, `compass` do not.
  if (/[A-Za-z]pass$/i.test(name) && !/[a-z\d]Pass$/.test(name)) return true;
  // `azureDevOpsPat`, `GITHUB_PAT` name a personal access token; `compat`, `spat` do not.
  if (/[A-Za-z]pat$/i.test(name) && !/[a-z\d]Pat$/.test(name)) return true;
  const lower = asciiLowerCase(name);
  if (NOT_A_SECRET_ENDINGS.some((ending) => lower.endsWith(ending))) return true;
  const last = lower.slice(lower.lastIndexOf(".") + 1);
  return REFERENCE_STARTS.some((start) => last.startsWith(start)) || REFERENCE_ENDINGS.some((ending) => last.endsWith(ending));
}

/**
 * Upper-case ASCII letters lowered, nothing else: the case-insensitive match of an ASCII word, as a RegExp
 * with the `i` flag and without `u` makes it (the Kelvin sign is no `k` there, though it lowers to one).
 */
function asciiLowerCase(text: string): string {
  return isAscii(text) ? text.toLowerCase() : text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

function isAscii(text: string): boolean {
  return !/[^\x00-\x7f]/.test(text);
}


/**
 * UI text and docs: `"Password must be at least 12 characters long"`, `"Clé d'API"` (two or more words of
 * letters), `"Contraseña"` (one word with a letter outside ASCII, as translations are). A passphrase of plain
 * words is judged apart (`passphrase.ts`).
 */
export function isProse(value: string): boolean {
  // Japanese, Chinese, Korean and Thai write no blanks between words: letters of those scripts and no run of
  // Latin letters and digits long enough to be a token (`パスワードをお忘れですか？`, `APIキーを発行`).
  if (/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]{2}/.test(value) && !/[A-Za-z0-9+/=_-]{8}/.test(value)) return true;
  const words = value.trim().split(/\s+/).filter((word) => !/^[.,:;!?\u00bf\u00a1()-]+$/.test(word));
  if (!words.every(isWord)) return false;
  if (words.length === 1) return !isAscii(words[0]!) && /^\p{Lu}?\p{Ll}+$/u.test(words[0]!);
  return words.filter(isLetterWord).length >= 2;
}

// An ASCII word is tested with ASCII classes, the same there (`\p{L}` is `[A-Za-z]`, `\p{N}` is `[0-9]`):
// a Unicode property class costs about 0.3 ms to build, on each secret found in an ASCII file.

/** Letters and digits, with apostrophes and dashes, and a punctuation mark after. */
function isWord(word: string): boolean {
  return isAscii(word) ? /^[A-Za-z0-9'-]+[.,:;!?]?$/.test(word) : /^[\p{L}\p{N}'\u2019-]+[.,:;!?]?$/u.test(word);
}

/** Letters, two of them together at least, with apostrophes and dashes, and a punctuation mark after. */
function isLetterWord(word: string): boolean {
  return isAscii(word) ? /^(?=.*[A-Za-z][A-Za-z])[A-Za-z'-]+[.,:;!?]?$/.test(word) : /^(?=.*\p{L}\p{L})[\p{L}'\u2019-]+[.,:;!?]?$/u.test(word);
}

/** Encrypted payloads are safe to show: SOPS `ENC[AES256_GCM,…]`, Ansible Vault. */
function isEncrypted(value: string): boolean {
  return value.startsWith("ENC[") || value.startsWith("$ANSIBLE_VAULT");
}

/**
 * `secret/data/prod/db`, `op://vault/item/field`: where a secret lives, in lower-case path segments; two
 * segments of words only (`ci/docker-password`, a secrets manager's name); systemd's `LoadCredential=` id and
 * file (`amqp-password:/etc/app/creds/amqp`).
 */
function isPathReference(value: string): boolean {
  return (
    // A fragment names the field (`ref+vault://secret/data/shop/stripe#secret_key`).
    /^(?:[a-z][a-z0-9+.-]*:\/\/)?[a-z0-9_.-]+(?:\/[a-z0-9_.-]+){2,}(?:#[a-z0-9_.-]+)?$/.test(value) ||
    /^[a-z][a-z_.-]*\/[a-z][a-z_.-]*$/.test(value) ||
    /^[\w.-]+:\/[\w.-]+(?:\/[\w.-]+)+$/.test(value)
  );
}

/** `Zugriffstoken`, `contraseña`: one word of letters, capitalised at most (string tests first: a token has digits or capitals inside). */
function isOneWord(value: string): boolean {
  const rest = value.slice(1);
  return rest === rest.toLowerCase() && rest !== rest.toUpperCase() && /^\p{Lu}?\p{Ll}+$/u.test(value);
}

/** A UI translation bundle: under `locales/`, `i18n/`, `lang/`, `translations/`, or named by a language (`de.json`, `pt_BR.yml`). */
function isTranslationFile(filePath: string | undefined): boolean {
  if (!filePath) return false;
  if (/\/(?:locales?|i18n|l10n|lang|langs|languages|translations?)\//i.test(filePath)) return true;
  // The extension first: the name's pattern costs about 0.2 ms to compile, for the few files it may fit.
  return TRANSLATION_EXTENSIONS.has(filePath.slice(filePath.lastIndexOf(".") + 1)) && /(?:^|\/)[a-z]{2}(?:[-_][A-Za-z]{2,4})?\.(?:json|ya?ml|po|properties|arb|xliff|strings)$/.test(filePath);
}

const TRANSLATION_EXTENSIONS = new Set(["json", "yaml", "yml", "po", "properties", "arb", "xliff", "strings"]);

/** `auth`, `apiKey`, `API_TOKEN`, `Settings`: a word or words joined as code names them. */
function isWordPart(part: string): boolean {
  return /^(?:[a-z_]+|[A-Z_]+|[A-Z]?[a-z]+(?:[A-Z][a-z]+)*)$/.test(part);
}

/** A part of a value that looks drawn at random: 16 or more characters mixing letters and digits. */
function isRandomPart(part: string): boolean {
  return part.length >= 16 && /\d/.test(part) && /[a-z]/i.test(part);
}

/** The keys of the YAML (or indented JSON) mappings around `index`, nearest first, found by indentation (no parse: a match is rare). */
function yamlParents(text: string, index: number): string[] {
  const parents: string[] = [];
  let lineStart = text.lastIndexOf("\n", index - 1) + 1;
  let indent = /^[ \t-]*/.exec(text.slice(lineStart, lineStart + 200))![0].length;
  while (lineStart > 0 && indent > 0) {
    const end = lineStart - 1;
    lineStart = text.lastIndexOf("\n", end - 1) + 1;
    const line = text.slice(lineStart, end);
    const lead = /^[ \t-]*/.exec(line)![0].length;
    if (lead >= indent || line.trim() === "" || line.trimStart().startsWith("#")) continue;
    indent = lead;
    // JSON's quoted keys too: `"encrypted": {` (JSON is indented like YAML).
    const key = /^["']?([\w.-]+)["']?\s*:/.exec(line.slice(lead));
    if (key) parents.push(key[1]!);
  }
  return parents;
}

const NOT_A_VALUE = new Set(["true", "false", "null", "none", "undefined", "required", "optional"]);

/** Digits and dots only: a version or a number. */
function isNumberLike(value: string): boolean {
  for (const c of value) if (c !== "." && (c < "0" || c > "9")) return false;
  return value.length > 0;
}

/** Whether the end of `before` (a line up to a point) is inside a quoted string: an odd count of unescaped quotes of one kind. */
function insideString(before: string): boolean {
  const count = (quote: string) => before.split(quote).length - 1 - (before.split(`\\${quote}`).length - 1);
  return count('"') % 2 === 1 || count("'") % 2 === 1 || count("`") % 2 === 1;
}

function lineOf(match: RegExpExecArray): string {
  const start = match.input.lastIndexOf("\n", match.index) + 1;
  return match.input.slice(start, match.index + match[0].length);
}

/** `<password>…</password>` in XML configs (Maven settings.xml, NuGet, Tomcat). */
export const genericElement: Provider = {
  kind: "generic-secret",
  // The closing tag: an opening one may carry attributes (FileZilla's `<Pass encoding="base64">…</Pass>`).
  // A key's body in base64 (`<PrivateKey>MIIEvQ…</PrivateKey>`, a SAML IdP's signing key) runs to a few KB.
  keywords: ["password>", "passwd>", "pass>", "secret>", "token>", "apikey>", "api-key>", "api_key>", "privatekey>", "private_key>", "private-key>"],
  pattern: () => new RegExp(`<(?<name>${NAME})(?:[ \\t][^<>\\n]*)?>(?<secret>[^<\\s]{8,8192})</\\k<name>>`, "gdi"),
  group: "secret",
  lineScoped: true,
  minEntropy: 3,
  accept: (value, match) => !namesNoSecret(match.groups?.name ?? "") && !isPathReference(value) && !value.startsWith("${"),
};

/**
 * A value element after its name: GoCD's `<variable name="DB_PASSWORD"><value>…</value>`, Hadoop's
 * `<name>fs.s3a.secret.key</name>` / `<value>…</value>` on the next line.
 */
export const genericNamedValueElement: Provider = {
  kind: "generic-secret",
  keywords: ["<value>"],
  pattern: () => new RegExp(`(?:\\bname="(?<attr>${NAME})"[^<>\\n]*>|<name>(?<elem>${NAME})</name>)\\s*<value>(?<secret>[^<\\s]{6,4096})</value>`, "gdi"),
  group: "secret",
  // Over the whole text: the value's line need not hold the name; `<value>` is rare outside XML configs.
  minEntropy: 3,
  accept: (value, match) => acceptNamedValue(match.groups?.attr ?? match.groups?.elem ?? "", value) && !isPathReference(value),
};

/** PHP's `define('DB_PASSWORD', '…')` (wp-config.php and the like). */
export const genericDefine: Provider = {
  kind: "generic-secret",
  keywords: ["define"],
  pattern: () => new RegExp(`\\bdefine\\(\\s*(["'])(?<name>${NAME})\\1\\s*,\\s*(["'])(?<secret>[^"'\\n]{8,200})\\3`, "gdi"),
  group: "secret",
  lineScoped: true,
  // The call's own spelling: `undefined`, in most lines of JavaScript, holds the keyword.
  lineNeeds: [["define("]],
  minEntropy: 3,
  // Judged like an assignment: WordPress's sample `define('AUTH_KEY', 'put your unique phrase here')` is text.
  accept: (value, match) => acceptNamedValue(match.groups?.name ?? "", value),
};
