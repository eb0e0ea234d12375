/**
 * Secrets in the files of daemons and tools that have their own syntax, where no `password =` names them:
 * Redis ACLs, PgBouncer's auth file, Subversion's cached credentials, Postfix's `sasl_passwd`, Debian preseed
 * answers, network devices' configs, HAProxy users, fetchmail, Netscape cookie files, password columns of CSV
 * exports, TOTP seeds and recovery codes, Terraform's sensitive outputs.
 */
import { isProse } from "./generic.ts";
import { inFirstLine, recoveryOrBackupBefore, subversionPasswordKey } from "./keyword-context.ts";
import type { Provider } from "./providers.ts";

/** `user app on >S3cret ~* +@all`: a Redis ACL rule's `>` adds a plain-text password (`#<sha256>` adds a hash). */
export const redisAclPassword: Provider = {
  kind: "redis-password",
  keywords: ["user "],
  lineScoped: true,
  // An ACL line has a `>` rule and one of its other rule shapes (`on`, `off`, key patterns, categories).
  lineNeeds: [[" >"], [" on", " off", "~", "+@", "&"]],
  notInCode: true,
  pattern: () => /^[ \t]*(?:ACL[ \t]+SETUSER|user)[ \t]+[^\s>]+(?:[ \t]+[^\s>]\S*)*?[ \t]+>(?<secret>\S{6,512})/gdim,
  group: "secret",
  minEntropy: 2.5,
};

/** PgBouncer's `auth_file`: `"user" "password"`, one user a line; `md5…` and `SCRAM-SHA-256$…` are hashes. */
export const pgbouncerUserlist: Provider = {
  kind: "generic-secret",
  keywords: ['" "'],
  lineScoped: true,
  notInCode: true,
  pattern: () => /^"[^"\s]{1,64}"[ \t]+"(?<secret>[^"\n]{6,512})"[ \t]*\r?$/gdm,
  group: "secret",
  minEntropy: 2.5,
  accept: (value) => !/^(?:md5[0-9a-f]{32}|SCRAM-SHA-256\$)/.test(value) && !isProse(value),
};

/** Subversion's `~/.subversion/auth/svn.simple/<hash>`: `K 8` / `password` / `V <length>` / the password. */
export const subversionPassword: Provider = {
  kind: "generic-secret",
  // `password` is other rules' keyword already; it counts here only as a line of its own after `K 8`.
  keywords: ["password"],
  keywordContext: subversionPasswordKey,
  pattern: () => /^K 8\r?\npassword\r?\nV \d+\r?\n(?<secret>[^\r\n]+)/gdm,
  group: "secret",
  minEntropy: 2,
};

/** Postfix's `sasl_passwd`: `[smtp.example.com]:587 user:password` (a Gmail app password holds blanks). */
export const saslPasswd: Provider = {
  kind: "generic-secret",
  keywords: ["]:"],
  lineScoped: true,
  notInCode: true,
  pattern: () => /^[ \t]*\[[\w.-]+\](?::\d{1,5})?[ \t]+[^\s:]+:(?<secret>[^\r\n]*[^\s])[ \t]*\r?$/gdm,
  group: "secret",
  minEntropy: 2.5,
};

/** A Debian preseed answer: `d-i passwd/root-password password …` (the `-crypted` questions hold hashes). */
export const preseedPassword: Provider = {
  kind: "generic-secret",
  // `passwd` is other rules' keyword already: no search of its own.
  keywords: ["passwd"],
  lineScoped: true,
  lineNeeds: [["passwd/"]],
  pattern: () => /^[ \t]*d-i[ \t]+passwd\/[\w-]*password(?:-again)?[ \t]+password[ \t]+(?<secret>[^\r\n]*[^\s])/gdm,
  group: "secret",
  minEntropy: 2,
};

/**
 * Network devices' configs (Cisco IOS and those that copy it): `username admin password 0 …` (type 0 is clear
 * text, type 7 a reversible scramble: both secret; 5, 8 and 9 are hashes), `tacacs-server key 7 …`, and
 * `snmp-server community … RO` (a community is a password; `public` and `private` are the defaults).
 */
export const deviceConfigPassword: Provider = {
  kind: "generic-secret",
  // Other rules' keywords already (no search of their own), narrowed to the lines of this shape.
  keywords: ["password", "secret", "community"],
  lineScoped: true,
  lineNeeds: [[" 0 ", " 7 ", "snmp-server community "]],
  notInCode: true,
  pattern: () => /(?:(?:^|[ \t])(?:password|secret|key|key-string)[ \t]+[07][ \t]+|^[ \t]*snmp-server[ \t]+community[ \t]+)(?<secret>[^\s]{4,256})/gdm,
  group: "secret",
  minEntropy: 2,
  accept: (value) => value !== "public" && value !== "private",
};

/** HAProxy's `user ops insecure-password …` in a userlist (`password` there takes a crypt hash). */
export const haproxyInsecurePassword: Provider = {
  kind: "generic-secret",
  keywords: ["password"],
  lineScoped: true,
  lineNeeds: [["insecure-password"]],
  pattern: () => /\binsecure-password[ \t]+(?<secret>[^\s]{4,256})/gd,
  group: "secret",
  minEntropy: 2,
};

/**
 * `user:password` under a name ending in `auth`: Beats' `cloud.auth: "elastic:…"`, HAProxy's `stats auth
 * admin:…`, `basic_auth: user:…`. A URL (`auth: https://…`), an e-mail address and a hash (`$2y$…`) are not.
 */
export const userPasswordAuth: Provider = {
  kind: "generic-secret",
  keywords: ["auth:", "auth "],
  lineScoped: true,
  lineNeeds: [[":"]],
  pattern: () => /(?<![\w-])(?:[\w-]+[._-])?auth["']?[ \t]*(?:[:=][ \t]*|[ \t]+)["']?[^\s:"'@/$]{1,64}:(?<secret>[^\s"'@/$][^\s"'@/]{5,255})["']?[ \t]*(?:[,;#].*)?\r?$/gdim,
  group: "secret",
  minEntropy: 2.5,
};

/** fetchmail's `user 'jane' there with password '…' is jane here`: a quoted password mid-line (`passwd` too, on such a line). */
export const fetchmailPassword: Provider = {
  kind: "generic-secret",
  keywords: ["password", "passwd"],
  lineScoped: true,
  lineNeeds: [["password '", 'password "', "passwd '", 'passwd "'], ["user", "poll", "there", "here"]],
  notInCode: true,
  pattern: () => /[ \t](?:password|passwd)[ \t]+(["'])(?<secret>[^"'\r\n]{4,256})\1/gd,
  group: "secret",
  minEntropy: 2,
  // Prose quotes words (`enter your password 'twice' here`); a password mixes in more than lower-case letters.
  accept: (value) => !/^[a-z]+$/.test(value),
};

/**
 * A Netscape cookie file (curl's `-c`, yt-dlp's and browsers' exports): seven tab-separated fields, the last the
 * cookie's value. A session cookie logs whoever holds it in; consent, theme and analytics ids do not.
 */
export const netscapeCookie: Provider = {
  kind: "session-cookie",
  // The header curl, wget, yt-dlp and browsers' exports write, and the prefix of an HttpOnly cookie.
  keywords: ["http cookie file", "#httponly_"],
  // Over the whole text: the header names the file, the cookies are on the lines after it.
  pattern: () => /^(?:#HttpOnly_)?[\w.-]+\t(?:TRUE|FALSE)\t[^\t\r\n]*\t(?:TRUE|FALSE)\t-?\d+\t(?<name>[^\t\r\n]+)\t(?<secret>[^\t\r\n]{16,4096})\r?$/gdm,
  group: "secret",
  minEntropy: 3,
  accept: (value, match) => /sess|sid|token|auth|jwt|login|remember|key|secret/i.test(match.groups?.name ?? "") || isRandomRun(value),
};

/** Whether a value holds a run of 20 or more letters and digits mixing upper case, lower case and digits. */
function isRandomRun(value: string): boolean {
  return (value.match(/[A-Za-z0-9]{20,}/g) ?? []).some((run) => /[A-Z]/.test(run) && /[a-z]/.test(run) && /\d/.test(run));
}

/**
 * A CSV export with a `password` column (browsers' and password managers' exports): that field of every row.
 * The pattern visits each field of a line; `accept` keeps those in the column the header names.
 */
export const csvPasswordColumn: Provider = {
  kind: "generic-secret",
  // A keyword of other rules already (no search of its own), counted only in the first line: the header's.
  keywords: ["password"],
  keywordContext: inFirstLine,
  pattern: () => /(?<=^|,)(?:"(?<dq>(?:[^"\n]|"")*)"|(?<bare>[^,\r\n]*))(?=,|\r?$)/gdm,
  group: ["dq", "bare"],
  minEntropy: 2,
  accept: (_value, _match, text, at) => {
    const column = passwordColumn(text);
    if (column === undefined) return false;
    const lineStart = text.lastIndexOf("\n", at - 1) + 1;
    return lineStart > 0 && fieldIndex(text.slice(lineStart, at)) === column;
  },
};

let headerOf: { text: string; column: number | undefined } | undefined;

/** The index of the `password` field in a CSV text's header line (its first), if it has one. */
function passwordColumn(text: string): number | undefined {
  if (headerOf?.text === text) return headerOf.column;
  const end = text.indexOf("\n");
  const fields = text.slice(0, end === -1 ? text.length : end).replace(/\r$/, "").split(",").map((field) => field.replace(/^"|"$/g, "").trim().toLowerCase());
  const column = fields.length >= 2 ? fields.findIndex((field) => field === "password" || field === "login_password") : -1;
  headerOf = { text, column: column === -1 ? undefined : column };
  return headerOf.column;
}

/** The index of the field that starts after `before` (a line up to a point): its commas outside quotes. */
function fieldIndex(before: string): number {
  let index = 0;
  let quoted = false;
  for (const char of before) {
    if (char === '"') quoted = !quoted;
    else if (char === "," && !quoted) index++;
  }
  return index;
}

/** A TOTP or HOTP seed in an `otpauth://` URI (authenticator exports, QR codes written out): it makes every code. */
export const otpauthSecret: Provider = {
  kind: "totp-seed",
  // `otpauth`, not `otpauth://`: its search starts from `pauth`, where `://` would stop at every URL.
  keywords: ["otpauth"],
  lineScoped: true,
  pattern: () => /otpauth:\/\/[th]otp\/[^\s?"']*\?(?:[^\s#"']*?&)?secret=(?<secret>[A-Za-z2-7]{16,256})=*/gdi,
  group: "secret",
  minEntropy: 2.5,
  // RFC 6238's and every tutorial's sample seed.
  accept: (value) => value.toUpperCase() !== "JBSWY3DPEHPK3PXP",
};

/** A list of recovery codes under its heading (GitHub's `xxxxx-xxxxx`, and the like): each one logs in once. */
export const recoveryCodes: Provider = {
  kind: "recovery-codes",
  keywords: ["codes"],
  keywordContext: recoveryOrBackupBefore,
  pattern: () => /(?:recovery|backup)[ -]codes?\b[^\r\n]*\r?\n(?:[ \t]*\r?\n)?(?<secret>(?:[ \t]*(?:[-*][ \t]+)?[A-Za-z0-9]{4,8}-?[A-Za-z0-9]{4,8}[ \t]*(?:\r?\n|$)){4,})/gdi,
  group: "secret",
  minEntropy: 3,
  // Codes mix digits in; a list of words does not.
  accept: (value) => /\d/.test(value),
};

/**
 * Terraform's sensitive outputs, as `terraform output -json` and a state file write them: the `value` next to
 * `"sensitive": true`, whatever its name.
 */
export const terraformSensitiveOutput: Provider = {
  kind: "generic-secret",
  // Both write it pretty-printed.
  keywords: ['"sensitive": true'],
  pattern: () =>
    /"sensitive"\s*:\s*true\s*,(?:\s*"type"\s*:\s*(?:"[^"]*"|\[[^\]]*\])\s*,)?\s*"value"\s*:\s*"(?<after>[^"\n]{6,4096})"|"value"\s*:\s*"(?<before>[^"\n]{6,4096})"\s*,(?:\s*"type"\s*:\s*(?:"[^"]*"|\[[^\]]*\])\s*,)?\s*"sensitive"\s*:\s*true/gd,
  group: ["after", "before"],
  minEntropy: 2.5,
};

/**
 * Credential files of daemons, by their documented names, one entry a line: pppd's `chap-secrets` and
 * `pap-secrets` (`client server secret [addresses]`), rsync's `rsyncd.secrets` (`user:password`), exim's
 * `passwd.client` (`host:login:password`), davfs2's `secrets` (`url-or-mount user password`).
 */
export const pppSecrets: Provider = {
  kind: "generic-secret",
  keywords: [],
  files: ["chap-secrets", "pap-secrets"],
  pattern: () => /^[ \t]*(?:"[^"\n]*"|[^\s#"]\S*)[ \t]+(?:"[^"\n]*"|\S+)[ \t]+(?:"(?<dq>[^"\n]+)"|(?<bare>[^\s"]+))/gdm,
  group: ["dq", "bare"],
  minEntropy: 2,
};

export const rsyncSecrets: Provider = {
  kind: "generic-secret",
  keywords: [],
  files: ["rsyncd.secrets", "rsync.secrets", "*.rsync-secrets"],
  pattern: () => /^[ \t]*[^\s:#]+:(?<secret>\S+)/gdm,
  group: "secret",
  minEntropy: 2,
};

export const eximPasswdClient: Provider = {
  kind: "generic-secret",
  keywords: [],
  files: ["passwd.client"],
  pattern: () => /^[ \t]*[^\s:#]+:[^\s:]+:(?<secret>[^\r\n]+)/gdm,
  group: "secret",
  minEntropy: 2,
};

export const davfsSecrets: Provider = {
  kind: "generic-secret",
  keywords: [],
  files: ["**/davfs2/secrets", "**/.davfs2/secrets"],
  pattern: () => /^[ \t]*[^\s#]+[ \t]+(?:"[^"\n]*"|\S+)[ \t]+(?:"(?<dq>[^"\n]+)"|(?<bare>[^\s"]+))/gdm,
  group: ["dq", "bare"],
  minEntropy: 2,
};

/** ZeroTier's `identity.secret`: `address:0:public:private`, the node's private key last. */
export const zerotierIdentity: Provider = {
  kind: "private-key",
  keywords: [],
  files: ["identity.secret"],
  pattern: () => /^[0-9a-f]{10}:0:[0-9a-f]{128}:(?<secret>[0-9a-f]{128})/gdm,
  group: "secret",
};

/**
 * An AWS secret key beside its key ID, with no name of its own: s3fs's `passwd-s3fs` (`AKIA…:secret`), a CSV
 * export of IAM keys (`user,AKIA…,secret,Active`), a table. The ID alone is an identifier; the 40 characters after it are the key.
 */
export const awsSecretBesideId: Provider = {
  kind: "aws-secret-key",
  keywords: ["akia", "asia"],
  lineScoped: true,
  pattern: () => /\b(?:AKIA|ASIA)[A-Z0-9]{16}["']?[ \t]*[,:;|\t][ \t]*["']?(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/gd,
  group: "secret",
  minEntropy: 3.5,
};

/** A NATS credentials file (`nsc generate creds`): the user's NKEY seed between its armour lines. */
export const natsNkeySeed: Provider = {
  kind: "private-key",
  keywords: ["nkey seed"],
  pattern: () => /-----BEGIN [A-Z]+ NKEY SEED-----\s*(?<secret>S[A-Z2-7]{57})(?![A-Z2-7])/gd,
  group: "secret",
};

/** OpenWrt's UCI files (`/etc/config/wireless`, `network`): `option key '…'`, `option private_key '…'`. */
export const uciSecretOption: Provider = {
  kind: "generic-secret",
  keywords: [],
  // UCI files have no extension; they live in /etc/config (a backup keeps the name).
  files: ["**/etc/config/*", "wireless"],
  pattern: () => /^[ \t]*option[ \t]+(?:key[1-4]?|password|sae_password|auth_secret|acct_secret|private_key|preshared_key)[ \t]+(?:'(?<sq>[^'\n]+)'|"(?<dq>[^"\n]+)"|(?<bare>[^\s'"]+))/gdm,
  group: ["sq", "dq", "bare"],
  minEntropy: 2.5,
};

/** Azure's `.PublishSettings` download: every `publishProfile` holds the deployment user's `userPWD`. */
export const publishProfilePassword: Provider = {
  kind: "generic-secret",
  keywords: ["userpwd="],
  pattern: () => /\buserPWD="(?<secret>[^"\n]{8,})"/gd,
  group: "secret",
  minEntropy: 3,
};

/**
 * A client's credentials passed as two literals to the call that takes them: paho's `username_pw_set("u", "…")`,
 * Vonage's `new Basic("key", "…")`, requests' `HTTPBasicAuth("u", "…")`, .NET's `new NetworkCredential("u", "…")`.
 */
export const credentialCall: Provider = {
  kind: "generic-secret",
  // `credential` is other rules' keyword already; the line must also pass a quoted literal.
  keywords: ["_pw_set(", "basic", "credential"],
  lineScoped: true,
  lineNeeds: [['("', "('"]],
  pattern: () => /\b(?:username_pw_set|Basic|HTTPBasicAuth|HttpBasicAuth|BasicAuth|NetworkCredential|UsernamePasswordCredentials)\(\s*(?:"[^"\n]*"|'[^'\n]*')\s*,\s*(?:"(?<dq>[^"\n]{6,512})"|'(?<sq>[^'\n]{6,512})')/gd,
  group: ["dq", "sq"],
  minEntropy: 2.5,
  accept: (value) => !isProse(value),
};

/** HexChat's `servlist.conf`: `P=` the server password, `B=` the NickServ password. */
export const hexchatServerPassword: Provider = {
  kind: "generic-secret",
  keywords: [],
  files: ["servlist.conf", "servlist_.conf"],
  pattern: () => /^[PB]=(?<secret>[^\r\n]+)/gdm,
  group: "secret",
  minEntropy: 2,
};

/** A file named for its secrets (Zulip's `zulip-secrets.conf`, `secrets.ini`): every setting's value is one. */
export const secretsFileSetting: Provider = {
  kind: "generic-secret",
  keywords: [],
  files: ["*-secrets.conf", "*_secrets.conf", "secrets.conf", "*-secrets.ini", "*_secrets.ini", "secrets.ini"],
  pattern: () => /^[ \t]*[A-Za-z_][\w.-]*[ \t]*[=:][ \t]*(?<secret>[^\s#;][^\r\n]*[^\s])[ \t]*\r?$/gdm,
  group: "secret",
  minEntropy: 3,
};
