import { describe, expect, it } from "vitest";
import { detectDialect, dialects } from "../../shared/dialects/index.ts";
import { allow, ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { fixture, fixtureFiles } from "./fixture-files.ts";

const crush = dialects.crush;
const P = "/Users/dev/project";
const files = fixtureFiles("crush");

function parse(name: string, patch: Record<string, unknown> = {}): GuardEvent {
  const event = crush.parse({ ...fixture("crush", name), ...patch }, { CRUSH_PROJECT_DIR: P });
  if (!event) throw new Error("not parsed");
  return event;
}

describe("crush fixtures", () => {
  it("cover both events of the Crush hooks docs", () => {
    expect(new Set(files.map((f) => f.event))).toEqual(new Set(Object.keys(crush.events)));
  });
  it.each(files)("$name is detected as crush", ({ raw }) => {
    expect(detectDialect(raw)?.id).toBe("crush");
  });
});

describe("crush parse", () => {
  const CASES: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ["PreToolUse/git-push", {}, { kind: "shell.before", command: "git push origin main", toolName: "bash", projectRoot: P }],
    ["PreToolUse/read-env", {}, { kind: "file.read.before", filePath: `${P}/.env` }],
    ["PreToolUse/edit", {}, { kind: "file.edit.before", filePaths: [`${P}/src/util.ts`] }],
    ["PreToolUse/mcp", {}, { kind: "mcp.before", server: "github", tool: "create_pull_request" }],
    ["PreCompact/basic", {}, { kind: "compact.before" }],
    // "Event names are case insensitive and snake-caseable" (docs/hooks/README.md).
    ["PreToolUse/ls", { event: "pre_tool_use" }, { kind: "shell.before", nativeEvent: "PreToolUse" }],
  ];
  it.each(CASES)("%s %o", (name, patch, expected) => {
    expect(parse(name, patch)).toMatchObject(expected);
  });
});

/** docs/hooks/README.md: exit 2 + stderr denies; JSON {decision, reason, context, updated_input} on exit 0; 49 halts the turn. */
describe("crush render", () => {
  const CASES: [string, string, Decision, { stdout: string; stderr: string; exitCode: number }][] = [
    ["PreToolUse/git-push", "pass", pass(), { stdout: "", stderr: "", exitCode: 0 }],
    ["PreToolUse/git-push", "deny", deny("blocked", { agentMessage: "Use gh." }), { stdout: "", stderr: "Use gh.\n", exitCode: 2 }],
    ["PreToolUse/git-push", "allow", allow(), { stdout: '{"decision":"allow"}\n', stderr: "", exitCode: 0 }],
    ["PreToolUse/read-env", "redirect", pass({ rewrite: { filePath: "/tmp/r/.env" } }), { stdout: '{"updated_input":{"file_path":"/tmp/r/.env"}}\n', stderr: "", exitCode: 0 }],
    ["PreToolUse/git-push", "context", pass({ context: "Prefer gh." }), { stdout: '{"context":"Prefer gh."}\n', stderr: "", exitCode: 0 }],
  ];
  it.each(CASES)("%s: %s", (name, _label, decision, expected) => {
    expect(crush.render(decision, parse(name))).toEqual(expected);
  });
  it("an ask is a deny with the reason (Crush has no ask)", () => {
    expect(crush.render(ask("Confirm: git push"), parse("PreToolUse/git-push"))).toMatchObject({ exitCode: 2, stderr: expect.stringMatching(/Confirm: git push/) });
  });
  it("a rewrite it cannot apply (a command rewrite on PreCompact) is a deny, not a silent pass", () => {
    expect(crush.render(pass({ rewrite: { filePath: "/tmp/x" } }), parse("PreCompact/basic")).exitCode).toBe(2);
  });
  it("never answers exit 49 or halt, whatever the decision or the input", () => {
    const decisions = [pass(), allow(), deny("x"), ask("x"), pass({ rewrite: { command: "ls" } }), pass({ followup: "go on" }), pass({ context: "c" })];
    const events = [...files.map((f) => parse(f.name)), undefined];
    for (const decision of decisions) {
      for (const event of events) {
        const rendered = crush.render(decision, event);
        expect(rendered.exitCode).not.toBe(49);
        expect(rendered.stdout).not.toContain("halt");
      }
    }
  });
});
