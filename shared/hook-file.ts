/**
 * The outer code of a built hook file (`dist/hooks/<id>.mjs`). The hook's bundle sits at the end of the
 * same file, compressed, in a comment: Node reads, decodes and scans every byte of the file at each start,
 * before any of it runs, so the fewer bytes the cheaper every run. The first run unpacks the bundle; the
 * code cache folder then keeps it unpacked and compiled (shared/code-cache.ts), and later runs only read it.
 * `scripts/build.mjs` fills in the constants and supplies `require` and `__filename` from the file's own URL.
 */
import { readFileSync, writeSync } from "node:fs";
import { cryptoModule, zlibModule } from "./builtins.ts";
import { cachedSource, compileCached } from "./code-cache.ts";

declare const GUARDS_SOURCE_MARK: string;
declare const GUARDS_HOOK_KEY: string;
declare const GUARDS_SOURCE_LENGTH: number;
declare const GUARDS_SOURCE_CRC32: number;
declare const GUARDS_SOURCE_SHA256: string;

/** The bundled hook: a function wrapper around CommonJS-format code. */
type HookBody = (require: NodeJS.Require, filename: string, compile: typeof compileCached) => void;

/**
 * The bundle, unpacked from this file: base64 of its Brotli compression, between the mark and the end of
 * the comment. Line ends may have become CRLF (a checkout with core.autocrlf): base64 decoding skips them.
 */
function unpackedSource(): string {
  const file = readFileSync(__filename);
  // Searched from the start with its newline, the mark is not the string in this module's own code above
  // (written there with an escaped newline).
  const mark = file.indexOf(GUARDS_SOURCE_MARK.trimEnd());
  const end = file.lastIndexOf("*/");
  if (mark === -1 || end < mark) throw new Error("its bundled code is missing");
  const packed = Buffer.from(file.toString("latin1", mark + GUARDS_SOURCE_MARK.trimEnd().length, end), "base64");
  let bytes: Buffer;
  try {
    bytes = zlibModule().brotliDecompressSync(packed);
  } catch {
    throw new Error("its bundled code cannot be unpacked");
  }
  // Brotli has no checksum of its own: a damaged file must not run altered code.
  if (bytes.length !== GUARDS_SOURCE_LENGTH || !checksumMatches(bytes)) throw new Error("its bundled code fails its checksum");
  return bytes.toString("latin1");
}

/** CRC-32 where Node has it (20.15+, 22.2+), else SHA-256: only a first run or a run without a cache pays it. */
function checksumMatches(bytes: Buffer): boolean {
  const zlib = zlibModule();
  if (typeof zlib.crc32 === "function") return zlib.crc32(bytes) === GUARDS_SOURCE_CRC32;
  return cryptoModule().createHash("sha256").update(bytes).digest("hex") === GUARDS_SOURCE_SHA256;
}

try {
  const source = cachedSource(GUARDS_HOOK_KEY, GUARDS_SOURCE_LENGTH, unpackedSource);
  const body = compileCached(source, GUARDS_HOOK_KEY, __filename) as HookBody;
  body(require, __filename, compileCached);
} catch (error) {
  // Before the hook runs there is no dialect to answer in: exit 2 is a block for every agent that reads exit codes.
  writeSync(2, `guards: ${__filename} is damaged (${(error as Error).message.split("\n")[0]}); reinstall it. Denied to be safe.\n`);
  process.exitCode = 2;
}
