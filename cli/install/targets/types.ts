import type { DialectId } from "../../../shared/event.ts";
import type { HookId } from "../../../shared/hook.ts";
import type { EntryShell } from "../node-environment.ts";

export type Scope = "project" | "user" | "enterprise";
export type Platform = "linux" | "darwin" | "win32";
/** Every dialect except the universal package format is an agent the installer writes to. */
export type AgentId = Exclude<DialectId, "universal">;

/** The directories a scope resolves against, as the agent will see them (before any --root prefix). */
export interface ScopeDirs {
  scope: Scope;
  platform: Platform;
  /** The project folder (project scope). */
  project: string;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
}

/** One registration for one native event (and matcher): every selected guard of it, run by one process. */
export interface HookEntry {
  /** In registry order. */
  hookIds: HookId[];
  event: string;
  matcher?: string;
  command: string;
  /**
   * What a Windows teammate's agent runs instead of `command`, for project entries of agents whose handler
   * has a Windows field (`InstallTarget.windowsField`).
   */
  windowsCommand?: string;
  /**
   * The same command in parts, for targets that write a launcher of their own in another language (Cline's
   * PowerShell scripts): the guards file, relative to the project root in project scope and absolute
   * otherwise, and the arguments after it.
   */
  launch: { path: string; fromProject: boolean; args: string };
  /** The hook is a security guard (meta.failure "closed"). */
  failClosed: boolean;
  timeoutSeconds: number;
}

/** A file guards write whole (a script or a plugin), for agents that take code rather than a config entry. */
export interface GeneratedFile {
  /** Absolute path as the agent reads it. */
  path: string;
  text: string;
  /** The agent runs the file itself (Cline hook scripts): written with mode 755. */
  executable?: boolean;
}

export interface ConfigFile {
  /** Absolute path as the agent reads it (no --root prefix). */
  path: string;
  /** The whole file belongs to guards (a drop-in or a file of its own in a hooks folder). */
  owned: boolean;
}

/** How one agent's hook config is written. Dialect knowledge the installer needs and the runtime does not. */
export interface InstallTarget {
  agent: AgentId;
  /**
   * The agent runs another agent's hook files (VS Code runs Copilot's): its entries are written in that
   * agent's events and `--dialect`, so the file is the same whichever of the two is installed.
   */
  entryDialect?: AgentId;
  /**
   * "groups": `hooks.<event>[] = {matcher, hooks: [handler]}` (Claude-shaped); "flat": `hooks.<event>[] = handler`;
   * "list": `hooks[] = item` with the event in `item.trigger` and the command in `item.action` (Kiro v3);
   * "files": no JSON config, guards write files of their own with `generate` (Cline's executables, plugins).
   */
  layout: "groups" | "flat" | "list" | "files";
  /**
   * The "files" layout: every file guards write for these entries, each carrying GENERATED_MARK. `configFile`
   * then names the one file whose presence means guards are installed there (for list and doctor).
   */
  generate?: (dirs: ScopeDirs, entries: readonly HookEntry[]) => GeneratedFile[];
  /** The generated files import the in-process engine (dist/plugin.mjs), copied beside the hook files. */
  engine?: boolean;
  /** The file for a scope, or undefined when the agent has no such scope on that platform. */
  configFile: (dirs: ScopeDirs) => ConfigFile | undefined;
  /**
   * The shell word that reaches `relativePath` under the project root at run time, so a moved or
   * cloned checkout keeps working (the agent's project-dir variable, or the cwd the agent guarantees).
   */
  projectPath: (relativePath: string) => string;
  /**
   * How a project entry reaches a Windows teammate's agent (README "On Windows: what each agent runs"). `windowsField`: the
   * handler key of the command the agent runs on Windows instead of `command` (filled with
   * `HookEntry.windowsCommand`), so `command` keeps the POSIX form on every platform. `posixShellOnWindows`:
   * the agent runs hook commands through a POSIX shell on Windows too. Neither: one command for every OS,
   * and an install on Windows names the absolute path where the project form would need a shell variable.
   */
  windowsField?: string;
  /**
   * For agents that may start the Windows command in a subfolder of the project: wraps the plain command
   * (`node .guards/…`, relative to the project root) in the agent's Windows shell so that it starts there.
   */
  windowsFromRoot?: (command: string) => string;
  posixShellOnWindows?: boolean;
  /**
   * The shell the agent runs a hook command with on Windows, where its docs or source say (the
   * `windowsField` command's, and `command`'s in an install on Windows): the entry removes Node's code
   * variables in that shell's syntax (node-environment.ts). Undefined: not documented, the plain command.
   */
  windowsShell?: EntryShell;
  /**
   * For an agent with one `command` for every OS (no `windowsField`), that runs it through a POSIX shell
   * off Windows and through `windowsShell` (or a shell nobody documents) on Windows: the form a project
   * entry is written in, from any OS, which sh, PowerShell and cmd all read (node-environment.ts), so the
   * committed file starts node without Node's code variables on every teammate's machine.
   */
  projectEntryShell?: Extract<EntryShell, "posix+powershell+cmd">;
  /** One handler object in the agent's own shape. */
  handler: (entry: HookEntry) => Record<string, unknown>;
  /**
   * Files guards own beside the config file (a plugin manifest, wrapper scripts), written with it. Those
   * named with no entries are removed with it; the others live in the versioned guards folder.
   */
  companions?: (dirs: ScopeDirs, entries: readonly HookEntry[]) => GeneratedFile[];
  /** The top-level keys a new file needs. */
  skeleton: () => Record<string, unknown>;
  /** Folders or files whose presence means the agent is used here (relative to the project or home). */
  presence: { project: string[]; home: string[]; binaries: string[] };
  /**
   * What the user still has to do before the agent runs the hooks (trust prompts, reloads), per scope;
   * a scope without its own text uses the project one.
   */
  afterInstall: { project: string } & Partial<Record<Scope, string>>;
  /** A file beside the config whose mere presence makes the agent skip the config's hooks (doctor reports it). */
  shadowedBy?: (configPath: string) => string;
  /** The setting in this file that switches every hook off, when it is set (doctor reports it). */
  hooksSwitchedOff?: (doc: Record<string, unknown>) => string | undefined;
  /** The only top-level keys the agent accepts in the file, when it refuses others. */
  topLevelKeys?: readonly string[];
  /** Keys set in an enterprise file guards own when `--lock-down` is given (the agent's "managed hooks only" switch). */
  lockDown?: Record<string, unknown>;
  /** The env the agent sets for project-scope commands (doctor replays it). */
  projectEnv?: (projectDir: string) => Record<string, string>;
}
