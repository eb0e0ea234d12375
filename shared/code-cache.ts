/**
 * Compiles a built hook's code through V8's code cache. A hook is a fresh process on every agent action;
 * parsing and compiling its bundle is most of what it costs beyond Node's own start. The hook file carries
 * its code in sections: the bundle as plain text, then each module loaded only on some runs, packed. The
 * first run that needs a section keeps it compiled in a private cache folder, one file per Node version
 * (a packed section with its unpacked source), and later runs load that file instead of parsing.
 *
 * The cache is loaded code, and the guarded agent runs as the same user, so little in it is taken on trust:
 * - it is only read from a folder and a file this user owns and nobody else can write;
 * - the bundle's source is always the hook file's own; a packed section's kept source runs only if it has
 *   the SHA-256 the hook file records for it;
 * - V8 checks compiled code against its source's length only, and nothing can check it against a user who
 *   can write the cache: compiled code is loaded only for a hook file that user could rewrite anyway. A
 *   hook file owned by someone else (an enterprise install) compiles its code at every run.
 * Anything wrong with the cache (missing, planted, rejected by V8 after a Node upgrade, unwritable folder)
 * costs only speed: the source is compiled again, and the entry is replaced.
 */
import { lstatSync } from "node:fs";
import { dirname, join } from "node:path";
import { Script } from "node:vm";
import { cryptoModule } from "./builtins.ts";
import { cacheFolder, isPrivate, readOwnFile, writePrivateFile } from "./cache-folder.ts";

/** One section of a hook file's code: `key` names its cache file, `length` and `sha256` its exact source. */
export interface Section {
  key: string;
  length: number;
  sha256: string;
  /** Carried packed: its cache file keeps the unpacked source too, which saves the unpack. */
  packed: boolean;
}

/** The sources of every section, unpacked from the hook file, by key. */
export type Unpack = () => ReadonlyMap<string, string>;

/** Files written at exit, each with the bytes worked out then (a code cache is taken after the run). */
const pending = new Map<string, () => Uint8Array[]>();
let compiledCodeTrusted = true;

/** The folder beside an installed hook file where its owner keeps compiled code for every user (managedCacheOf). */
export const MANAGED_CACHE_FOLDER = "code-cache";

/** The cache of a hook file installed by someone else, when it has one: read only, unless this user is its owner. */
let managed: { dir: string; owner: number; writable: boolean } | undefined;

/**
 * Whether compiled code from the cache may run for `hookFile`: only if this user owns the hook file (and
 * so could rewrite it), or is root. A hook file someone else owns (an enterprise install, root's) may have
 * a `code-cache` folder beside it that its owner keeps and nobody else can write: compiled code is then
 * read from there, and never written by this user. Called once, before the first section is compiled.
 */
export function trustCompiledCodeFor(hookFile: string): void {
  const uid = process.getuid?.();
  if (uid === undefined) return;
  let owner: number;
  try {
    owner = lstatSync(hookFile).uid;
  } catch {
    compiledCodeTrusted = uid === 0;
    return;
  }
  // A hook file of this user's own (a project or user install) has no managed folder to look for: one
  // system call fewer at every start.
  if (owner === uid && uid !== 0) return;
  managed = managedCacheOf(hookFile, owner, uid);
  if (managed || uid === 0) return;
  compiledCodeTrusted = false;
}

/** `code-cache` beside the hook file: a real folder of the hook file's owner that nobody else can write. */
function managedCacheOf(hookFile: string, owner: number, uid: number): typeof managed {
  const dir = join(dirname(hookFile), MANAGED_CACHE_FOLDER);
  try {
    const stat = lstatSync(dir, { throwIfNoEntry: false });
    if (!stat?.isDirectory() || !isPrivate(stat, owner)) return undefined;
  } catch {
    return undefined;
  }
  return { dir, owner, writable: owner === uid };
}

/**
 * The bundle's cache entry. Its compiled code is taken after one run, and holds the functions that run
 * called; a run of another kind (a prompt where the first run was a read, another agent's payload) would
 * compile its own functions again at every start. So the entry names the runs it was taken after, and the
 * first run of a new kind takes it again, with the functions of both.
 */
let bundle: { file: string; script: Script; runs: readonly string[] } | undefined;
/** The runs named so far in this process (`noteRun`). */
const runsNow: string[] = [];
/** Run names kept per entry, at most: past that, a new kind of run no longer rewrites the entry. */
const MAX_RUNS = 64;
/** The longest list of run names a cache file may hold, in bytes. */
const MAX_RUNS_BYTES = 4096;

/**
 * Compiles `section` (an expression, usually a function wrapper) from `source` and returns its value.
 * Its cache file holds: a length (4 bytes) and, after it, a packed section's kept source (ASCII) or the
 * bundle's run names (one per line); then the length of V8's cached data (4 bytes) and the data twice.
 * A kept source that is not the section's, by length or SHA-256, is not used, and the file is replaced.
 * `isBundle`: the section is the hook file's bundle, whose entry follows the kinds of runs (noteRun).
 */
export function compileSection(section: Section, filename: string, source: () => string | undefined, variant?: string, isBundle = false): unknown {
  const file = sectionFile(variant === undefined ? section.key : `${section.key}-${variant}`);
  const kept = file ? readOwnFile(file, managed?.owner) : undefined;
  const keptLength = kept !== undefined && kept.length >= 4 ? kept.readUInt32LE(0) : -1;
  const sourceEnd = 4 + (section.packed ? section.length : isBundle && keptLength <= MAX_RUNS_BYTES ? Math.max(keptLength, 0) : 0);
  const keptRightLength = kept !== undefined && kept.length >= sourceEnd && keptLength === sourceEnd - 4;
  let code: string | undefined;
  // The bundle's source is the hook file's, so its kept file is only trusted for compiled code.
  let fromCache = keptRightLength && !section.packed;
  if (keptRightLength && section.packed) {
    const keptSource = kept.subarray(4, sourceEnd);
    if (sha256Hex(keptSource) === section.sha256) {
      code = keptSource.toString("latin1");
      fromCache = true;
    }
  }
  code ??= source();
  if (code === undefined) throw new Error(`its section ${section.key} is missing`);
  const cachedData = fromCache && compiledCodeTrusted ? intactCachedData(kept!, sourceEnd) : undefined;
  const script = new Script(code, { filename, cachedData });
  if (file) {
    const sourcePart = () => (section.packed ? [lengthField(section.length), Buffer.from(code, "latin1")] : isBundle ? runsPart(runsNow) : [lengthField(0)]);
    const rewrite = compiledCodeTrusted && (!cachedData || script.cachedDataRejected);
    if (rewrite) {
      writeAtExit(file, () => {
        const compiled = script.createCachedData();
        return [...sourcePart(), ...cachedDataParts(compiled)];
      });
    } else if (section.packed && !fromCache) {
      writeAtExit(file, sourcePart);
    }
    if (isBundle && compiledCodeTrusted && !rewrite) bundle = { file, script, runs: kept!.toString("latin1", 4, sourceEnd).split("\n").filter(Boolean) };
  }
  return script.runInThisContext();
}

/**
 * Names the kind of this run (the agent's dialect and the event's kind, say `claude:file.read.before`).
 * If the bundle's cache entry was taken after other kinds only, it is taken again at exit, with this run's
 * functions compiled as well; the answer is written before that.
 */
export function noteRun(name: string): void {
  if (runsNow.includes(name)) return;
  runsNow.push(name);
  if (!bundle || bundle.runs.includes(name) || bundle.runs.length >= MAX_RUNS) return;
  const { script, runs } = bundle;
  writeAtExit(bundle.file, () => [...runsPart([...runs, ...runsNow.filter((run) => !runs.includes(run))]), ...cachedDataParts(script.createCachedData())]);
}

function runsPart(runs: readonly string[]): Buffer[] {
  let text = runs.filter((run) => /^[\x21-\x7e]{1,100}$/.test(run)).join("\n");
  if (text.length > MAX_RUNS_BYTES) text = "";
  return [lengthField(text.length), Buffer.from(text, "latin1")];
}

/**
 * The cached data after `at`, if both of its copies are there and equal. V8 checks only its length,
 * version and flags: damaged cached data of the right length crashes the process, which an agent takes
 * as a hook that did not answer. The file holds the data twice, and one native comparison of the copies
 * finds any changed, zeroed or missing byte. A checksum in plain code read a sample only, and its loop ran
 * long enough for V8 to compile it with an optimizing tier at every start, which cost more than reading
 * the second copy. It finds damage, not forgery: anyone who can write the cache can write both copies, and
 * could also rewrite the hook (the ownership check and guard-files stand there).
 */
export function intactCachedData(kept: Buffer, at: number): Buffer | undefined {
  if (kept.length < at + 4) return undefined;
  const length = kept.readUInt32LE(at);
  if (length === 0 || kept.length !== at + 4 + 2 * length) return undefined;
  const data = kept.subarray(at + 4, at + 4 + length);
  return data.equals(kept.subarray(at + 4 + length)) ? data : undefined;
}

/** How a cache file keeps V8's cached data: its length, then the data twice (intactCachedData). */
export function cachedDataParts(compiled: Buffer): Buffer[] {
  return [lengthField(compiled.length), compiled, compiled];
}

/** crypto.hash (Node 20.12+, 22+) hashes in one call; older Node builds a Hash. */
function sha256Hex(bytes: Uint8Array): string {
  const crypto = cryptoModule();
  return typeof crypto.hash === "function" ? crypto.hash("sha256", bytes, "hex") : crypto.createHash("sha256").update(bytes).digest("hex");
}

/**
 * After an unpack, the sections this run does not compile are kept as source only, where none is kept yet:
 * the run that first needs one then compiles it without unpacking the hook file again.
 */
export function keepSources(sections: readonly Section[], sources: ReadonlyMap<string, string>): void {
  for (const section of sections) {
    if (!section.packed) continue;
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
  const dir = managed?.dir ?? cacheFolder(process.env);
  return dir ? join(dir, `${key}-${process.version}-${process.arch}.bin`) : undefined;
}

/** A later call for the same file replaces the earlier one. Nothing is written to a managed cache of someone else's. */
function writeAtExit(file: string, contents: () => Uint8Array[]): void {
  if (managed && !managed.writable) return;
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
  // A managed cache is read by every user of the machine; only its owner writes it.
  for (const [file, contents] of pending) writePrivateFile(file, Buffer.concat(contents()), managed ? 0o644 : 0o600);
  pending.clear();
}

