/** Doctor tells an administrator when the enterprise config needs the YAML parser at every agent action. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { configFormFindings } from "../../cli/install/doctor-config-form.ts";

describe("doctor: the form of the enterprise config", () => {
  it.for([
    { name: "JSON", text: '{"audit": {"all": false}, "telemetry": {"otlp": {"enabled": true}}}\n', noted: false },
    { name: "plain YAML", text: "audit:\n  all: false\ntelemetry:\n  otlp:\n    enabled: true\n    endpoint: http://collector.internal:4318\nlocked: [audit, telemetry.otlp]\n", noted: false },
    { name: "YAML with an anchor", text: "otlp: &otlp\n  enabled: true\ntelemetry:\n  otlp: *otlp\n", noted: true },
    { name: "YAML with a block string", text: "telemetry:\n  otlp:\n    headers:\n      x-note: |\n        two\n        lines\n", noted: true },
    { name: "no file", text: undefined, noted: false },
  ])("$name: noted $noted", ({ text, noted }) => {
    const stage = mkdtempSync(join(tmpdir(), "guards-doctor-form-"));
    if (text !== undefined) {
      mkdirSync(join(stage, "etc", "guards"), { recursive: true });
      writeFileSync(join(stage, "etc", "guards", "config.yaml"), text);
    }
    const findings = configFormFindings({ project: stage, env: {}, platform: "linux", root: stage, scopes: ["enterprise"] });
    expect(findings).toHaveLength(noted ? 1 : 0);
    if (noted) expect(findings[0]!.text).toContain(`${join(stage, "etc", "guards", "config.yaml")} is YAML beyond the plain form`);
  });
});
