/** Which files are source code, by their extension: a shape that is a secret in a config file is code there. */

// Source files of languages that quote every string literal (JavaScript, TypeScript, Python, Go, Java, …).
const QUOTED_LITERAL_CODE = new Set(["js", "mjs", "cjs", "jsx", "ts", "mts", "cts", "tsx", "py", "go", "rs", "java", "kt", "kts", "swift", "c", "h", "cc", "cpp", "hpp", "cs", "rb", "php", "dart", "scala"]);

/** Whether `filePath` is source code of a language whose string literals are always quoted. */
export function isQuotedLiteralCode(filePath: string | undefined): boolean {
  if (!filePath) return false;
  const dot = filePath.lastIndexOf(".");
  return dot > filePath.lastIndexOf("/") && QUOTED_LITERAL_CODE.has(filePath.slice(dot + 1).toLowerCase());
}
