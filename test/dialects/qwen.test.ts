import { describe, expect, it } from "vitest";
import { InputError } from "../../shared/dialect.ts";
import { detectDialect, dialects } from "../../shared/dialects/index.ts";
import { ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { fixture, fixtureFiles } from "./fixture-files.ts";

const qwen = dialects.qwen;
const P = "/Users/dev/project";
const files = fixtureFiles("qwen");

function parse(raw: Record<string, unknown>): GuardEvent {
  const event = qwen.parse(raw, { QWEN_PROJECT_DIR: P });
  if (!event) throw new Error("not parsed");
  return event;
}

/** QwenLM/qwen-code docs/users/features/hooks.md: runtime tool ids in tool_name. */
function expectedKind(event: string, raw: Record<string, unknown>): string {
  if (event === "PostToolUseFailure") return "tool.after";
  const phase = event === "PreToolUse" ? "before" : event === "PostToolUse" ? "after" : undefined;
  if (!phase) return qwen.events[event]!;
  const tool = String(raw.tool_name);
  if (tool === "run_shell_command") return `shell.${phase}`;
  if (["read_file", "read_many_files"].includes(tool)) return `file.read.${phase}`;
  if (["write_file", "edit", "replace"].includes(tool)) return `file.edit.${phase}`;
  return `tool.${phase}`;
}

describe("qwen fixtures", () => {
  it("cover all 19 events of the Qwen Code hooks docs", () => {
    expect(new Set(files.map((f) => f.event))).toEqual(new Set(Object.keys(qwen.events)));
    expect(Object.keys(qwen.events)).toHaveLength(19);
  });
  it.each(files)("$name parses to its kind and is detected as qwen", ({ event, raw }) => {
    expect(parse(raw).kind).toBe(expectedKind(event, raw));
    expect(detectDialect(raw)?.id).toBe("qwen");
  });
});

describe("qwen parse: key fields", () => {
  const CASES: [string, Record<string, unknown>][] = [
    ["PreToolUse/git-push", { kind: "shell.before", command: "git push origin main", toolName: "run_shell_command", cwd: P, projectRoot: P }],
    ["PreToolUse/ls", { kind: "shell.before", command: "ls -la" }],
    ["PreToolUse/read-env", { kind: "file.read.before", filePath: `${P}/.env`, tab: false }],
    ["PreToolUse/read-many", { kind: "file.read.before", filePath: `${P}/src/a.ts`, filePaths: [`${P}/src/a.ts`, `${P}/src/b.ts`] }],
    ["PostToolUse/write", { kind: "file.edit.after", filePath: `${P}/src/app.ts`, edits: [{ oldText: "", newText: "export {};\n" }] }],
    ["PostToolUse/edit", { kind: "file.edit.after", edits: [{ oldText: "var a", newText: "const a" }] }],
    ["PostToolUseFailure/shell", { kind: "tool.after", failed: true, output: "Command exited with code 1" }],
    ["Stop/first", { kind: "agent.stop", status: "completed", stopHookActive: false }],
    ["StopFailure/loop", { kind: "agent.stop", status: "error", errorMessage: "loop_detected" }],
    ["SessionEnd/exit", { kind: "session.end", reason: "prompt_input_exit" }],
    ["UserPromptSubmit/basic", { kind: "prompt.submit", prompt: "Add input validation to the signup form" }],
  ];
  it.each(CASES)("%s", (name, expected) => {
    expect(parse(fixture("qwen", name))).toMatchObject({ dialect: "qwen", ...expected });
  });
});

describe("qwen parse: wrong field types name the field", () => {
  const CASES: [string, Record<string, unknown>, RegExp][] = [
    ["PreToolUse/git-push", { tool_input: { command: 7 } }, /field "tool_input.command" must be a string, got a number/],
    ["PreToolUse/read-env", { tool_input: { file_path: 7 } }, /tool "read_file" input has no tool_input.file_path/],
    ["Stop/first", { stop_hook_active: 1 }, /field "stop_hook_active" must be a boolean/],
  ];
  it.each(CASES)("%s with %o", (name, patch, message) => {
    const raw = { ...fixture("qwen", name), ...patch };
    expect(() => qwen.parse(raw, {})).toThrow(InputError);
    expect(() => qwen.parse(raw, {})).toThrow(message);
  });
});

/** Claude's output shape; Qwen enforces ask (and turns it into deny itself when it cannot prompt). */
describe("qwen render", () => {
  const DENY = deny("guards: blocked", { agentMessage: "Use gh instead." });
  const ASK = ask("Confirm: gh pr merge", { agentMessage: "Waiting for confirmation." });
  const CANNOT_ASK = "This needs a person's confirmation, which this agent cannot ask for; run it yourself if intended.";
  const out = (value: unknown) => ({ stdout: `${JSON.stringify(value)}\n`, stderr: "", exitCode: 0 });
  const pre = (fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: "PreToolUse", ...fields } });
  const CASES: [string, string, Decision, { stdout: string; stderr: string; exitCode: number }][] = [
    ["PreToolUse/git-push", "pass", pass(), { stdout: "", stderr: "", exitCode: 0 }],
    ["PreToolUse/git-push", "deny", DENY, out({ ...pre({ permissionDecision: "deny", permissionDecisionReason: "Use gh instead." }), systemMessage: "guards: blocked" })],
    ["PreToolUse/git-push", "ask", ASK, out(pre({ permissionDecision: "ask", permissionDecisionReason: "Confirm: gh pr merge" }))],
    ["PreToolUse/yolo", "ask under --approval-mode yolo: a deny, since nobody is asked", ASK, out({ ...pre({ permissionDecision: "deny", permissionDecisionReason: `Waiting for confirmation. ${CANNOT_ASK}` }), systemMessage: `Confirm: gh pr merge (${CANNOT_ASK})` })],
    ["PreToolUse/read-env", "redirect", pass({ rewrite: { filePath: "/tmp/r/.env" } }), out(pre({ permissionDecision: "allow", updatedInput: { file_path: "/tmp/r/.env" } }))],
    ["Stop/first", "follow-up", pass({ followup: "Add a test." }), out({ decision: "block", reason: "Add a test." })],
  ];
  it.each(CASES)("%s: %s", (name, _label, decision, expected) => {
    expect(qwen.render(decision, parse(fixture("qwen", name)))).toEqual(expected);
  });
});
