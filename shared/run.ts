import type { Dialect, Rendered } from "./dialect.ts";
import { InputError } from "./dialect.ts";
import { combineDecisions, deny, DIALECT_IDS, pass, type GuardEvent } from "./event.ts";
import { isObject } from "./fields.ts";
import { servesKind, stateDirectory, type AnyHook, type HookContext } from "./hook.ts";
import { detectDialectOf, isDialectId, loadDialect } from "./dialects/loaders.ts";
import { readerOf } from "./dialects/readers.ts";
import { loadConfig, ConfigError, hookSection, switchedOff, type GuardsConfig } from "./config.ts";
import { recordOutcomes, type AuditHooks, type HookOutcome } from "./audit/index.ts";
import { otlpEnabled } from "./telemetry/otlp-settings.ts";
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
}

/** A failure the runner reports in one line, under the hooks' failure policy. */
class RunFailure extends Error {}

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
    dialect = options.dialect && isDialectId(options.dialect) ? readerOf(await loadDialect(options.dialect), raw, options.env) : await detectDialectOf(raw);
    if (!dialect) throw new RunFailure("cannot tell which agent sent this payload; pass --dialect");
    event = dialect.parse(raw, options.env);
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
      const note = await recordOutcomes(options.audit, outcomes, event, config, { stateDir: stateDirectory(options.env), now: now(), otlp });
      if (note) notes.push(note);
    }
    const rendered = dialect.render(combineDecisions(decisions), event);
    rendered.stderr += notes.join("");
    return rendered;
  } catch (error) {
    const known = error instanceof RunFailure || error instanceof InputError || error instanceof ConfigError;
    const reason = known ? (error as Error).message : `internal error: ${oneLine(error)}`;
    const rendered = renderFailure(names, reason, failClosed, dialect, event);
    if (options.audit && event) rendered.stderr += (await recordFailure(options.audit, hooks, event, `guards ${names}: ${reason}`, options)) ?? "";
    return rendered;
  }
}

/**
 * A failure after the event was read (a config that cannot be loaded, a hook list that fails as a whole)
 * stops the action before any guard decides: the trail still shows it, as each security guard's deny and
 * each observer's error. The config could not be read, so the trail's defaults apply and nothing is exported.
 */
function recordFailure(audit: AuditHooks, hooks: AnyHook[], event: GuardEvent, message: string, options: RunOptions): Promise<string | undefined> {
  const outcomes: HookOutcome[] = hooks
    .filter((hook) => servesKind(hook, event.kind))
    .map((hook) =>
      hook.meta.failure === "closed"
        ? { hook: hook.meta, decision: deny(`${message}; denied to be safe`, { rule: "bad-input" }), durationMs: 0 }
        : { hook: hook.meta, decision: pass(), durationMs: 0, error: message },
    );
  const now = (options.now ?? (() => new Date()))();
  return recordOutcomes(audit, outcomes, event, { data: {}, sources: [] }, { stateDir: stateDirectory(options.env), now });
}

function parsePayload(text: string): Record<string, unknown> {
  if (text.trim() === "") throw new RunFailure("empty input: expected one JSON object on stdin");
  let value: unknown;
  try {
    // cursor-agent starts every payload with a UTF-8 byte order mark (github.com/DobermanCore/Doberman-Core/pull/576).
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new RunFailure(`input is not valid JSON (${oneLine(error)})`);
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

/** Input that never reached the parser (too large, never ended, bad arguments). */
export async function failInput(hooks: AnyHook[], reason: string, dialectArg: string | undefined): Promise<Rendered> {
  const failClosed = hooks.some((h) => h.meta.failure === "closed");
  const dialect = dialectArg && isDialectId(dialectArg) ? await loadDialect(dialectArg) : undefined;
  return renderFailure(hooks.map((h) => h.meta.id).join(","), reason, failClosed, dialect, undefined);
}
