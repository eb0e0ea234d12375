/**
 * Passwords written into commands and statements, where no `name = value` shows them: `curl -u user:pass`,
 * `mysql -pS3cret`, `sshpass -p …`, `docker login -p …`, `redis-cli -a …`, and SQL's
 * `CREATE ROLE … PASSWORD '…'` / `IDENTIFIED BY '…'`.
 */
import { optionThenValue } from "./keyword-context.ts";
import type { Provider } from "./providers.ts";
import { isDefaultPassword } from "./values.ts";

// A shell word: quoted, or up to the next blank; `$VAR` and `$(…)` are not literals. Its groups are named
// after the option (`login`, `redis`): Node 20 refuses a group name used twice in one pattern.
const word = (tag: string) => `(?:"(?<${tag}Dq>[^"$\\n]{4,200})"|'(?<${tag}Sq>[^'\\n]{4,200})'|(?<${tag}>[^\\s"'$;|&)]{4,200}))`;

export const commandLinePassword: Provider = {
  kind: "command-line-password",
  keywords: ["curl", "mysql", "sshpass", "docker login", "podman login", "nerdctl login", "buildah login", "registry login", "oras login", "skopeo login", "redis-cli"],
  pattern: () =>
    new RegExp(
      // curl's `-u user:pass` / `--user user:pass` (short options may be bundled: `-su`).
      `\\bcurl\\b[^\\n]*?[ \\t](?:-[A-Za-z]*u|--user)(?:[ \\t]+|=)?(?<q>["']?)(?<user>[^\\s:"'$]*):(?<userpass>[^\\s"'$@]{4,200})\\k<q>(?![^\\s"'])` +
        // mysql's password glued to -p; a space after -p makes it ask.
        `|\\bmysql(?:dump|admin|import|sh)?\\b[^\\n]*?[ \\t](?:-p|--password=)(?<mysql>[^\\s"'$;|&\`,)]{4,200})` +
        `|\\b(?:sshpass|(?:docker|podman|nerdctl|buildah|helm registry|oras|skopeo) login)\\b[^\\n]*?[ \\t](?:-p|--password)(?:[ \\t]+|=)${word("login")}` +
        `|\\bredis-cli\\b[^\\n]*?[ \\t](?:-a|--pass)[ \\t]+${word("redis")}`,
      "gd",
    ),
  group: ["userpass", "mysql", "loginDq", "loginSq", "login", "redisDq", "redisSq", "redis"],
  lineScoped: true,
  minEntropy: 3,
  accept: (value, match) => !isDefaultPassword(value, match.groups?.user),
};

// An option whose name ends in a credential's name, then its value after a blank: `--password X`,
// `--auth-token X`, `--api-key X` (any tool: helm, twine, mongodump, wrangler, sentry-cli), and the single-dash
// long options of Java's and OpenSSL's tools (`keytool -storepass X -keypass X`, `openssl … -passout pass:X`).
// Not `--password-stdin`, `--token-file` (the name goes on), switches that take no value (`--ask-pass`,
// `--no-password`), a value that is a variable, a substitution, a redirect, another option, a file, or
// OpenSSL's `env:`/`file:` sources. `--password=X` is an assignment, found by the generic rule.
const FLAG_NAME =
  "(?!-?(?:no|ask|prompt|skip|use|with|require|read|show|hide|allow|disable|enable|empty|insecure|generate|print|list|revoke|delete|remove|reset|rotate|check|verify|validate|change)-)" +
  "(?:[a-z0-9-]*(?:password|passwd|pass|passphrase|token|secret|apikey|api-key|access-key|secret-key|storepass|keypass|passin|passout|secret-string|secret-value)|(?:[a-z0-9]+-)*(?:auth|pat))";

export const credentialFlag: Provider = {
  kind: "command-line-password",
  // The option's dash and the start of its last word: `--` alone is in every decrement and rule of dashes.
  keywords: ["-pass", "-token", "-secret", "-key", "apikey", "-auth", "-pat ", "storepass", "keypass"],
  pattern: () =>
    new RegExp(
      `(?:^|[ \\t;|&(])--?${FLAG_NAME}[ \\t]+(?:pass:)?(?:"(?<flagDq>[^"$\`\\n]{6,400})"|'(?<flagSq>[^'\\n]{6,400})'|(?<flag>[^\\s"'$\`;|&()<>-][^\\s"'$\`;|&()<>]{5,400}))(?=[ \\t;|&)]|\\r?$)`,
      "gdim",
    ),
  group: ["flagDq", "flagSq", "flag"],
  lineScoped: true,
  // `redact-secrets`, `api-key` in prose: the keyword is no option's name there.
  keywordContext: optionThenValue,
  minEntropy: 3,
  accept: (value) => !isDefaultPassword(value, undefined) && !/^[A-Z][A-Z0-9_]*$/.test(value) && !value.startsWith("-") && !/^(?:\/|~\/|\.\.?\/)/.test(value) && !/^[a-z]+[=:]/.test(value) && !isFileName(value),
};

/** `site.yml`, `tls.key`: a file the option names (`--secret-key key.pem`, a playbook after a switch). */
function isFileName(value: string): boolean {
  return /^[\w.-]+\.(?:ya?ml|json|txt|sh|py|js|ts|conf|cfg|ini|toml|env|pem|key|crt|cer|p12|pfx|jks|tf|tfvars|xml|properties|gpg|asc)$/i.test(value);
}

// Short options that carry a password in one tool's syntax: a letter that means something else elsewhere.
const TOOL_OPTIONS = `(?:(?:sqlcmd|bcp)\\b[^\\n]*?[ \\t]-P|(?:ldapsearch|ldapmodify|ldapadd|ldapdelete|ldapwhoami|ldappasswd|ldapcompare)\\b[^\\n]*?[ \\t]-w|(?:zip|unzip|7z|7za)\\b[^\\n]*?[ \\t]-P|az[ \\t]+login\\b[^\\n]*?[ \\t]-p|ssh-keygen\\b[^\\n]*?[ \\t]-N|openssl[ \\t]+enc\\b[^\\n]*?[ \\t]-k|(?:mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport|mongostat|mongotop)\\b[^\\n]*?[ \\t]-p)`;

const acceptInline = (value: string, match: RegExpExecArray) =>
  !isDefaultPassword(value, undefined) && !value.startsWith("-") && !/^[a-z]+:/.test(value) && (match.groups?.auth === undefined || /^[ \t]*AUTH\b/.test(match[0])) &&
  // htpasswd takes the password as an argument only in batch mode (`-b`).
  (match.groups?.htpasswd === undefined && match.groups?.htpasswdSq === undefined && match.groups?.htpasswdDq === undefined || /[ \t]-[a-zA-Z]*b/.test(match[0]));

/**
 * Passwords a script or a history hands to a program in its own syntax: PowerShell's
 * `ConvertTo-SecureString 'X' -AsPlainText`, Redis's `AUTH [user] X` (redis-cli's history, SMTP and IMAP transcripts).
 */
export const inlinePassword: Provider = {
  kind: "command-line-password",
  keywords: ["convertto-securestring", "auth "],
  pattern: () =>
    /\bConvertTo-SecureString[ \t]+(?:-String[ \t]+)?(?:'(?<psSq>[^'\n]{6,200})'|"(?<psDq>[^"$\n]{6,200})")|^[ \t]*AUTH[ \t]+(?:[\w.@-]+[ \t]+)?(?<auth>[^\s"'$]{6,200})[ \t]*\r?$/gdim,
  group: ["psSq", "psDq", "auth"],
  lineScoped: true,
  minEntropy: 3,
  accept: acceptInline,
};

/**
 * A password in one tool's own option or argument: `sqlcmd -P X`, `ldapsearch -w X`, `zip -P X`, `az login -p X`,
 * `mongo -p X`, `smbclient -U user%X`, `vault login <token>`, MinIO's `mc alias set NAME URL KEY SECRET`.
 */
export const toolPassword: Provider = {
  kind: "command-line-password",
  keywords: ["sqlcmd", "bcp ", "ldap", "zip ", "7z", "az login", "mongo", "smbclient", "vault login", "mc alias set", "mc config host add", "ssh-keygen", "openssl enc", "htpasswd"],
  pattern: () =>
    new RegExp(
      `\\b${TOOL_OPTIONS}[ \\t]*${word("tool")}` +
        `|\\bsmbclient\\b[^\\n]*?[ \\t](?:-U|--user)[ \\t=]+["']?[^\\s%"']+%(?<smb>[^\\s"'$]{4,200})` +
        // `htpasswd -b FILE USER PASSWORD` (batch mode takes the password as an argument); 7-Zip's `-pPASSWORD`.
        `|\\bhtpasswd(?:[ \\t]+-[a-zA-Z]+)+[ \\t]+[^\\s-]\\S*[ \\t]+\\S+[ \\t]+${word("htpasswd")}` +
        `|\\b7za?[ \\t]+[a-z]\\b[^\\n]*?[ \\t]-p(?<sevenzip>[^\\s"'$]{4,200})` +
        `|\\bvault[ \\t]+login[ \\t]+(?<vault>[A-Za-z0-9._-]{20,200})(?=[ \\t]*(?:$|[;|&]))` +
        `|\\bmc[ \\t]+(?:alias[ \\t]+set|config[ \\t]+host[ \\t]+add)[ \\t]+\\S+[ \\t]+\\S+[ \\t]+[^\\s$]+[ \\t]+(?<mc>[^\\s"'$]{8,200})`,
      "gdim",
    ),
  group: ["toolDq", "toolSq", "tool", "htpasswdDq", "htpasswdSq", "htpasswd", "sevenzip", "smb", "vault", "mc"],
  lineScoped: true,
  minEntropy: 3,
  accept: acceptInline,
};

/** A literal piped into a program that reads its secret from standard input: `echo X | docker login --password-stdin`. */
export const pipedPassword: Provider = {
  kind: "command-line-password",
  keywords: ["stdin", "with-token", "sudo -s", "secret create"],
  lineNeeds: [["echo", "printf"]],
  pattern: () =>
    new RegExp(
      `\\b(?:echo|printf)(?:[ \\t]+-[neE]+)*(?:[ \\t]+(?:'%s(?:\\\\n)?'|"%s(?:\\\\n)?"))?[ \\t]+${word("piped")}[ \\t]*\\|[^|\\n]*?(?:--password-stdin|--with-token|--stdin\\b|\\bsudo[ \\t]+-S\\b|\\bsecret[ \\t]+create\\b)`,
      "gdi",
    ),
  group: ["pipedDq", "pipedSq", "piped"],
  lineScoped: true,
  minEntropy: 3,
  accept: acceptInline,
};

/**
 * `config set NAME VALUE`, as package managers and CLIs store a credential (`aws configure set
 * aws_secret_access_key X`, `yarn config set npmAuthToken X`, `npm config set //host/:_authToken X`, `poetry config
 * pypi-token.pypi X`, `dotnet user-secrets set "Stripe:WebhookSecret" X`): the name says what the value is.
 */
export const configSetCommand: Provider = {
  kind: "command-line-password",
  keywords: ["config", "secrets set"],
  lineNeeds: [["config set", "configure set", "secrets set", "poetry config"]],
  pattern: () =>
    new RegExp(
      `\\b(?:(?:config|configure|user-secrets)[ \\t]+set|poetry[ \\t]+config)[ \\t]+["']?(?<name>[^\\s"'=]+)["']?[ \\t]+${word("set")}`,
      "gdi",
    ),
  group: ["setDq", "setSq", "set"],
  lineScoped: true,
  minEntropy: 3,
  accept: (value, match) => {
    const name = match.groups?.name ?? "";
    return /pass(?:word|wd|phrase)?$|secret|token|api[_-]?key|apikey|_auth$|credential|private[_-]?key/i.test(name) && !/(?:file|path|url|name|id|region|server)$/i.test(name) && !isDefaultPassword(value, undefined) && !value.startsWith("-") && !/^https?:/i.test(value);
  },
};

export const sqlPassword: Provider = {
  kind: "sql-password",
  keywords: ["password", "identified"],
  // PostgreSQL `CREATE ROLE x WITH LOGIN PASSWORD '…'`, `ALTER USER x PASSWORD '…'`; SQL Server
  // `CREATE LOGIN x WITH PASSWORD = '…'`; MySQL and Oracle `IDENTIFIED BY '…'` (not `BY PASSWORD '*…'`, a hash).
  pattern: () =>
    /\b(?:(?:CREATE|ALTER)[ \t]+(?:USER|ROLE|LOGIN)\b[^;\n]*?\bPASSWORD[ \t]*=?[ \t]*|IDENTIFIED[ \t]+(?:WITH[ \t]+\w+[ \t]+)?BY[ \t]+)(?:'(?<secret>[^'\n]{4,200})'|"(?<quoted>[^"\n]{4,200})")/gdi,
  group: ["secret", "quoted"],
  lineScoped: true,
  minEntropy: 3,
  accept: (value) => !isDefaultPassword(value, undefined),
};
