/** `guards telemetry flush|status`: deliver or inspect the stop-telemetry spool. */
import { parseArgs } from "node:util";
import { loadConfig, hookSection } from "../../shared/config.ts";
import { stateDirectory } from "../../shared/hook.ts";
import { deliver } from "../../hooks/stop-telemetry/deliver.ts";
import { undiciPost } from "../../hooks/stop-telemetry/http.ts";
import { stopOptions, telemetryHeaders } from "../../hooks/stop-telemetry/options.ts";
import { Spool } from "../../hooks/stop-telemetry/spool.ts";
import { UsageError, type Command } from "./io.ts";

const USAGE = "usage: guards telemetry flush|status [--dir PROJECT] [--json] [--timeout-ms N]";

/** Exit codes: 0 done (flush: spool empty), 1 records remain undelivered, 2 usage. */
export const telemetryCommand: Command = async (io) => {
  const { values, positionals } = parseArgs({
    args: io.argv,
    options: { dir: { type: "string" }, json: { type: "boolean" }, "timeout-ms": { type: "string" } },
    allowPositionals: true,
  });
  const action = positionals[0];
  if (positionals.length !== 1 || (action !== "flush" && action !== "status")) throw new UsageError(USAGE);
  const timeoutMs = values["timeout-ms"] === undefined ? 30_000 : Number(values["timeout-ms"]);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new UsageError("--timeout-ms must be a positive whole number");
  const config = await loadConfig(values.dir ?? io.cwd, io.env);
  const section = hookSection(config, "stop-telemetry");
  const options = stopOptions(section, io.env, stateDirectory(io.env));
  const spool = new Spool(options.stateDir, options.telemetry.spoolMax);
  const url = options.telemetry.url;
  const print = (data: Record<string, unknown>, text: string) => io.stdout(values.json ? `${JSON.stringify(data)}\n` : text);

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
    ];
    print(data, `${lines.join("\n")}\n`);
    return 0;
  }

  if (!url) throw new UsageError("no telemetry endpoint: set GUARDS_TELEMETRY_URL or hooks.stop-telemetry.telemetry.url");
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
  return report.pending === 0 ? 0 : 1;
};
