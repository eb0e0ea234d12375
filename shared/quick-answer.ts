/**
 * The answer to an agent event that no guard of the entry would act on, worked out before the guards'
 * code is loaded. Most shell actions of an agent are listings and git's read-only views; loading every
 * guard to let them pass costs more than Node's own start. Only a narrow form is answered here: a shell
 * call in a payload shape the dialect reads itself (shared/dialects/quick-shell.ts), an inert command, and
 * no config file or only settings that leave inert commands as they are (shared/quick-config.ts, loaded
 * only when a config file is present). Anything else, and anything that fails, goes to the runner
 * (shared/run.ts), which decides as before.
 */
import { configPaths, presentConfigFiles } from "./config-paths.ts";
import { isObject } from "./fields.ts";
import { QUICK_SHELL_READERS } from "./dialects/quick-shell.ts";
import type { Rendered } from "./dialect.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** Whether the config files of a project leave inert commands as they are for the entry's guards. */
export type ConfigCheck = (projectRoot: string, hooks: readonly string[], env: Env) => boolean;

/** What the registry tells the front: the guards that let an inert command pass, and which commands are inert. */
export interface QuickRules {
  /** The guards that answer pass to every inert command when no config file exists (the rest always go to the runner). */
  guards: readonly string[];
  inertCommand: (command: string) => boolean;
  /** The config check (shared/quick-config.ts with each guard's options), loaded only when a config file is present. */
  configCheck: () => Promise<ConfigCheck>;
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
  const read = Object.hasOwn(QUICK_SHELL_READERS, args.dialect) ? QUICK_SHELL_READERS[args.dialect] : undefined;
  if (!read || args.hooks.length === 0 || !args.hooks.every((id) => rules.guards.includes(id))) return undefined;
  try {
    const raw: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    const shell = isObject(raw) ? read(raw, env) : undefined;
    if (!shell || !rules.inertCommand(shell.command)) return undefined;
    // A config may add rules or record every decision: then the runner reads it.
    if (presentConfigFiles(configPaths(shell.projectRoot, env)).length > 0) {
      const leavesInert = await rules.configCheck();
      if (!leavesInert(shell.projectRoot, args.hooks, env)) return undefined;
    }
    return { stdout: shell.stdout, stderr: "", exitCode: 0 };
  } catch {
    return undefined;
  }
}
