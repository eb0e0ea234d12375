/**
 * Tells a real secret value from the look-alikes documentation and templates are full of. Every test is on
 * the whole value or its structure, never on a substring: a long random value may contain `todo`, `your`,
 * `fake` or `AAAAAAAA` (every OpenSSH key does) by chance.
 */
import { isPlaceholderKeyBlock } from "./key-blocks.ts";

/** Shannon entropy in bits per character. */
export function entropy(value: string): number {
  if (value.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

// Keys published in providers' documentation, used in tutorials everywhere.
const DOCUMENTED_EXAMPLES = new Set([
  "AKIAIOSFODNN7EXAMPLE",
  "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  // https://jwt.io
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
  // https://docs.stripe.com/keys (test-mode examples)
  "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
  "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
  // MinIO's public playground (https://play.min.io), the keys its docs and `mc`'s default config give everyone
  "Q3AM3UQ867SPQQA43P2F",
  "zuf+tfteSlswRu7BJ86wekitnifILbZam1KYY3TG",
  // https://xkcd.com/936/, the passphrase every explanation of passphrases uses
  "correct horse battery staple",
  "correct-horse-battery-staple",
  "correcthorsebatterystaple",
  // https://learn.microsoft.com/azure/storage/common/storage-use-azurite (the emulator's well-known account)
  "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
  // Joomla's installation/configuration.php-dist, the `$secret` every download ships with
  "FBVtggIk5lAzEU9H",
]);
// Passwords that are a product's documented default, in URLs such as `postgres://postgres:postgres@localhost`.
// Mattermost's `mostest` (its sample config's `mmuser:mostest@localhost`).
const DEFAULT_PASSWORDS = new Set(["postgres", "root", "admin", "password", "pass", "secret", "guest", "test", "mysql", "redis", "user", "mostest"]);
// The first words of every list of the most common passwords: test fixtures and tutorials, no secret.
const COMMON_PASSWORDS = new Set([...DEFAULT_PASSWORDS, "passw0rd", "p@ssw0rd", "p@ssword", "letmein", "qwerty", "welcome", "demo", "default", "changeme", "hunter", "abc"]);

// Words that say a value stands in for a secret; a value must be made of words to be judged by them.
const MARKER_WORDS = new Set([
  "your", "yours", "changeme", "change", "replace", "replaceme", "example", "examples", "sample", "placeholder", "dummy", "fake",
  "redacted", "insert", "todo", "fixme", "tbd", "notreal", "here", "enter", "foo", "bar", "baz", "lorem", "ipsum", "mock", "xxx", "xxxx",
]);
// Words that fill such a value out: `your-api-key-here`, `sk_live_replace_me_with_your_key`, `change-this-to-a-long-random-string`.
const FILLER_WORDS = new Set([
  "my", "the", "a", "an", "to", "this", "that", "it", "me", "with", "for", "of", "in", "on", "goes", "go", "put", "set", "use", "add", "own",
  "new", "real", "actual", "some", "any", "value", "values", "api", "key", "keys", "secret", "token", "password", "passwd", "pass", "pwd",
  "access", "private", "public", "client", "id", "auth", "string", "long", "random", "strong", "generated", "generate", "app", "please",
  "prod", "production", "dev", "local", "staging", "test", "sk", "pk", "rk", "live", "ghp", "gho", "xoxb", "xoxp", "npm", "key's",
  "before", "deploy", "deploying", "something", "else", "not", "is", "secure", "at", "least", "chars", "characters", "bearer", "db",
  "database", "user", "username", "account", "service", "webhook", "url", "hook", "signing", "session", "jwt", "encryption",
  "super", "very", "top",
]);

/** True for `your-api-key-here`, `ghp_xxxx…`, `<password>`, `${DB_PASSWORD}`, `****`, `changeme`, a sample key block. */
export function isPlaceholder(value: string): boolean {
  if (DOCUMENTED_EXAMPLES.has(value) || hasDefaultUrlPassword(value) || isCommonPassword(value)) return true;
  if (value.startsWith("-----BEGIN")) return isPlaceholderKeyBlock(value);
  const url = /^[a-z][a-z0-9+.-]*:\/\/[^:@/\s]*:([^@/\s]*)@([^/:\s]*)/i.exec(value);
  // A URL is judged by its password; hosts under `example.*` (RFC 2606) are documentation.
  if (url) return isPlaceholder(url[1]!) || /(?:^|\.)example(?:\.[a-z]+)?$/i.test(url[2]!);
  return isTemplate(value) || isMasked(value) || isRepetitive(value) || isMadeOfPlaceholderWords(value) || isPasswordHash(value) || isSealedBySecretStore(value);
}

/**
 * Jenkins' `hudson.util.Secret` form, `{AQAAABAAAAA…}`: encrypted with the controller's own key, as credentials.xml
 * and job configs keep every password; the agent sees ciphertext.
 */
function isSealedBySecretStore(value: string): boolean {
  return value.startsWith("{AQAAAB") && /^\{AQAAAB[A-Za-z0-9+/]{16,}={0,2}\}$/.test(value);
}

/**
 * A password hash in crypt or PHC form (`$argon2id$v=19$…`, `$2b$12$…`, `$6$…`, Django's `pbkdf2_sha256$…`,
 * Jupyter's `argon2:$argon2id$…`): what a server checks a password against, not the password.
 */
function isPasswordHash(value: string): boolean {
  // Transmission's `rpc-password` once the daemon has read it: `{`, a salted SHA-1 in hex, the 8-character salt.
  if (value.startsWith("{")) return /^\{[0-9a-f]{40}[A-Za-z0-9./]{8}$/.test(value);
  // Every other form has a `$`: most values are ruled out before the patterns are compiled.
  if (!value.includes("$")) return false;
  return /^(?:argon2:|sha1:|sha256:)?\$(?:argon2(?:id|i|d)|2[abxy]?|[156]|5|y|gy|scrypt|pbkdf2(?:-sha\d+)?|sha\d+)\$/.test(value) || /^(?:pbkdf2_sha\d+|bcrypt(?:_sha256)?|argon2)\$/.test(value);
}

/** A value worth hiding: not a placeholder and random enough to be a credential. */
export function looksSecret(value: string, minEntropy: number): boolean {
  return !isPlaceholder(value) && entropy(value) >= minEntropy;
}

/** Template and variable syntax: `${DB_PASSWORD}`, `{{ .Values.token }}`, `<your-token>`, `%(password)s`, `%TOKEN%`, `$(cat f)`, `[REDACTED:…]`. */
function isTemplate(value: string): boolean {
  // None of `${`, `{{`, `%(` or `$(` occurs in base64, hex or the token alphabets.
  if (value.includes("${") || value.includes("{{") || value.includes("%(") || value.includes("$(") || value.includes("#{") || value.includes("%{")) return true;
  // Python's `str.format` fields in upper case, as Frigate and others substitute variables: `{FRIGATE_RTSP_PASSWORD}`.
  if (value.includes("{") && /\{[A-Z][A-Z0-9]*_[A-Z0-9_]+\}/.test(value)) return true;
  // A whole value that names a variable: `$API_TOKEN`, Windows' and NuGet's `%NUGET_TOKEN%`, PowerShell's `$env:TOKEN`.
  if (/^(?:\$(?:env:)?[A-Za-z_][A-Za-z0-9_]*|%[A-Za-z_][A-Za-z0-9_]*%)$/.test(value)) return true;
  // Supabase's `env(GITHUB_SECRET)`, `env:MJ_APIKEY_PRIVATE` (an upper-case variable named, as many configs'
  // loaders read it); Home Assistant's and Zigbee2MQTT's `!secret name`, `!secret.yaml name` (the value kept in another file).
  if ((value.startsWith("env") || value.startsWith("!secret")) && /^env(?:\([A-Za-z_][A-Za-z0-9_]*\)|:[A-Z_][A-Z0-9_]*)$|^!secret(?:\.yaml)?[ \t]+[\w.-]+$/.test(value)) return true;
  // `<password>`, `sk-<your key>`: angle brackets around words, anywhere in the value.
  if (/<[A-Za-z][\w .:-]*>/.test(value)) return true;
  // A command whose output is the value: mutt's and shells' backticks (`\`pass show mail\``).
  if (value.length > 2 && value.startsWith("`") && value.endsWith("`")) return true;
  return value.startsWith("[REDACTED");
}

/** Masking characters where the value should be: `sk-...`, `****`, `ghp_…`, `••••`. */
function isMasked(value: string): boolean {
  return /\*{3}|\.{3}|\u2026|\u2022{2}|#{4}/.test(value);
}

/**
 * Mostly one repeated character or a counting sequence (`xxxxxxxx`, `00000000`, `1234567890abcdef`):
 * judged on the longest run of letters and digits, so a prefix (`ghp_`, `AKIA`) does not hide it and a
 * short run inside a long random value (an OpenSSH key's `AAAAAAAA`) does not count.
 */
function isRepetitive(value: string): boolean {
  let longest = "";
  for (const part of value.split(/[^A-Za-z0-9]+/)) if (part.length > longest.length) longest = part;
  if (longest.length < 6) return false;
  let steady = 0;
  for (let i = 1; i < longest.length; i++) {
    const step = longest.charCodeAt(i) - longest.charCodeAt(i - 1);
    if (step === 0 || step === 1) steady++;
  }
  return steady / (longest.length - 1) >= 0.6;
}

/** A value spelled from words that say it is a stand-in: `your-api-key-here`, `changeme`, `REPLACE_WITH_TOKEN`. */
function isMadeOfPlaceholderWords(value: string): boolean {
  // Words split at separators, digits and camelCase humps: `yourApiKey` → your, api, key.
  const words = value.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z']+/).filter(Boolean);
  if (words.length === 0) return false;
  let marked = false;
  let covered = 0;
  for (const word of words) {
    if (MARKER_WORDS.has(word) || /^x{3,}$/.test(word)) marked = true;
    else if (!FILLER_WORDS.has(word)) continue;
    covered += word.length;
  }
  const letters = value.replace(/[^A-Za-z]/g, "").length;
  if (marked) return covered >= letters * 0.75;
  // Only the words secrets are named with, letters alone: `SuperSecretToken`, `my-db-password` name a secret.
  return words.length >= 2 && covered === letters && /^[A-Za-z_-]+$/.test(value) && words.some((word) => SECRET_NOUNS.has(word));
}

// What a secret is called: the last word of a key's name (`stripe-secret-key`, `github_token`).
const SECRET_NOUNS = new Set(["key", "keys", "secret", "secrets", "token", "tokens", "password", "passwd", "pwd", "pass", "credential", "credentials", "apikey", "dsn", "pat"]);

/**
 * A value spelled only from the words secrets are named with (`api-token`, `db_password`, `client-secret`),
 * or lower-case words ending in one (`stripe-secret-key`, `smtp_password`): the name of a key inside a
 * Secret or a vault entry (an ExternalSecret's `secretKey`), not its value.
 */
export function isKeyName(value: string): boolean {
  const words = value.toLowerCase().split(/[-_.]/);
  if (words.length < 2) return false;
  if (words.every((word) => FILLER_WORDS.has(word) || MARKER_WORDS.has(word))) return true;
  return value === value.toLowerCase() && SECRET_NOUNS.has(words[words.length - 1]!) && words.every((word) => /^[a-z]{2,}$/.test(word));
}

/** `password123`, `admin`, `Welcome1!`: a listed common password, a few digits or a counting run after it. */
function isCommonPassword(value: string): boolean {
  const base = /^([\s\S]*?)([0-9!@#$.]*)$/.exec(value.toLowerCase())!;
  if (!COMMON_PASSWORDS.has(base[1]!)) return false;
  const tail = base[2]!.replace(/[!@#$.]+$/, "");
  return tail.length <= 4 || isRepetitive(tail);
}

/** `scheme://user:pass@host` whose password is the user name or a documented default. */
function hasDefaultUrlPassword(value: string): boolean {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^:@/\s]*):([^@/\s]*)@/i.exec(value);
  if (!match) return false;
  const [, user, password] = match as unknown as [string, string, string];
  return isDefaultPassword(password, user);
}

export function isDefaultPassword(password: string, user: string | undefined): boolean {
  return password === user || DEFAULT_PASSWORDS.has(password.toLowerCase());
}
