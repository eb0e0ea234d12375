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

/** The Cline CLI (npm `cline` 3.0.65) runs the same files with its own event and tool names; payloads recorded from it. */
describe("cline CLI parse", () => {
  const CASES: [string, Record<string, unknown>][] = [
    ["tool_call/run-commands", { kind: "shell.before", command: "git status\ngit push origin main", toolName: "run_commands", cwd: P, conversationId: "conv_1795501650908_i5xc3wi" }],
    ["tool_call/read-files", { kind: "file.read.before", filePath: `${P}/README.md`, filePaths: [`${P}/README.md`, `${P}/.env`] }],
    ["tool_call/editor-create", { kind: "file.edit.before", filePaths: [`${P}/data.json`], content: '{"a":1}\n' }],
    ["tool_call/editor-replace", { kind: "file.edit.before", filePaths: [`${P}/src/util.ts`], edits: [{ oldText: "const x = 1;", newText: "const x = 2;" }], content: undefined }],
    ["tool_result/run-commands", { kind: "shell.after", command: "ls", output: expect.stringContaining("README.md") }],
    ["tool_result/editor", { kind: "file.edit.after", filePaths: [`${P}/data.json`] }],
    ["agent_start/basic", { kind: "session.start" }],
    ["agent_resume/basic", { kind: "session.start" }],
    ["agent_end/basic", { kind: "agent.stop", status: "completed" }],
    ["agent_abort/basic", { kind: "agent.stop", status: "aborted" }],
    ["agent_error/basic", { kind: "agent.stop", status: "error" }],
    ["prompt_submit/basic", { kind: "prompt.submit", prompt: "Add input validation to the signup form" }],
    ["session_shutdown/basic", { kind: "session.end" }],
  ];
  it.each(CASES)("%s", (name, expected) => {
    expect(parse(name)).toMatchObject({ dialect: "cline", nativeEvent: name.split("/")[0], ...expected });
  });
  it("a tool_call without its tool name names the field", () => {
    const raw = { ...fixture("cline", "tool_call/run-commands"), tool_call: { id: "call_1", input: {} } };
    expect(() => cline.parse(raw, {})).toThrow(/tool_call.name/);
  });
  it("a run_commands call with no command is bad input, not a pass", () => {
    const raw = { ...fixture("cline", "tool_call/run-commands"), tool_call: { id: "call_1", name: "run_commands", input: { commands: [] } } };
    expect(() => cline.parse(raw, {})).toThrow(InputError);
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
  it("the CLI's read of one file and its single command are redirected with overrideInput (its whole new input)", () => {
    const raw = fixture("cline", "tool_call/read-files");
    const oneFile = cline.parse({ ...raw, tool_call: { id: "call_1", name: "read_files", input: { files: [{ path: `${P}/.env`, start_line: null }] } } }, {})!;
    expect(cline.canRewrite?.(oneFile, "filePath")).toBe(true);
    expect(JSON.parse(cline.render(pass({ rewrite: { filePath: "/tmp/r/.env" } }), oneFile).stdout)).toEqual({ cancel: false, overrideInput: { files: [{ path: "/tmp/r/.env", start_line: null }] } });
    const oneCommand = cline.parse({ ...raw, tool_call: { id: "call_1", name: "run_commands", input: { commands: ["cat .env"] } } }, {})!;
    expect(JSON.parse(cline.render(pass({ rewrite: { command: "cat /tmp/r/.env" } }), oneCommand).stdout)).toEqual({ cancel: false, overrideInput: { commands: ["cat /tmp/r/.env"] } });
  });
  it("two files, two commands or the extension's payload: a redirect cancels and names the copy", () => {
    for (const event of [parse("tool_call/read-files"), parse("tool_call/run-commands"), parse("PreToolUse/read-env")]) {
      expect(JSON.parse(cline.render(pass({ rewrite: { filePath: "/tmp/r/.env" } }), event).stdout)).toMatchObject({ cancel: true, errorMessage: expect.stringMatching(/\/tmp\/r\/.env/) });
    }
  });
  it("a payload that cannot be parsed still cancels (fail closed)", () => {
    expect(JSON.parse(cline.render(deny("bad input"), undefined).stdout)).toEqual({ cancel: true, errorMessage: "bad input" });
  });
});
