import { describe, expect, it } from "vitest";
import { InputError } from "../../shared/dialect.ts";
import { detectDialect, dialects } from "../../shared/dialects/index.ts";
import { allow, ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { fixture, fixtureFiles } from "./fixture-files.ts";

const claude = dialects.claude;
const P = "/Users/dev/project";
const ENV = { CLAUDE_PROJECT_DIR: P };
const files = fixtureFiles("claude");

function parse(raw: Record<string, unknown>): GuardEvent {
  const event = claude.parse(raw, ENV);
  if (!event) throw new Error("not parsed");
  return event;
}

/** Tool events are refined by tool_name (code.claude.com/docs/en/hooks, "PreToolUse"); a failed call stays a tool event. */
function expectedKind(event: string, raw: Record<string, unknown>): string {
  if (event === "PostToolUseFailure") return "tool.after";
  const phase = event === "PreToolUse" ? "before" : event === "PostToolUse" ? "after" : undefined;
  if (!phase) return claude.events[event]!;
  const tool = String(raw.tool_name);
  if (["Bash", "PowerShell"].includes(tool)) return `shell.${phase}`;
  if (tool === "Read") return `file.read.${phase}`;
  if (["Write", "Edit", "MultiEdit", "NotebookEdit"].includes(tool)) return `file.edit.${phase}`;
  return tool.startsWith("mcp__") ? `mcp.${phase}` : `tool.${phase}`;
}

describe("claude fixtures", () => {
  it("cover all 31 events of the hooks reference", () => {
    expect(new Set(files.map((f) => f.event))).toEqual(new Set(Object.keys(claude.events)));
    expect(Object.keys(claude.events)).toHaveLength(31);
  });
  it.each(files)("$name parses to its kind and is detected as claude", ({ event, raw }) => {
    expect(parse(raw).kind).toBe(expectedKind(event, raw));
    expect(detectDialect(raw)?.id).toBe("claude");
  });
});

describe("claude parse: key fields", () => {
  const CASES: [string, Record<string, unknown>][] = [
    ["PreToolUse/git-push", { kind: "shell.before", command: "git push origin main", toolName: "Bash", cwd: P, projectRoot: P, conversationId: "00893aaf-19fa-41d2-8238-13269b9b3ca0" }],
    ["PreToolUse/ls", { kind: "shell.before", command: "ls -la" }],
    ["PreToolUse/bash-git-status", { kind: "shell.before", command: "git status" }],
    ["PreToolUse/powershell", { kind: "shell.before", command: "Remove-Item -Recurse -Force build", shell: "powershell" }],
    ["PreToolUse/read-env", { kind: "file.read.before", filePath: `${P}/.env`, filePaths: [`${P}/.env`], tab: false }],
    ["PreToolUse/write", { kind: "file.edit.before", filePath: `${P}/src/factorial.ts`, content: expect.stringContaining("factorial") }],
    ["PreToolUse/edit", { kind: "file.edit.before", edits: [{ oldText: "n <= 1", newText: "n < 2" }] }],
    ["PreToolUse/mcp", { kind: "mcp.before", server: "github", tool: "create_issue" }],
    ["PreToolUse/glob", { kind: "tool.before", tool: "Glob" }],
    ["PostToolUse/write", { kind: "file.edit.after", filePath: `${P}/src/factorial.ts`, tab: false }],
    ["PostToolUse/multiedit", { kind: "file.edit.after", filePath: `${P}/src/app.ts`, edits: [{ oldText: "var a", newText: "const a" }, { oldText: "var b", newText: "let b" }] }],
    ["PostToolUse/notebook-edit", { kind: "file.edit.after", filePath: `${P}/analysis.ipynb` }],
    ["PostToolUse/bash", { kind: "shell.after", command: "npm test" }],
    ["PostToolUse/read", { kind: "file.read.after", filePath: `${P}/README.md` }],
    ["PostToolUseFailure/bash", { kind: "tool.after", failed: true, tool: "Bash", output: "Command exited with non-zero status code 1" }],
    ["UserPromptSubmit/basic", { kind: "prompt.submit", prompt: "Write a function to calculate the factorial of a number" }],
    ["Stop/first", { kind: "agent.stop", status: "completed", stopHookActive: false, loopCount: 0 }],
    ["Stop/continuing", { kind: "agent.stop", stopHookActive: true }],
    ["StopFailure/rate-limit", { kind: "agent.stop", status: "error", errorMessage: "rate_limit" }],
    ["SubagentStop/explore", { kind: "subagent.stop", status: "completed" }],
    ["SessionStart/startup", { kind: "session.start", reason: "startup", model: "claude-sonnet-4-5-20250929" }],
    ["SessionEnd/prompt-input-exit", { kind: "session.end", reason: "prompt_input_exit" }],
    ["PreCompact/manual", { kind: "compact.before" }],
    ["Notification/permission-prompt", { kind: "notification" }],
  ];
  it.each(CASES)("%s", (name, expected) => {
    expect(parse(fixture("claude", name))).toMatchObject({ dialect: "claude", ...expected });
  });
  it("uses cwd as the project when CLAUDE_PROJECT_DIR is unset", () => {
    expect(claude.parse(fixture("claude", "PreToolUse/ls"), {})).toMatchObject({ cwd: P, projectRoot: P });
  });
});

describe("claude parse: wrong field types name the field", () => {
  const CASES: [string, Record<string, unknown>, RegExp][] = [
    ["PreToolUse/ls", { tool_input: { command: 1 } }, /field "tool_input.command" must be a string, got a number/],
    ["PreToolUse/ls", { tool_input: "ls" }, /field "tool_input" must be an object, got a string/],
    ["PreToolUse/ls", { tool_name: null }, /field "tool_name" must be a string, got null/],
    ["PreToolUse/ls", { tool_name: undefined }, /missing field "tool_name"/],
    ["PreToolUse/ls", { cwd: 5 }, /field "cwd" must be a string/],
    ["PreToolUse/read-env", { tool_input: { offset: 1 } }, /tool "Read" input has no tool_input.file_path/],
    ["UserPromptSubmit/basic", { prompt: ["a"] }, /field "prompt" must be a string, got an array/],
    ["Stop/first", { stop_hook_active: "false" }, /field "stop_hook_active" must be a boolean/],
    ["SessionStart/startup", { hook_event_name: false }, /field "hook_event_name" must be a string/],
  ];
  it.each(CASES)("%s with %o", (name, patch, message) => {
    const raw = { ...fixture("claude", name), ...patch };
    expect(() => claude.parse(raw, ENV)).toThrow(InputError);
    expect(() => claude.parse(raw, ENV)).toThrow(message);
  });
});

/** Exact wire bytes (code.claude.com/docs/en/hooks "JSON output", "PreToolUse decision control"). */
describe("claude render", () => {
  const DENY = deny("guards: blocked", { agentMessage: "Use gh instead." });
  const ASK = ask("Confirm: gh pr merge", { agentMessage: "Waiting for confirmation." });
  const CANNOT_ASK = "This needs a person's confirmation, which this agent cannot ask for; run it yourself if intended.";
  const out = (value: unknown) => ({ stdout: `${JSON.stringify(value)}\n`, stderr: "", exitCode: 0 });
  const none = { stdout: "", stderr: "", exitCode: 0 };
  const pre = (fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: "PreToolUse", ...fields } });
  const CASES: [string, string, Decision, { stdout: string; stderr: string; exitCode: number }][] = [
    ["PreToolUse/git-push", "pass: no decision, the user's own rules apply", pass(), none],
    ["PreToolUse/git-push", "allow", allow(), out(pre({ permissionDecision: "allow" }))],
    ["PreToolUse/git-push", "deny: the reason goes to Claude", DENY, out({ ...pre({ permissionDecision: "deny", permissionDecisionReason: "Use gh instead." }), systemMessage: "guards: blocked" })],
    ["PreToolUse/git-push", "ask: the reason goes to the person", ASK, out(pre({ permissionDecision: "ask", permissionDecisionReason: "Confirm: gh pr merge" }))],
    // Under --dangerously-skip-permissions nobody is asked: an ask would let the tool run (test/agents, hook-config-edit).
    ["PreToolUse/bypass-permissions", "ask in bypassPermissions mode: a deny that says a person must confirm", ASK, out({ ...pre({ permissionDecision: "deny", permissionDecisionReason: `Waiting for confirmation. ${CANNOT_ASK}` }), systemMessage: `Confirm: gh pr merge (${CANNOT_ASK})` })],
    ["PreToolUse/git-push", "rewrite: allow with the whole input", pass({ rewrite: { command: "gh repo sync" } }), out(pre({ permissionDecision: "allow", updatedInput: { command: "gh repo sync", description: "Push main to origin" } }))],
    ["PreToolUse/read-range", "redirect keeps offset and limit", allow({ rewrite: { filePath: "/tmp/r/config.ts" } }), out(pre({ permissionDecision: "allow", updatedInput: { file_path: "/tmp/r/config.ts", offset: 10, limit: 50 } }))],
    ["PreToolUse/git-push", "context only", pass({ context: "Branch is protected." }), out(pre({ additionalContext: "Branch is protected." }))],
    ["UserPromptSubmit/basic", "deny blocks the prompt", DENY, out({ decision: "block", reason: "Use gh instead.", systemMessage: "guards: blocked" })],
    ["UserPromptSubmit/basic", "pass", pass(), none],
    ["Stop/first", "follow-up becomes the next instruction", pass({ followup: "Run the tests." }), out({ decision: "block", reason: "Run the tests." })],
    ["Stop/first", "pass lets Claude stop", pass(), none],
    ["SubagentStop/explore", "follow-up", pass({ followup: "Check the second module." }), out({ decision: "block", reason: "Check the second module." })],
    ["PostToolUse/write", "context", pass({ context: "Formatted with prettier." }), out({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "Formatted with prettier." } })],
    ["PostToolUse/read", "output rewrite", pass({ rewrite: { output: "[redacted]" } }), out({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: "[redacted]" } })],
    ["PostToolUse/bash", "deny after the fact", DENY, out({ decision: "block", reason: "Use gh instead.", systemMessage: "guards: blocked" })],
    ["SessionEnd/prompt-input-exit", "pass", pass(), none],
  ];
  it.each(CASES)("%s: %s", (name, _label, decision, expected) => {
    expect(claude.render(decision, parse(fixture("claude", name)))).toEqual(expected);
  });
  it("unparsable input: exit 2 with the reason on stderr", () => {
    expect(claude.render(deny("guards: bad input"), undefined)).toEqual({ stdout: "", stderr: "guards: bad input\n", exitCode: 2 });
  });
});
