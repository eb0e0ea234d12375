import { describe, expect, it } from "vitest";
import { detectDialect, dialects } from "../../shared/dialects/index.ts";
import { ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { fixture, fixtureFiles } from "./fixture-files.ts";

const goose = dialects.goose;
const P = "/Users/dev/project";
const files = fixtureFiles("goose");

function parse(name: string): GuardEvent {
  const event = goose.parse(fixture("goose", name), {});
  if (!event) throw new Error("not parsed");
  return event;
}

describe("goose fixtures", () => {
  it("cover all 12 events of the Goose hooks guide", () => {
    expect(new Set(files.map((f) => f.event))).toEqual(new Set(Object.keys(goose.events)));
    expect(Object.keys(goose.events)).toHaveLength(12);
  });
  it.each(files)("$name is detected as goose", ({ raw }) => {
    expect(detectDialect(raw)?.id).toBe("goose");
  });
});

describe("goose parse", () => {
  const CASES: [string, Record<string, unknown>][] = [
    ["PreToolUse/git-push", { kind: "shell.before", command: "git push origin main", toolName: "developer__shell", cwd: P }],
    ["PostToolUse/write", { kind: "file.edit.after", filePaths: [`${P}/src/app.ts`] }],
    ["PostToolUse/edit", { kind: "file.edit.after", filePaths: [`${P}/src/util.ts`] }],
    ["PostToolUseFailure/shell", { kind: "tool.after", failed: true }],
    ["AfterFileEdit/edit", { kind: "file.edit.after", filePaths: [`${P}/src/util.ts`] }],
    ["AfterShellExecution/ls", { kind: "shell.after", command: "ls -la" }],
    // Observation-only events: Goose ignores a block there, so they are not parsed as something a guard could stop.
    ["BeforeReadFile/env", { kind: "other" }],
    ["BeforeShellExecution/ls", { kind: "other" }],
    ["Stop/reply", { kind: "agent.stop" }],
    ["UserPromptSubmit/basic", { kind: "prompt.submit", prompt: "summarize this file" }],
    ["SessionEnd/basic", { kind: "session.end", conversationId: "20261124_1" }],
  ];
  it.each(CASES)("%s", (name, expected) => {
    expect(parse(name)).toMatchObject({ dialect: "goose", ...expected });
  });
});

/** hooks.md "Blocking a Tool Call": exit 2 with stderr, or {"decision":"block","reason"} on stdout; Stop blocks to continue. */
describe("goose render", () => {
  const block = (reason: string) => ({ stdout: `${JSON.stringify({ decision: "block", reason })}\n`, stderr: `${reason}\n`, exitCode: 2 });
  const CASES: [string, string, Decision, unknown][] = [
    ["PreToolUse/git-push", "pass", pass(), { stdout: "", stderr: "", exitCode: 0 }],
    ["PreToolUse/git-push", "deny", deny("blocked", { agentMessage: "Use gh." }), block("Use gh.")],
    ["Stop/reply", "follow-up", pass({ followup: "Add a test." }), { stdout: '{"decision":"block","reason":"Add a test."}\n', stderr: "", exitCode: 0 }],
  ];
  it.each(CASES)("%s: %s", (name, _label, decision, expected) => {
    expect(goose.render(decision, parse(name))).toEqual(expected);
  });
  it("an ask and a rewrite are denials with the reason", () => {
    expect(goose.render(ask("Confirm: git push"), parse("PreToolUse/git-push"))).toMatchObject({ exitCode: 2, stderr: expect.stringMatching(/Confirm: git push/) });
    expect(goose.render(pass({ rewrite: { command: "gh pr create" } }), parse("PreToolUse/git-push"))).toMatchObject({ exitCode: 2, stderr: expect.stringMatching(/Run this instead: gh pr create/) });
  });
});
