/**
 * `password = …`, `API_KEY: …`, `DB_PASSWORD=…` with a literal value: the generic rule. It is where
 * scanners' false positives concentrate, so it is strict about what counts as a value.
 */
import type { Provider } from "./providers.ts";

// Names that hold something about a secret rather than the secret itself.
const NOT_A_SECRET_NAME = /(?:_|-|\.)?(?:file|path|dir|url|uri|endpoint|name|id|type|length|len|size|ttl|expiry|expires|expiration|header|env|count|enabled|required|field|key_id|prefix|policy|hint|hash|regex|pattern|version|mode|min|max|label)$/i;

const NAME = "[A-Za-z0-9_.-]*(?:password|passwd|secret|token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|private[_-]?key|client[_-]?secret|credentials?)[A-Za-z0-9_.-]*";

/** A name, an assignment operator, a quoted or bare value on the same line. */
const assignment = () =>
  new RegExp(
    `(?<name>${NAME})["']?[ \\t]*(?::=|=>|=|:)[ \\t]*(?:"(?<dq>[^"\\n]{8,200})"|'(?<sq>[^'\\n]{8,200})'|(?<bare>[^\\s"'\`,;#)(\\[\\]{}]{8,200}))`,
    "gdi",
  );

/** `KEY=value` at the start of a line, as in .env files, where a bare value is a literal. */
const ENV_LINE = /^[ \t]*(?:export[ \t]+)?[A-Z][A-Z0-9_]*[ \t]*=/;

export const genericAssignment: Provider = {
  kind: "generic-secret",
  keywords: ["password", "passwd", "secret", "token", "api_key", "api-key", "apikey", "access_key", "access-key", "auth_key", "authkey", "credential"],
  pattern: assignment,
  group: ["dq", "sq", "bare"],
  // `[A-Za-z0-9_.-]*(?:password|…)` run over a whole file backtracks at every word: 25–165 ms per MB in V8.
  lineScoped: true,
  minEntropy: 3,
  // Cheap string tests first: V8 compiles each RegExp on its first use, in every process.
  accept: (value, match) => {
    const name = match.groups?.name ?? "";
    if (NOT_A_SECRET_NAME.test(name)) return false;
    if (NOT_A_VALUE.has(value.toLowerCase())) return false;
    if (isNumberLike(value) || value.startsWith("/") || value.startsWith("./") || value.startsWith("../") || /^https?:\/\//i.test(value)) return false;
    // A public address (`0x` + 40 hex digits) or a key path such as `auth.token` names no secret.
    if ((value.length === 42 && /^0x[0-9a-f]{40}$/i.test(value)) || (value.includes(".") && /^[A-Za-z_]+(?:\.[A-Za-z_]+)+$/.test(value))) return false;
    const bare = match.groups?.bare !== undefined;
    if (bare && !ENV_LINE.test(lineOf(match))) {
      // In code, a bare word after `token =` is a variable, a property path or a call, not a literal.
      if (/[()[\]{}]/.test(value)) return false;
      const identifier = /^[A-Za-z_$][\w$]*(?:\.[\w$]+)*$/.test(value);
      if (identifier && !(value.length >= 16 && /\d/.test(value) && /[A-Za-z]/.test(value))) return false;
    }
    return true;
  },
};

const NOT_A_VALUE = new Set(["true", "false", "null", "none", "undefined", "required", "optional"]);

/** Digits and dots only: a version or a number. */
function isNumberLike(value: string): boolean {
  for (const c of value) if (c !== "." && (c < "0" || c > "9")) return false;
  return value.length > 0;
}

function lineOf(match: RegExpExecArray): string {
  const start = match.input.lastIndexOf("\n", match.index) + 1;
  return match.input.slice(start, match.index + match[0].length);
}
