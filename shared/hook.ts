import type { Decision, EventKind, EventOf, Rewrite } from "./event.ts";
import { homeDirectory } from "./system-dirs.ts";
import type { OtlpChannel } from "./telemetry/otlp-channel.ts";

export const HOOK_IDS = ["redact-secrets", "dangerous-command", "kubectl-prod", "guard-files", "git-to-gh", "format", "stop-telemetry"] as const;
/** Stable hook ids: folder, registry key, CLI argument, built file name and README title. */
export type HookId = (typeof HOOK_IDS)[number];

/**
 * What a hook does when it cannot decide (bad input, internal error):
 * security guards fail closed (deny), observers fail open (the agent goes on).
 */
export type FailurePolicy = "closed" | "open";

export interface HookMeta<K extends EventKind> {
  id: HookId;
  summary: string;
  /** The normalized kinds this hook serves; the runner never calls it for others. */
  events: readonly K[];
  failure: FailurePolicy;
  /**
   * Still called when the config says `enabled: false`, with `ctx.disabledByConfig` set: for guards
   * whose catastrophic rules no config may switch off.
   */
  runsWhenDisabled?: boolean;
  /**
   * Only the enterprise config can switch it off: `enabled: false` in a project or user file, which the
   * guarded agent could write, is ignored. For the guard that keeps the agent from switching its guards off.
   */
  onlyEnterpriseDisables?: boolean;
  /**
   * A team policy rather than protection: `guards install` leaves it out unless it is named
   * (`--hooks +id`), and the picker shows it unticked with this one-line description of the policy.
   */
  optIn?: string;
}

/** The hook's slice of the merged guards config (`hooks.<id>` in .guards.yaml), plus global keys. */
export type HookConfig = Record<string, unknown>;

/** Everything impure a hook may use; tests pass their own. */
export interface HookContext {
  env: Readonly<Record<string, string | undefined>>;
  now: () => Date;
  config: HookConfig;
  /** Files the merged config came from, for messages. */
  configSources: string[];
  /** The config says `enabled: false` and the hook asked to run anyway (meta.runsWhenDisabled). */
  disabledByConfig?: boolean;
  /**
   * Whether the agent takes this rewrite of the current event (a read pointed at another file, a replaced
   * command or output); absent or false: only allow/deny. Answered by Dialect.canRewrite.
   */
  canRewrite?: (field: keyof Rewrite) => boolean;
  /** Folder for state kept between runs (observers); see stateDirectory(). */
  stateDir?: string;
  /** A line for the person on stderr (observers' notes that are not worth a failure). */
  log?: (line: string) => void;
  /** Runs a program by argv, never through a shell. Absent: the hook uses its own child_process runner. */
  exec?: ExecProgram;
  /** The OTLP export, present only when the config enables it (observers add records and deliver). */
  otlp?: OtlpChannel;
  /** HTTP POST. Absent: the hook loads undici itself, so hooks that never call out do not carry it. */
  post?: HttpPost;
}

export interface ExecResult {
  /** null when the program was killed (timeout) or could not start. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** The spawn error (ENOENT, EACCES), when the program never ran. */
  error?: string;
}
export type ExecProgram = (file: string, args: readonly string[], options: { cwd: string; timeoutMs: number; env?: Readonly<Record<string, string | undefined>> }) => Promise<ExecResult>;

export interface HttpResponse {
  status: number;
  /** Lower-case names. */
  headers?: Record<string, string>;
  /** The start of the response body, as text and as bytes (a protobuf answer). */
  body?: string;
  bytes?: Uint8Array;
}
export type HttpPost = (url: string, body: string | Uint8Array, options: { headers: Record<string, string>; timeoutMs: number; userAgent?: string }) => Promise<HttpResponse>;

/** GUARDS_STATE_DIR, else $XDG_STATE_HOME/guards, else ~/.local/state/guards: outside any project. */
export function stateDirectory(env: Readonly<Record<string, string | undefined>>): string {
  if (env.GUARDS_STATE_DIR) return env.GUARDS_STATE_DIR;
  const base = env.XDG_STATE_HOME || `${homeDirectory(env)}/.local/state`;
  return `${base}/guards`;
}

export interface Hook<K extends EventKind = EventKind> {
  meta: HookMeta<K>;
  run: (event: EventOf<K>, ctx: HookContext) => Decision | Promise<Decision>;
}

/** Identity helper that narrows `event` to the kinds listed in `meta.events`. */
export function defineHook<const K extends EventKind>(hook: Hook<K>): Hook<K> {
  return hook;
}

/** A hook of any kind, as the registry and the runner hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyHook = Hook<any>;

export function servesKind(hook: AnyHook, kind: EventKind): boolean {
  return (hook.meta.events as readonly EventKind[]).includes(kind);
}
