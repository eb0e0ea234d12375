/** Where the OTLP export sends: the config, the enterprise's locks, the standard variables, in that precedence. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../shared/config.ts";
import { otlpEnabled, otlpSettings, parseKeyValues } from "../../shared/telemetry/otlp-settings.ts";

const otlp = (fields: Record<string, unknown>, locked?: string[]) => ({ telemetry: { otlp: { enabled: true, ...fields } }, ...(locked ? { locked } : {}) });

describe("otlpSettings", () => {
  it.for([
    { name: "defaults", data: otlp({}), env: {}, expected: { url: "http://localhost:4318/v1/logs", protocol: "http/json", timeoutMs: 10_000 } },
    { name: "the config's endpoint is a base URL", data: otlp({ endpoint: "http://collector:4318/" }), env: {}, expected: { url: "http://collector:4318/v1/logs" } },
    { name: "OTEL_EXPORTER_OTLP_ENDPOINT beats an unlocked config", data: otlp({ endpoint: "http://collector:4318" }), env: { OTEL_EXPORTER_OTLP_ENDPOINT: "http://local:4318" }, expected: { url: "http://local:4318/v1/logs" } },
    { name: "the LOGS endpoint is used as it is", data: otlp({}), env: { OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: "http://local:4318/custom", OTEL_EXPORTER_OTLP_ENDPOINT: "http://x" }, expected: { url: "http://local:4318/custom" } },
    { name: "a locked endpoint beats every variable", data: otlp({ endpoint: "http://collector:4318" }, ["telemetry.otlp"]), env: { OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: "http://evil/v1/logs", OTEL_EXPORTER_OTLP_ENDPOINT: "http://evil" }, expected: { url: "http://collector:4318/v1/logs" } },
    { name: "protocol and timeout from the variables, LOGS first", data: otlp({ protocol: "http/json" }), env: { OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", OTEL_EXPORTER_OTLP_LOGS_PROTOCOL: "http/protobuf", OTEL_EXPORTER_OTLP_TIMEOUT: "2500" }, expected: { protocol: "http/protobuf", timeoutMs: 2500 } },
    { name: "gRPC is not spoken: JSON instead", data: otlp({ protocol: "grpc" }), env: {}, expected: { protocol: "http/json" } },
    { name: "headers: the config's, then the variables' (percent-decoded)", data: otlp({ headers: { authorization: "Bearer a", "x-team": "pay" } }), env: { OTEL_EXPORTER_OTLP_HEADERS: "authorization=Bearer%20b" }, expected: { headers: { authorization: "Bearer b", "x-team": "pay" } } },
    { name: "locked headers ignore the variables", data: otlp({ headers: { authorization: "Bearer a" } }, ["telemetry.otlp.headers"]), env: { OTEL_EXPORTER_OTLP_HEADERS: "authorization=Bearer b" }, expected: { headers: { authorization: "Bearer a" } } },
    { name: "resource: the variable, then the config, then OTEL_SERVICE_NAME", data: otlp({ resource: { "team.id": "pay" } }), env: { OTEL_RESOURCE_ATTRIBUTES: "team.id=x,enduser.id=u1", OTEL_SERVICE_NAME: "guards-fleet" }, expected: { resource: { "team.id": "pay", "enduser.id": "u1", "service.name": "guards-fleet" } } },
  ])("$name", ({ data, env, expected }) => {
    expect(otlpSettings(data, env)).toMatchObject(expected);
  });

  it.for([
    { name: "the variable's value, as it is, replaces a literal header of any case", data: otlp({ headers: { authorization: "Bearer literal", "x-team": "pay" }, headersEnv: { Authorization: "FLEET_TOKEN" } }), env: { FLEET_TOKEN: "Bearer s3cr3t" }, headers: { Authorization: "Bearer s3cr3t", "x-team": "pay" }, problem: undefined },
    { name: "OTEL_EXPORTER_OTLP_HEADERS beats it unless the enterprise locks it", data: otlp({ headersEnv: { Authorization: "FLEET_TOKEN" } }), env: { FLEET_TOKEN: "a", OTEL_EXPORTER_OTLP_HEADERS: "authorization=b" }, headers: { authorization: "b" }, problem: undefined },
    { name: "locked, the variables cannot replace it", data: otlp({ headersEnv: { Authorization: "FLEET_TOKEN" } }, ["telemetry.otlp.headersEnv"]), env: { FLEET_TOKEN: "a", OTEL_EXPORTER_OTLP_HEADERS: "authorization=b" }, headers: { Authorization: "a" }, problem: undefined },
    { name: "a variable that is not set", data: otlp({ headersEnv: { Authorization: "FLEET_TOKEN" } }), env: {}, headers: {}, problem: "telemetry.otlp.headersEnv.Authorization: FLEET_TOKEN is not set in this environment; the records wait in the spool" },
    { name: "an OTEL_ variable, which Claude Code strips", data: otlp({ headersEnv: { Authorization: "OTEL_TOKEN" } }), env: { OTEL_TOKEN: "a" }, headers: {}, problem: "telemetry.otlp.headersEnv.Authorization: OTEL_TOKEN starts with OTEL_, which Claude Code removes from hooks' environment; name another variable" },
    { name: "not a mapping", data: otlp({ headersEnv: "FLEET_TOKEN" }), env: {}, headers: {}, problem: "telemetry.otlp.headersEnv must be a mapping of header names to environment variable names" },
    { name: "not a variable name", data: otlp({ headersEnv: { Authorization: "$FLEET_TOKEN" } }), env: {}, headers: {}, problem: "telemetry.otlp.headersEnv.Authorization must name an environment variable (letters, digits and _)" },
    { name: "not a header name", data: otlp({ headersEnv: { "Authorization:": "FLEET_TOKEN" } }), env: { FLEET_TOKEN: "a" }, headers: {}, problem: 'telemetry.otlp.headersEnv: "Authorization:" is not an HTTP header name' },
    { name: "a value with a line break, told without the value", data: otlp({ headersEnv: { Authorization: "FLEET_TOKEN" } }), env: { FLEET_TOKEN: "a\r\nx-evil: 1" }, headers: {}, problem: "telemetry.otlp.headersEnv.Authorization: the value of FLEET_TOKEN holds a control character" },
  ])("headersEnv: $name", ({ data, env, headers, problem }) => {
    const settings = otlpSettings(data, env);
    expect(settings.headers).toEqual(headers);
    expect(settings.problem).toBe(problem);
    // One line, and never a value.
    if (problem) expect(problem).not.toMatch(/\n|s3cr3t|x-evil/);
  });

  it.for([
    { name: "not configured", data: {}, env: {}, enabled: false },
    { name: "enabled: true", data: otlp({}), env: {}, enabled: true },
    { name: "a variable alone never enables it", data: {}, env: { OTEL_EXPORTER_OTLP_ENDPOINT: "http://local:4318" }, enabled: false },
    { name: "OTEL_SDK_DISABLED switches it off", data: otlp({}), env: { OTEL_SDK_DISABLED: "true" }, enabled: false },
    { name: "unless the enterprise locked it on", data: otlp({}, ["telemetry.otlp.enabled"]), env: { OTEL_SDK_DISABLED: "true" }, enabled: true },
  ])("enabled: $name", ({ data, env, enabled }) => {
    expect(otlpEnabled(data, env)).toBe(enabled);
  });

  it("reads k=v lists as the OTEL variables write them, and ignores a bad one whole", () => {
    expect(parseKeyValues("a=1, b=x%2Cy")).toEqual({ a: "1", b: "x,y" });
    expect(parseKeyValues("a=1,broken")).toEqual({});
    expect(parseKeyValues("a=%E0%A4%A")).toEqual({});
  });
});

describe("who may set up the export", () => {
  it("a project's .guards.yaml cannot, the user's file can", async () => {
    const base = mkdtempSync(join(tmpdir(), "guards-otlp-config-"));
    const project = join(base, "project");
    const xdg = join(base, "config");
    mkdirSync(project, { recursive: true });
    mkdirSync(join(xdg, "guards"), { recursive: true });
    writeFileSync(join(project, ".guards.yaml"), "telemetry:\n  otlp:\n    enabled: true\n    endpoint: https://attacker.example\naudit:\n  all: true\n");
    const env = { XDG_CONFIG_HOME: xdg, GUARDS_ENTERPRISE_CONFIG: join(base, "none.yaml"), HOME: base };
    const fromProject = await loadConfig(project, env);
    expect(otlpEnabled(fromProject.data, {})).toBe(false);
    expect(fromProject.data.audit).toEqual({ all: true });

    writeFileSync(join(xdg, "guards", "config.yaml"), "telemetry:\n  otlp:\n    enabled: true\n    endpoint: http://collector.internal:4318\n");
    const fromUser = await loadConfig(project, env);
    expect(otlpSettings(fromUser.data, {})).toMatchObject({ enabled: true, url: "http://collector.internal:4318/v1/logs" });
  });
});
