/**
 * Token formats secretlint's recommended preset misses or gets wrong (it has no rule for most of these
 * providers, and keeps AWS key IDs off by default).
 * Formats are the providers' own, as documented by them and in gitleaks' public configuration
 * (https://github.com/gitleaks/gitleaks/blob/master/config/gitleaks.toml).
 */
import { commandLinePassword, configSetCommand, credentialFlag, inlinePassword, pipedPassword, sqlPassword, toolPassword } from "./command-lines.ts";
import { genericAssignment, genericDefine, genericElement, genericNamedValueElement, inFirebaseWebConfig, shortNameAssignment } from "./generic.ts";
import { genericDirectiveArgument, genericFallback, genericKeywordArgument, genericNestedValue, genericTuple, genericPair, genericPassphrase, genericSpacedSetting, namedKey, plistPair } from "./generic-forms.ts";
import { hex32After } from "./keyword-context.ts";
import type { ProviderGate } from "./provider-gate.ts";
import { curlConfigUser, dovecotPlainPassword, mongoShellAuth, openvpnAuthFile, zigbeeNetworkKey } from "./service-files.ts";
import { awsSecretBesideId, credentialCall, csvPasswordColumn, davfsSecrets, hexchatServerPassword, natsNkeySeed, publishProfilePassword, secretsFileSetting, uciSecretOption, deviceConfigPassword, eximPasswdClient, pppSecrets, rsyncSecrets, zerotierIdentity, fetchmailPassword, haproxyInsecurePassword, netscapeCookie, otpauthSecret, pgbouncerUserlist, preseedPassword, recoveryCodes, redisAclPassword, saslPasswd, subversionPassword, terraformSensitiveOutput, userPasswordAuth } from "./tool-configs.ts";
import { base64Kubeconfig, extendedPrivateKey, mnemonicPhrase, rsaParametersJson, signatureToolSecretKey, solanaKeypair, wifPrivateKey } from "./wallets.ts";
import { isDefaultPassword } from "./values.ts";

/** A format: its gate (provider-gate.ts), then its pattern and the checks on what the pattern finds. */
export interface Provider extends ProviderGate {
  /**
   * Makes the pattern: global, with indices (`gd`). Called once per process (provider-rule.ts keeps it): V8
   * parses a RegExp when it is created, and most texts open no provider's gate.
   */
  pattern: () => RegExp;
  /** The capture group(s) holding the secret, the first that matched; the whole match when absent. */
  group?: string | readonly string[];
  /** Entropy floor of the secret, in bits per character (placeholders are low). */
  minEntropy?: number;
  /** A last check on the secret and its match; `text` is the whole text and `at` the secret's offset in it (a line-scoped match sees only its lines); `filePath` the file read, if any. */
  accept?: (value: string, match: RegExpExecArray, text: string, at: number, filePath: string | undefined) => boolean;
}

/** Whether the JSON object around `at` is a JWK (has `"kty"`): `"d"` alone is any one-letter field. */
function jwkObjectAround(text: string, at: number): boolean {
  const open = text.lastIndexOf("{", at);
  const close = text.indexOf("}", at);
  return open !== -1 && close !== -1 && text.slice(open, close).includes('"kty"');
}

const base64HasColon = (value: string) => Buffer.from(value, "base64").toString("latin1").includes(":");

/** A URL with no credentials and no query, or an e-mail address. */
function isPublicAddress(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\/[^\s@?#]+$/i.test(value) || /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/.test(value);
}

/** The text a base64 value stands for, when it is printable. */
function decodedBase64(value: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) return undefined;
  const text = Buffer.from(value, "base64").toString("latin1");
  return /^[\x20-\x7e]*$/.test(text) ? text : undefined;
}

/** A JWT's claims (base64url JSON) saying it is a Supabase project's anon key: `"iss":"supabase"` and `"role":"anon"`. */
function isSupabaseAnonKey(claims: string): boolean {
  try {
    const parsed = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as Record<string, unknown>;
    return parsed.iss === "supabase" && parsed.role === "anon";
  } catch {
    return false;
  }
}

export const PROVIDERS: readonly Provider[] = [
  // The preset finds key ids only with enableIDScanRule, which also runs a costly account-id pattern (ids are not secrets).
  { kind: "aws-access-key", keywords: ["akia", "asia", "a3t", "agpa", "aida", "aroa", "aipa", "anpa", "anva"], pattern: () => /\b(?:A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16}\b/gd },
  // Not in a Firebase web app's config (`apiKey` beside `authDomain`): Firebase documents that key as public, it
  // only names the project (https://firebase.google.com/docs/projects/api-keys). Any other AIza key is secret.
  { kind: "google-api-key", keywords: ["aiza"], pattern: () => /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/gd, accept: (_value, _match, text, at) => !inFirebaseWebConfig(text, at) },
  { kind: "stripe-key", keywords: ["_live_", "_test_"], pattern: () => /\b(?:sk|rk)_(?:live|test)_[0-9a-zA-Z]{24,99}\b/gd },
  // `sk` is in `ask` and `task`: only one before 32 hex digits counts.
  { kind: "twilio-api-key", keywords: ["sk"], keywordContext: hex32After, pattern: () => /\bSK[0-9a-f]{32}\b/gd },
  // Supabase's anon key is made for the browser (row-level security guards the data): its claims say so.
  { kind: "jwt", keywords: ["eyj"], pattern: () => /\beyJ[A-Za-z0-9_-]{10,}\.(?<claims>eyJ[A-Za-z0-9_-]{10,})\.[A-Za-z0-9_-]{10,}/gd, accept: (_value, match) => !isSupabaseAnonKey(match.groups!.claims!) },
  { kind: "azure-storage-key", keywords: ["accountkey="], pattern: () => /AccountKey=(?<secret>[A-Za-z0-9+/]{86}==)/gd, group: "secret" },
  // Service Bus, Event Hubs, IoT Hub and SignalR connection strings: a SAS key of 32 bytes or more.
  { kind: "azure-shared-access-key", keywords: ["sharedaccesskey=", "primarykey=", "accesskey="], pattern: () => /\b(?:SharedAccessKey|PrimaryKey|SecondaryKey|AccessKey)=(?<secret>[A-Za-z0-9+/]{42,86}[A-Za-z0-9+/=]{2})(?![A-Za-z0-9+/=])/gd, group: "secret" },
  {
    kind: "azure-sas-signature",
    keywords: ["sig="],
    // A shared access signature's `sig` (HMAC-SHA256, base64, often URL-encoded) in a URL or connection string
    // that also carries the signed version `sv=`: whoever holds the URL holds the access.
    // Base64 or, in Logic Apps' trigger URLs, base64url.
    pattern: () => /[?&;]sig=(?<secret>(?:[A-Za-z0-9+/_-]|%2[BbFf]){40,200}(?:=|%3[Dd]){0,2})(?![A-Za-z0-9+/_%=-])/gd,
    group: "secret",
    lineScoped: true,
    // Storage's `sv=2024-08-04`, Logic Apps' and Teams workflows' `sv=1.0&sig=`.
    accept: (_value, match) => /[?&;=]sv=\d/.test(match.input),
  },
  { kind: "azure-client-secret", keywords: ["q~"], pattern: () => /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/gd },
  {
    kind: "docker-auth",
    keywords: ['"auth"'],
    pattern: () => /"auth"\s*:\s*"(?<secret>[A-Za-z0-9+/]{12,}={0,2})"/gd,
    group: "secret",
    accept: base64HasColon,
  },
  {
    kind: "url-password",
    keywords: ["://"],
    // Passwords in any URL, including the characters and schemes (redis, amqp, smtp…) secretlint's rules leave out.
    pattern: () => /\b[a-z][a-z0-9+.-]{1,20}:\/\/(?<user>[^\s:@/"'`<>[\]]{0,100}):(?<secret>[^\s@/"'`<>[\]]{3,200})@[\w.-]+/gd,
    group: "secret",
    minEntropy: 2,
    // A match is one line with an `@`: a URL without credentials, in most texts, compiles nothing.
    lineScoped: true,
    lineNeeds: [["@"]],
    accept: (value, match) => !isDefaultPassword(value, match.groups?.user),
  },
  {
    kind: "database-connection-string",
    keywords: ["@tcp(", "@unix("],
    // Go's MySQL driver DSN, which has no scheme: `user:password@tcp(host:3306)/db`.
    pattern: () => /(?<![\w.-])(?<user>[\w.-]{1,100}):(?<secret>[^\s@"'`]{3,200})@(?:tcp|unix)\(/gd,
    group: "secret",
    lineScoped: true,
    minEntropy: 2,
    accept: (value, match) => !isDefaultPassword(value, match.groups?.user),
  },
  {
    kind: "database-connection-string",
    keywords: ["connect", "pdo(", "mysqli"],
    lineNeeds: [["dbi->connect", "pdo(", "mysqli", "getconnection(", "pymysql.connect", "mysqldb.connect"]],
    // A database driver's connect call with the password as its third argument, a literal: Perl's
    // `DBI->connect($dsn, "app", "…")`, PHP's `new PDO($dsn, 'app', '…')` and `mysqli_connect`, JDBC's
    // `DriverManager.getConnection(url, "app", "…")`, Python's positional `pymysql.connect`.
    pattern: () =>
      /\b(?:DBI->connect|new[ \t]+PDO|mysqli_connect|new[ \t]+mysqli|DriverManager\.getConnection|pymysql\.connect|MySQLdb\.connect)[ \t]*\([^,()\n]+,[^,()\n]+,[ \t]*(?<q>["'])(?<secret>[^"'\n]{4,200})\k<q>/gd,
    group: "secret",
    lineScoped: true,
    minEntropy: 2.5,
    accept: (value) => !isDefaultPassword(value, undefined),
  },
  {
    kind: "generic-secret",
    keywords: ["dns"],
    // Caddy's DNS challenge: `dns cloudflare <API token>` (the token is the provider's argument, unnamed).
    pattern: () => /^[ \t]*dns[ \t]+[a-z0-9_]+[ \t]+(?<secret>[A-Za-z0-9_-]{20,200})[ \t]*\r?$/gdm,
    group: "secret",
    lineScoped: true,
    minEntropy: 3.5,
    files: ["Caddyfile", "*.caddyfile", "Caddyfile.*"],
  },
  {
    kind: "private-key",
    keywords: ["openvpn static key"],
    // OpenVPN's `--tls-auth`/`--tls-crypt` key (`openvpn --genkey`): whoever holds it passes the TLS handshake's HMAC.
    pattern: () => /-----BEGIN OpenVPN Static key V1-----\r?\n(?<secret>(?:[0-9a-f]{32}\r?\n){8,})-----END OpenVPN Static key V1-----/gd,
    group: "secret",
  },
  {
    kind: "generic-secret",
    keywords: ["psk"],
    // IPsec's pre-shared key in ipsec.secrets: `[selectors] : PSK "…"`.
    pattern: () => /(?:^|[ \t]):[ \t]*PSK[ \t]+"(?<secret>[^"\n]{6,200})"/gdm,
    group: "secret",
    lineScoped: true,
    minEntropy: 3,
  },
  {
    kind: "generic-secret",
    keywords: ["bindpw", "rootpw"],
    // OpenLDAP's and nss/pam-ldap's bind password (`BINDPW …` in ldap.conf, `rootpw …` in slapd.conf); `{SSHA}…` is a hash.
    // A kickstart's `rootpw --plaintext …` (its `--iscrypted` value is a crypt hash, `--lock` sets none).
    pattern: () => /^[ \t]*(?:bindpw|rootpw)[ \t]+(?:--plaintext[ \t]+)?(?<secret>[^\s{-][^\s]{5,200})[ \t]*\r?$/gdim,
    group: "secret",
    lineScoped: true,
    minEntropy: 3,
  },
  {
    kind: "generic-secret",
    keywords: ["${"],
    // Robot Framework's variable table: `${PASSWORD}    …` (two or more blanks between).
    pattern: () => /^\$\{(?<name>[\w ]*(?:password|passwd|secret|token|api[_ ]?key))\}(?:[ ]{2,}|\t)[ \t]*(?<secret>[^\s$%@&][^\s]{5,200})[ \t]*\r?$/gdim,
    group: "secret",
    lineScoped: true,
    minEntropy: 3,
    files: ["*.robot", "*.resource"],
  },
  {
    kind: "generic-secret",
    // The keyword is on the outer element's line; the value on the next.
    keywords: ["password>", "passwd>", "secret>", "token>"],
    // A value element inside one named after a password (Windows' unattend.xml `<AdministratorPassword><Value>…`).
    pattern: () => /<(?<name>[A-Za-z]*(?:Password|Passwd|Secret|Token))(?:[ \t][^<>\n]*)?>\s*<Value>(?<secret>[^<\s]{6,4096})<\/Value>/gd,
    group: "secret",
    lineScoped: true,
    nextLine: true,
    minEntropy: 3,
    accept: (value) => value !== "*SENSITIVE*DATA*DELETED*",
  },
  {
    kind: "generic-secret",
    keywords: ["community"],
    // SNMP's community string, its password (`rocommunity X 10.0.0.0/8`, `community: X`); `public`/`private` are defaults.
    pattern: () => /^[ \t]*(?:r[ow]community6?[ \t]+|(?:snmp[_-]?)?community(?:[_-]?string)?[ \t]*[:=][ \t]*["']?)(?<secret>[^\s"'#]{6,200})/gdim,
    group: "secret",
    lineScoped: true,
    minEntropy: 3,
    accept: (value) => !/^(?:public|private)$/i.test(value),
  },
  {
    kind: "kubernetes-secret",
    keywords: ["kind: secret"],
    // Each value under `data:`/`stringData:` in a file with a `kind: Secret` manifest.
    pattern: () => /(?<=^(?:data|stringData):[ \t]*\n(?:[ \t]+[\w.-]+:[^\n]*\n)*)[ \t]+[\w.-]+:[ \t]*["']?(?<secret>[^\s"'#]{6,})/gdm,
    group: "secret",
    minEntropy: 2.5,
    // Argo CD's and Flux's repository Secrets hold the URL beside the credentials: an address is no secret.
    accept: (value) => !isPublicAddress(value) && !isPublicAddress(decodedBase64(value) ?? ""),
  },
  { kind: "heroku-api-key", keywords: ["heroku"], pattern: () => /heroku[\w.-]{0,20}["']?\s*[=:]\s*["']?(?<secret>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/gdi, group: "secret" },
  // A bot token's three parts anywhere in a file that speaks of Discord (`client.login("M…")` with discord.js).
  { kind: "discord-token", keywords: ["discord"], pattern: () => /(?<![\w.-])[MN][A-Za-z\d]{23,25}\.[\w-]{6}\.[\w-]{27,38}(?![\w-])/gd },
  { kind: "discord-webhook", keywords: ["discord"], pattern: () => /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d{17,20}\/(?<secret>[\w-]{60,70})/gd, group: "secret" },
  { kind: "telegram-bot-token", keywords: [":aa"], pattern: () => /\b\d{8,10}:AA[0-9A-Za-z_-]{33}(?![0-9A-Za-z_-])/gd },
  { kind: "pypi-token", keywords: ["pypi-ageichlwas5vcmc"], pattern: () => /pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/gd },
  { kind: "gitlab-token", keywords: ["glpat-", "glptt-", "gldt-"], pattern: () => /\b(?:glpat|glptt|gldt)-[0-9A-Za-z_-]{20}(?![0-9A-Za-z_-])/gd },
  { kind: "mailgun-api-key", keywords: ["key-"], pattern: () => /\bkey-[0-9a-f]{32}\b/gd },
  { kind: "mailchimp-api-key", keywords: ["-us"], pattern: () => /\b[0-9a-f]{32}-us\d{1,2}\b/gd },
  {
    kind: "datadog-api-key",
    keywords: ["datadog", "dd_"],
    pattern: () => /(?:datadog|dd)[\w.-]{0,20}(?:api|app)[_-]?key["']?\s*[=:]\s*["']?(?<secret>[0-9a-f]{32}(?:[0-9a-f]{8})?)\b/gdi,
    group: "secret",
  },
  { kind: "digitalocean-token", keywords: ["_v1_"], pattern: () => /\bdo[opr]_v1_[a-f0-9]{64}\b/gd },
  { kind: "atlassian-token", keywords: ["atatt3"], pattern: () => /\bATATT3[A-Za-z0-9_=-]{150,250}/gd },
  { kind: "postman-api-key", keywords: ["pmak-"], pattern: () => /\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b/gd },
  { kind: "new-relic-key", keywords: ["nrak-", "nrjs-", "nrii-"], pattern: () => /\b(?:NRAK|NRJS|NRII)-[A-Za-z0-9]{19,32}\b/gd },
  { kind: "supabase-token", keywords: ["sbp_"], pattern: () => /\bsbp_[a-f0-9]{40}\b/gd },
  { kind: "sentry-token", keywords: ["sntrys_", "sntryu_"], pattern: () => /\bsntry[su]_[A-Za-z0-9+/=_]{40,}/gd },
  { kind: "sentry-dsn", keywords: ["sentry"], pattern: () => /https:\/\/(?<secret>[0-9a-f]{32})@[\w.-]*sentry\.io\/\d+/gd, group: "secret" },
  { kind: "age-secret-key", keywords: ["age-secret-key-1"], pattern: () => /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/gd },
  // wg-quick's `PrivateKey =`, NetworkManager's keyfile `private-key=` and `preshared-key=`.
  { kind: "wireguard-private-key", keywords: ["privatekey", "presharedkey", "private-key", "preshared-key"], pattern: () => /^\s*(?:PrivateKey|PresharedKey|private-key|preshared-key)\s*=\s*(?<secret>[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=)/gdm, group: "secret" },
  {
    kind: "wireguard-private-key",
    keywords: [],
    // `wg genkey > wg0.key`: a file that is the key alone, 32 bytes in base64.
    pattern: () => /^\s*(?<secret>[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=)\s*$/gd,
    group: "secret",
    files: ["*.key", "privatekey", "*.privatekey", "*_privatekey", "*-privatekey"],
  },
  {
    kind: "secret-key-file",
    keywords: [],
    // A key file that is one random token (Rails' config/master.key, a symmetric key saved by a tool).
    // Dots too: `~/.vault-token` holds `hvs.…`.
    pattern: () => /^\s*(?<secret>[A-Za-z0-9+/=_.-]{16,512})\s*$/gd,
    group: "secret",
    minEntropy: 3.2,
    // Jenkins' first-start `secrets/initialAdminPassword`: 32 hex digits.
    files: ["*.key", "master.key", "privatekey", "*.privatekey", "*_privatekey", "*-privatekey", ".vault-token", "initialAdminPassword"],
  },
  {
    kind: "secret-key-file",
    keywords: [],
    // MongoDB's replica-set key file (`openssl rand -base64 756`), wrapped at 76 columns.
    pattern: () => /^\s*(?<secret>[A-Za-z0-9+/=]{16,}(?:\r?\n[A-Za-z0-9+/=]{16,}){0,40})\s*$/gd,
    group: "secret",
    minEntropy: 4,
    files: ["keyfile", "*.keyfile", "*-keyfile", "*_keyfile", "keyfile.txt"],
  },
  {
    kind: "secret-key-file",
    keywords: [],
    // 1Password Connect's `1password-credentials.json`: one base64url token (encrypted credentials with their key).
    pattern: () => /^\s*(?<secret>[A-Za-z0-9_-]{64,65536}={0,2})\s*$/gd,
    group: "secret",
    minEntropy: 4,
    files: ["1password-credentials.json"],
  },
  {
    kind: "password-file",
    keywords: [],
    // A file that is one password or token: Ansible's vault password file, Hugging Face's cached token.
    pattern: () => /^\s*(?<secret>\S{6,512})\s*$/gd,
    group: "secret",
    minEntropy: 2.5,
    files: ["vault_pass", "vault_pass.txt", ".vault_pass", ".vault_pass.txt", "vault-password", "vault-password.txt", ".vault-password", ".vault_password", "**/huggingface/token", "**/.huggingface/token"],
  },
  {
    kind: "ethereum-private-key",
    keywords: ["priv", "wallet", "mnemonic", "signer", "deployer", "accounts", "_pk", "pk="],
    // A 64-hex-digit value is only a key when its name says so (hardhat's `accounts: ["0x…"]` included): SHA-256
    // hashes and transaction ids look the same.
    pattern: () => /(?:private|priv|wallet|signer|deployer|mnemonic|accounts|\bpk|_pk)[\w.-]{0,20}["']?\s*[=:]\s*\[?\s*["']?(?<secret>(?:0x)?[a-fA-F0-9]{64})\b/gdi,
    group: "secret",
  },
  { kind: "cloudflare-api-key", keywords: ["cloudflare", "cf_"], pattern: () => /(?:cloudflare|cf)[\w.-]{0,20}key["']?\s*[=:]\s*["']?(?<secret>[a-f0-9]{37})\b/gdi, group: "secret" },
  { kind: "square-token", keywords: ["sq0atp-", "sq0csp-", "eaaa"], pattern: () => /\b(?:sq0atp-[\w-]{22}|sq0csp-[\w-]{43}|EAAA[\w-]{60})(?![\w-])/gd },
  { kind: "alibaba-access-key", keywords: ["ltai"], pattern: () => /\bLTAI[a-zA-Z0-9]{20}\b/gd },
  { kind: "doppler-token", keywords: ["dp.pt.", "dp.st.", "dp.ct.", "dp.sa."], pattern: () => /\bdp\.(?:pt|st|ct|sa)\.(?:[a-z0-9_-]{2,35}\.)?[a-zA-Z0-9]{40,44}\b/gd },
  { kind: "okta-token", keywords: ["okta"], pattern: () => /okta[\w.-]{0,20}["']?\s*[=:]\s*["']?(?<secret>00[\w-]{40})\b/gdi, group: "secret" },
  { kind: "hashicorp-vault-token", keywords: ["hvs.", "hvb."], pattern: () => /\bhv[sb]\.[\w-]{90,200}/gd },
  { kind: "tailscale-key", keywords: ["tskey-"], pattern: () => /\btskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{6,}-[A-Za-z0-9]{16,}(?![A-Za-z0-9])/gd },
  { kind: "resend-api-key", keywords: ["re_"], pattern: () => /\bre_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}(?![A-Za-z0-9])/gd, accept: (value) => /\d/.test(value) && /[A-Z]/.test(value) },
  { kind: "rubygems-api-key", keywords: ["rubygems_"], pattern: () => /\brubygems_[a-f0-9]{48}\b/gd },
  { kind: "grafana-token", keywords: ["glsa_", "glc_", "eyjrijoi"], pattern: () => /\b(?:glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|glc_[A-Za-z0-9+/]{32,400}={0,2}|eyJrIjoi[A-Za-z0-9]{70,400}={0,2})(?![A-Za-z0-9+/=_])/gd },
  {
    kind: "http-authorization",
    keywords: ["bearer", "basic "],
    // The credentials of an `Authorization` header written into code, a request file or a command: a bearer
    // token (letters and digits mixed: `Bearer authentication` is prose) or Basic's base64 of `user:pass`.
    pattern: () => /\b(?:Bearer[ \t]+(?<bearer>[A-Za-z0-9._~+/-]{16,4096}=*)|Basic[ \t]+(?<basic>[A-Za-z0-9+/]{8,4096}={0,2}))(?![A-Za-z0-9._~+/=-])/gdi,
    group: ["bearer", "basic"],
    lineScoped: true,
    minEntropy: 3,
    accept: (value, match) => (match.groups?.basic !== undefined ? base64HasColon(value) : /\d/.test(value) && /[A-Za-z]/.test(value)),
  },
  { kind: "huggingface-token", keywords: ["hf_"], pattern: () => /\bhf_[a-zA-Z]{34}\b/gd },
  { kind: "sendgrid-api-key", keywords: ["sg."], pattern: () => /(?<![\w.])SG\.[\w-]{22}\.[\w-]{43}(?![\w-])/gd },
  { kind: "django-secret-key", keywords: ["secret_key"], pattern: () => /\bSECRET_KEY\s*=\s*(["'])(?<secret>[^"'\n]{40,100})\1/gd, group: "secret" },
  {
    kind: "private-key",
    keywords: ["private key"],
    // Every PEM private key, EC and PKCS#8 Ed25519 included, also with `\n` escapes inside JSON strings.
    pattern: () => /-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----(?:\\n|\s)[\s\S]{20,20000}?-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----/gd,
    minEntropy: 4,
  },
  {
    kind: "putty-private-key",
    keywords: ["putty-user-key-file-"],
    // PuTTY's .ppk: the base64 lines after `Private-Lines: N` (encrypted or not) and the MAC that checks them.
    // Indented too: a key pasted into a YAML block.
    pattern: () => /^[ \t]*PuTTY-User-Key-File-\d+:[^\n]*\n[\s\S]{0,4000}?^[ \t]*Private-Lines: \d+\r?\n(?<secret>(?:[ \t]*[A-Za-z0-9+/=]+\r?\n?)+(?:[ \t]*Private-MAC: [0-9a-f]+)?)/gdm,
    group: "secret",
  },
  {
    kind: "jwk-private-key",
    keywords: ['"kty"'],
    // The private members of a JSON Web Key (RFC 7518 §6): `d` (EC, OKP, RSA), RSA's primes and CRT values, `k` (oct).
    pattern: () => /"(?:d|p|q|dp|dq|qi|k)"\s*:\s*"(?<secret>[A-Za-z0-9_-]{16,})"/gd,
    group: "secret",
    accept: (_value, _match, text, at) => jwkObjectAround(text, at),
  },
  {
    kind: "url-token",
    keywords: ["/t/", "/bot"],
    // A token as a path segment of a URL: conda channels (`https://conda.anaconda.org/t/<token>/channel`) and
    // the Telegram Bot API (`https://api.telegram.org/bot<id>:<token>/sendMessage`).
    pattern: () => /:\/\/[^\s/"'`]+(?:\/[^\s/"'`]+)*?\/(?:t\/(?<conda>[A-Za-z0-9_-]{16,200})|bot\d{6,12}:(?<bot>[A-Za-z0-9_-]{20,200}))(?=[/?#"'`\s]|$)/gdm,
    group: ["conda", "bot"],
    lineScoped: true,
    minEntropy: 3,
    accept: (value) => /\d/.test(value) && /[A-Za-z]/.test(value),
  },
  {
    kind: "generic-secret",
    // A key or token under a label of words, as tools print them and people paste them into notes:
    // `vault operator init`'s `Unseal Key 1: …` and `Initial Root Token: …`, `Recovery Key 2: …`, `API Key: …`.
    // Never in source code (`notInCode`), where ` key:` is every object literal's.
    keywords: ["unseal key", "recovery key", " key:", " token:"],
    notInCode: true,
    pattern: () => /^[ \t]*(?:[A-Z][A-Za-z]*[ \t]+){1,3}(?:Key|Token)(?:[ \t]+\d{1,2})?:[ \t]+(?<secret>[A-Za-z0-9+/=_.-]{20,512})[ \t]*\r?$/gdm,
    group: "secret",
    lineScoped: true,
    minEntropy: 3.5,
    // Not a key's id or fingerprint in hex (`Signing Key: 0x9F3C…`).
    accept: (value) => /\d/.test(value) && /[A-Z]/.test(value) && /[a-z]/.test(value) && !/^(?:0x)?[0-9A-Fa-f]+$/.test(value),
  },
  {
    kind: "generic-secret",
    keywords: ["bundle_"],
    // Bundler's credentials for a gem server, keyed by its host (`BUNDLE_GEMS__ACME__IO: "user:password"`).
    pattern: () => /\bBUNDLE_[A-Z0-9_]*__[A-Z0-9_]+["']?[ \t]*[:=][ \t]*["']?[^\s:"']+:(?<secret>[^\s"']{6,200})/gd,
    group: "secret",
    lineScoped: true,
    minEntropy: 3,
    accept: (value) => !isDefaultPassword(value, undefined) && !value.startsWith("$"),
  },
  { kind: "kubeconfig-credential", keywords: ["client-key-data"], pattern: () => /client-key-data:\s*(?<secret>[A-Za-z0-9+/=]{40,})/gd, group: "secret" },
  {
    kind: "private-key",
    // `LS0tLS1CRUdJTi…`: a PEM private key in base64, as Helm values (`tls.key: …`), kubeconfigs and CI variables
    // hold it; a certificate wrapped the same way is public. After kubeconfig-credential: on the same span, the
    // first kind reported is kept, and that one says more.
    keywords: ["ls0tls1crudjti"],
    pattern: () => /LS0tLS1CRUdJTi[A-Za-z0-9+/]{16,40000}={0,2}/gd,
    minEntropy: 4,
    accept: (value) => Buffer.from(value.slice(0, 64), "base64").toString("latin1").includes("PRIVATE KEY"),
  },
  { kind: "npmrc-auth", keywords: ["_auth", "_password"], pattern: () => /^\s*(?:\/\/[^\s=]*:)?_(?:auth|authToken|password)\s*=\s*(?<secret>[^\s$].*\S)/gdm, group: "secret", minEntropy: 2.5 },
  // redis.conf's lines, and the same options on `redis-server`'s command line (`--requirepass …`).
  { kind: "redis-password", keywords: ["requirepass", "masterauth"], pattern: () => /(?:^[ \t]*|[ \t]--)(?:requirepass|masterauth)[ \t]+["']?(?<secret>[^\s"'$]{6,})/gdm, group: "secret", minEntropy: 2.5 },
  // Sentinel's `sentinel auth-pass <master> <password>` (sentinel.conf).
  { kind: "redis-password", keywords: ["auth-pass"], pattern: () => /^[ \t]*sentinel[ \t]+auth-pass[ \t]+\S+[ \t]+["']?(?<secret>[^\s"'$]{6,})/gdm, group: "secret", minEntropy: 2.5 },
  { kind: "netrc-password", keywords: ["password"], pattern: () => /\bpassword\s+(?<secret>\S+)/gd, group: "secret", minEntropy: 2, files: [".netrc", "_netrc"] },
  { kind: "pgpass-password", keywords: [], pattern: () => /^[^#\n:]*:[^:\n]*:[^:\n]*:[^:\n]*:(?<secret>[^\n]+)$/gdm, group: "secret", minEntropy: 2, files: [".pgpass", "pgpass.conf"] },
  redisAclPassword,
  pgbouncerUserlist,
  subversionPassword,
  saslPasswd,
  openvpnAuthFile,
  mongoShellAuth,
  dovecotPlainPassword,
  zigbeeNetworkKey,
  curlConfigUser,
  preseedPassword,
  deviceConfigPassword,
  haproxyInsecurePassword,
  userPasswordAuth,
  fetchmailPassword,
  netscapeCookie,
  csvPasswordColumn,
  otpauthSecret,
  recoveryCodes,
  terraformSensitiveOutput,
  solanaKeypair,
  mnemonicPhrase,
  extendedPrivateKey,
  wifPrivateKey,
  signatureToolSecretKey,
  rsaParametersJson,
  base64Kubeconfig,
  pppSecrets,
  rsyncSecrets,
  eximPasswdClient,
  davfsSecrets,
  zerotierIdentity,
  awsSecretBesideId,
  natsNkeySeed,
  uciSecretOption,
  publishProfilePassword,
  credentialCall,
  hexchatServerPassword,
  secretsFileSetting,
  commandLinePassword,
  credentialFlag,
  inlinePassword,
  toolPassword,
  pipedPassword,
  configSetCommand,
  sqlPassword,
  genericAssignment,
  shortNameAssignment,
  genericElement,
  genericNamedValueElement,
  genericDefine,
  genericPair,
  genericKeywordArgument,
  genericDirectiveArgument,
  genericTuple,
  genericSpacedSetting,
  genericNestedValue,
  plistPair,
  genericFallback,
  namedKey,
  genericPassphrase,
];
