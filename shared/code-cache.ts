/**
 * Compiles a built hook's code through V8's code cache. A hook is a fresh process on every agent action;
 * parsing and compiling its bundle is most of what it costs beyond Node's own start. The hook file carries
 * its code packed, in sections (the hook, then each module loaded only on some runs); the first run that
 * needs a section keeps it in a private cache folder, unpacked and then compiled, in one file per Node
 * version, and later runs read that one file instead of unpacking and parsing.
 *
 * The cache is loaded code, so it is only read from a folder and a file this user owns and nobody else can
 * write (a planted file would be code run as the user). Anything wrong with the cache (missing, rejected by
 * V8 after a Node upgrade, unwritable folder) costs only speed: the packed source is unpacked and compiled.
 */
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, type Stats } from "node:fs";
import { join } from "node:path";
import { Script } from "node:vm";
import { tempDirectory } from "./system-dirs.ts";

/** `GUARDS_CODE_CACHE`: a folder for the cache, or `off`. */
export const CODE_CACHE_ENV = "GUARDS_CODE_CACHE";

/** One section of a hook file's code: `key` names its exact source (a content hash), `length` its size. */
export interface Section {
  key: string;
  length: number;
}

/** The sources of every section, unpacked from the hook file, by key. */
export type Unpack = () => ReadonlyMap<string, string>;

/** Files written at exit, each with the bytes worked out then (a code cache is taken after the run). */
const pending = new Map<string, () => Uint8Array[]>();
let folder: string | null | undefined;

/**
 * Compiles `section` (an expression, usually a function wrapper) and returns its value. Its cache file
 * holds the source's length (4 bytes), the source (ASCII) and V8's cached data: a file whose length field
 * is not the section's is not used, and is replaced.
 */
export function compileSection(section: Section, filename: string, unpack: Unpack): unknown {
  const file = sectionFile(section.key);
  const kept = file ? readOwnFile(file) : undefined;
  const end = 4 + section.length;
  let source: string;
  let cachedData: Buffer | undefined;
  if (kept && kept.length >= end && kept.readUInt32LE(0) === section.length) {
    source = kept.toString("latin1", 4, end);
    if (kept.length > end) cachedData = kept.subarray(end);
  } else {
    const unpacked = unpack().get(section.key);
    if (unpacked === undefined) throw new Error(`its section ${section.key} is missing`);
    source = unpacked;
  }
  const script = new Script(source, { filename, cachedData });
  if (file && (!cachedData || script.cachedDataRejected)) {
    writeAtExit(file, () => [lengthField(section.length), Buffer.from(source, "latin1"), script.createCachedData()]);
  }
  return script.runInThisContext();
}

/**
 * After an unpack, the sections this run does not compile are kept as source only, where none is kept yet:
 * the run that first needs one then compiles it without unpacking the hook file again.
 */
export function keepSources(sections: readonly Section[], sources: ReadonlyMap<string, string>): void {
  for (const section of sections) {
    const file = sectionFile(section.key);
    if (!file || pending.has(file) || isThere(file)) continue;
    writeAtExit(file, () => [lengthField(section.length), Buffer.from(sources.get(section.key)!, "latin1")]);
  }
}

/** Whether something is at `path`; a path that cannot even be checked counts as taken (the cache only costs speed). */
function isThere(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}

function sectionFile(key: string): string | undefined {
  const dir = cacheFolder();
  return dir ? join(dir, `${key}-${process.version}-${process.arch}.bin`) : undefined;
}

/** A later call for the same file replaces the earlier one. */
function writeAtExit(file: string, contents: () => Uint8Array[]): void {
  if (pending.size === 0) process.once("exit", writePending);
  pending.set(file, contents);
}

function lengthField(length: number): Buffer {
  const field = Buffer.alloc(4);
  field.writeUInt32LE(length);
  return field;
}

/** Written at exit, after the answer: by then the code cache also holds every function the run compiled. */
function writePending(): void {
  for (const [file, contents] of pending) {
    const temp = `${file}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, Buffer.concat(contents()), { mode: 0o600, flag: "wx" });
      renameSync(temp, file);
    } catch {
      try {
        unlinkSync(temp);
      } catch {
        // Nothing was written.
      }
    }
  }
  pending.clear();
}

function cacheFolder(): string | null {
  if (folder !== undefined) return folder;
  folder = null;
  const chosen = process.env[CODE_CACHE_ENV];
  if (chosen === "off" || chosen === "0") return folder;
  const dir = chosen || defaultFolder();
  try {
    // Made only when missing: a mkdir on every run is a system call for nothing.
    let stat = lstatSync(dir, { throwIfNoEntry: false });
    if (!stat) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      stat = lstatSync(dir);
    }
    if (stat.isDirectory() && isPrivate(stat)) folder = dir;
  } catch {
    // No cache: every run compiles.
  }
  return folder;
}

/**
 * Under the temp folder, not the home folder: a cache needs no uninstalling and may vanish at any time.
 * The folder name carries the user id; a folder of that name that someone else made is not used.
 */
function defaultFolder(): string {
  return join(tempDirectory(process.env), `guards-code-cache-${process.getuid?.() ?? "user"}`);
}

/** Owned by this user and writable by nobody else (no ownership on Windows: the profile folder is private). */
function isPrivate(stat: Stats): boolean {
  const uid = process.getuid?.();
  if (uid === undefined) return true;
  return stat.uid === uid && (stat.mode & 0o022) === 0;
}

function readOwnFile(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const stat = fstatSync(fd);
    if (!stat.isFile() || !isPrivate(stat)) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
