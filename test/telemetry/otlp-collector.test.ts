/**
 * Against a real OpenTelemetry Collector, where OTELCOL_BIN names one (otelcol or otelcol-contrib; neither npm
 * nor Debian packages one, so it is skipped in CI). The collector receives guards' records on its
 * OTLP/HTTP receiver and forwards them with its own otlphttp exporter to the strict receiver: what arrives
 * is what the collector read from guards' bodies, in both protocols.
 *
 *   OTELCOL_BIN=/path/to/otelcol-contrib npx vitest run test/telemetry/otlp-collector.test.ts
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DecisionRecord } from "../../shared/audit/record.ts";
import { nodePost } from "../../shared/telemetry/node-post.ts";
import { deliverOtlp } from "../../shared/telemetry/otlp-deliver.ts";
import { OtlpSpool } from "../../shared/telemetry/otlp-spool.ts";
import { startReceiver, until, type Receiver } from "../support/otlp-receiver.ts";

const OTELCOL = process.env.OTELCOL_BIN;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.runIf(OTELCOL)("a real OpenTelemetry Collector", () => {
  let receiver: Receiver;
  let collector: ChildProcess;
  let port: number;
  const dir = mkdtempSync(join(tmpdir(), "guards-otelcol-"));

  beforeAll(async () => {
    receiver = await startReceiver();
    port = await freePort();
    const config = join(dir, "config.yaml");
    writeFileSync(
      config,
      [
        "receivers:",
        "  otlp:",
        "    protocols:",
        "      http:",
        `        endpoint: 127.0.0.1:${port}`,
        "exporters:",
        "  otlphttp:",
        `    endpoint: ${receiver.url}`,
        "    encoding: json",
        "    compression: none",
        "processors:",
        "  batch:",
        "    timeout: 100ms",
        "service:",
        "  telemetry:",
        "    metrics:",
        "      level: none",
        "  pipelines:",
        "    logs:",
        "      receivers: [otlp]",
        "      processors: [batch]",
        "      exporters: [otlphttp]",
        "",
      ].join("\n"),
    );
    collector = spawn(OTELCOL!, ["--config", config], { stdio: "ignore" });
    // Ready when its receiver accepts a connection.
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`http://127.0.0.1:${port}/v1/logs`, { method: "GET" }).then(() => true, () => false);
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("the collector did not start");
  }, 20_000);

  afterAll(async () => {
    collector?.kill();
    await receiver?.close();
  });

  it.for(["http/json", "http/protobuf"] as const)("takes guards' %s body and hands on every attribute", async (protocol) => {
    const id = `${protocol.replace(/\W/g, "")}`.padEnd(32, "0");
    const record: DecisionRecord = {
      schema: "guards.decision/1", id, time: new Date().toISOString(), hook: "dangerous-command", rule: "delete-home", decision: "deny", reason: "rm -rf ~ deletes the home directory",
      agent: "claude", event: "PreToolUse", kind: "shell.before", tool: "Bash", sessionId: "s1", toolCallId: "toolu_1", project: "/p", command: "rm -rf ~", path: null, policy: "fnv1a64:0", failure: "closed", durationMs: 3,
    };
    const spool = new OtlpSpool(mkdtempSync(join(dir, "spool-")));
    spool.append([record], 10, new Date());
    const settings = { enabled: true, url: `http://127.0.0.1:${port}/v1/logs`, protocol, headers: {}, timeoutMs: 5000, resource: { "team.id": "payments" }, spoolMax: 10 };
    expect(await deliverOtlp(spool, { settings, post: nodePost, now: () => new Date(), budgetMs: 10_000 })).toMatchObject({ delivered: 1, pending: 0 });
    await until(() => receiver.requests.some((r) => r.logs.some((l) => l.attributes["log.record.uid"] === id)), 5_000);
    const forwarded = receiver.requests.find((r) => r.logs.some((l) => l.attributes["log.record.uid"] === id));
    expect(forwarded?.resource).toMatchObject({ "service.name": "agent-guards", "team.id": "payments" });
    expect(forwarded?.logs.find((l) => l.attributes["log.record.uid"] === id)).toMatchObject({
      eventName: "guards.decision",
      severityNumber: 13,
      body: "guards.decision",
      attributes: { "guards.hook.id": "dangerous-command", "guards.rule.id": "delete-home", "guards.decision": "deny", "gen_ai.tool.call.id": "toolu_1", "session.id": "s1", "guards.duration_ms": 3 },
    });
  });
});
