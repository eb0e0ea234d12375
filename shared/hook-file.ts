/**
 * The outer code of a built hook file (`dist/hooks/<id>.mjs`). The hook's code sits at the end of the same
 * file, in comments Node skips:
 * - the bundle, as plain text, one line comment per line: what runs is what a reader sees;
 * - the modules it loads on some runs only (secretlint, the YAML parser), packed, because Node reads,
 *   decodes and scans every byte of the file at each start, before any of it runs.
 * The code cache folder keeps each section compiled (shared/code-cache.ts), and a packed section unpacked.
 * `scripts/build.mjs` fills in the constants and supplies `require` and `__filename` from the file's own URL.
 */
import { readFileSync, writeSync } from "node:fs";
import { cryptoModule, zlibModule } from "./builtins.ts";
import { compileSection, noteRun, keepSources, trustCompiledCodeFor, type Section } from "./code-cache.ts";

declare const GUARDS_SOURCE_MARK: string;
declare const GUARDS_CODE_MARK: string;
/** The bundle first, then each module it loads on some runs only, in the order they are packed. */
declare const GUARDS_SECTIONS: Section[];
declare const GUARDS_SOURCE_CRC32: number;
declare const GUARDS_SOURCE_SHA256: string;

/** The bundle: a function wrapper around CommonJS-format code, handed the way to compile its other sections. */
type HookBody = (require: NodeJS.Require, filename: string, load: (key: string) => unknown, noteRun: (name: string) => void) => void;

let fileText: string | undefined;
let unpacked: Map<string, string> | undefined;

const ownText = () => (fileText ??= readFileSync(__filename, "latin1"));

/**
 * The bundle, from the line comments after the code mark. Line ends may have become CRLF (a checkout with
 * core.autocrlf): the bundle has no CR of its own, so each is dropped.
 */
function bundleSource(): string {
  const text = ownText();
  // The last one: this module's own code above holds the mark's text as well.
  // Searched from its line start: CRLF may follow it.
  const mark = text.lastIndexOf(GUARDS_CODE_MARK.trimEnd());
  const start = text.indexOf("\n", mark + 1) + 1;
  if (mark === -1 || start === 0) throw new Error("its code is missing");
  const lines = text.slice(start).split("\n");
  let source = "";
  for (let i = 0; i < lines.length - 1; i++) {
    const line = lines[i]!;
    const end = line.endsWith("\r") ? line.length - 1 : line.length;
    if (!line.startsWith("//")) throw new Error("its code is damaged");
    source += (i === 0 ? "" : "\n") + line.slice(2, end);
  }
  if (source.length !== GUARDS_SECTIONS[0]!.length) throw new Error("its code is cut short or lengthened");
  return source;
}

/**
 * The modules loaded on some runs only, unpacked from this file: base64 of their Brotli compression,
 * between the source mark and the end of the comment. Base64 decoding skips CRLF line ends.
 */
function unpackSections(): ReadonlyMap<string, string> {
  if (unpacked) return unpacked;
  const file = Buffer.from(ownText(), "latin1");
  const mark = file.lastIndexOf(GUARDS_SOURCE_MARK.trimEnd());
  const end = file.indexOf("*/", mark);
  if (mark === -1 || end === -1) throw new Error("its bundled code is missing");
  const packed = Buffer.from(file.toString("latin1", mark + GUARDS_SOURCE_MARK.trimEnd().length, end), "base64");
  let bytes: Buffer;
  try {
    bytes = zlibModule().brotliDecompressSync(packed);
  } catch {
    throw new Error("its bundled code cannot be unpacked");
  }
  // Brotli has no checksum of its own: a damaged file must not run altered code.
  const lazy = GUARDS_SECTIONS.slice(1);
  const length = lazy.reduce((sum, section) => sum + section.length, 0);
  if (bytes.length !== length || !checksumMatches(bytes)) throw new Error("its bundled code fails its checksum");
  unpacked = new Map();
  let at = 0;
  for (const section of lazy) unpacked.set(section.key, bytes.toString("latin1", at, (at += section.length)));
  keepSources(lazy, unpacked);
  return unpacked;
}

/** CRC-32 where Node has it (20.15+, 22.2+), else SHA-256: only a run that unpacks pays it. */
function checksumMatches(bytes: Buffer): boolean {
  const zlib = zlibModule();
  if (typeof zlib.crc32 === "function") return zlib.crc32(bytes) === GUARDS_SOURCE_CRC32;
  return cryptoModule().createHash("sha256").update(bytes).digest("hex") === GUARDS_SOURCE_SHA256;
}

/** A module the bundle loads on some runs only, compiled on its first use. */
function loadSection(key: string): unknown {
  const section = GUARDS_SECTIONS.find((s) => s.key === key);
  if (!section) throw new Error(`guards: no section ${key} in ${__filename}`);
  return compileSection(section, `lazy:${key}`, () => unpackSections().get(key));
}

try {
  trustCompiledCodeFor(__filename);
  const body = compileSection(GUARDS_SECTIONS[0]!, __filename, bundleSource, undefined, true) as HookBody;
  body(require, __filename, loadSection, noteRun);
} catch (error) {
  // Before the hook runs there is no dialect to answer in: exit 2 is a block for every agent that reads exit codes.
  writeSync(2, `guards: ${__filename} is damaged (${(error as Error).message.split("\n")[0]}); reinstall it. Denied to be safe.\n`);
  process.exitCode = 2;
}
