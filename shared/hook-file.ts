/**
 * The outer code of a built hook file (`dist/hooks/<id>.mjs`). The hook's code sits at the end of the same
 * file, packed, in a comment: Node reads, decodes and scans every byte of the file at each start, before
 * any of it runs, so the fewer bytes the cheaper every run. The first run unpacks it; the code cache folder
 * then keeps each section unpacked and compiled (shared/code-cache.ts), and later runs only read that.
 * `scripts/build.mjs` fills in the constants and supplies `require` and `__filename` from the file's own URL.
 */
import { readFileSync, writeSync } from "node:fs";
import { cryptoModule, zlibModule } from "./builtins.ts";
import { compileSection, keepSources, type Section } from "./code-cache.ts";

declare const GUARDS_SOURCE_MARK: string;
/** The bundle first, then each module it loads on some runs only, in the order they are packed. */
declare const GUARDS_SECTIONS: Section[];
declare const GUARDS_SOURCE_CRC32: number;
declare const GUARDS_SOURCE_SHA256: string;

/** The bundle: a function wrapper around CommonJS-format code, handed the way to compile its other sections. */
type HookBody = (require: NodeJS.Require, filename: string, load: (key: string) => unknown) => void;

let unpacked: Map<string, string> | undefined;

/**
 * Every section, unpacked from this file: base64 of their Brotli compression, between the mark and the end
 * of the comment. Line ends may have become CRLF (a checkout with core.autocrlf): base64 decoding skips them.
 */
function unpackSections(): ReadonlyMap<string, string> {
  if (unpacked) return unpacked;
  const file = readFileSync(__filename);
  // The last one: this module's own code above holds the mark's text as well.
  const mark = file.lastIndexOf(GUARDS_SOURCE_MARK.trimEnd());
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
  const length = GUARDS_SECTIONS.reduce((sum, section) => sum + section.length, 0);
  if (bytes.length !== length || !checksumMatches(bytes)) throw new Error("its bundled code fails its checksum");
  unpacked = new Map();
  let at = 0;
  for (const section of GUARDS_SECTIONS) unpacked.set(section.key, bytes.toString("latin1", at, (at += section.length)));
  keepSources(GUARDS_SECTIONS, unpacked);
  return unpacked;
}

/** CRC-32 where Node has it (20.15+, 22.2+), else SHA-256: only a first run or a run without a cache pays it. */
function checksumMatches(bytes: Buffer): boolean {
  const zlib = zlibModule();
  if (typeof zlib.crc32 === "function") return zlib.crc32(bytes) === GUARDS_SOURCE_CRC32;
  return cryptoModule().createHash("sha256").update(bytes).digest("hex") === GUARDS_SOURCE_SHA256;
}

/** A module the bundle loads on some runs only, compiled on its first use. */
function loadSection(key: string): unknown {
  const section = GUARDS_SECTIONS.find((s) => s.key === key);
  if (!section) throw new Error(`guards: no section ${key} in ${__filename}`);
  return compileSection(section, `lazy:${key}`, unpackSections);
}

try {
  const body = compileSection(GUARDS_SECTIONS[0]!, __filename, unpackSections) as HookBody;
  body(require, __filename, loadSection);
} catch (error) {
  // Before the hook runs there is no dialect to answer in: exit 2 is a block for every agent that reads exit codes.
  writeSync(2, `guards: ${__filename} is damaged (${(error as Error).message.split("\n")[0]}); reinstall it. Denied to be safe.\n`);
  process.exitCode = 2;
}
