/**
 * The built-in path lists, compiled without picomatch: they use only `*`, `?` and a leading `**\/`, and
 * compiling ~60 globs with picomatch at every start cost more than the rest of a clean read.
 * User globs from the config still go through picomatch (loaded only when there are some).
 */

/** One RegExp for a list of simple globs; a glob without a slash matches the base name. */
export function compileSimpleGlobs(globs: readonly string[]): RegExp {
  const parts = globs.map((glob) => {
    const anyDir = glob.startsWith("**/");
    const body = (anyDir ? glob.slice(3) : glob)
      .split("")
      .map((c) => (c === "*" ? "[^/]*" : c === "?" ? "[^/]" : c.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
      .join("");
    // No slash, or `**/` in front: the pattern may start at any folder boundary.
    return !glob.includes("/") || anyDir ? `(?:^|/)${body}` : `^${body}`;
  });
  return new RegExp(`(?:${parts.join("|")})$`);
}

/** Whether a string uses glob syntax (then it is not a plain path). */
export function isGlob(text: string): boolean {
  return /[*?[\]{}]/.test(text);
}
