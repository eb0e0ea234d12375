/** What install and uninstall act on (the request) and what they would write (the plan). */
import type { AnyHook } from "../../shared/hook.ts";
import type { AgentId, Platform, Scope } from "./targets/types.ts";

/** What install and uninstall act on: the parsed CLI selectors. */
export interface InstallRequest {
  agents: AgentId[];
  scope: Scope;
  platform: Platform;
  /** Project folder (project scope). */
  project: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Stage every file under this prefix instead of `/`. */
  root?: string;
  hooks: AnyHook[];
  /** guards' own version: the name of the folder the hook files are copied to. */
  version: string;
  /** Enterprise scope: also set the agents' "managed hooks only" switches. */
  lockDown: boolean;
  /** Where the built dist/hooks/<id>.mjs files are. */
  hookSources: string;
}

export interface FileChange {
  agent: AgentId;
  /** The path the agent reads. */
  path: string;
  /** Where it is written (under --root when staging). */
  stagedPath: string;
  before?: string;
  /** undefined: the file is removed. */
  after?: string;
  /** File mode for a new file (executable scripts); enterprise files get it whatever the umask. */
  mode?: number;
}

export interface HookCopy {
  hookId: string;
  source: string;
  path: string;
  stagedPath: string;
}

export interface Plan {
  changes: FileChange[];
  /** Files already as they should be. */
  unchanged: { agent: AgentId; path: string; stagedPath: string }[];
  copies: HookCopy[];
  /** Version folders to delete (uninstall). */
  removeDirs: string[];
  /**
   * Enterprise scope: the folder beside the guards file where root keeps compiled code for every user
   * (shared/code-cache.ts, managed cache); without it, a hook file a user does not own compiles at every run.
   */
  managedCacheDir?: string;
  state: { stagedPath: string; before?: string; after?: string };
  backupDir: string;
  /**
   * Enterprise scope: what is written is read by every user, so it gets 0755 (folders, scripts) and 0644
   * (files) whatever the umask (modes.ts). `folders` (guards' own) and `files` (those an install keeps as
   * they are: an identical hook file, an unchanged config) get the same modes: an earlier install under a
   * stricter umask may have left them unreadable.
   */
  everyUser?: { folders: string[]; files: string[] };
  /** Folders guards created, pruned from `from` up to `to` when they end up empty (uninstall). */
  prune: { from: string; to: string }[];
  skipped: { agent: AgentId; reason: string }[];
  notes: { agent: AgentId; text: string }[];
}

export function emptyPlan(stateStagedPath: string, stateBefore: string | undefined, backupDir: string, everyUser = false): Plan {
  return {
    ...(everyUser ? { everyUser: { folders: [], files: [] } } : {}),
    changes: [],
    unchanged: [],
    copies: [],
    removeDirs: [],
    prune: [],
    state: { stagedPath: stateStagedPath, before: stateBefore },
    backupDir,
    skipped: [],
    notes: [],
  };
}
