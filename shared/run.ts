import type { Dialect, Rendered } from "./dialect.ts";
import { InputError } from "./dialect.ts";
import { combineDecisions, deny, DIALECT_IDS, pass, type GuardEvent } from "./event.ts";
import { isObject } from "./fields.ts";
import { servesKind, stateDirectory, type AnyHook, type HookContext } from "./hook.ts";
import { detectDialectOf, isDialectId, loadDialect } from "./dialects/loaders.ts";
import { loadReaderOf } from "./dialects/reader-loaders.ts";
import { loadConfig, ConfigError, hookSection, switchedOff, type GuardsConfig } from "./config.ts";
import { recordOutcomes, subjectOf, unreadSubject, type AuditHooks, type HookOutcome } from "./audit/index.ts";
import { otlpEnabled } from "./telemetry/otlp-switch.ts";
import { otlpChannel } from "./telemetry/otlp-channel.ts";

export interface RunOptions {
  /** `--dialect`; detected from the payload when absent. */
  dialect?: string;
  env: Readonly<Record<string, string | undefined>>;
  now?: () => Date;
  /** Config already loaded (tests); otherwise read from disk for the event's project root. */
  config?: GuardsConfig;
  /** Keep the audit trail of this run's decisions (the hook entry and `guards run`); absent: none. */
  audit?: AuditHooks;
  /** The folder the hook runs in, asked only for the record of a payload that could not be read (default: PWD). */
  folder?: () => string | undefined;
  /**
   * Told which agent and kind of event this run reads (`claude:shell.before`): the hook file's code cache
   * keeps the functions of each kind it has served (shared/code-cache.ts, noteRun).
   */
  onRun?: (name: string) => void;
}

/** A failure the runner reports in one line, under the hooks' failure policy. */
class RunFailure extends Error {
  /** `recorded`: the reason as the audit trail keeps it, when the message quotes the payload (JSON.parse does). */
  constructor(
    message: string,
    readonly recorded?: string,
  ) {
    super(message);
  }
}

/**
 * One agent event in, the agent's answer out. Never throws and never touches the process:
 * every failure becomes the dialect's documented answer under the failure policy.
 */
export async function runHooks(hooks: AnyHook[], stdinText: string, options: RunOptions): Promise<Rendered> {
  const failClosed = hooks.some((h) => h.meta.failure === "closed");
  const names = hooks.map((h) => h.meta.id).join(",");
  let dialect: Dialect | undefined;
  let event: GuardEvent | undefined;
  try {
    if (options.dialect !== undefined && !isDialectId(options.dialect)) {
      throw new RunFailure(`unknown dialect "${options.dialect}" (expected one of ${DIALECT_IDS.join(", ")})`);
    }
    const raw = parsePayload(stdinText);
    // --dialect names the file's home agent; another agent that runs the same file is answered as it needs.
    dialect = options.dialect && isDialectId(options.dialect) ? await loadReaderOf(await loadDialect(options.dialect), raw, options.env) : await detectDialectOf(raw);
    if (!dialect) throw new RunFailure("cannot tell which agent sent this payload; pass --dialect");
    event = dialect.parse(raw, options.env);
    options.onRun?.(`${dialect.id}:${event?.kind ?? "none"}`);
    if (!event) return dialect.render(pass(), undefined);
    const kind = event.kind;
    const serving = hooks.filter((h) => servesKind(h, kind));
    // Not ours to judge, but still the dialect's answer: Cursor reads an empty stdout as invalid JSON,
    // which blocks under failClosed (a preToolUse matcher "Read" also matches other tools).
    if (serving.length === 0) return dialect.render(pass(), event);
    const config = options.config ?? (await loadConfig(event.projectRoot, options.env));
    const decisions = [];
    const outcomes: HookOutcome[] = [];
    const notes: string[] = [];
    const now = options.now ?? (() => new Date());
    const otlp = otlpEnabled(config.data, options.env) ? otlpChannel(config.data, options.env, stateDirectory(options.env), now) : undefined;
    for (const hook of serving) {
      const section = hookSection(config, hook.meta.id);
      // A hook switched off in the config answers nothing, unless it keeps rules no config may switch off.
      const disabledByConfig = switchedOff(config, hook.meta.id, hook.meta.onlyEnterpriseDisables === true);
      if (disabledByConfig && !hook.meta.runsWhenDisabled) continue;
      const ctx: HookContext = {
        disabledByConfig,
        env: options.env,
        now,
        config: section,
        configSources: config.sources,
        stateDir: stateDirectory(options.env),
        log: (line) => notes.push(`guards ${hook.meta.id}: ${line}\n`),
        canRewrite: (field) => dialect!.canRewrite?.(event!, field) ?? false,
        ...(otlp ? { otlp } : {}),
      };
      // Date, not performance: the global `performance` loads perf_hooks at first touch, on every run.
      const started = Date.now();
      let failedOpen: string | undefined;
      try {
        decisions.push(await hook.run(event, ctx));
      } catch (error) {
        if (hook.meta.failure === "closed") {
          decisions.push(deny(`guards ${hook.meta.id}: could not decide (${oneLine(error)}); denied to be safe`, { rule: "internal-error" }));
        } else {
          decisions.push(pass());
          failedOpen = oneLine(error);
          notes.push(`guards ${hook.meta.id}: ${failedOpen}\n`);
        }
      }
      outcomes.push({ hook: hook.meta, decision: decisions[decisions.length - 1]!, durationMs: Date.now() - started, ...(failedOpen ? { error: failedOpen } : {}) });
    }
    if (options.audit) {
      const note = await recordOutcomes(options.audit, outcomes, () => subjectOf(event!), config, { stateDir: stateDirectory(options.env), now: now(), otlp });
      if (note) notes.push(note);
    }
    const rendered = dialect.render(combineDecisions(decisions), event);
    rendered.stderr += notes.join("");
    return rendered;
  } catch (error) {
    const known = error instanceof RunFailure || error instanceof InputError || error instanceof ConfigError;
    const reason = known ? (error as Error).message : `internal error: ${oneLine(error)}`;
    const rendered = renderFailure(names, reason, failClosed, dialect, event);
    if (options.audit) {
      const message = `guards ${names}: ${error instanceof RunFailure && error.recorded ? error.recorded : reason}`;
      const note = event ? await recordFailure(options.audit, hooks, event, message, options) : await recordUnread(options.audit, hooks, message, { ...options, dialect: dialect?.id ?? options.dialect });
      rendered.stderr += note ?? "";
    }
    return rendered;
  }
}

/** Each security guard denies with rule bad-input, each observer reports an error: the failure policy, as records. */
function failureOutcomes(hooks: AnyHook[], message: string): HookOutcome[] {
  return hooks.map((hook) =>
    hook.meta.failure === "closed"
      ? { hook: hook.meta, decision: deny(`${message}; denied to be safe`, { rule: "bad-input" }), durationMs: 0 }
      : { hook: hook.meta, decision: pass(), durationMs: 0, error: message },
  );
}

/**
 * A failure after the event was read (a config that cannot be loaded, a hook list that fails as a whole)
 * stops the action before any guard decides: the trail still shows it, as each security guard's deny and
 * each observer's error. The config could not be read, so the trail's defaults apply and nothing is exported.
 */
function recordFailure(audit: AuditHooks, hooks: AnyHook[], event: GuardEvent, message: string, options: RunOptions): Promise<string | undefined> {
  const now = (options.now ?? (() => new Date()))();
  const outcomes = failureOutcomes(hooks.filter((hook) => servesKind(hook, event.kind)), message);
  return recordOutcomes(audit, outcomes, () => subjectOf(event), { data: {}, sources: [] }, { stateDir: stateDirectory(options.env), now });
}

/**
 * A payload that could not be read at all still leaves a record for every guard of the entry, with what
 * is known without it: the entry's dialect, the time, the folder the hook runs in and the reason (which
 * never quotes the payload). The config of that folder, when it reads, sets the trail and the export.
 */
async function recordUnread(audit: AuditHooks, hooks: AnyHook[], message: string, options: RunOptions): Promise<string | undefined> {
  const project = options.folder?.() ?? options.env.PWD ?? ".";
  const now = options.now ?? (() => new Date());
  const stateDir = stateDirectory(options.env);
  const config = await loadConfig(project, options.env).catch((): GuardsConfig => ({ data: {}, sources: [] }));
  const otlp = otlpEnabled(config.data, options.env) ? otlpChannel(config.data, options.env, stateDir, now) : undefined;
  const dialect = options.dialect !== undefined && isDialectId(options.dialect) ? options.dialect : undefined;
  return recordOutcomes(audit, failureOutcomes(hooks, message), () => unreadSubject(dialect, project), config, { stateDir, now: now(), otlp });
}

function parsePayload(text: string): Record<string, unknown> {
  if (text.trim() === "") throw new RunFailure("empty input: expected one JSON object on stdin");
  let value: unknown;
  try {
    // cursor-agent starts every payload with a UTF-8 byte order mark (github.com/DobermanCore/Doberman-Core/pull/576).
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    // The parser's message quotes the payload, which may hold a secret: the trail keeps only where it failed.
    const at = /position (\d+)/.exec(oneLine(error))?.[1];
    throw new RunFailure(`input is not valid JSON (${oneLine(error)})`, `input is not valid JSON (${at === undefined ? "" : `at character ${at} of `}${text.length} characters)`);
  }
  if (!isObject(value)) throw new RunFailure(`input must be a JSON object, got ${Array.isArray(value) ? "an array" : typeof value === "object" ? "null" : typeof value}`);
  return value;
}

/** Security hooks deny with the reason; observers let the agent go on and report on stderr. */
function renderFailure(names: string, reason: string, failClosed: boolean, dialect: Dialect | undefined, event: GuardEvent | undefined): Rendered {
  const line = `guards ${names}: ${reason}`;
  if (!failClosed) return { stdout: "", stderr: `${line}\n`, exitCode: 0 };
  const message = `${line}; denied to be safe`;
  // Without a dialect, exit 2 with the reason on stderr is the one block every agent documents.
  if (!dialect) return { stdout: "", stderr: `${message}\n`, exitCode: 2 };
  const rendered = dialect.render(deny(message, { rule: "bad-input" }), event);
  if (!rendered.stderr.includes(message)) rendered.stderr += `${message}\n`;
  return rendered;
}

export function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0]!.slice(0, 500);
}

/**
 * Input that never reached the parser (too large, never ended, bad arguments). With `record` (the hook
 * entry's audit, env and folder), the trail keeps it like any payload that could not be read.
 */
export async function failInput(hooks: AnyHook[], reason: string, dialectArg: string | undefined, record?: Pick<RunOptions, "audit" | "env" | "folder" | "now">): Promise<Rendered> {
  const failClosed = hooks.some((h) => h.meta.failure === "closed");
  const names = hooks.map((h) => h.meta.id).join(",");
  const dialect = dialectArg && isDialectId(dialectArg) ? await loadDialect(dialectArg) : undefined;
  const rendered = renderFailure(names, reason, failClosed, dialect, undefined);
  if (record?.audit) rendered.stderr += (await recordUnread(record.audit, hooks, `guards ${names}: ${reason}`, { ...record, dialect: dialectArg })) ?? "";
  return rendered;
}
