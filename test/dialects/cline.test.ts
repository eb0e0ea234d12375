import { describe, expect, it } from "vitest";
import { InputError } from "../../shared/dialect.ts";
import { detectDialect, dialects } from "../../shared/dialects/index.ts";
import { ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { fixture, fixtureFiles } from "./fixture-files.ts";

const cline = dialects.cline;
const P = "/Users/dev/project";
const files = fixtureFiles("cline");

function parse(name: string): GuardEvent {
  const event = cline.parse(fixture("cline", name), {});
  if (!event) throw new Error("not parsed");
  return event;
}

describe("cline fixtures", () => {
  it("cover every event of the Cline hooks docs", () => {
    expect(new Set(files.map((f) => f.event))).toEqual(new Set(Object.keys(cline.events)));
  });
  it.each(files)("$name is detected as cline", ({ raw }) => {
    expect(detectDialect(raw)?.id).toBe("cline");
  });
});

describe("cline parse", () => {
  const CASES: [string, Record<string, unknown>][] = [
    ["PreToolUse/git-push", { kind: "shell.before", command: "git push origin main", toolName: "execute_command", cwd: P, conversationId: "1763812800123" }],
    ["PreToolUse/read-env", { kind: "file.read.before", filePath: `${P}/.env` }],
    ["PostToolUse/write", { kind: "file.edit.after", filePaths: [`${P}/src/app.ts`] }],
    ["PostToolUse/replace", { kind: "file.edit.after", filePaths: [`${P}/src/util.ts`] }],
    ["UserPromptSubmit/basic", { kind: "prompt.submit", prompt: "Add input validation to the signup form" }],
    ["TaskComplete/basic", { kind: "agent.stop", status: "completed" }],
    ["TaskCancel/basic", { kind: "agent.stop", status: "aborted" }],
  ];
  it.each(CASES)("%s", (name, expected) => {
    expect(parse(name)).toMatchObject({ dialect: "cline", model: "claude-sonnet-4-5", ...expected });
  });
  it("a tool event without its section names the field", () => {
    const raw = { ...fixture("cline", "PreToolUse/ls"), preToolUse: { parameters: {} } };
    expect(() => cline.parse(raw, {})).toThrow(InputError);
    expect(() => cline.parse(raw, {})).toThrow(/preToolUse.toolName/);
  });
});

/** docs.cline.bot/customization/hooks: stdout {cancel, contextModification, errorMessage}; the exit code never blocks. */
describe("cline render", () => {
  const CASES: [string, string, Decision, unknown][] = [
    ["PreToolUse/git-push", "pass", pass(), { stdout: '{"cancel":false}\n', stderr: "", exitCode: 0 }],
    ["PreToolUse/git-push", "deny", deny("blocked", { agentMessage: "Use gh." }), { stdout: '{"cancel":true,"errorMessage":"Use gh."}\n', stderr: "", exitCode: 0 }],
    ["PostToolUse/write", "context", pass({ context: "Formatted src/app.ts." }), { stdout: '{"cancel":false,"contextModification":"Formatted src/app.ts."}\n', stderr: "", exitCode: 0 }],
  ];
  it.each(CASES)("%s: %s", (name, _label, decision, expected) => {
    expect(cline.render(decision, parse(name))).toEqual(expected);
  });
  it("an ask and a redaction cancel with the reason", () => {
    expect(JSON.parse(cline.render(ask("Confirm: git push"), parse("PreToolUse/git-push")).stdout)).toMatchObject({ cancel: true, errorMessage: expect.stringMatching(/Confirm/) });
    expect(JSON.parse(cline.render(pass({ rewrite: { filePath: "/tmp/r/.env" } }), parse("PreToolUse/read-env")).stdout)).toMatchObject({ cancel: true });
  });
  it("a payload that cannot be parsed still cancels (fail closed)", () => {
    expect(JSON.parse(cline.render(deny("bad input"), undefined).stdout)).toEqual({ cancel: true, errorMessage: "bad input" });
  });
});
