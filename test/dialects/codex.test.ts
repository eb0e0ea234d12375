import { describe, expect, it } from "vitest";
import { InputError } from "../../shared/dialect.ts";
import { detectDialect, dialects } from "../../shared/dialects/index.ts";
import { allow, ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { fixture, fixtureFiles } from "./fixture-files.ts";

const codex = dialects.codex;
const P = "/Users/dev/project";
const files = fixtureFiles("codex");

function parse(raw: Record<string, unknown>): GuardEvent {
  const event = codex.parse(raw, {});
  if (!event) throw new Error("not parsed");
  return event;
}

/** developers.openai.com/codex/hooks: Bash is the shell tool, apply_patch (aliases Edit|Write) the edit tool; no Read tool. */
function expectedKind(event: string, raw: Record<string, unknown>): string {
  const phase = event === "PreToolUse" ? "before" : event === "PostToolUse" ? "after" : undefined;
  if (!phase) return codex.events[event]!;
  const tool = String(raw.tool_name);
  if (tool === "Bash") return `shell.${phase}`;
  if (tool === "apply_patch") return `file.edit.${phase}`;
  return tool.startsWith("mcp__") ? `mcp.${phase}` : `tool.${phase}`;
}

describe("codex fixtures", () => {
  it("cover every event of codex.ts", () => {
    expect(new Set(files.map((f) => f.event))).toEqual(new Set(Object.keys(codex.events)));
  });
  it.each(files)("$name parses to its kind and is detected as codex", ({ event, raw }) => {
    expect(parse(raw).kind).toBe(expectedKind(event, raw));
    expect(detectDialect(raw)?.id).toBe("codex");
  });
});

describe("codex parse: key fields", () => {
  const CASES: [string, Record<string, unknown>][] = [
    ["PreToolUse/git-push", { kind: "shell.before", command: "git push origin main", cwd: P, projectRoot: P, generationId: "0199a1b2-d0e1-7f20-8131-425364758697", model: "gpt-5-codex" }],
    ["PreToolUse/ls", { kind: "shell.before", command: "ls -la" }],
    ["PreToolUse/cat-env", { kind: "shell.before", command: "cat .env" }],
    // The patch text is in tool_input.command; the files come from its `*** Update/Add File:` headers.
    ["PreToolUse/apply-patch", { kind: "file.edit.before", filePath: `${P}/src/app.ts`, filePaths: [`${P}/src/app.ts`, `${P}/src/new.ts`] }],
    ["PostToolUse/apply-patch", { kind: "file.edit.after", filePath: `${P}/src/app.ts`, filePaths: [`${P}/src/app.ts`, `${P}/src/new.ts`], tab: false }],
    ["PostToolUse/bash", { kind: "shell.after", command: "npm test", output: "All tests passed\n" }],
    ["PreToolUse/mcp", { kind: "mcp.before", server: "github", tool: "create_issue" }],
    ["Stop/first", { kind: "agent.stop", status: "completed", stopHookActive: false }],
    ["StopFailure/rate-limit", { kind: "agent.stop", status: "error", errorMessage: "rate_limit" }],
    ["SubagentStop/worker", { kind: "subagent.stop" }],
    ["SessionStart/startup", { kind: "session.start", reason: "startup" }],
    ["UserPromptSubmit/basic", { kind: "prompt.submit", prompt: "Fix the failing test in src/app.test.ts" }],
  ];
  it.each(CASES)("%s", (name, expected) => {
    expect(parse(fixture("codex", name))).toMatchObject({ dialect: "codex", ...expected });
  });
});

describe("codex parse: wrong field types name the field", () => {
  const CASES: [string, Record<string, unknown>, RegExp][] = [
    ["PreToolUse/ls", { tool_input: { command: ["ls", "-la"] } }, /field "tool_input.command" must be a string, got an array/],
    ["PreToolUse/ls", { turn_id: 9 }, /field "turn_id" must be a string/],
    ["PostToolUse/apply-patch", { tool_input: {} }, /tool "apply_patch" input has no tool_input.file_path or tool_input.path/],
    ["UserPromptSubmit/basic", { prompt: 1 }, /field "prompt" must be a string/],
  ];
  it.each(CASES)("%s with %o", (name, patch, message) => {
    const raw = { ...fixture("codex", name), ...patch };
    expect(() => codex.parse(raw, {})).toThrow(InputError);
    expect(() => codex.parse(raw, {})).toThrow(message);
  });
});

/** Claude's shape, but an `ask` makes Codex mark the hook failed and run the tool: it must be a deny (developers.openai.com/codex/hooks). */
describe("codex render", () => {
  const NOTE = "This needs a person's confirmation, which this agent cannot ask for; run it yourself if intended.";
  const DENY = deny("guards: blocked", { agentMessage: "Use gh instead." });
  const ASK = ask("Confirm: gh pr merge", { agentMessage: "Waiting for confirmation." });
  const out = (value: unknown) => ({ stdout: `${JSON.stringify(value)}\n`, stderr: "", exitCode: 0 });
  const pre = (fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: "PreToolUse", ...fields } });
  const CASES: [string, string, Decision, { stdout: string; stderr: string; exitCode: number }][] = [
    ["PreToolUse/git-push", "pass", pass(), { stdout: "", stderr: "", exitCode: 0 }],
    ["PreToolUse/git-push", "allow", allow(), out(pre({ permissionDecision: "allow" }))],
    ["PreToolUse/git-push", "deny", DENY, out({ ...pre({ permissionDecision: "deny", permissionDecisionReason: "Use gh instead." }), systemMessage: "guards: blocked" })],
    ["PreToolUse/git-push", "ask becomes deny", ASK, out({ ...pre({ permissionDecision: "deny", permissionDecisionReason: `Waiting for confirmation. ${NOTE}` }), systemMessage: `Confirm: gh pr merge (${NOTE})` })],
    ["PreToolUse/cat-env", "rewrite (allow with the full command)", pass({ rewrite: { command: "cat .env.example" } }), out(pre({ permissionDecision: "allow", updatedInput: { command: "cat .env.example" } }))],
    ["Stop/first", "follow-up", pass({ followup: "Run the linter." }), out({ decision: "block", reason: "Run the linter." })],
    ["PostToolUse/apply-patch", "context", pass({ context: "Formatted 2 files." }), out({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "Formatted 2 files." } })],
    ["UserPromptSubmit/basic", "ask becomes a block", ASK, out({ decision: "block", reason: `Waiting for confirmation. ${NOTE}`, systemMessage: `Confirm: gh pr merge (${NOTE})` })],
  ];
  it.each(CASES)("%s: %s", (name, _label, decision, expected) => {
    expect(codex.render(decision, parse(fixture("codex", name)))).toEqual(expected);
  });
  it("unparsable input: exit 2 with the reason on stderr", () => {
    expect(codex.render(ask("guards: confirm"), undefined)).toEqual({ stdout: "", stderr: `guards: confirm ${NOTE}\n`, exitCode: 2 });
  });
});
