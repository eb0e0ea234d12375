/** The payloads guards' OpenCode and Amp plugins build, and the answers the plugins act on (block, args, context). */
import { describe, expect, it } from "vitest";
import { dialects } from "../../shared/dialects/index.ts";
import { ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { fixture, fixtureFiles } from "./fixture-files.ts";

const P = "/Users/dev/project";

function parse(id: "opencode" | "amp", name: string): GuardEvent {
  const event = dialects[id].parse(fixture(id, name), {});
  if (!event) throw new Error("not parsed");
  return event;
}

describe.for(["opencode", "amp"] as const)("%s fixtures", (id) => {
  it("cover every event the plugin sends", () => {
    expect(new Set(fixtureFiles(id).map((f) => f.event))).toEqual(new Set(Object.keys(dialects[id].events)));
  });
});

describe("plugin parse", () => {
  const CASES: ["opencode" | "amp", string, Record<string, unknown>][] = [
    ["opencode", "tool.execute.before/git-push", { kind: "shell.before", command: "git push origin main", cwd: P, conversationId: "ses_7f3a" }],
    ["opencode", "tool.execute.before/read-env", { kind: "file.read.before", filePath: `${P}/.env` }],
    ["opencode", "tool.execute.after/edit", { kind: "file.edit.after", filePaths: [`${P}/src/util.ts`], edits: [{ oldText: "var a", newText: "const a" }] }],
    ["opencode", "session.idle/basic", { kind: "agent.stop" }],
    ["amp", "tool.call/git-push", { kind: "shell.before", command: "git push origin main" }],
    ["amp", "tool.call/read-env", { kind: "file.read.before", filePath: `${P}/.env` }],
  ];
  it.each(CASES)("%s %s", (id, name, expected) => {
    expect(parse(id, name)).toMatchObject({ dialect: id, ...expected });
  });
});

describe("plugin render", () => {
  const out = (value: unknown) => ({ stdout: `${JSON.stringify(value)}\n`, stderr: "", exitCode: 0 });
  const CASES: ["opencode" | "amp", string, string, Decision, unknown][] = [
    ["opencode", "tool.execute.before/git-push", "pass", pass(), { stdout: "", stderr: "", exitCode: 0 }],
    ["opencode", "tool.execute.before/git-push", "deny", deny("blocked", { agentMessage: "Use gh." }), out({ block: "Use gh." })],
    ["opencode", "tool.execute.before/git-push", "command rewrite", pass({ rewrite: { command: "gh pr create" } }), out({ args: { command: "gh pr create" } })],
    ["opencode", "tool.execute.after/edit", "context", pass({ context: "Formatted." }), out({ context: "Formatted." })],
    ["amp", "tool.call/git-push", "deny", deny("blocked", { agentMessage: "Use gh." }), out({ block: "Use gh." })],
  ];
  it.each(CASES)("%s %s: %s", (id, name, _label, decision, expected) => {
    expect(dialects[id].render(decision, parse(id, name))).toEqual(expected);
  });
  it("an ask blocks with the reason (no plugin API asks the person)", () => {
    expect(JSON.parse(dialects.opencode.render(ask("Confirm: git push"), parse("opencode", "tool.execute.before/git-push")).stdout)).toMatchObject({ block: expect.stringMatching(/Confirm: git push/) });
  });
  it("OpenCode would ask external_directory permission for the copy (refused headless): a redacted read is a refusal that names it", () => {
    const event = parse("opencode", "tool.execute.before/read-env");
    expect(dialects.opencode.canRewrite?.(event, "filePath")).toBe(false);
    expect(JSON.parse(dialects.opencode.render(pass({ rewrite: { filePath: "/tmp/r/.env" } }), event).stdout)).toEqual({ block: expect.stringMatching(/Read \/tmp\/r\/.env instead/) });
  });
  it("Amp cannot be shown to apply a rewrite: a redaction there is a refusal that names the copy", () => {
    const event = parse("amp", "tool.call/read-env");
    expect(dialects.amp.canRewrite?.(event, "filePath")).toBe(false);
    expect(JSON.parse(dialects.amp.render(pass({ rewrite: { filePath: "/tmp/r/.env" } }), event).stdout)).toEqual({ block: expect.stringMatching(/Read \/tmp\/r\/.env instead/) });
  });
});
