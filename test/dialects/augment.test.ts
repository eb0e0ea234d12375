import { describe, expect, it } from "vitest";
import { detectDialect, dialects } from "../../shared/dialects/index.ts";
import { ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { fixture, fixtureFiles } from "./fixture-files.ts";

const augment = dialects.augment;
const P = "/Users/dev/project";
const files = fixtureFiles("augment");

function parse(name: string): GuardEvent {
  const event = augment.parse(fixture("augment", name), {});
  if (!event) throw new Error("not parsed");
  return event;
}

describe("augment fixtures", () => {
  it("cover every event of the Auggie hooks docs and changelog", () => {
    expect(new Set(files.map((f) => f.event))).toEqual(new Set(Object.keys(augment.events)));
  });
  it.each(files)("$name is detected as augment", ({ raw }) => {
    expect(detectDialect(raw)?.id).toBe("augment");
  });
});

describe("augment parse: workspace_roots is the cwd, conversation_id the session", () => {
  const CASES: [string, Record<string, unknown>][] = [
    ["PreToolUse/git-push", { kind: "shell.before", command: "git push origin main", toolName: "launch-process", cwd: P, conversationId: "c0a8e1f2-3b4c-4d5e-8f90-a1b2c3d4e5f6" }],
    ["PreToolUse/read-env", { kind: "file.read.before", filePath: `${P}/.env` }],
    ["PostToolUse/save-file", { kind: "file.edit.after", filePaths: [`${P}/src/app.ts`] }],
    ["PostToolUse/str-replace", { kind: "file.edit.after", filePaths: [`${P}/src/util.ts`] }],
    ["Stop/end-turn", { kind: "agent.stop" }],
    ["UserPromptSubmit/basic", { kind: "prompt.submit" }],
  ];
  it.each(CASES)("%s", (name, expected) => {
    expect(parse(name)).toMatchObject({ dialect: "augment", ...expected });
  });
});

/** docs.augmentcode.com/cli/hooks: only permissionDecision "deny" is honoured, so ask and redaction become denials. */
describe("augment render", () => {
  const out = (value: unknown) => ({ stdout: `${JSON.stringify(value)}\n`, stderr: "", exitCode: 0 });
  const denied = (reason: string) => ({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } });
  const CASES: [string, string, Decision, unknown][] = [
    ["PreToolUse/git-push", "pass", pass(), { stdout: "", stderr: "", exitCode: 0 }],
    ["PreToolUse/git-push", "deny", deny("Use gh."), out(denied("Use gh."))],
  ];
  it.each(CASES)("%s: %s", (name, _label, decision, expected) => {
    expect(augment.render(decision, parse(name))).toEqual(expected);
  });
  it("an ask is a deny that says a person must confirm", () => {
    const rendered = JSON.parse(augment.render(ask("Confirm: git push"), parse("PreToolUse/git-push")).stdout) as { hookSpecificOutput: Record<string, string> };
    expect(rendered.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(rendered.hookSpecificOutput.permissionDecisionReason).toMatch(/Confirm: git push.*person's confirmation/);
  });
  it("never rewrites a read: redact-secrets denies instead", () => {
    expect(augment.canRewrite?.(parse("PreToolUse/read-env"), "filePath")).toBe(false);
  });
});
