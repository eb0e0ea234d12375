/**
 * Passwords written into commands and statements, where no `name = value` shows them: `curl -u user:pass`,
 * `mysql -pS3cret`, `sshpass -p …`, `docker login -p …`, `redis-cli -a …`, and SQL's
 * `CREATE ROLE … PASSWORD '…'` / `IDENTIFIED BY '…'`.
 */
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

// A long option whose name ends in a credential's name, then its value after a blank: `--password X`,
// `--auth-token X`, `--api-key X`, `--client-secret X` (any tool: helm, twine, mongodump, wrangler, sentry-cli).
// Not `--password-stdin`, `--token-file` (the name goes on), a value that is a variable, a substitution, a
// redirect or another option. `--password=X` is an assignment, found by the generic rule.
const FLAG_NAME = "(?:[a-z0-9]+-)*(?:password|passwd|pass|passphrase|token|secret|api-?key|apikey|access-key|secret-key|auth|pat)";

export const credentialFlag: Provider = {
  kind: "command-line-password",
  // The option's dash and the start of its last word: `--` alone is in every decrement and rule of dashes.
  keywords: ["-pass", "-token", "-secret", "-api-key", "-apikey", "-access-key", "-auth", "-pat "],
  pattern: () =>
    new RegExp(
      `(?:^|[ \\t;|&(])--${FLAG_NAME}[ \\t]+(?:"(?<flagDq>[^"$\`\\n]{6,400})"|'(?<flagSq>[^'\\n]{6,400})'|(?<flag>[^\\s"'$\`;|&()<>-][^\\s"'$\`;|&()<>]{5,400}))(?=[ \\t;|&)]|\\r?$)`,
      "gdim",
    ),
  group: ["flagDq", "flagSq", "flag"],
  lineScoped: true,
  minEntropy: 3,
  accept: (value) => !isDefaultPassword(value, undefined) && !/^[A-Z][A-Z0-9_]*$/.test(value) && !value.startsWith("-") && !/^(?:\/|~\/|\.\.?\/)/.test(value) && !/^[a-z]+=/.test(value),
};

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
  accept: (value, match) => !isDefaultPassword(value, undefined) && (match.groups?.auth === undefined || /^[ \t]*AUTH\b/.test(match[0])),
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
