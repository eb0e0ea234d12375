/** The contract of one real agent under test: its pinned CLI, the model API it speaks, its tools and headless run. */
import type { Answer } from "./fake/recorder.ts";
import type { NativeToolCall } from "./fake/script.ts";

/** A tool call in neutral terms; each agent turns it into its own tool (Bash, run_shell_command, view…). */
export type ScriptedCall =
  | { role: "shell"; command: string }
  | { role: "read"; path: string }
  | { role: "write"; path: string; content: string };

/** One fresh sandbox: a project, a HOME, a folder outside both, and a bin folder put first on PATH. */
export interface Workspace {
  root: string;
  project: string;
  home: string;
  outside: string;
  bin: string;
}

export interface Invocation {
  args: string[];
  env: Record<string, string>;
  /** Variables of the parent environment the agent must not see (real credentials). */
  unset: string[];
}

export interface AgentUnderTest {
  /** The `guards install --agent` value, unless `installAgents` names others. */
  id: string;
  /** The agents `guards install --agent` is given, when the run is about a file written for another agent. */
  installAgents?: readonly string[];
  /** The agent guards recognise and record (dialect, audit `guards.agent`), when it is not `id`. */
  recordedAs?: string;
  name: string;
  npmPackage: string;
  /** Exact version: unpinned installs drift (an unpinned Claude Code on Node 20 installs an old release). */
  version: string;
  /**
   * Words `guards install` must print for this agent: the trust step the headless run takes (without it the
   * agent skips project hooks silently).
   */
  installerNamesTrust?: string;
  /** Executable name under node_modules/.bin. */
  bin: string;
  /**
   * The executable's path under node_modules, for a platform package that declares no `bin` (Droid's
   * `@factory/cli-linux-x64`: the `@factory/cli` wrapper pins a platform version the registry no longer has).
   */
  binPath?: string;
  /**
   * The agent's own sign, in its output, that a pre-tool hook ended the whole run (Cline CLI: `cancel: true`
   * stops it, so no tool result ever goes back to the model). Absent: a deny comes back as the tool's result.
   */
  stoppedByHook?(run: { stdout: string; stderr: string }): boolean;
  /** The one platform the pinned package is built for (a platform package), as `${process.platform}-${process.arch}`. */
  onlyOn?: string;
  /**
   * The agent masks credentials in a read's output by itself, whatever guards do (the reason): a secret-read
   * control run cannot fail there, so that scenario cannot prove anything about guards.
   */
  masksSecretsItself?: string;
  /** guards run inside the agent's process (a plugin importing dist/plugin.mjs), not as a hook process. */
  inProcess?: boolean;
  answer(call: NativeToolCall): Answer;
  /** What the agent does when a pre-tool hook crashes (exit 1), as observed on the pinned version. */
  onHookCrash: "runs the command" | "blocks the command";
  /** The agent's native form of a scripted call, or a reason it has no such tool. */
  toolCall(call: ScriptedCall): NativeToolCall | { notApplicable: string };
  /** The agent's own settings that keep it offline and headless (never hook entries: the installer writes those). */
  prepare(workspace: Workspace, modelUrl: string): void;
  invocation(workspace: Workspace, modelUrl: string, prompt: string, shared: SharedDirs): Invocation;
}

export interface SharedDirs {
  /** Reused between runs: Copilot unpacks 235 MB there on its first start. */
  cache: string;
}
