/**
 * The outer code of the installed file that holds every hook (`<guards>/<version>/guards.cjs`): one Node
 * process per agent event runs the hooks its entry names (`--hooks a,b`). The code sits beside it, in
 * `guards.code.js`, as plain text: the sections one after the other (the hooks and the engine, then each
 * module loaded on some runs only: secretlint, the YAML parser, picomatch, the telemetry sender). Node
 * never scans that file; a run reads only the sections it compiles, at the offsets recorded here.
 * The first section is the front (shared/quick-entry.ts): it reads the event and answers the ones no guard
 * acts on, compiling its config check (a section of its own) only when a config file is present; a
 * runner's bundle is compiled only for the rest. The runner bundles follow: one for each short
 * hook list the default install writes (a stop, a format, a read, an edit check), with only those hooks'
 * code, and one with every hook. The code cache keeps each section compiled (shared/code-cache.ts); a
 * runner's compiled code is kept per hook list, since a shell entry and a read entry run different
 * functions of it.
 */
import { closeSync, fstatSync, openSync, readSync, writeSync } from "node:fs";
import { compileSection, noteRun, trustCompiledCodeFor, type Section } from "./code-cache.ts";

/**
 * The front, the runner sections, then each module a runner loads on some runs only, with their offsets in
 * the code file. A runner section records the hooks it holds; the last one holds every hook.
 */
declare const GUARDS_SECTIONS: (Section & { offset: number; hooks?: string[] })[];
declare const GUARDS_CODE_FILE: string;
declare const GUARDS_CODE_BYTES: number;
/** The guards whose entries are shell entries (hooks/inert-commands.ts SHELL_ONLY_GUARDS): those start with the front. */
declare const GUARDS_FRONT_FOR: string[];
/** The guards of file reads (hooks/quick-reads.ts READ_GUARDS): an entry of those alone starts with the front too. */
declare const GUARDS_FRONT_READS: string[];

type Body = (require: NodeJS.Require, filename: string, load: (key: string) => unknown, noteRun: (name: string) => void, stdin?: Promise<string>) => void;
type Front = (require: NodeJS.Require, filename: string, load: (key: string) => unknown, runner: (stdin?: Promise<string>) => void) => void;

// Beside this file, whatever its name: the folder ends at the last separator of either kind (Windows).
const codeFile = __filename.slice(0, Math.max(__filename.lastIndexOf("/"), __filename.lastIndexOf("\\")) + 1) + GUARDS_CODE_FILE;
let fd: number | undefined;

function sectionSource(section: (typeof GUARDS_SECTIONS)[number]): string {
  if (fd === undefined) {
    try {
      fd = openSync(codeFile, "r");
    } catch {
      throw new Error(`its code file ${GUARDS_CODE_FILE} is missing`);
    }
    // A code file of another build would hand out other code at these offsets.
    if (fstatSync(fd).size !== GUARDS_CODE_BYTES) throw new Error(`its code file ${GUARDS_CODE_FILE} is not the one it was built with`);
    process.once("exit", () => closeSync(fd!));
  }
  // A large section is read with its neighbours up to LARGE_STRING bytes and handed out as a slice of that
  // string: V8 keeps a string that large in its large-object space, so a runner's source does not fill the
  // young generation, whose first megabyte a read with a secret spends about one and a half times over (each
  // collection about 2.5 million instructions). A slice shares the characters; V8 reads a Script's source
  // through it. Small sections (the front's) are read as they are: a read is at most doubled.
  const span = Math.min(section.length >= LARGE_STRING / 2 ? Math.max(section.length, LARGE_STRING) : section.length, GUARDS_CODE_BYTES);
  const start = Math.min(section.offset, GUARDS_CODE_BYTES - span);
  const bytes = Buffer.allocUnsafe(span);
  if (readSync(fd, bytes, 0, span, start) !== span) throw new Error(`its code file ${GUARDS_CODE_FILE} is cut short`);
  const text = bytes.toString("latin1");
  return span === section.length ? text : text.slice(section.offset - start, section.offset - start + section.length);
}

/** Just above the largest object V8 allocates in its ordinary spaces (128 KB, half a heap page). */
const LARGE_STRING = 128 * 1024 + 16;

/** The hook list of the entry, as a cache-file word: the bundle's compiled code differs per list. */
function hookList(): string {
  const at = process.argv.indexOf("--hooks");
  const list = at === -1 ? process.argv.find((arg) => arg.startsWith("--hooks="))?.slice(8) : process.argv[at + 1];
  return list && /^[a-z0-9,-]{1,200}$/.test(list) ? list.replaceAll(",", "+") : "any";
}

/** Each section compiled so far: the front and the runner share a module's factory, and so its instance. */
const loaded = new Map<string, unknown>();

function loadSection(key: string): unknown {
  if (loaded.has(key)) return loaded.get(key);
  const section = GUARDS_SECTIONS.find((s) => s.key === key);
  if (!section) throw new Error(`guards: no section ${key} in ${__filename}`);
  const factory = compileSection(section, `lazy:${key}`, () => sectionSource(section));
  loaded.set(key, factory);
  return factory;
}

/**
 * The runner section for the entry's hooks: the first that holds them all, else the one with every hook
 * (which also answers a list it cannot run). A Stop entry so compiles the engine and stop-telemetry alone.
 */
function runnerSection(list: string): (typeof GUARDS_SECTIONS)[number] {
  const runners = GUARDS_SECTIONS.filter((section) => section.hooks);
  const ids = list.split("+");
  return runners.find((section) => ids.every((id) => section.hooks!.includes(id))) ?? runners[runners.length - 1]!;
}

/** Compiles and starts the runner's section, handing it the stdin the front has read. */
function runner(stdin?: Promise<string>): void {
  try {
    const main = runnerSection(hookList());
    const body = compileSection(main, codeFile, () => sectionSource(main), hookList(), true) as Body;
    body(require, __filename, loadSection, noteRun, stdin);
  } catch (error) {
    damaged(error);
  }
}

// Before the hooks run there is no dialect to answer in: exit 2 is a block for every agent that reads exit codes.
function damaged(error: unknown): void {
  writeSync(2, `guards: ${__filename} is damaged (${(error as Error).message.split("\n")[0]}); reinstall it. Denied to be safe.\n`);
  process.exitCode = 2;
}

try {
  trustCompiledCodeFor(__filename);
  const list = hookList();
  // A shell entry and a read entry start with the front: it answers the events no guard acts on, and starts
  // the runner for the rest. Any other entry (edits, stops) has nothing for the front and goes to the runner.
  const ids = list.split("+");
  if (ids.some((id) => GUARDS_FRONT_FOR.includes(id)) || ids.every((id) => GUARDS_FRONT_READS.includes(id))) {
    const front = GUARDS_SECTIONS[0]!;
    (compileSection(front, `lazy:${front.key}`, () => sectionSource(front), list) as Front)(require, __filename, loadSection, runner);
  } else {
    runner();
  }
} catch (error) {
  damaged(error);
}
