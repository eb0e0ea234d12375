import { describe, expect, it } from "vitest";
import { InputError } from "../../shared/dialect.ts";
import { gemini } from "../../shared/dialects/gemini.ts";
import { allow, ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { TABLE_NODES, readFixture, runBuiltHook } from "../support/process.ts";
import { fixturePaths } from "./fixture-paths.ts";

const parse = (file: string, env: Record<string, string> = {}) => gemini.parse(readFixture(`gemini/${file}`), env)!;

const PARSES: [file: string, kind: GuardEvent["kind"], fields: Record<string, unknown>][] = [
  ["AfterAgent/basic.json", "agent.stop", { stopHookActive: false, status: "completed", loopCount: 0 }],
  ["AfterModel/basic.json", "other", {}],
  ["AfterTool/mcp-legacy-name.json", "mcp.after", { server: "github", tool: "create_issue" }],
  ["AfterTool/mcp.json", "mcp.after", { server: "github", tool: "create_issue", input: { owner: "acme", repo: "shop", title: "Health check" } }],
  ["AfterTool/read-file.json", "file.read.after", { filePath: "/home/dev/shop/.env", output: "DATABASE_URL=postgres://app@db/shop\nPORT=8080\n" }],
  ["AfterTool/replace.json", "file.edit.after", { filePath: "/home/dev/shop/src/app.ts", edits: [{ oldText: "const port = 3000;", newText: "const port = 8080;" }] }],
  ["AfterTool/run-shell-command-error.json", "shell.after", { command: "npm run build" }],
  ["AfterTool/run-shell-command.json", "shell.after", { command: "npm test", output: "Command: npm test\nStdout: 15 passed\nExit Code: 0" }],
  ["AfterTool/write-file.json", "file.edit.after", { filePath: "/home/dev/shop/src/health.ts", filePaths: ["/home/dev/shop/src/health.ts"], edits: [{ oldText: "", newText: 'export const health = () => "ok";\n' }] }],
  ["BeforeAgent/basic.json", "prompt.submit", { prompt: "Add a health check endpoint" }],
  ["BeforeModel/basic.json", "other", {}],
  ["BeforeTool/git-clone.json", "shell.before", { command: "git clone https://github.com/octo/shop.git", toolName: "run_shell_command" }],
  ["BeforeTool/git-push.json", "shell.before", { command: "git push origin main", toolName: "run_shell_command", conversationId: "8f0c3b52-1a9e-4d27-bb61-5e2c7a9d0f14" }],
  ["BeforeTool/ls.json", "shell.before", { command: "ls -la" }],
  ["BeforeTool/mcp-legacy-name.json", "mcp.before", { server: "github", tool: "create_issue" }],
  ["BeforeTool/mcp.json", "mcp.before", { server: "github", tool: "create_issue" }],
  ["BeforeTool/read-file-relative.json", "file.read.before", { filePath: "/home/dev/shop/config/secrets.yml", tab: false }],
  ["BeforeTool/read-file.json", "file.read.before", { filePath: "/home/dev/shop/.env", filePaths: ["/home/dev/shop/.env"] }],
  [
    "BeforeTool/read-many-files.json",
    "file.read.before",
    { filePath: "/home/dev/shop/src/app.ts", filePaths: ["/home/dev/shop/src/app.ts", "/home/dev/shop/.env", "/home/dev/shop/config/*.yml"] },
  ],
  ["BeforeTool/write-file.json", "file.edit.before", { filePath: "/home/dev/shop/src/health.ts", content: 'export const health = () => "ok";\n' }],
  ["BeforeToolSelection/basic.json", "other", {}],
  ["Notification/tool-permission.json", "notification", {}],
  ["PreCompress/auto.json", "compact.before", {}],
  ["SessionEnd/exit.json", "session.end", { reason: "exit" }],
  ["SessionStart/startup.json", "session.start", { reason: "startup", cwd: "/home/dev/shop", projectRoot: "/home/dev/shop" }],
];

describe("gemini parse", () => {
  it("covers every fixture under fixtures/gemini", () => {
    expect(PARSES.map(([file]) => file).sort()).toEqual(fixturePaths("gemini"));
  });

  it.for(PARSES)("%s → %s", ([file, kind, fields]) => {
    const event = parse(file);
    expect(event.kind).toBe(kind);
    expect(event.dialect).toBe("gemini");
    expect(event.nativeEvent).toBe(file.split("/")[0]);
    expect(event).toMatchObject(fields);
  });

  it("takes the project root from GEMINI_PROJECT_DIR", () => {
    expect(parse("BeforeTool/ls.json", { GEMINI_PROJECT_DIR: "/home/dev" })).toMatchObject({ cwd: "/home/dev/shop", projectRoot: "/home/dev", workspaceRoots: ["/home/dev"] });
  });

  it("marks a tool_response with an error as failed", () => {
    const event = gemini.parse({ ...readFixture("gemini/AfterTool/mcp.json"), tool_response: { llmContent: "", error: { message: "boom" } } }, {})!;
    expect(event).toMatchObject({ kind: "mcp.after" });
    const generic = gemini.parse({ ...readFixture("gemini/AfterTool/mcp.json"), tool_name: "google_web_search", mcp_context: null, tool_response: { error: { message: "boom" } } }, {})!;
    expect(generic).toMatchObject({ kind: "tool.after", failed: true });
  });

  it.for([
    ["a string", "PORT=8080\n", "PORT=8080\n"],
    ["a text part", { text: "PORT=8080\n" }, "PORT=8080\n"],
    ["a list of text parts", [{ text: "PORT=" }, "8080\n"], "PORT=8080\n"],
    ["a list with a non-text part", [{ text: "x" }, { inlineData: { mimeType: "image/png", data: "" } }], undefined],
  ] as const)("reads llmContent given as %s", ([, llmContent, output]) => {
    const event = gemini.parse({ ...readFixture("gemini/AfterTool/read-file.json"), tool_response: { llmContent, returnDisplay: "" } }, {})!;
    expect(event).toMatchObject({ kind: "file.read.after" });
    expect((event as { output?: string }).output).toBe(output);
  });

  it("reads an older read_file payload with absolute_path", () => {
    const event = gemini.parse({ ...readFixture("gemini/BeforeTool/read-file.json"), tool_input: { absolute_path: "/etc/shadow" } }, {})!;
    expect(event).toMatchObject({ kind: "file.read.before", filePath: "/etc/shadow" });
  });

  it("returns undefined for an event it does not know", () => {
    expect(gemini.parse({ ...readFixture("gemini/BeforeAgent/basic.json"), hook_event_name: "AfterEverything" }, {})).toBeUndefined();
  });
});

const base = readFixture("gemini/BeforeTool/ls.json");
const WRONG_TYPES: [name: string, payload: Record<string, unknown>, field: string][] = [
  ["no hook_event_name", { ...base, hook_event_name: undefined }, "hook_event_name"],
  ["tool_name not a string", { ...base, tool_name: 1 }, "tool_name"],
  ["tool_input an array", { ...base, tool_input: ["ls"] }, "tool_input"],
  ["shell without command", { ...base, tool_input: { description: "x" } }, "tool_input.command"],
  ["read_file without a path", { ...base, tool_name: "read_file", tool_input: {} }, "tool_input.file_path"],
  ["tool_response a string", { ...readFixture("gemini/AfterTool/read-file.json"), tool_response: "text" }, "tool_response"],
  ["mcp_context.server_name a number", { ...readFixture("gemini/BeforeTool/mcp.json"), mcp_context: { server_name: 1, tool_name: "x" } }, "mcp_context.server_name"],
  ["prompt missing", { ...readFixture("gemini/BeforeAgent/basic.json"), prompt: undefined }, "prompt"],
  ["stop_hook_active a string", { ...readFixture("gemini/AfterAgent/basic.json"), stop_hook_active: "true" }, "stop_hook_active"],
  ["cwd a number", { ...base, cwd: 5 }, "cwd"],
];

describe("gemini parse rejects wrong field types", () => {
  it.for(WRONG_TYPES)("%s", ([, payload, field]) => {
    expect(() => gemini.parse(payload, {})).toThrow(InputError);
    expect(() => gemini.parse(payload, {})).toThrow(`"${field}"`);
  });
});

const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const ASK_NOTE = "This needs a person's confirmation, which this agent cannot ask for; run it yourself if intended.";

/** Decision × event → the exact bytes Gemini CLI reads (google-gemini/gemini-cli docs/hooks/reference.md). */
const RENDERS: [name: string, file: string, decision: Decision, stdout: string][] = [
  ["pass on BeforeTool: no output", "BeforeTool/git-push.json", pass(), ""],
  ["allow on BeforeTool", "BeforeTool/git-push.json", allow(), line({ decision: "allow" })],
  ["deny on BeforeTool", "BeforeTool/git-push.json", deny("use gh instead"), line({ decision: "deny", reason: "use gh instead", systemMessage: "use gh instead" })],
  [
    "deny: reason to the agent, systemMessage to the person",
    "BeforeTool/git-push.json",
    deny("push blocked", { agentMessage: "use `gh pr create`" }),
    line({ decision: "deny", reason: "use `gh pr create`", systemMessage: "push blocked" }),
  ],
  [
    "ask becomes a deny that says a person must confirm",
    "BeforeTool/git-push.json",
    ask("Push to main?"),
    line({ decision: "deny", reason: `Push to main? ${ASK_NOTE}`, systemMessage: `Push to main? (${ASK_NOTE})` }),
  ],
  [
    "rewrite on BeforeTool: merged tool_input",
    "BeforeTool/git-push.json",
    pass({ rewrite: { command: "gh repo sync" } }),
    line({ hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { command: "gh repo sync", description: "Push the branch", dir_path: "/home/dev/shop", is_background: false } } }),
  ],
  [
    "rewrite of a read path with allow",
    "BeforeTool/read-file.json",
    allow({ rewrite: { filePath: "/tmp/guards/redacted.env" } }),
    line({ decision: "allow", hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { file_path: "/tmp/guards/redacted.env" } } }),
  ],
  [
    "AfterTool output rewrite: deny + reason replaces the result",
    "AfterTool/read-file.json",
    pass({ rewrite: { output: "DATABASE_URL=[REDACTED]\nPORT=8080\n" } }),
    line({ decision: "deny", reason: "DATABASE_URL=[REDACTED]\nPORT=8080\n" }),
  ],
  ["context on AfterTool", "AfterTool/write-file.json", pass({ context: "formatted" }), line({ hookSpecificOutput: { hookEventName: "AfterTool", additionalContext: "formatted" } })],
  ["pass on AfterTool: no output", "AfterTool/replace.json", pass(), ""],
  ["followup on AfterAgent: deny with the follow-up as the new prompt", "AfterAgent/basic.json", pass({ followup: "Run the tests first" }), line({ decision: "deny", reason: "Run the tests first" })],
  ["pass on AfterAgent: no output", "AfterAgent/basic.json", pass(), ""],
  ["deny on BeforeAgent", "BeforeAgent/basic.json", deny("no secrets in prompts"), line({ decision: "deny", reason: "no secrets in prompts", systemMessage: "no secrets in prompts" })],
  ["context on SessionStart", "SessionStart/startup.json", pass({ context: "guards active" }), line({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "guards active" } })],
  ["pass on SessionEnd: no output", "SessionEnd/exit.json", pass(), ""],
];

describe("gemini render", () => {
  it.for(RENDERS)("%s", ([, file, decision, stdout]) => {
    expect(gemini.render(decision, parse(file))).toEqual({ stdout, stderr: "", exitCode: 0 });
  });

  it("without a parsed event, deny is exit 2 with the reason on stderr", () => {
    expect(gemini.render(deny("bad input; denied to be safe"), undefined)).toEqual({ stdout: "", stderr: "bad input; denied to be safe\n", exitCode: 2 });
  });

  it("without a parsed event, pass is silent", () => {
    expect(gemini.render(pass(), undefined)).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });
});

describe("gemini event names are own keys only", () => {
  it.for(["constructor", "toString", "__proto__"])("%s is not an event", (name) => {
    expect(gemini.parse({ ...readFixture("gemini/BeforeAgent/basic.json"), hook_event_name: name }, {})).toBeUndefined();
    expect(gemini.detect({ ...readFixture("gemini/BeforeAgent/basic.json"), hook_event_name: name })).toBe(false);
  });
});

describe.for(TABLE_NODES)("built git-to-gh on $name, gemini payloads", (node) => {
  const run = (payload: unknown, dialect?: string) => runBuiltHook("git-to-gh", payload, { dialect, node: node.path });

  it.for([["--dialect gemini", "gemini"], ["detected", undefined]] as const)("a GitHub clone is denied (%s)", ([, dialect]) => {
    const result = run(readFixture("gemini/BeforeTool/git-clone.json"), dialect);
    expect(result.exitCode).toBe(0);
    expect(result.json).toMatchObject({ decision: "deny" });
  });

  it("ls gets no output at all", () => {
    expect(run(readFixture("gemini/BeforeTool/ls.json"), "gemini")).toMatchObject({ stdout: "", stderr: "", exitCode: 0 });
  });

  it("a wrong field type fails closed: exit 2, the one-line reason on stderr goes to the agent", () => {
    const result = run({ ...readFixture("gemini/BeforeTool/ls.json"), tool_input: { command: 42 } }, "gemini");
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('"tool_input.command"');
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });
});

const REWRITABLE: [file: string, field: "command" | "filePath" | "output", expected: boolean][] = [
  ["BeforeTool/git-push.json", "command", true],
  ["BeforeTool/read-file.json", "filePath", true],
  ["BeforeTool/read-many-files.json", "filePath", false],
  ["BeforeTool/write-file.json", "filePath", false],
  ["AfterTool/read-file.json", "output", true],
  ["AfterTool/run-shell-command.json", "output", true],
  ["AfterTool/read-file.json", "filePath", false],
  ["AfterAgent/basic.json", "output", false],
];

describe("gemini canRewrite says what render() can carry", () => {
  it.for(REWRITABLE)("%s %s → %s", ([file, field, expected]) => {
    expect(gemini.canRewrite?.(parse(file), field) ?? false).toBe(expected);
  });
});
