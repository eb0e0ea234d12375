/** Scenario 7: the stop event reaches a telemetry endpoint on 127.0.0.1 through stop-telemetry. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { sendJson, startRecordingServer } from "../fake/recorder.ts";
import { roundTripFailures, type Scenario } from "../scenario.ts";

export const stopTelemetry: Scenario = {
  id: "stop-telemetry",
  title: "7. stop event: telemetry arrived at a local endpoint",
  hooks: ["stop-telemetry"],
  checkFailsWithoutGuards: true,
  async stage({ agent, workspace }) {
    const endpoint = await startRecordingServer((_request, _json, response) => sendJson(response, { ok: true }, 202));
    const url = `${endpoint.url}/events`;
    writeFileSync(join(workspace.project, ".guards.yaml"), ["hooks:", "  stop-telemetry:", `    url: ${JSON.stringify(url)}`, ""].join("\n"));
    return {
      call: { role: "shell", command: "true" },
      env: { GUARDS_TELEMETRY_URL: url },
      verify(run) {
        // The event names the agent it came from (the telemetry payload's dialect field).
        const events = endpoint.requests.filter((request) => request.method === "POST" && isJsonObject(request.body) && request.body.includes(`"${agent.recordedAs ?? agent.id}"`));
        return [...roundTripFailures(run), ...(events.length ? [] : [`no JSON event from ${agent.recordedAs ?? agent.id} arrived at ${url} (${endpoint.requests.length} requests: ${endpoint.requests.map((r) => r.body.slice(0, 200)).join(" / ")})`])];
      },
      close: () => endpoint.close(),
    };
  },
};

function isJsonObject(body: string): boolean {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === "object" && value !== null;
  } catch {
    return false;
  }
}
