/**
 * The answer to an agent event that no guard of the entry would act on, worked out before the guards'
 * code is loaded. Most shell actions of an agent are listings and git's read-only views, and most files it
 * reads hold no secret; loading every guard to let them pass costs more than Node's own start. Only narrow
 * forms are answered here, each in a payload shape the dialect reads itself:
 * - a shell call (shared/dialects/quick-shell.ts) of inert commands, or of deletes of plain names in the
 *   project that no guard objects to (hooks/inert-deletes.ts);
 * - a read of one file, or a prompt (shared/dialects/quick-read.ts), that the read guards' own check passes;
 * and no config file, or only settings that leave those as they are (shared/quick-config.ts, loaded only
 * when a config file is present). Anything else, and anything that fails, goes to the runner
 * (shared/run.ts), which decides as before.
 */
import { configPaths, presentConfigFiles } from "./config-paths.ts";
import { isObject, type Json } from "./fields.ts";
import { QUICK_PROMPT_READERS, QUICK_READ_READERS } from "./dialects/quick-read.ts";
import { QUICK_SHELL_READERS } from "./dialects/quick-shell.ts";
import type { Rendered } from "./dialect.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** Whether the config files of a project leave inert commands as they are for the entry's guards. */
export type ConfigCheck = (projectRoot: string, hooks: readonly string[], env: Env) => boolean;

/**
 * Whether a read of one file passes every read guard with no config: `content` is the text the agent sent
 * with the event, `home` the user's home folder. Its answer must be the guards' own.
 */
export type ReadCheck = (filePath: string, content: string | undefined, projectRoot: string, home: string | undefined) => Promise<boolean>;

/**
 * Whether deleting `names` in `cwd` passes every guard of the entry with no config file: the places they
 * are (and lead to, through links) as the guards class them, never a link itself.
 */
export type DeletesCheck = (names: readonly string[], cwd: string, projectRoot: string, env: Env) => boolean;

/** Whether a prompt passes every read guard with no config. */
export type PromptCheck = (prompt: string) => Promise<boolean>;

/** What the registry tells the front of file reads: the guards whose reads it may answer, and how. */
export interface QuickReads {
  guards: readonly string[];
  /** A section of its own: only a read or a prompt compiles it. */
  checks: () => Promise<{ file: ReadCheck; prompt: PromptCheck }>;
  /** Whether the config files present leave the entry's reads as with none. */
  configCheck: () => Promise<ConfigCheck>;
}

/** What the registry tells the front: the guards that let an inert command pass, and which commands are inert. */
export interface QuickRules {
  /** The guards that answer pass to every inert command when no config file exists (the rest always go to the runner). */
  guards: readonly string[];
  /** Undefined unless every command of the line is inert or deletes names in its own folder; else those names. */
  inertLine: (command: string) => { deletes: readonly string[] } | undefined;
  /** The config check (shared/quick-config.ts with each guard's options), loaded only when a config file is present. */
  configCheck: () => Promise<ConfigCheck>;
  /** The check of a line's deletes, loaded only for a line that has some. */
  deletesCheck: () => Promise<DeletesCheck>;
  reads?: QuickReads;
}

/** An entry's own arguments: `--hooks a,b` and `--dialect D`, each once, nothing else. */
export interface EntryArguments {
  hooks: string[];
  dialect: string;
}

/** The entry's arguments when they are exactly the two an installed entry has; anything else is the runner's to report. */
export function entryArguments(argv: readonly string[]): EntryArguments | undefined {
  const found: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const name = arg === "--hooks" || arg === "--dialect" ? arg.slice(2) : /^--(hooks|dialect)=/.exec(arg)?.[1];
    if (name === undefined || name in found) return undefined;
    const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[++i];
    if (value === undefined) return undefined;
    found[name] = value;
  }
  if (found.hooks === undefined || found.dialect === undefined) return undefined;
  return { hooks: found.hooks.split(","), dialect: found.dialect };
}

/** The dialect's pass for this payload, or undefined when the runner must decide. Never rejects. */
export async function quickAnswer(text: string, args: EntryArguments, env: Env, rules: QuickRules): Promise<Rendered | undefined> {
  if (args.hooks.length === 0) return undefined;
  try {
    const raw: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    if (!isObject(raw)) return undefined;
    const passed = (await shellPasses(raw, args, env, rules)) ?? (await readPasses(raw, args, env, rules.reads));
    return passed === undefined ? undefined : { stdout: passed, stderr: "", exitCode: 0 };
  } catch {
    return undefined;
  }
}

const readerFor = <T>(readers: Readonly<Record<string, T>>, dialect: string) => (Object.hasOwn(readers, dialect) ? readers[dialect] : undefined);
const allOf = (hooks: readonly string[], guards: readonly string[]) => hooks.every((id) => guards.includes(id));

/** The pass's stdout for an inert command in a shell call, else undefined. */
async function shellPasses(raw: Json, args: EntryArguments, env: Env, rules: QuickRules): Promise<string | undefined> {
  const read = readerFor(QUICK_SHELL_READERS, args.dialect);
  const shell = read && allOf(args.hooks, rules.guards) ? read(raw, env) : undefined;
  const line = shell && rules.inertLine(shell.command);
  if (!shell || !line) return undefined;
  if (line.deletes.length) {
    // Deletes are judged by where they land, which a config may protect: only with none at all, and from a folder the reader knows.
    if (shell.cwd === undefined || presentConfigFiles(configPaths(shell.projectRoot, env)).length) return undefined;
    return (await rules.deletesCheck())(line.deletes, shell.cwd, shell.projectRoot, env) ? shell.stdout : undefined;
  }
  // A config may add rules or record every decision: then the runner reads it.
  if (!(await configLeaves(shell.projectRoot, args.hooks, env, rules.configCheck))) return undefined;
  return shell.stdout;
}

/** The pass's stdout for a read of one file, or a prompt, that the read guards pass; else undefined. */
async function readPasses(raw: Json, args: EntryArguments, env: Env, reads: QuickReads | undefined): Promise<string | undefined> {
  if (!reads || !allOf(args.hooks, reads.guards)) return undefined;
  const read = readerFor(QUICK_READ_READERS, args.dialect)?.(raw, env);
  const prompt = read ? undefined : readerFor(QUICK_PROMPT_READERS, args.dialect)?.(raw, env);
  const event = read ?? prompt;
  if (!event || !(await configLeaves(event.projectRoot, args.hooks, env, reads.configCheck))) return undefined;
  const checks = await reads.checks();
  const passes = await (read ? checks.file(read.filePath, read.content, read.projectRoot, env.HOME || undefined) : checks.prompt(prompt!.prompt));
  return passes ? event.stdout : undefined;
}

/** No config file, or one whose settings leave the event as with none (a section compiled only then). */
async function configLeaves(projectRoot: string, hooks: readonly string[], env: Env, check: () => Promise<ConfigCheck>): Promise<boolean> {
  if (presentConfigFiles(configPaths(projectRoot, env)).length === 0) return true;
  return (await check())(projectRoot, hooks, env);
}
