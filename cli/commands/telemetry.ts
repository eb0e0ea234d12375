/** `guards telemetry flush|status|requeue`: deliver or inspect the stop-telemetry and OTLP spools. */
import { parseArgs } from "node:util";
import { loadConfig, hookSection } from "../../shared/config.ts";
import { stateDirectory } from "../../shared/hook.ts";
import { deliver } from "../../hooks/stop-telemetry/deliver.ts";
import { undiciPost } from "../../shared/http-post.ts";
import { stopOptions, telemetryHeaders } from "../../hooks/stop-telemetry/options.ts";
import { Spool } from "../../hooks/stop-telemetry/spool.ts";
import { otlpSettings, type OtlpSettings } from "../../shared/telemetry/otlp-settings.ts";
import { OtlpSpool } from "../../shared/telemetry/otlp-spool.ts";
import { deliverOtlp, type OtlpReport } from "../../shared/telemetry/otlp-deliver.ts";
import { nodePost } from "../../shared/telemetry/node-post.ts";
import { UsageError, type CliIo, type Command } from "./io.ts";

const USAGE = "usage: guards telemetry flush|status|requeue [--dir PROJECT] [--json] [--timeout-ms N] [--force]";

/** Exit codes: 0 done (flush: spool empty), 1 records remain undelivered, 2 usage or an OTLP config that cannot send. */
export const telemetryCommand: Command = async (io) => {
  const { values, positionals } = parseArgs({
    args: io.argv,
    options: { dir: { type: "string" }, json: { type: "boolean" }, "timeout-ms": { type: "string" }, force: { type: "boolean" } },
    allowPositionals: true,
  });
  const action = positionals[0];
  if (positionals.length !== 1 || (action !== "flush" && action !== "status" && action !== "requeue")) throw new UsageError(USAGE);
  const timeoutMs = values["timeout-ms"] === undefined ? 30_000 : Number(values["timeout-ms"]);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new UsageError("--timeout-ms must be a positive whole number");
  const config = await loadConfig(values.dir ?? io.cwd, io.env);
  const section = hookSection(config, "stop-telemetry");
  const options = stopOptions(section, io.env, stateDirectory(io.env));
  const spool = new Spool(options.stateDir, options.telemetry.spoolMax);
  const url = options.telemetry.url;
  const print = (data: Record<string, unknown>, text: string) => io.stdout(values.json ? `${JSON.stringify(data)}\n` : text);
  const otlp = otlpSettings(config.data, io.env);
  const otlpSpool = new OtlpSpool(stateDirectory(io.env));

  if (action === "requeue") {
    const count = otlpSpool.requeue();
    print({ requeued: count }, `requeued ${count} quarantined OTLP record(s); \`guards telemetry flush\` sends them\n`);
    return 0;
  }

  if (action === "status") {
    const records = spool.records();
    const meta = spool.meta();
    const data = { url: url ?? null, spool: spool.file, pending: records.length, oldest: records[0]?.timestamp ?? null, cap: options.telemetry.spoolMax, ...meta };
    const lines = [
      `endpoint:  ${url ?? "(none: set GUARDS_TELEMETRY_URL or hooks.stop-telemetry.telemetry.url)"}`,
      `spool:     ${spool.file}`,
      `pending:   ${records.length} of at most ${options.telemetry.spoolMax}${records[0] ? ` (oldest ${records[0].timestamp})` : ""}`,
      `delivered: ${meta.delivered}   refused (4xx, dropped): ${meta.rejected}   dropped by the cap: ${meta.dropped}`,
      ...(meta.lastError ? [`last error: ${meta.lastError} at ${meta.lastErrorAt}`] : []),
      "",
      ...otlpStatusLines(otlp, otlpSpool),
    ];
    print({ ...data, otlp: otlpStatus(otlp, otlpSpool) }, `${lines.join("\n")}\n`);
    return 0;
  }

  let otlpExit = 0;
  if (otlp.enabled && otlp.problem) {
    // A configuration that cannot send is the operator's to fix: one line, exit 2, the records kept.
    io.stderr(`guards telemetry: cannot send the OTLP spool: ${otlp.problem}\n`);
    otlpExit = 2;
  } else if (otlp.enabled) {
    const report = await deliverOtlp(otlpSpool, { settings: otlp, post: nodePost, now: () => new Date(), budgetMs: timeoutMs, ignoreBackoff: values.force === true });
    printOtlp(io, values.json === true, report);
    otlpExit = report.pending === 0 ? 0 : 1;
  }
  if (otlp.enabled && !url) return otlpExit;
  if (!url) throw new UsageError("no telemetry endpoint: enable telemetry.otlp in the guards config, or set GUARDS_TELEMETRY_URL or hooks.stop-telemetry.telemetry.url");
  if (!/^https?:\/\//i.test(url)) throw new UsageError(`telemetry URL ${JSON.stringify(url)} is not http(s)`);
  const report = await deliver(spool, {
    url,
    headers: telemetryHeaders(section, io.env),
    timeoutMs: options.telemetry.timeoutMs,
    budgetMs: timeoutMs,
    post: undiciPost,
    now: () => new Date(),
    log: (line) => io.stderr(`guards telemetry: ${line}\n`),
  });
  const text = `delivered ${report.delivered}, refused ${report.rejected}, pending ${report.pending}${report.error && report.pending ? ` (stopped: ${report.error})` : ""}\n`;
  print({ ...report }, text);
  return Math.max(otlpExit, report.pending === 0 ? 0 : 1);
};

function otlpStatus(settings: OtlpSettings, spool: OtlpSpool): Record<string, unknown> {
  // Header values are credentials: only their names are shown.
  // `quarantined`: what waits in quarantine now (the meta's running count would include requeued records).
  return { enabled: settings.enabled, url: settings.url, protocol: settings.protocol, headers: Object.keys(settings.headers), problem: settings.problem ?? null, spool: spool.dir, ...spool.meta(), pending: spool.pending().length, quarantined: spool.quarantined().length, dropped: spool.dropped() };
}

function otlpStatusLines(settings: OtlpSettings, spool: OtlpSpool): string[] {
  const s = otlpStatus(settings, spool) as unknown as ReturnType<OtlpSpool["meta"]> & { pending: number; dropped: number };
  if (!settings.enabled) return ["OTLP export: off (telemetry.otlp.enabled in the guards config)"];
  return [
    `OTLP export: ${settings.protocol} to ${settings.url}${Object.keys(settings.headers).length ? ` (headers: ${Object.keys(settings.headers).join(", ")})` : ""}`,
    ...(settings.problem ? [`  not sending: ${settings.problem}`] : []),
    `  spool:       ${spool.dir}`,
    `  pending:     ${s.pending}   quarantined: ${s.quarantined} (guards telemetry requeue)   dropped by the cap: ${s.dropped}`,
    `  delivered:   ${s.delivered}   rejected by the collector: ${s.rejected}`,
    ...(s.notBefore && Date.parse(s.notBefore) > Date.now() ? [`  backing off until ${s.notBefore} (flush --force sends now)`] : []),
    ...(s.lastError ? [`  last error:  ${s.lastError} at ${s.lastErrorAt}`] : []),
  ];
}

function printOtlp(io: CliIo, json: boolean, report: OtlpReport): void {
  if (json) return io.stdout(`${JSON.stringify({ otlp: report })}\n`);
  io.stdout(`OTLP: delivered ${report.delivered}, rejected ${report.rejected}, quarantined ${report.quarantined}, pending ${report.pending}${report.stopped && report.pending ? ` (stopped: ${report.stopped})` : ""}\n`);
}
