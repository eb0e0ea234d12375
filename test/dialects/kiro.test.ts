import { describe, expect, it } from "vitest";
import { detectDialect, dialects } from "../../shared/dialects/index.ts";
import { ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { fixture, fixtureFiles } from "./fixture-files.ts";

const kiro = dialects.kiro;
const P = "/Users/dev/project";
const files = fixtureFiles("kiro");

function parse(name: string): GuardEvent {
  const event = kiro.parse(fixture("kiro", name), {});
  if (!event) throw new Error("not parsed");
  return event;
}

describe("kiro fixtures", () => {
  it("cover the 11 v3 triggers and the 5 v2 events", () => {
    expect(new Set(files.map((f) => f.event))).toEqual(new Set(Object.keys(kiro.events)));
    expect(Object.keys(kiro.events)).toHaveLength(16);
  });
  it.each(files)("$name parses", ({ name }) => {
    expect(parse(name).dialect).toBe("kiro");
  });
  it.each(files.filter((f) => typeof f.raw.tool_name === "string"))("$name (a built-in tool) is detected as kiro", ({ raw }) => {
    expect(detectDialect(raw)?.id).toBe("kiro");
  });
});

describe("kiro parse", () => {
  const CASES: [string, Record<string, unknown>][] = [
    ["PreToolUse/git-push", { kind: "shell.before", command: "git push origin main", toolName: "execute_bash", cwd: P }],
    ["preToolUse/ls", { kind: "shell.before", command: "ls -la" }],
    ["PreToolUse/read-env", { kind: "file.read.before", filePath: `${P}/.env` }],
    ["PostToolUse/write", { kind: "file.edit.after", filePaths: [`${P}/src/app.ts`] }],
    ["postToolUse/write", { kind: "file.edit.after", filePaths: [`${P}/src/util.ts`] }],
    ["PostFileSave/save", { kind: "file.edit.after", filePaths: [`${P}/src/app.ts`] }],
    ["UserPromptSubmit/basic", { kind: "prompt.submit", prompt: "Add input validation to the signup form" }],
    ["Stop/session-end", { kind: "session.end" }],
    ["stop/basic", { kind: "agent.stop" }],
    ["PostFileDelete/old", { kind: "other" }],
  ];
  it.each(CASES)("%s", (name, expected) => {
    expect(parse(name)).toMatchObject(expected);
  });
});

/** kiro.dev/docs/cli/hooks: exit 2 blocks PreToolUse with stderr to the model; no JSON, no ask, no rewrite. */
describe("kiro render", () => {
  const CASES: [string, string, Decision, unknown][] = [
    ["PreToolUse/git-push", "pass", pass(), { stdout: "", stderr: "", exitCode: 0 }],
    ["PreToolUse/git-push", "deny", deny("blocked", { agentMessage: "Use gh." }), { stdout: "", stderr: "Use gh.\n", exitCode: 2 }],
  ];
  it.each(CASES)("%s: %s", (name, _label, decision, expected) => {
    expect(kiro.render(decision, parse(name))).toEqual(expected);
  });
  it("an ask and a redaction are denials with the reason", () => {
    expect(kiro.render(ask("Confirm: git push"), parse("PreToolUse/git-push"))).toMatchObject({ exitCode: 2, stderr: expect.stringMatching(/Confirm: git push/) });
    expect(kiro.render(pass({ rewrite: { filePath: "/tmp/r/.env" } }), parse("PreToolUse/read-env"))).toMatchObject({ exitCode: 2, stderr: expect.stringMatching(/Read \/tmp\/r\/.env instead/) });
  });
});
