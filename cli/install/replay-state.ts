/**
 * The state folder that replays run with. Doctor's probes (`rm -rf /` must be denied), an install's warm-up
 * and `guards test`'s cases are not the user's actions: the real hooks, with the real config, decide them,
 * but what they would record goes to a temporary folder deleted afterwards, so the user's audit trail never
 * shows them.
 *
 * The export needs more than a new folder: a decision spooled for OTLP starts a detached flusher, which
 * inherits the replay's environment and would send the temporary spool to the collector before the folder
 * is gone (an enterprise file that locks export on ignores OTEL_SDK_DISABLED, by design). So the folder's
 * spool starts under a backoff that never ends: no hook starts a flusher for it and no sender sends it.
 * Both are the hooks' existing rules for any state folder (GUARDS_STATE_DIR, the spool's `notBefore`):
 * no switch is added that could turn the trail or the export off for an agent's real actions.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EMPTY_META, OtlpSpool } from "../../shared/telemetry/otlp-spool.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** Later than any clock a sender reads. */
const NEVER = "9999-12-31T23:59:59.999Z";

export interface ReplayState {
  /** `env` with the temporary state folder. */
  env: Env;
  /** Deletes the folder and what the replays left in it. */
  close(): void;
}

export function openReplayState(env: Env): ReplayState {
  const state = mkdtempSync(join(tmpdir(), "guards-replay-"));
  try {
    new OtlpSpool(state).writeMeta({ ...EMPTY_META, notBefore: NEVER, lastError: "records of replayed payloads: never sent" });
  } catch (error) {
    rmSync(state, { recursive: true, force: true });
    throw error;
  }
  return { env: { ...env, GUARDS_STATE_DIR: state }, close: () => rmSync(state, { recursive: true, force: true }) };
}

/** Runs `replay` (synchronous: doctor's and the warm-up's runs) with a replay state, closed after. */
export function withReplayState<T>(env: Env, replay: (env: Env) => T): T {
  const state = openReplayState(env);
  try {
    return replay(state.env);
  } finally {
    state.close();
  }
}
