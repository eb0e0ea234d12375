/**
 * `guards inspect FILE`: the exact source a built guards file runs, as readable code, each section under
 * a line that names it and says whether its SHA-256 is the one the file records (the hash the code cache
 * checks too). A reviewer can read it, or diff it against the output for a build of the tagged commit.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { UsageError, type Command } from "./io.ts";

interface Section {
  key: string;
  length: number;
  sha256: string;
  offset?: number;
  /** A runner section of the installed file: the hooks it holds. */
  hooks?: string[];
}

export const inspectCommand: Command = async (io) => {
  const [file, ...rest] = io.argv;
  if (!file || rest.length > 0) throw new UsageError("usage: guards inspect FILE");
  const path = resolve(io.cwd, file);
  const sections = inspectSections(readFileSync(path, "latin1"), path);
  let mismatched = 0;
  for (const { section, source } of sections) {
    const sum = createHash("sha256").update(source, "latin1").digest("hex");
    if (sum !== section.sha256) mismatched++;
    const holds = section.hooks ? `, runner of ${section.hooks.join(", ")}` : "";
    io.stdout(`// ==== section ${section.key}${holds}: ${source.length} bytes, sha256 ${sum} ${sum === section.sha256 ? "(as recorded)" : `(RECORDED ${section.sha256})`}\n`);
    io.stdout(`${source}\n`);
  }
  if (mismatched > 0) io.stderr(`guards inspect: ${mismatched} section(s) differ from the hashes ${basename(path)} records\n`);
  return mismatched > 0 ? 1 : 0;
};

/** The sections a built file runs: the bundle first, then the modules it loads on some runs only. */
export function inspectSections(text: string, path: string): { section: Section; source: string }[] {
  const index = recordedSections(text);
  if (index.length === 0) throw new Error(`${path} is not a built guards file (no section index)`);
  if (index[0]!.offset !== undefined) {
    // guards.cjs: the code is plain text in guards.code.js beside it.
    const codePath = join(dirname(path), "guards.code.js");
    if (!existsSync(codePath)) throw new Error(`${codePath} is missing: ${basename(path)} runs the code in it`);
    const code = readFileSync(codePath, "latin1");
    return index.map((section) => ({ section, source: code.slice(section.offset!, section.offset! + section.length) }));
  }
  // A single-hook file: the bundle as line comments at the end, the other modules packed before it.
  const mark = text.lastIndexOf("\n//GUARDS_HOOK_CODE");
  const lines = text.slice(text.indexOf("\n", mark + 1) + 1).split("\n");
  const bundle = lines.slice(0, -1).map((line) => line.replace(/\r$/, "").slice(2)).join("\n");
  const start = text.lastIndexOf("\n/*GUARDS_HOOK_SOURCE") + "\n/*GUARDS_HOOK_SOURCE".length;
  const packed = brotliDecompressSync(Buffer.from(text.slice(start, text.indexOf("*/", start)), "base64")).toString("latin1");
  const out = [{ section: index[0]!, source: bundle }];
  let at = 0;
  for (const section of index.slice(1)) out.push({ section, source: packed.slice(at, (at += section.length)) });
  return out;
}

/** The section index the build wrote into the loader (a minified object literal). */
function recordedSections(text: string): Section[] {
  const found: Section[] = [];
  // A runner section of the installed file also names its hooks (`hooks:[…]`).
  for (const match of text.matchAll(/\{key:"([^"]+)",length:(\d+),sha256:"([0-9a-f]{64})",packed:![01](?:,offset:(\d+))?(?:,hooks:(\[[^\]]*\]))?\}/g)) {
    found.push({
      key: match[1]!,
      length: Number(match[2]),
      sha256: match[3]!,
      ...(match[4] === undefined ? {} : { offset: Number(match[4]) }),
      ...(match[5] === undefined ? {} : { hooks: JSON.parse(match[5]) as string[] }),
    });
  }
  return found;
}
