/** kubectl-prod in-process: the case table, the read caps, the config checks. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import kubectlProd from "../../hooks/kubectl-prod/index.ts";
import { cases, DEV_HOME } from "../../hooks/kubectl-prod/cases.ts";
import { shellEvent } from "../../shared/hook-case.ts";
import type { HookConfig, HookContext } from "../../shared/hook.ts";

const context = (env: Record<string, string> = {}, config: HookConfig = {}): HookContext => ({
  env: { HOME: DEV_HOME, ...env },
  now: () => new Date("2026-11-22T12:00:00Z"),
  config,
  configSources: [],
});

describe("kubectl-prod case table", () => {
  it("has at least 60 named rows", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });
  it.for(cases)("$name", async (c) => {
    const decision = await kubectlProd.run(c.event as never, context(c.env, c.config));
    expect(decision.action).toBe(c.expect.action);
    expect(decision.rule).toBe(c.expect.rule);
    for (const text of c.expect.says ?? []) expect(decision.userMessage).toContain(text);
    if (decision.action === "ask" && decision.rule !== "unreadable-command") expect(decision.agentMessage).toContain("do not retry");
  });
});

describe("kubectl-prod read caps", () => {
  const dir = mkdtempSync(join(tmpdir(), "kubectl-prod-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const manifest = (i: number) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\n  namespace: dev\n`;

  it("asks when a directory holds more manifest files than the cap", async () => {
    const many = join(dir, "many");
    mkdirSync(many);
    for (let i = 0; i < 201; i++) writeFileSync(join(many, `c${i}.yaml`), manifest(i));
    const decision = await kubectlProd.run(shellEvent("kubectl apply -f many", { cwd: dir }), context());
    expect(decision).toMatchObject({ action: "ask", rule: "unchecked-manifest" });
    expect(decision.userMessage).toContain("more than 200 manifest files");
  });

  it("reads a directory under the cap", async () => {
    const few = join(dir, "few");
    mkdirSync(few);
    for (let i = 0; i < 20; i++) writeFileSync(join(few, `c${i}.yaml`), manifest(i));
    const decision = await kubectlProd.run(shellEvent("kubectl apply -f few", { cwd: dir }), context());
    expect(decision.action).toBe("pass");
  });

  it("asks when the manifests are larger than the byte cap", async () => {
    writeFileSync(join(dir, "huge.yaml"), `${manifest(0)}data:\n  blob: "${"x".repeat(9 * 1024 * 1024)}"\n`);
    const decision = await kubectlProd.run(shellEvent("kubectl apply -f huge.yaml", { cwd: dir }), context());
    expect(decision).toMatchObject({ action: "ask", rule: "unchecked-manifest" });
    expect(decision.userMessage).toContain("MiB of manifests");
  });

  it.for(["/dev/zero", "/dev/stdin"])("asks, without reading, for the device %s", async (device) => {
    const decision = await kubectlProd.run(shellEvent(`kubectl apply -f ${device}`, { cwd: dir }), context());
    expect(decision).toMatchObject({ action: "ask", rule: "unchecked-manifest" });
    expect(decision.userMessage).toContain("not a regular file");
  });

  it("asks, rather than expanding, on an alias bomb", async () => {
    const lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 12; i++) lines.push(`${"a".repeat(i + 1)}: &${"a".repeat(i + 1)} [${Array(10).fill(`*${"a".repeat(i)}`).join(", ")}]`);
    writeFileSync(join(dir, "bomb.yaml"), `${lines.join("\n")}\n`);
    const decision = await kubectlProd.run(shellEvent("kubectl apply -f bomb.yaml", { cwd: dir }), context());
    expect(decision).toMatchObject({ action: "ask", rule: "unchecked-manifest" });
  });
});

describe("kubectl-prod options", () => {
  it.for([
    ["namespaces", { namespaces: 42 }],
    ["contexts", { contexts: ["ok", 1] }],
  ] as const)("rejects a wrong %s type", async ([key, config]) => {
    await expect(kubectlProd.run(shellEvent("kubectl delete pod x -n dev", { cwd: tmpdir() }), context({}, config))).rejects.toThrow(`hooks.kubectl-prod.${key}`);
  });

  it("does not read its options for a command without kubectl or helm", async () => {
    const decision = await kubectlProd.run(shellEvent("ls -la"), context({}, { namespaces: 42 }));
    expect(decision.action).toBe("pass");
  });

  it("accepts a single string", async () => {
    const decision = await kubectlProd.run(shellEvent("kubectl delete pod x -n live", { cwd: tmpdir() }), context({}, { namespaces: "live" }));
    expect(decision).toMatchObject({ action: "ask", rule: "protected-namespace" });
  });
});
