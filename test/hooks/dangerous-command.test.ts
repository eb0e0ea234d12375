/** dangerous-command in-process: the case table, its proportions, the messages and the options. */
import { describe, expect, it } from "vitest";
import hook from "../../hooks/dangerous-command/index.ts";
import { cases, disguised, harmless, plain } from "../../hooks/dangerous-command/cases.ts";
import { independentDestructive, independentHarmless } from "../../hooks/dangerous-command/cases/independent.ts";
import { shellEvent, type HookCase } from "../../shared/hook-case.ts";
import type { HookConfig, HookContext } from "../../shared/hook.ts";

const ENV = { HOME: "/home/dev", USER: "dev", TMPDIR: "/tmp/" };

function context(config: HookConfig = {}, env: Record<string, string> = {}): HookContext {
  return { env: { ...ENV, ...env }, now: () => new Date("2026-11-22T12:00:00Z"), config, configSources: [] };
}

const decide = (command: string, config?: HookConfig) => hook.run(shellEvent(command), context(config));

describe("dangerous-command cases", () => {
  it.for(cases)("$name", async (c: HookCase) => {
    const decision = await hook.run(c.event as never, context(c.config, c.env));
    expect({ action: decision.action, rule: decision.rule }).toEqual({ action: c.expect.action, rule: c.expect.action === "pass" ? undefined : c.expect.rule });
  });

  it("has at least 200 rows, half of them disguised and 60 harmless near-misses", () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    expect(disguised.length).toBeGreaterThanOrEqual(cases.length / 2);
    expect(disguised.length).toBeGreaterThan(plain.length);
    expect(harmless.length).toBeGreaterThanOrEqual(60);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });
});

describe("dangerous-command messages", () => {
  const denials = cases.filter((c) => c.expect.action === "deny" && !c.config);

  it.for(denials)("$name: says why, which rule and not to retry", async (c) => {
    const decision = await hook.run(c.event as never, context(c.config, c.env));
    expect(decision.userMessage).toContain(`(${c.expect.rule})`);
    expect(decision.agentMessage).toContain("Do not retry");
  });

  // A suggested alternative that is itself blocked teaches the model nothing; every deny names one.
  it.for(denials)("$name: the suggested command passes", async (c) => {
    const decision = await hook.run(c.event as never, context(c.config, c.env));
    const suggested = /Safer: [^`]*`([^`]+)`/.exec(decision.userMessage ?? "")?.[1];
    expect(suggested, decision.userMessage).toBeDefined();
    if (suggested === undefined) return;
    const again = await decide(suggested.replace(/NAME|N\b|PID/g, "x"));
    expect(again.action, suggested).toBe("pass");
  });

  it("shows a bare redirect by its redirect, not as an empty command", async () => {
    const decision = await decide("> ~/.aws/config");
    expect(decision.userMessage).toContain("`> /home/dev/.aws/config` overwrites the credential file");
  });

  it("names the wrappers it looked through", async () => {
    const decision = await decide("sudo bash -c 'rm -rf ~'");
    expect(decision.userMessage).toContain("`rm -rf /home/dev` (run through sudo → bash -c)");
  });
});

describe("dangerous-command bounds and options", () => {
  it("denies pathological nesting with a reason, quickly", async () => {
    const deep = `${"bash -c \"".repeat(1)}${"$(".repeat(40)}rm -rf ~${")".repeat(40)}"`;
    const decision = await decide(deep);
    expect(decision).toMatchObject({ action: "deny", rule: "input-too-complex" });
  });

  // `f0() { f1; f1; … }; f1() { f2; … }; … f0`: ten calls a level, seven levels, ten million bodies.
  it("denies functions calling each other in a fan, quickly", async () => {
    const levels = Array.from({ length: 8 }, (_, i) => `f${i}() { ${i < 7 ? Array(10).fill(`f${i + 1}`).join("; ") : "x=1"}; }`);
    // Without a bound on calls this runs for minutes, past the test's timeout.
    const decision = await decide(`${levels.join("; ")}; f0`);
    expect(decision).toMatchObject({ action: "deny", rule: "input-too-complex" });
  });

  // Arrays of words are flattened one level only: deeper nesting is a value, not recursion without end.
  it("reads interpreter code with deeply nested arrays without running out of stack", async () => {
    const decision = await decide(`node -e 'spawn("rm", ${"[".repeat(20_000)}${"]".repeat(20_000)})'`);
    expect(decision).toMatchObject({ action: "ask", rule: "delete-unknown-target" });
  });

  // Every `print` starts a search for a pipe or a file after it: bounded, a long program of prints stays fast.
  it("reads a long awk program of prints within the test's time", async () => {
    const decision = await decide(`awk 'BEGIN{ ${"print ".repeat(15_000)}}'`);
    expect(decision.action).toBe("pass");
  });

  it("denies a command over the size bound", async () => {
    const decision = await decide(`echo ${"a".repeat(100_001)}`);
    expect(decision).toMatchObject({ action: "deny", rule: "input-too-complex" });
  });

  // A payload without a folder (and no PWD) must not make `.git` a path nobody can place.
  it("asks about a relative delete when the folder is unknown", async () => {
    const decision = await hook.run(shellEvent("rm -rf .git", { cwd: "", projectRoot: "" }), context());
    expect(decision).toMatchObject({ action: "ask", rule: "delete-unknown-target" });
  });

  it("asks when the command cannot be read", async () => {
    expect(await decide("echo 'unclosed")).toMatchObject({ action: "ask", rule: "unreadable-command" });
  });

  it.for([
    [{ disable: "sudo" }, "disable must be a list"],
    [{ rules: [{ id: "x", command: "npm publish", action: "block", reason: "r" }] }, "action"],
    [{ rules: [{ command: "npm publish", reason: "r" }] }, "rules[0].id"],
    [{ protectedPaths: [3] }, "protectedPaths[0]"],
  ] as const)("rejects a bad option %j", ([config, message]) => {
    expect(() => decide("ls", config as HookConfig)).toThrow(message);
  });
});

describe("dangerous-command on lists written apart from the case tables", () => {
  it("stops every destructive command", async () => {
    const passed: string[] = [];
    for (const command of independentDestructive) if ((await decide(command)).action === "pass") passed.push(command);
    expect(passed).toEqual([]);
  });

  it("lets every harmless look-alike pass", async () => {
    const stopped: string[] = [];
    for (const command of independentHarmless) {
      const decision = await decide(command);
      if (decision.action !== "pass") stopped.push(`${command} → ${decision.rule}`);
    }
    expect(stopped).toEqual([]);
  });
});
