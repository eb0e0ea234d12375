import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../shared/dialect.ts";
import { detectDialect, dialects } from "../../shared/dialects/index.ts";
import { allow, ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { hooks } from "../../hooks/index.ts";
import { runHooks } from "../../shared/run.ts";
import { TABLE_NODES, runBuiltHook } from "../support/process.ts";
import { fixture, fixtureFiles } from "./fixture-files.ts";

const cursor = dialects.cursor;
const P = "/Users/dev/project";
const ENV = { CURSOR_PROJECT_DIR: P };
const files = fixtureFiles("cursor");
const canonical = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

function parse(raw: Record<string, unknown>): GuardEvent {
  const event = cursor.parse(raw, ENV);
  if (!event) throw new Error("not parsed");
  return event;
}

/** preToolUse/postToolUse are refined by tool_name (cursor-hooks.md "Matcher Configuration"). */
const TOOL_KINDS: Record<string, [before: string, after: string]> = {
  Shell: ["shell.before", "shell.after"],
  Read: ["file.read.before", "file.read.after"],
  Write: ["file.edit.before", "file.edit.after"],
};
function expectedKind(event: string, raw: Record<string, unknown>): string {
  const name = canonical(event);
  const tool = String(raw.tool_name);
  if (name === "preToolUse") return TOOL_KINDS[tool]?.[0] ?? (tool.startsWith("MCP:") ? "mcp.before" : "tool.before");
  if (name === "postToolUse") return TOOL_KINDS[tool]?.[1] ?? (tool.startsWith("MCP:") ? "mcp.after" : "tool.after");
  return cursor.events[name]!;
}

describe("cursor fixtures", () => {
  it("cover every documented event, and only those", () => {
    expect(new Set(files.map((f) => f.event))).toEqual(new Set(Object.keys(cursor.events)));
    expect(Object.keys(cursor.events)).toHaveLength(20);
  });
  it("subscriptions name only events this dialect parses", () => {
    for (const [kind, subs] of Object.entries(cursor.subscriptions)) {
      for (const sub of subs!) expect([sub.event, cursor.events[sub.event] === kind || sub.event === "preToolUse"]).toEqual([sub.event, true]);
    }
  });
  it.each(files)("$name parses to its kind and is detected as cursor", ({ event, raw }) => {
    expect(parse(raw).kind).toBe(expectedKind(event, raw));
    expect(detectDialect(raw)?.id).toBe("cursor");
  });
});

describe("cursor parse: key fields", () => {
  const ids = { conversationId: "668320d2-2fd8-4888-b33c-2a466fec86e7", generationId: "490b90b7-a2ce-4c2c-bb76-cb77b125df2f", model: "claude-sonnet-4-20250514" };
  const CASES: [string, Record<string, unknown>][] = [
    ["beforeShellExecution/git-push", { kind: "shell.before", command: "git push origin main", cwd: P, projectRoot: P, ...ids }],
    ["beforeShellExecution/ls", { command: "ls -la" }],
    ["beforeShellExecution/multi-root", { cwd: "/Users/dev/shared-lib/src", projectRoot: "/Users/dev/shared-lib", workspaceRoots: [P, "/Users/dev/shared-lib"] }],
    ["beforeShellExecution/legacy-pascal-name", { kind: "shell.before", command: "git status", nativeEvent: "BeforeShellExecution" }],
    ["afterShellExecution/ls", { kind: "shell.after", command: "ls -la", cwd: P }],
    ["preToolUse/shell-npm-install", { kind: "shell.before", command: "npm install", toolName: "Shell", cwd: P }],
    ["preToolUse/read-env", { kind: "file.read.before", filePath: `${P}/.env`, filePaths: [`${P}/.env`], tab: false }],
    ["preToolUse/write", { kind: "file.edit.before", filePath: `${P}/src/auth.ts`, content: "export const enabled = true;\n" }],
    ["preToolUse/mcp", { kind: "mcp.before", tool: "create_issue", input: { owner: "acme", repo: "project", title: "Bug report" } }],
    ["preToolUse/grep", { kind: "tool.before", tool: "Grep" }],
    ["postToolUse/shell-npm-test", { kind: "shell.after", command: "npm test", output: "All tests passed", exitCode: 0 }],
    ["postToolUse/read", { kind: "file.read.after", filePath: `${P}/README.md` }],
    ["postToolUse/write", { kind: "file.edit.after", filePath: `${P}/src/auth.ts`, edits: [{ oldText: "", newText: "export const enabled = true;\n" }], tab: false }],
    ["postToolUse/mcp", { kind: "mcp.after", tool: "list_commits", output: { content: [{ type: "text", text: "a1b2c3 Fix login" }] } }],
    ["postToolUseFailure/shell-timeout", { kind: "tool.after", tool: "Shell", failed: true, output: "Command timed out after 30s" }],
    ["beforeMCPExecution/url-server", { kind: "mcp.before", tool: "create_issue", server: "https://api.githubcopilot.com/mcp/", input: { owner: "acme", repo: "project", title: "Bug report" } }],
    ["beforeMCPExecution/command-server", { tool: "query", server: "npx -y @modelcontextprotocol/server-postgres postgresql://localhost/app", input: { sql: "DELETE FROM users" } }],
    ["afterMCPExecution/list-commits", { kind: "mcp.after", output: { content: [{ type: "text", text: "a1b2c3 Fix login" }] } }],
    ["beforeReadFile/env", { kind: "file.read.before", filePath: `${P}/.env`, content: "DATABASE_URL=postgres://app:app@localhost/app\nDEBUG=true\n", tab: false }],
    ["beforeTabFileRead/env", { kind: "file.read.before", filePath: `${P}/.env`, content: "DEBUG=true\n", tab: true }],
    ["afterFileEdit/ts-edit", { kind: "file.edit.after", filePath: `${P}/src/auth.ts`, edits: [{ oldText: "const enabled = false", newText: "const enabled = true" }], tab: false }],
    ["afterTabFileEdit/tab-edit", { kind: "file.edit.after", edits: [{ oldText: "retrun", newText: "return" }], tab: true }],
    ["beforeSubmitPrompt/basic", { kind: "prompt.submit", prompt: "Add a login form to the settings page" }],
    ["stop/completed", { kind: "agent.stop", status: "completed", loopCount: 0, stopHookActive: false }],
    ["stop/error-after-followups", { status: "error", loopCount: 3 }],
    ["subagentStop/completed", { kind: "subagent.stop", status: "completed", loopCount: 1 }],
    ["sessionStart/agent", { kind: "session.start", conversationId: ids.conversationId }],
    ["sessionEnd/completed", { kind: "session.end", reason: "completed", status: "completed", durationMs: 45000 }],
    ["sessionEnd/error", { status: "error", durationMs: 1200 }],
    ["sessionEnd/window-close", { reason: "window_close", status: "unknown" }],
    ["afterAgentResponse/basic", { kind: "agent.response" }],
    // The older reference's shapes (cursor-hook-input-reference.md).
    ["beforeSubmitPrompt/legacy-context", { kind: "prompt.submit", prompt: "User's actual prompt text here...", cwd: "/Users/user/project", projectRoot: "/Users/user/project" }],
    ["beforeMCPExecution/legacy-read-file", { kind: "mcp.before", tool: "read_file", input: { path: "/Users/user/project/src/main.py", encoding: "utf-8" }, projectRoot: P }],
    ["afterMCPExecution/legacy-result", { kind: "mcp.after", tool: "read_file", output: { success: true, content: "File contents...", lines_changed: 0 } }],
    ["afterFileEdit/legacy-changes", { kind: "file.edit.after", filePath: "/Users/user/project/src/components/Button.tsx", edits: [] }],
    ["afterAgentResponse/legacy-response", { kind: "agent.response" }],
    ["stop/legacy-user-exit", { kind: "agent.stop", status: "aborted", loopCount: 0 }],
  ];
  it.each(CASES)("%s", (name, expected) => {
    expect(parse(fixture("cursor", name))).toMatchObject({ dialect: "cursor", ...expected });
  });

  it("takes the project from CURSOR_PROJECT_DIR when the payload has no workspace_roots", () => {
    const raw = fixture("cursor", "beforeShellExecution/ls");
    delete raw.workspace_roots;
    delete raw.cwd;
    expect(parse(raw)).toMatchObject({ cwd: P, projectRoot: P, workspaceRoots: [P] });
  });
  it("passes an event it does not know", () => {
    expect(cursor.parse({ ...fixture("cursor", "stop/completed"), hook_event_name: "workspaceOpen" }, ENV)).toBeUndefined();
  });
  it("reads an empty cwd (cursor-agent) as the workspace root", () => {
    expect(parse({ ...fixture("cursor", "preToolUse/shell-git-push"), cwd: "", tool_input: { command: "ls", working_directory: "" } })).toMatchObject({ cwd: P, projectRoot: P });
  });
  it("takes the newer ReadFile tool name as a read", () => {
    expect(parse({ ...fixture("cursor", "preToolUse/read-env"), tool_name: "ReadFile" })).toMatchObject({ kind: "file.read.before", filePath: `${P}/.env` });
  });
});

describe("cursor parse: wrong field types name the field", () => {
  const CASES: [string, Record<string, unknown>, RegExp][] = [
    ["beforeShellExecution/ls", { command: 42 }, /field "command" must be a string, got a number/],
    ["beforeShellExecution/ls", { command: undefined }, /missing field "command"/],
    ["beforeShellExecution/ls", { workspace_roots: "/Users/dev/project" }, /field "workspace_roots" must be an array of strings/],
    ["beforeShellExecution/ls", { hook_event_name: 7 }, /field "hook_event_name" must be a string/],
    ["beforeShellExecution/ls", { hook_event_name: undefined }, /missing field "hook_event_name"/],
    ["preToolUse/shell-npm-install", { tool_input: { command: ["npm"] } }, /field "tool_input.command" must be a string, got an array/],
    ["preToolUse/shell-npm-install", { tool_input: 5 }, /field "tool_input" must be an object/],
    ["preToolUse/read-env", { tool_input: {} }, /missing field "tool_input.file_path"/],
    ["beforeMCPExecution/url-server", { tool_input: "{not json" }, /field "tool_input" is a string but not valid JSON/],
    ["afterFileEdit/ts-edit", { edits: "x" }, /field "edits" must be an array/],
    ["afterFileEdit/ts-edit", { edits: [{ old_string: "a", new_string: 1 }] }, /field "edits\[0\].new_string" must be a string/],
    ["stop/completed", { loop_count: "1" }, /field "loop_count" must be a number, got a string/],
    ["beforeReadFile/env", { content: 3 }, /field "content" must be a string/],
    ["beforeMCPExecution/legacy-read-file", { hook_event_name: "BeforeMCPExecution", params: [] }, /field "params" must be an object, got an array/],
  ];
  it.each(CASES)("%s with %o", (name, patch, message) => {
    const raw = { ...fixture("cursor", name), ...patch };
    expect(() => cursor.parse(raw, ENV)).toThrow(InputError);
    expect(() => cursor.parse(raw, ENV)).toThrow(message);
  });
});

describe("cursor through the runner", () => {
  it.each([
    ["beforeShellExecution/git-clone", "deny"],
    ["beforeShellExecution/ls", "allow"],
  ])("a payload starting with a byte order mark (cursor-agent) is read: %s → %s", async (name, permission) => {
    const text = `\uFEFF${JSON.stringify(fixture("cursor", name))}`;
    const result = await runHooks([hooks["git-to-gh"]], text, { dialect: "cursor", env: ENV, config: { data: {}, sources: [] } });
    expect([result.exitCode, JSON.parse(result.stdout).permission]).toEqual([0, permission]);
  });
  it("an event no hook serves still gets Cursor's allow, never an empty stdout (invalid JSON under failClosed)", async () => {
    const text = JSON.stringify(fixture("cursor", "preToolUse/grep"));
    const result = await runHooks([hooks["git-to-gh"]], text, { dialect: "cursor", env: ENV, config: { data: {}, sources: [] } });
    expect(result).toEqual({ stdout: '{"permission":"allow"}\n', stderr: "", exitCode: 0 });
  });
});

describe.runIf(TABLE_NODES.length > 0)("cursor end to end: the built git-to-gh hook", () => {
  const home = mkdtempSync(join(tmpdir(), "guards-cursor-home-"));
  describe.each(TABLE_NODES)("$name", ({ path }) => {
    it.each([["cursor"], [undefined]])("a GitHub clone is denied with --dialect %s", (dialect) => {
      const result = runBuiltHook("git-to-gh", fixture("cursor", "beforeShellExecution/git-clone"), { dialect, node: path, env: { HOME: home } });
      expect(result.exitCode).toBe(0);
      expect(result.json).toMatchObject({ permission: "deny", user_message: expect.stringContaining("gh repo clone"), agent_message: expect.any(String) });
    });
    it("ls passes as the documented allow", () => {
      const result = runBuiltHook("git-to-gh", fixture("cursor", "beforeShellExecution/ls"), { dialect: "cursor", node: path, env: { HOME: home } });
      expect([result.exitCode, result.stdout, result.stderr]).toEqual([0, '{"permission":"allow"}\n', ""]);
    });
    it("unparsable input blocks with exit 2 and one line on stderr", () => {
      const result = runBuiltHook("git-to-gh", "{not json", { dialect: "cursor", node: path, env: { HOME: home } });
      expect(result.exitCode).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(/not valid JSON.*denied to be safe/);
    });
  });
});

/** Exact wire bytes per event, from each event's "Output" in cursor-hooks.md. */
describe("cursor render", () => {
  const NOTE = "This needs a person's confirmation, which this agent cannot ask for; run it yourself if intended.";
  const DENY = deny("guards: blocked", { agentMessage: "Use gh instead." });
  const ASK = ask("Confirm: gh pr merge", { agentMessage: "Waiting for confirmation." });
  const out = (value: unknown, stderr = "") => ({ stdout: `${JSON.stringify(value)}\n`, stderr, exitCode: 0 });
  const askDenied = { permission: "deny", user_message: `Confirm: gh pr merge (${NOTE})`, agent_message: `Waiting for confirmation. ${NOTE}` };
  const CASES: [string, string, Decision, { stdout: string; stderr: string; exitCode: number }][] = [
    ["beforeShellExecution/git-push", "pass", pass(), out({ permission: "allow" })],
    ["beforeShellExecution/git-push", "allow", allow(), out({ permission: "allow" })],
    ["beforeShellExecution/git-push", "deny", DENY, out({ permission: "deny", user_message: "guards: blocked", agent_message: "Use gh instead." })],
    ["beforeShellExecution/git-push", "ask (enforced here)", ASK, out({ permission: "ask", user_message: "Confirm: gh pr merge", agent_message: "Waiting for confirmation." })],
    ["beforeShellExecution/git-push", "rewrite (cannot apply here)", allow({ rewrite: { command: "gh repo sync" }, userMessage: "git-to-gh" }), out({ permission: "deny", user_message: "git-to-gh Run this instead: gh repo sync", agent_message: "git-to-gh Run this instead: gh repo sync" })],
    ["beforeMCPExecution/url-server", "ask (enforced here)", ASK, out({ permission: "ask", user_message: "Confirm: gh pr merge", agent_message: "Waiting for confirmation." })],
    ["beforeMCPExecution/url-server", "deny", DENY, out({ permission: "deny", user_message: "guards: blocked", agent_message: "Use gh instead." })],
    ["preToolUse/shell-npm-install", "pass", pass(), out({ permission: "allow" })],
    ["preToolUse/shell-npm-install", "deny", DENY, out({ permission: "deny", user_message: "guards: blocked", agent_message: "Use gh instead." })],
    ["preToolUse/shell-npm-install", "ask (not enforced: deny)", ASK, out(askDenied)],
    ["preToolUse/shell-npm-install", "rewrite", pass({ rewrite: { command: "npm ci" } }), out({ permission: "allow", updated_input: { command: "npm ci", working_directory: P } })],
    ["preToolUse/shell-npm-install", "deny drops a rewrite", deny("no", { rewrite: { command: "npm ci" } }), out({ permission: "deny", user_message: "no", agent_message: "no" })],
    ["preToolUse/write", "a command rewrite on a Write call (cannot apply: deny)", allow({ rewrite: { command: "true" } }), out({ permission: "deny", user_message: "guards: Run this instead: true", agent_message: "guards: Run this instead: true" })],
    ["preToolUse/read-env", "redirect to a redacted copy", allow({ rewrite: { filePath: "/tmp/guards/redacted/.env" } }), out({ permission: "allow", updated_input: { file_path: "/tmp/guards/redacted/.env" } })],
    ["beforeReadFile/env", "pass", pass(), out({ permission: "allow" })],
    ["beforeReadFile/env", "deny (no agent_message)", DENY, out({ permission: "deny", user_message: "guards: blocked" })],
    ["beforeReadFile/env", "ask (deny)", ASK, out({ permission: "deny", user_message: `Confirm: gh pr merge (${NOTE})` })],
    ["beforeReadFile/env", "redirect (cannot apply: deny)", pass({ rewrite: { filePath: "/tmp/r/.env" } }), out({ permission: "deny", user_message: "guards: Read /tmp/r/.env instead." })],
    ["beforeTabFileRead/env", "pass", pass(), out({ permission: "allow" })],
    ["beforeTabFileRead/env", "deny (permission only)", DENY, out({ permission: "deny" }, "guards: blocked\n")],
    ["subagentStart/explore", "ask (treated as deny)", ASK, out({ permission: "deny", user_message: `Confirm: gh pr merge (${NOTE})` })],
    ["beforeSubmitPrompt/basic", "pass", pass(), out({ continue: true })],
    ["beforeSubmitPrompt/basic", "deny", DENY, out({ continue: false, user_message: "guards: blocked" })],
    ["beforeSubmitPrompt/basic", "ask (deny)", ASK, out({ continue: false, user_message: `Confirm: gh pr merge (${NOTE})` })],
    ["stop/completed", "pass", pass(), out({})],
    ["stop/completed", "followup", pass({ followup: "Run the tests again." }), out({ followup_message: "Run the tests again." })],
    ["subagentStop/completed", "followup", pass({ followup: "Next item." }), out({ followup_message: "Next item." })],
    ["postToolUse/shell-npm-test", "pass", pass(), out({})],
    ["postToolUse/shell-npm-test", "context", pass({ context: "Coverage 91%." }), out({ additional_context: "Coverage 91%." })],
    ["postToolUse/shell-npm-test", "deny (told to the model)", DENY, out({ additional_context: "Use gh instead." })],
    ["postToolUse/mcp", "output rewrite", pass({ rewrite: { output: "[redacted]" } }), out({ updated_mcp_tool_output: { content: [{ type: "text", text: "[redacted]" }] } })],
    ["sessionStart/agent", "context", pass({ context: "Project rules apply." }), out({ additional_context: "Project rules apply." })],
    ["afterFileEdit/ts-edit", "deny (observational)", DENY, out({})],
    ["sessionEnd/completed", "pass", pass(), out({})],
    ["afterShellExecution/ls", "pass", pass(), out({})],
  ];
  it.each(CASES)("%s: %s", (name, _label, decision, expected) => {
    expect(cursor.render(decision, parse(fixture("cursor", name)))).toEqual(expected);
  });
  it.each([
    ["preToolUse/shell-npm-install", "command", true],
    ["preToolUse/read-env", "filePath", true],
    ["preToolUse/read-env", "command", false],
    ["preToolUse/write", "filePath", false],
    ["postToolUse/mcp", "output", true],
    ["postToolUse/read", "output", false],
    ["beforeShellExecution/git-push", "command", false],
    ["beforeReadFile/env", "filePath", false],
    ["beforeTabFileRead/env", "filePath", false],
  ] as const)("canRewrite %s %s → %s, as render carries it", (name, field, expected) => {
    const event = parse(fixture("cursor", name));
    expect(cursor.canRewrite?.(event, field)).toBe(expected);
    if (expected) expect(cursor.render(pass({ rewrite: { [field]: "/tmp/x" } }), event).stdout).toMatch(/updated_input|updated_mcp_tool_output/);
  });
  it.each([
    ["deny", DENY, { stdout: "", stderr: "Use gh instead.\n", exitCode: 2 }],
    ["ask", ASK, { stdout: "", stderr: "Waiting for confirmation.\n", exitCode: 2 }],
    ["pass", pass(), { stdout: "{}\n", stderr: "", exitCode: 0 }],
  ] as const)("unparsable input, %s: exit 2 is Cursor's block", (_label, decision, expected) => {
    expect(cursor.render(decision, undefined)).toEqual(expected);
  });
});
