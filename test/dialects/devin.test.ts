import { describe, expect, it } from "vitest";
import { detectDialect, dialects } from "../../shared/dialects/index.ts";
import { ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { fixture, fixtureFiles } from "./fixture-files.ts";

const devin = dialects.devin;
const P = "/Users/dev/project";
const files = fixtureFiles("devin");

function parse(name: string): GuardEvent {
  const event = devin.parse(fixture("devin", name), { DEVIN_PROJECT_DIR: P });
  if (!event) throw new Error("not parsed");
  return event;
}

describe("devin fixtures", () => {
  it("cover all 7 events of the Devin CLI hooks docs", () => {
    expect(new Set(files.map((f) => f.event))).toEqual(new Set(Object.keys(devin.events)));
    expect(Object.keys(devin.events)).toHaveLength(7);
  });
  it.each(files)("$name parses", ({ name }) => {
    expect(parse(name).dialect).toBe("devin");
  });
  it("the exec tool (with its shell_id) is told apart by shape", () => {
    expect(detectDialect(fixture("devin", "PreToolUse/git-push"))?.id).toBe("devin");
  });
});

describe("devin parse", () => {
  const CASES: [string, Record<string, unknown>][] = [
    ["PreToolUse/git-push", { kind: "shell.before", command: "git push origin main", toolName: "exec", projectRoot: P }],
    ["PostToolUse/edit", { kind: "file.edit.after", filePaths: [`${P}/src/app.ts`] }],
    ["PostToolUse/exec", { kind: "shell.after", command: "ls" }],
    ["PermissionRequest/exec", { kind: "other" }],
    ["Stop/first", { kind: "agent.stop" }],
  ];
  it.each(CASES)("%s", (name, expected) => {
    expect(parse(name)).toMatchObject(expected);
  });
});

/** cli.devin.ai/docs/extensibility/hooks/overview: `{decision: approve|block|deny, reason}`; exit 2 blocks; no ask. */
describe("devin render", () => {
  const CASES: [string, string, Decision, unknown][] = [
    ["PreToolUse/git-push", "pass", pass(), { stdout: "", stderr: "", exitCode: 0 }],
    ["PreToolUse/git-push", "deny", deny("blocked", { agentMessage: "Use gh." }), { stdout: '{"decision":"deny","reason":"Use gh."}\n', stderr: "Use gh.\n", exitCode: 2 }],
    ["Stop/first", "follow-up", pass({ followup: "Add a test." }), { stdout: '{"decision":"block","reason":"Add a test."}\n', stderr: "", exitCode: 0 }],
  ];
  it.each(CASES)("%s: %s", (name, _label, decision, expected) => {
    expect(devin.render(decision, parse(name))).toEqual(expected);
  });
  it("an ask is a deny with the reason", () => {
    const rendered = devin.render(ask("Confirm: git push"), parse("PreToolUse/git-push"));
    expect(rendered.exitCode).toBe(2);
    expect(JSON.parse(rendered.stdout)).toMatchObject({ decision: "deny", reason: expect.stringMatching(/Confirm: git push/) });
  });
  it("never rewrites input", () => {
    expect(devin.canRewrite?.(parse("PreToolUse/git-push"), "command")).toBe(false);
  });
});
