/**
 * The outer code of a built hook file (`dist/hooks/<id>.mjs`). The hook's bundle sits in a comment at the
 * end of the same file; it is read back and compiled through the code cache. `scripts/build.mjs` fills in
 * the two constants and supplies `require` and `__filename` from the file's own URL.
 */
import { readFileSync } from "node:fs";
import { compileCached } from "./code-cache.ts";

declare const GUARDS_SOURCE_MARK: string;
declare const GUARDS_HOOK_KEY: string;

/** The bundled hook: a function wrapper around CommonJS-format code. */
type HookBody = (require: NodeJS.Require, filename: string, compile: typeof compileCached) => void;

// The build writes the file in ASCII (esbuild escapes the rest), so latin1 decodes it exactly, and faster.
const file = readFileSync(__filename);
const start = file.lastIndexOf(GUARDS_SOURCE_MARK) + GUARDS_SOURCE_MARK.length;
const inComment = file.toString("latin1", start, file.lastIndexOf("\n*/"));
// The build writes each "*/" of the bundle as "*\0/" so that it cannot end the comment.
const source = inComment.includes("\0") ? inComment.replaceAll("*\0/", "*/") : inComment;
const body = compileCached(source, GUARDS_HOOK_KEY, __filename) as HookBody;
body(require, __filename, compileCached);
