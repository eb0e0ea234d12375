/** The process entry of a built hook file: argv and stdin in, the dialect's answer out. */
import type { AnyHook } from "./hook.ts";
import { runHooks, failInput } from "./run.ts";
import { stdinLimitsOf } from "./stdin.ts";
import { endProcess, hookEnvironment, readProcessStdin, writeRendered } from "./process-io.ts";
import type { Rendered } from "./dialect.ts";
import type { AuditHooks } from "./audit/index.ts";
import { childProcessModule } from "./builtins.ts";
import { FLUSH_ARGUMENT, runFlusher } from "./telemetry/flusher.ts";

/** Handed to the bundle by the hook file's loader (shared/code-cache.ts, noteRun); absent when run from source. */
declare const __guardsNoteRun: ((name: string) => void) | undefined;
/** Stdin as the hook file's front section already read it (shared/quick-entry.ts); absent when it did not. */
declare const __guardsStdin: Promise<string> | undefined;

/** `audit`: how the built file masks the audit trail's text (scripts/build.mjs hands it the secret detector). */
export async function hookMain(hooks: AnyHook[], argv: string[] = process.argv.slice(2), audit?: AuditHooks): Promise<void> {
  if (argv[0] === FLUSH_ARGUMENT) {
    // A detached flusher: nobody reads its output, and a failure leaves the records for the next one.
    await runFlusher(argv[1] ?? process.cwd(), process.env).catch(() => undefined);
    return endProcess();
  }
  const withFlusher = audit && { ...audit, startFlusher };
  // What a payload that cannot be read is recorded with: the trail still shows the action it stopped.
  const recordAs = () => withFlusher && { audit: withFlusher, env: process.env, folder: currentFolder };
  let dialect: string | undefined;
  try {
    dialect = parseDialectArgument(argv);
  } catch (error) {
    return writeRendered(await failInput(hooks, `bad arguments: ${(error as Error).message}`, dialectNamedIn(argv), recordAs()));
  }
  let rendered: Rendered;
  try {
    const early = typeof __guardsStdin === "undefined" ? undefined : __guardsStdin;
    const text = await (early ?? readProcessStdin(stdinLimitsOf(process.env)));
    const env = hookEnvironment();
    const onRun = typeof __guardsNoteRun === "function" ? __guardsNoteRun : undefined;
    rendered = await runHooks(hooks, text, { dialect, env, audit: withFlusher, folder: currentFolder, onRun });
  } catch (error) {
    rendered = await failInput(hooks, (error as Error).message, dialect, recordAs());
  }
  writeRendered(rendered);
  endProcess();
}

/** A hook's module, set up only when an entry names it (hooks/loaders.ts). */
export type HookLoader = () => Promise<AnyHook>;

/**
 * The entry of the file that holds every hook (`guards.cjs`): its entry names the hooks to run, in the
 * agent's order of the registry, with `--hooks a,b` (or `--hooks=a,b`) beside `--dialect`. Only those
 * are loaded. An unknown or missing list runs none: every hook of the registry then answers as bad
 * arguments (a security one denies).
 */
export async function guardsMain(registry: Readonly<Record<string, HookLoader>>, argv: string[] = process.argv.slice(2), audit?: AuditHooks): Promise<void> {
  // This file started again as the detached OTLP flusher (startFlusher): no hooks to name.
  if (argv[0] === FLUSH_ARGUMENT) return hookMain([], argv, audit);
  const rest: string[] = [];
  let list: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--hooks") list = argv[++i] ?? "";
    else if (arg.startsWith("--hooks=")) list = arg.slice("--hooks=".length);
    else rest.push(arg);
  }
  const ids = list?.split(",") ?? [];
  const unknown = list === undefined ? "option '--hooks <list>' missing" : ids.find((id) => !Object.hasOwn(registry, id));
  if (unknown !== undefined || ids.length === 0) {
    const reason = unknown === undefined ? "no hook in '--hooks'" : list === undefined ? unknown : `unknown hook '${unknown}' in '--hooks'`;
    const every = await Promise.all(Object.values(registry).map((load) => load()));
    return writeRendered(await failInput(every, `bad arguments: ${reason}`, dialectNamedIn(rest), audit && { audit: { ...audit, startFlusher }, env: process.env, folder: currentFolder }));
  }
  return hookMain(await Promise.all(ids.map((id) => registry[id]!())), rest, audit);
}

/** The dialect a malformed command line still names, so the failure is told in the agent's terms. */
function dialectNamedIn(argv: readonly string[]): string | undefined {
  const at = argv.indexOf("--dialect");
  return at === -1 ? argv.find((arg) => arg.startsWith("--dialect="))?.slice("--dialect=".length) : argv[at + 1];
}

/**
 * A hook file takes one option, `--dialect D` or `--dialect=D`. Parsed by hand: util.parseArgs loads
 * modules of its own at every start, for one flag.
 */
export function parseDialectArgument(argv: readonly string[]): string | undefined {
  let dialect: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    let value: string | undefined;
    if (arg === "--dialect") {
      value = argv[++i];
      if (value === undefined || value.startsWith("-")) throw new Error("option '--dialect <value>' argument missing");
    } else if (arg.startsWith("--dialect=")) {
      value = arg.slice("--dialect=".length);
    } else if (arg.startsWith("-")) {
      throw new Error(`unknown option '${arg}'`);
    } else {
      throw new Error(`unexpected argument '${arg}'`);
    }
    if (dialect !== undefined && dialect !== value) throw new Error("option '--dialect' given twice");
    dialect = value;
  }
  return dialect;
}

/** The hook's working folder; a folder deleted under it leaves PWD. */
function currentFolder(): string | undefined {
  try {
    return process.cwd();
  } catch {
    return process.env.PWD;
  }
}

/** This hook file again, as a flusher in a session of its own: an agent that ends the hook's process group does not end it. */
function startFlusher(projectRoot: string): void {
  const file = process.argv[1];
  if (!file) return;
  const child = childProcessModule().spawn(process.execPath, [file, FLUSH_ARGUMENT, projectRoot], { detached: true, stdio: "ignore", windowsHide: true });
  child.on("error", () => undefined);
  child.unref();
}

