/**
 * The audit trail and its OTLP export from a real agent: the destructive command of scenario 1 is denied,
 * the deny is in the local trail, and its `guards.decision` record reaches an OTLP/HTTP receiver on
 * 127.0.0.1 (the user's guards config enables the export; a project's file cannot).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sendJson, startRecordingServer } from "../fake/recorder.ts";
import type { Scenario } from "../scenario.ts";
import { stageCanary } from "./destructive.ts";

export const auditExport: Scenario = {
  id: "audit-otlp",
  title: "14. a deny is in the audit trail and reaches an OTLP receiver",
  hooks: ["dangerous-command"],
  checkFailsWithoutGuards: true,
  async stage(context) {
    const receiver = await startRecordingServer((_request, _json, response) => sendJson(response, {}, 200));
    const configDir = join(context.workspace.home, ".config", "guards");
    mkdirSync(configDir, { recursive: true });
    writeFileSync(join(configDir, "config.yaml"), ["telemetry:", "  otlp:", "    enabled: true", `    endpoint: ${receiver.url}`, ""].join("\n"));
    const canary = stageCanary(context);
    return {
      call: canary.call,
      async verify(run) {
        const failures = await canary.verify(run);
        // The detached flusher (the plugin engine: a delivery in the agent's process) sends within a few seconds of the decision.
        const deadline = Date.now() + 15_000;
        const arrived = () => receiver.requests.some((r) => r.path === "/v1/logs" && r.body.includes('"guards.decision"') && r.body.includes('{"stringValue":"deny"}') && r.body.includes(`{"stringValue":"${context.agent.recordedAs ?? context.agent.id}"}`));
        while (!arrived() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
        if (!arrived()) failures.push(`no guards.decision deny record from ${context.agent.id} reached the OTLP receiver (${receiver.requests.length} requests)`);
        let trail = "";
        try {
          trail = readFileSync(join(context.workspace.home, ".local", "state", "guards", "audit", "audit.jsonl"), "utf8");
        } catch {
          trail = "";
        }
        if (!trail.includes('"decision":"deny"')) failures.push("the local audit trail holds no deny");
        return failures;
      },
      close: () => receiver.close(),
    };
  },
};
