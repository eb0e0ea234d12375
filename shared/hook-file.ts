/**
 * The outer code of a built hook file (`dist/hooks/<id>.mjs`). The hook's bundle sits in a comment at the
 * end of the same file; it is read back and compiled through the code cache. `scripts/build.mjs` fills in
 * the two constants and supplies `require` and `__filename` from the file's own URL.
 */
import { readFileSync, writeSync } from "node:fs";
import { compileCached } from "./code-cache.ts";

declare const GUARDS_SOURCE_MARK: string;
declare const GUARDS_HOOK_KEY: string;

/** The bundled hook: a function wrapper around CommonJS-format code. */
type HookBody = (require: NodeJS.Require, filename: string, compile: typeof compileCached) => void;

/**
 * The bundle's text. Line ends may have become CRLF (a checkout with core.autocrlf): the markers are
 * found either way. The build writes the file in ASCII (esbuild escapes the rest), so latin1 decodes it
 * exactly, and faster than UTF-8.
 */
function bundledSource(file: Buffer): string | undefined {
  // Searched from the start with its newline, the mark is not the string in this module's own code above
  // (written there with an escaped newline); the bundle is most of the file, so this skips scanning it.
  const mark = file.indexOf(GUARDS_SOURCE_MARK.trimEnd());
  const end = file.lastIndexOf("*/");
  if (mark === -1 || end < mark) return undefined;
  const inComment = file.toString("latin1", file.indexOf("\n", mark + 1) + 1, end).trimEnd();
  // The build writes each "*/" of the bundle as "*\0/" so that it cannot end the comment.
  return inComment.includes("\0") ? inComment.replaceAll("*\0/", "*/") : inComment;
}

try {
  const source = bundledSource(readFileSync(__filename));
  if (source === undefined) throw new Error("its bundled code is missing");
  const body = compileCached(source, GUARDS_HOOK_KEY, __filename) as HookBody;
  body(require, __filename, compileCached);
} catch (error) {
  // Before the hook runs there is no dialect to answer in: exit 2 is a block for every agent that reads exit codes.
  writeSync(2, `guards: ${__filename} is damaged (${(error as Error).message.split("\n")[0]}); reinstall it. Denied to be safe.\n`);
  process.exitCode = 2;
}
