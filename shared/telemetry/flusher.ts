/**
 * The detached flusher: after a decision adds to the OTLP spool, the hook starts a process of its own
 * file that delivers the spool and exits, so records leave within seconds and the decision never waits.
 * None is started while another sender holds the spool or a backoff runs.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../config.ts";
import { stateDirectory, type HttpPost } from "../hook.ts";
import { otlpChannel } from "./otlp-channel.ts";
import { otlpEnabled } from "./otlp-switch.ts";
import { OtlpSpool } from "./otlp-spool.ts";
import type { OtlpReport } from "./otlp-deliver.ts";

/** The hook file's argument that makes it a flusher instead of a hook. */
export const FLUSH_ARGUMENT = "--guards-flush-otlp";
/** A flusher gives up after this long; what is left waits for the next one, the stop hook or `guards telemetry flush`. */
const FLUSH_BUDGET_MS = 30_000;

export function flusherWanted(stateDir: string, now: Date): boolean {
  const spool = new OtlpSpool(stateDir);
  if (existsSync(join(spool.dir, "sender.lock"))) return false;
  const notBefore = spool.meta().notBefore;
  return !(notBefore && Date.parse(notBefore) > now.getTime());
}

/** The flusher's work; `projectRoot` only locates the config (a project's file cannot configure the export). */
export async function runFlusher(projectRoot: string, env: Readonly<Record<string, string | undefined>>, post?: HttpPost): Promise<OtlpReport | undefined> {
  const config = await loadConfig(projectRoot, env);
  if (!otlpEnabled(config.data, env)) return undefined;
  return otlpChannel(config.data, env, stateDirectory(env), () => new Date()).deliver(FLUSH_BUDGET_MS, post);
}
