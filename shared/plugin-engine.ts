/**
 * The guards engine for agents that load plugins instead of running commands (OpenCode, Amp): the
 * plugin calls `decide` in the agent's own process with the payload it built, and acts on the answer.
 * The same runner, config and failure policy as a hook process; no process is started (the OTLP spool is
 * delivered in this process, after the decision: telemetry/in-process-flusher.ts).
 */
import type { AuditHooks } from "./audit/index.ts";
import type { AnyHook } from "./hook.ts";
import { runHooks } from "./run.ts";
import { inProcessFlusher } from "./telemetry/in-process-flusher.ts";

/** What the plugin does with the call: throw or reject with `block`, merge `args`, show `context` to the model. */
export interface PluginAnswer {
  block?: string;
  args?: Record<string, unknown>;
  context?: string;
}

export type Decide = (hookIds: readonly string[], dialect: string, payload: Record<string, unknown>, env: Readonly<Record<string, string | undefined>>) => Promise<PluginAnswer>;

export function pluginEngine(registry: Readonly<Record<string, AnyHook>>, audit?: AuditHooks): Decide {
  // The agent's process lives on: the OTLP spool is sent in it, after each decision is answered.
  const flush = inProcessFlusher();
  return async (hookIds, dialect, payload, env) => {
    const unknown = hookIds.find((id) => !(id in registry));
    // A plugin written for another guards version names a hook this engine lacks: refuse rather than skip it.
    if (unknown) return { block: `guards: unknown hook "${unknown}" in the plugin; reinstall guards (guards install)` };
    const withFlusher = audit && { startFlusher: (projectRoot: string) => flush(projectRoot, env), ...audit };
    const folder = () => (typeof payload.cwd === "string" ? payload.cwd : undefined);
    const rendered = await runHooks(hookIds.map((id) => registry[id]!), JSON.stringify(payload), { dialect, env, audit: withFlusher, folder });
    if (rendered.stdout.trim() === "") return rendered.exitCode === 0 ? {} : { block: rendered.stderr.trim() || "blocked by guards" };
    return JSON.parse(rendered.stdout) as PluginAnswer;
  };
}
