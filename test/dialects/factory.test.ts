import { describe, expect, it } from "vitest";
import { detectDialect, dialects } from "../../shared/dialects/index.ts";
import { ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { fixture, fixtureFiles } from "./fixture-files.ts";

const factory = dialects.factory;
const P = "/Users/dev/project";
const files = fixtureFiles("factory");

function parse(name: string): GuardEvent {
  const event = factory.parse(fixture("factory", name), { FACTORY_PROJECT_DIR: P });
  if (!event) throw new Error("not parsed");
  return event;
}

describe("factory fixtures", () => {
  it("cover all 9 events of the Droid hooks reference", () => {
    expect(new Set(files.map((f) => f.event))).toEqual(new Set(Object.keys(factory.events)));
    expect(Object.keys(factory.events)).toHaveLength(9);
  });
  it.each(files)("$name is detected as factory", ({ raw }) => {
    expect(detectDialect(raw)?.id).toBe("factory");
  });
});

describe("factory parse", () => {
  const CASES: [string, Record<string, unknown>][] = [
    ["PreToolUse/git-push", { kind: "shell.before", command: "git push origin main", toolName: "Execute", projectRoot: P }],
    ["PreToolUse/read-env", { kind: "file.read.before", filePath: `${P}/.env` }],
    ["PostToolUse/create", { kind: "file.edit.after", filePaths: [`${P}/src/app.ts`] }],
    ["PostToolUse/edit", { kind: "file.edit.after", filePaths: [`${P}/src/util.ts`] }],
    ["PostToolUse/apply-patch", { kind: "file.edit.after", filePaths: [`${P}/src/lib.ts`] }],
    ["UserPromptSubmit/basic", { kind: "prompt.submit", prompt: "Add input validation to the signup form" }],
    ["Stop/first", { kind: "agent.stop", stopHookActive: false }],
    ["SubagentStop/worker", { kind: "subagent.stop" }],
    ["SessionEnd/exit", { kind: "session.end", reason: "exit" }],
    ["Notification/permission", { kind: "notification" }],
  ];
  it.each(CASES)("%s", (name, expected) => {
    expect(parse(name)).toMatchObject({ dialect: "factory", ...expected });
  });
});

/**
 * docs.factory.ai/reference/hooks-reference: Claude's PreToolUse output; updatedInput applied. An ask is a deny:
 * `droid exec` runs a tool answered with ask, and the payload does not tell a headless run apart.
 */
describe("factory render", () => {
  const out = (value: unknown) => ({ stdout: `${JSON.stringify(value)}\n`, stderr: "", exitCode: 0 });
  const pre = (fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: "PreToolUse", ...fields } });
  const CASES: [string, string, Decision, unknown][] = [
    ["PreToolUse/git-push", "pass", pass(), { stdout: "", stderr: "", exitCode: 0 }],
    ["PreToolUse/git-push", "deny", deny("blocked", { agentMessage: "Use gh." }), out({ ...pre({ permissionDecision: "deny", permissionDecisionReason: "Use gh." }), systemMessage: "blocked" })],
    [
      "PreToolUse/git-push",
      "ask",
      ask("Confirm: git push"),
      out({
        ...pre({ permissionDecision: "deny", permissionDecisionReason: "Confirm: git push This needs a person's confirmation, which this agent cannot ask for; run it yourself if intended." }),
        systemMessage: "Confirm: git push (This needs a person's confirmation, which this agent cannot ask for; run it yourself if intended.)",
      }),
    ],
    ["PreToolUse/read-env", "redirect", pass({ rewrite: { filePath: "/tmp/r/.env" } }), out(pre({ permissionDecision: "allow", updatedInput: { file_path: "/tmp/r/.env" } }))],
    ["Stop/first", "follow-up", pass({ followup: "Add a test." }), out({ decision: "block", reason: "Add a test." })],
  ];
  it.each(CASES)("%s: %s", (name, _label, decision, expected) => {
    expect(factory.render(decision, parse(name))).toEqual(expected);
  });
  it("lets a read be redirected (redaction), not an edit", () => {
    expect(factory.canRewrite?.(parse("PreToolUse/read-env"), "filePath")).toBe(true);
    expect(factory.canRewrite?.(parse("PostToolUse/create"), "filePath")).toBe(false);
  });
});
