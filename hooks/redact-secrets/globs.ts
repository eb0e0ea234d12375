/**
 * The built-in path lists, matched without picomatch and without RegExp: they use only `*`, `?` and a
 * leading `**\/`. Compiling ~60 globs with picomatch, or running one RegExp of them all (which V8
 * compiles on its first runs), cost more at every start than the rest of a clean read.
 * User globs from the config still go through picomatch (loaded only when there are some).
 */

export type PathTest = (path: string) => boolean;

/**
 * A test for a list of simple globs; a glob without a slash matches the base name. Most are of a base
 * name, and most of those an exact name, `*.ext` or `name*`: they become a set lookup and string tests,
 * decided once per path rather than one glob at a time.
 */
export function compileSimpleGlobs(globs: readonly string[]): PathTest {
  const names = new Set<string>();
  const suffixes: string[] = [];
  const prefixes: string[] = [];
  const otherNames: string[] = [];
  const pathMatchers: ((parts: readonly string[]) => boolean)[] = [];
  for (const glob of globs) {
    if (glob.includes("/")) pathMatchers.push(globMatcher(glob));
    else if (!glob.includes("*") && !glob.includes("?")) names.add(glob);
    else if (glob.lastIndexOf("*") === 0 && !glob.includes("?")) suffixes.push(glob.slice(1));
    else if (glob.indexOf("*") === glob.length - 1 && !glob.includes("?")) prefixes.push(glob.slice(0, -1));
    else otherNames.push(glob);
  }
  const nameMatches = (name: string) =>
    names.has(name) ||
    suffixes.some((suffix) => name.endsWith(suffix)) ||
    prefixes.some((prefix) => name.startsWith(prefix)) ||
    otherNames.some((glob) => wildcardMatch(glob, name));
  return (path) => {
    if (nameMatches(path.slice(path.lastIndexOf("/") + 1))) return true;
    if (pathMatchers.length === 0) return false;
    const parts = path.split("/");
    return pathMatchers.some((matches) => matches(parts));
  };
}

/** A glob without a slash, or with `**\/` in front, may start at any folder boundary; others match the whole path. */
function globMatcher(glob: string): (parts: readonly string[]) => boolean {
  const anyDir = glob.startsWith("**/");
  const segments = (anyDir ? glob.slice(3) : glob).split("/");
  const floating = anyDir || !glob.includes("/");
  return (parts) => {
    if (floating ? parts.length < segments.length : parts.length !== segments.length) return false;
    const offset = parts.length - segments.length;
    return segments.every((segment, i) => wildcardMatch(segment, parts[offset + i]!));
  };
}

/** `*` any run of characters, `?` one character, within one path segment. */
function wildcardMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && (pattern[p] === "?" || pattern[p] === text[t])) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === "*") {
      star = p++;
      resume = t;
    } else if (star !== -1) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (pattern[p] === "*") p++;
  return p === pattern.length;
}

/** Whether a string uses glob syntax (then it is not a plain path). */
export function isGlob(text: string): boolean {
  return /[*?[\]{}]/.test(text);
}
