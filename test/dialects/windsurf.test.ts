import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../shared/dialect.ts";
import { detectDialect, dialects } from "../../shared/dialects/index.ts";
import { allow, ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { TABLE_NODES, runBuiltHook } from "../support/process.ts";
import { fixture, fixtureFiles } from "./fixture-files.ts";

const windsurf = dialects.windsurf;
const P = "/Users/yourname/project";
const ENV = { PWD: P };
const files = fixtureFiles("windsurf");

function parse(raw: Record<string, unknown>): GuardEvent {
  const event = windsurf.parse(raw, ENV);
  if (!event) throw new Error("not parsed");
  return event;
}

describe("windsurf fixtures", () => {
  it("cover all 12 documented events", () => {
    expect(new Set(files.map((f) => f.event))).toEqual(new Set(Object.keys(windsurf.events)));
    expect(Object.keys(windsurf.events)).toHaveLength(12);
  });
  it.each(files)("$name parses to its kind and is detected as windsurf", ({ event, raw }) => {
    expect(parse(raw).kind).toBe(windsurf.events[event]);
    expect(detectDialect(raw)?.id).toBe("windsurf");
  });
});

describe("windsurf parse: key fields from tool_info", () => {
  const ids = { conversationId: "3f6a2c1e-8b7d-4e2a-9c5f-1d2e3f4a5b6c", generationId: expect.stringMatching(/^7c9e6679-/) };
  const CASES: [string, Record<string, unknown>][] = [
    ["pre_run_command/git-push", { kind: "shell.before", command: "git push origin main", cwd: P, projectRoot: P, ...ids }],
    ["pre_run_command/ls", { kind: "shell.before", command: "ls -la" }],
    ["post_run_command/npm-install", { kind: "shell.after", command: "npm install package-name" }],
    ["pre_read_code/env", { kind: "file.read.before", filePath: `${P}/.env`, filePaths: [`${P}/.env`], tab: false }],
    // "This file_path may be a directory path when Cascade reads a directory recursively."
    ["pre_read_code/directory", { kind: "file.read.before", filePath: `${P}/src` }],
    ["post_read_code/file", { kind: "file.read.after", filePath: `${P}/file.py` }],
    ["pre_write_code/edit", { kind: "file.edit.before", filePath: `${P}/file.py`, edits: [{ oldText: "def old_function():\n    pass", newText: "def new_function():\n    return True" }] }],
    ["post_write_code/edit", { kind: "file.edit.after", filePath: `${P}/file.py`, edits: [{ oldText: "import os", newText: "import os\nimport sys" }], tab: false }],
    ["pre_mcp_tool_use/create-issue", { kind: "mcp.before", server: "github", tool: "create_issue", input: { owner: "code-owner", repo: "my-cool-repo", title: "Bug report", body: "Description of the bug here" } }],
    ["post_mcp_tool_use/list-commits", { kind: "mcp.after", server: "github", tool: "list_commits", output: "..." }],
    ["pre_user_prompt/basic", { kind: "prompt.submit", prompt: "Add a health check endpoint" }],
    ["post_cascade_response/basic", { kind: "agent.stop", status: "unknown", loopCount: 0, stopHookActive: false }],
    ["post_cascade_response_with_transcript/basic", { kind: "agent.response" }],
    ["post_setup_worktree/basic", { kind: "other", cwd: "/Users/yourname/.windsurf/worktrees/project/brave-otter-42", projectRoot: P }],
  ];
  it.each(CASES)("%s", (name, expected) => {
    expect(parse(fixture("windsurf", name))).toMatchObject({ dialect: "windsurf", ...expected });
  });
  it("without a cwd in tool_info the hook's own directory (the workspace root) is the project", () => {
    expect(windsurf.parse(fixture("windsurf", "pre_read_code/file"), { PWD: "/work/ws" })).toMatchObject({ cwd: "/work/ws", projectRoot: "/work/ws" });
  });
  it("reads the model from model_name when present", () => {
    expect(parse({ ...fixture("windsurf", "pre_user_prompt/basic"), model_name: "Claude Sonnet 4" })).toMatchObject({ model: "Claude Sonnet 4" });
  });
  it("passes an event it does not know", () => {
    expect(windsurf.parse({ ...fixture("windsurf", "pre_run_command/ls"), agent_action_name: "pre_open_browser" }, ENV)).toBeUndefined();
  });
});

describe("windsurf parse: wrong field types name the field", () => {
  const CASES: [string, Record<string, unknown>, RegExp][] = [
    ["pre_run_command/ls", { tool_info: { command_line: ["ls"] } }, /field "tool_info.command_line" must be a string, got an array/],
    ["pre_run_command/ls", { tool_info: { cwd: P } }, /missing field "tool_info.command_line"/],
    ["pre_run_command/ls", { tool_info: "ls" }, /field "tool_info" must be an object, got a string/],
    ["pre_run_command/ls", { agent_action_name: 3 }, /field "agent_action_name" must be a string/],
    ["pre_read_code/file", { tool_info: { file_path: 1 } }, /field "tool_info.file_path" must be a string/],
    ["post_write_code/edit", { tool_info: { file_path: "/a", edits: {} } }, /field "tool_info.edits" must be an array/],
    ["post_write_code/edit", { tool_info: { file_path: "/a", edits: [{ old_string: 1 }] } }, /field "tool_info.edits\[0\].old_string" must be a string/],
    ["pre_mcp_tool_use/create-issue", { tool_info: { mcp_tool_name: "x", mcp_tool_arguments: "{}" } }, /field "tool_info.mcp_tool_arguments" must be an object/],
    ["pre_user_prompt/basic", { tool_info: {} }, /missing field "tool_info.user_prompt"/],
  ];
  it.each(CASES)("%s with %o", (name, patch, message) => {
    const raw = { ...fixture("windsurf", name), ...patch };
    expect(() => windsurf.parse(raw, ENV)).toThrow(InputError);
    expect(() => windsurf.parse(raw, ENV)).toThrow(message);
  });
});

/** Exit codes only (windsurf-cascade-hooks.md "Exit Codes"): 2 blocks a pre-hook and shows stderr; there is no ask. */
describe("windsurf render", () => {
  const NOTE = "This needs a person's confirmation, which this agent cannot ask for; run it yourself if intended.";
  const DENY = deny("guards: blocked", { agentMessage: "Use gh instead." });
  const ASK = ask("Confirm: gh pr merge", { agentMessage: "Waiting for confirmation." });
  const ok = { stdout: "", stderr: "", exitCode: 0 };
  const blocked = (stderr: string) => ({ stdout: "", stderr: `${stderr}\n`, exitCode: 2 });
  const EVENTS = ["pre_run_command/git-push", "pre_read_code/env", "pre_write_code/edit", "pre_mcp_tool_use/create-issue", "pre_user_prompt/basic"];
  const DECISIONS: [string, Decision, { stdout: string; stderr: string; exitCode: number }][] = [
    ["pass", pass(), ok],
    ["allow", allow(), ok],
    ["pass with context (nowhere to put it)", pass({ context: "note" }), ok],
    ["deny", DENY, blocked("Use gh instead.")],
    ["ask: never degraded to allow", ASK, blocked(`Waiting for confirmation. ${NOTE}`)],
    ["a command rewrite it cannot apply", allow({ rewrite: { command: "gh repo sync" }, userMessage: "git-to-gh" }), blocked("git-to-gh Run this instead: gh repo sync")],
    ["a read redirect it cannot apply", pass({ rewrite: { filePath: "/tmp/r/.env" } }), blocked("guards: Read /tmp/r/.env instead.")],
  ];
  const CASES = EVENTS.flatMap((name) => DECISIONS.map(([label, decision, expected]) => [name, label, decision, expected] as const));
  it.each(CASES)("%s: %s", (name, _label, decision, expected) => {
    expect(windsurf.render(decision, parse(fixture("windsurf", name)))).toEqual(expected);
  });
  it.each([
    ["post_write_code/edit", "deny after the fact still reaches the agent", DENY, blocked("Use gh instead.")],
    ["post_cascade_response/basic", "a follow-up has nowhere to go", pass({ followup: "continue" }), ok],
    ["post_run_command/npm-install", "pass", pass(), ok],
  ] as const)("%s: %s", (name, _label, decision, expected) => {
    expect(windsurf.render(decision, parse(fixture("windsurf", name)))).toEqual(expected);
  });
  it.each(["command", "filePath", "output"] as const)("cannot carry a %s rewrite on any event", (field) => {
    for (const { raw } of files) expect(windsurf.canRewrite?.(parse(raw), field)).toBe(false);
  });
  it("unparsable input: deny is exit 2", () => {
    expect(windsurf.render(deny("guards: bad input"), undefined)).toEqual(blocked("guards: bad input"));
  });
});

describe.runIf(TABLE_NODES.length > 0)("windsurf end to end: the built git-to-gh hook", () => {
  const home = mkdtempSync(join(tmpdir(), "guards-windsurf-home-"));
  describe.each(TABLE_NODES)("$name", ({ path }) => {
    it.each([["windsurf"], [undefined]])("a GitHub clone exits 2 with the reason on stderr (--dialect %s)", (dialect) => {
      const result = runBuiltHook("git-to-gh", fixture("windsurf", "pre_run_command/git-clone"), { dialect, node: path, env: { HOME: home } });
      expect([result.exitCode, result.stdout]).toEqual([2, ""]);
      expect(result.stderr).toContain("gh repo clone");
    });
    it("ls exits 0 with no output", () => {
      const result = runBuiltHook("git-to-gh", fixture("windsurf", "pre_run_command/ls"), { dialect: "windsurf", node: path, env: { HOME: home } });
      expect([result.exitCode, result.stdout, result.stderr]).toEqual([0, "", ""]);
    });
  });
});
