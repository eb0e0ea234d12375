import { describe, expect, it } from "vitest";
import { InputError } from "../../shared/dialect.ts";
import { copilot } from "../../shared/dialects/copilot.ts";
import { allow, ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { TABLE_NODES, readFixture, runBuiltHook } from "../support/process.ts";
import { fixturePaths } from "./fixture-paths.ts";

const parse = (file: string) => copilot.parse(readFixture(`copilot/${file}`), {})!;

/** Every fixture, the kind it must parse to, and the fields that matter for it. */
const PARSES: [file: string, kind: GuardEvent["kind"], fields: Record<string, unknown>][] = [
  ["agentStop/continued.json", "agent.stop", { stopHookActive: true, status: "completed" }],
  ["agentStop/end-turn.json", "agent.stop", { stopHookActive: false, conversationId: "4b2a9c1e-7d3f-4e8a-9b6c-2f1d0e5a8c73" }],
  ["errorOccurred/legacy.json", "other", { nativeEvent: "errorOccurred", cwd: "/path/to/project" }],
  ["errorOccurred/model-call.json", "other", { nativeEvent: "errorOccurred" }],
  ["notification/shell-completed.json", "notification", { nativeEvent: "notification" }],
  ["permissionRequest/bash.json", "other", { nativeEvent: "permissionRequest", toolName: "bash", toolInput: { command: "npm publish", description: "Publish the package" } }],
  ["postToolUse/bash-string-args.json", "shell.after", { command: "npm test", output: "All tests passed (15/15)" }],
  ["postToolUse/create.json", "file.edit.after", { filePath: "/home/dev/shop/src/health.ts", edits: [{ oldText: "", newText: 'export const health = () => "ok";\n' }] }],
  ["postToolUse/edit.json", "file.edit.after", { filePath: "/home/dev/shop/src/app.ts", edits: [{ oldText: "const port = 3000;", newText: "const port = 8080;" }] }],
  ["postToolUse/view.json", "file.read.after", { filePath: "/home/dev/shop/.env", output: "1. DATABASE_URL=postgres://app@db/shop\n2. PORT=8080\n" }],
  ["postToolUseFailure/bash.json", "shell.after", { command: "npm run build", nativeEvent: "postToolUseFailure" }],
  ["preCompact/auto.json", "compact.before", {}],
  ["preToolUse/bash-string-args.json", "shell.before", { command: "rm -rf dist", toolInput: { command: "rm -rf dist", description: "Clean build directory" } }],
  ["preToolUse/edit.json", "file.edit.before", { filePath: "/home/dev/shop/src/app.ts", edits: [{ oldText: "const port = 3000;", newText: "const port = Number(process.env.PORT ?? 3000);" }] }],
  ["preToolUse/git-clone-string-args.json", "shell.before", { command: "git clone https://github.com/octo/shop.git", cwd: "/path/to/project" }],
  ["preToolUse/git-clone.json", "shell.before", { command: "git clone https://github.com/octo/shop.git", toolName: "bash" }],
  ["preToolUse/git-push-string-args.json", "shell.before", { command: "git push origin main", cwd: "/path/to/project" }],
  ["preToolUse/git-push.json", "shell.before", { command: "git push origin main", cwd: "/home/dev/shop", projectRoot: "/home/dev/shop", toolName: "bash" }],
  ["preToolUse/ls.json", "shell.before", { command: "ls -la" }],
  ["preToolUse/powershell.json", "shell.before", { command: "Remove-Item -Recurse -Force .\\dist", toolName: "powershell", shell: "powershell" }],
  ["preToolUse/view-string-args.json", "file.read.before", { filePath: "/path/to/project/config/secrets.yml", filePaths: ["/path/to/project/config/secrets.yml"], tab: false }],
  ["preToolUse/view.json", "file.read.before", { filePath: "/home/dev/shop/.env" }],
  ["preToolUse/web-fetch.json", "tool.before", { tool: "web_fetch", input: { url: "https://example.com/docs" } }],
  ["sessionEnd/complete.json", "session.end", { reason: "complete", status: "completed" }],
  ["sessionEnd/legacy-user-exit.json", "session.end", { reason: "user_exit" }],
  ["sessionStart/legacy-new.json", "session.start", { reason: "new", conversationId: undefined }],
  ["sessionStart/startup.json", "session.start", { reason: "startup" }],
  ["subagentStart/explore.json", "subagent.start", {}],
  ["subagentStop/explore.json", "subagent.stop", { stopHookActive: false }],
  ["userPromptSubmitted/basic.json", "prompt.submit", { prompt: "Fix the authentication bug" }],
  ["userPromptTransformed/basic.json", "other", { nativeEvent: "userPromptTransformed" }],
];

describe("copilot parse", () => {
  it("covers every fixture under fixtures/copilot", () => {
    expect(PARSES.map(([file]) => file).sort()).toEqual(fixturePaths("copilot"));
  });

  it.for(PARSES)("%s → %s", ([file, kind, fields]) => {
    const event = parse(file);
    expect(event.kind).toBe(kind);
    expect(event.dialect).toBe("copilot");
    // The folder is the event the payload's shape was read as.
    expect(event.nativeEvent).toBe(file.split("/")[0]);
    expect(event).toMatchObject(fields);
  });

  it("marks a failed tool call as failed", () => {
    const event = copilot.parse({ sessionId: "s", timestamp: 1, cwd: "/w", toolName: "glob", toolArgs: {}, error: "no matches" }, {})!;
    expect(event).toMatchObject({ kind: "tool.after", failed: true, output: "no matches" });
  });

  it("returns undefined for a payload with no recognizable event", () => {
    expect(copilot.parse({ sessionId: "s", timestamp: 1, cwd: "/w" }, {})).toBeUndefined();
  });
});

const WRONG_TYPES: [name: string, payload: Record<string, unknown>, field: string][] = [
  ["toolName not a string", { sessionId: "s", timestamp: 1, cwd: "/w", toolName: 7, toolArgs: {} }, "toolName"],
  ["toolArgs a number", { sessionId: "s", timestamp: 1, cwd: "/w", toolName: "bash", toolArgs: 5 }, "toolArgs"],
  ["toolArgs a string that is not JSON", { timestamp: 1, cwd: "/w", toolName: "bash", toolArgs: "{command:" }, "toolArgs"],
  ["toolArgs a JSON string of an array", { timestamp: 1, cwd: "/w", toolName: "bash", toolArgs: "[1]" }, "toolArgs"],
  ["bash without command", { sessionId: "s", timestamp: 1, cwd: "/w", toolName: "bash", toolArgs: { description: "x" } }, "toolArgs.command"],
  ["bash command not a string", { sessionId: "s", timestamp: 1, cwd: "/w", toolName: "bash", toolArgs: { command: ["ls"] } }, "toolArgs.command"],
  ["view without path", { sessionId: "s", timestamp: 1, cwd: "/w", toolName: "view", toolArgs: {} }, "toolArgs.path"],
  ["toolResult not an object", { sessionId: "s", timestamp: 1, cwd: "/w", toolName: "bash", toolArgs: { command: "ls" }, toolResult: "ok" }, "toolResult"],
  ["cwd not a string", { sessionId: "s", timestamp: 1, cwd: 3, prompt: "hi" }, "cwd"],
  ["prompt not a string", { sessionId: "s", timestamp: 1, cwd: "/w", prompt: 1 }, "prompt"],
  ["sessionId not a string", { sessionId: 1, timestamp: 1, cwd: "/w", toolName: "bash", toolArgs: { command: "ls" } }, "sessionId"],
  ["stop_hook_active not a boolean", { sessionId: "s", timestamp: 1, cwd: "/w", stopReason: "end_turn", stop_hook_active: "yes" }, "stop_hook_active"],
];

describe("copilot parse rejects wrong field types", () => {
  it.for(WRONG_TYPES)("%s", ([, payload, field]) => {
    expect(() => copilot.parse(payload, {})).toThrow(InputError);
    expect(() => copilot.parse(payload, {})).toThrow(`"${field}"`);
  });
});

const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const REASON = "git push is not allowed here; use gh";

/** Decision × event → the exact bytes Copilot reads (hooks-reference: decision control sections). */
const RENDERS: [name: string, file: string | undefined, decision: Decision, stdout: string, exitCode: number][] = [
  ["pass on preToolUse: no output", "preToolUse/git-push.json", pass(), "", 0],
  ["allow on preToolUse", "preToolUse/git-push.json", allow(), line({ permissionDecision: "allow" }), 0],
  ["deny on preToolUse", "preToolUse/git-push.json", deny(REASON), line({ permissionDecision: "deny", permissionDecisionReason: REASON }), 0],
  ["deny prefers the agent message", "preToolUse/git-push.json", deny("blocked", { agentMessage: "use gh pr create" }), line({ permissionDecision: "deny", permissionDecisionReason: "use gh pr create" }), 0],
  ["ask on preToolUse", "preToolUse/git-push.json", ask("Push to main?"), line({ permissionDecision: "ask", permissionDecisionReason: "Push to main?" }), 0],
  [
    "rewrite of a command: the whole args in modifiedArgs, no decision",
    "preToolUse/git-push.json",
    pass({ rewrite: { command: "gh repo sync" } }),
    line({ modifiedArgs: { command: "gh repo sync", description: "Push the branch" } }),
    0,
  ],
  [
    "rewrite of a read path with allow",
    "preToolUse/view.json",
    allow({ rewrite: { filePath: "/tmp/guards/redacted.env" } }),
    line({ permissionDecision: "allow", modifiedArgs: { path: "/tmp/guards/redacted.env" } }),
    0,
  ],
  ["deny drops a rewrite", "preToolUse/git-push.json", deny(REASON, { rewrite: { command: "true" } }), line({ permissionDecision: "deny", permissionDecisionReason: REASON }), 0],
  ["context on preToolUse", "preToolUse/ls.json", pass({ context: "cwd is /home/dev/shop" }), line({ additionalContext: "cwd is /home/dev/shop" }), 0],
  [
    "rewrite of a view result: modifiedResult",
    "postToolUse/view.json",
    pass({ rewrite: { output: "1. DATABASE_URL=[REDACTED]\n2. PORT=8080\n" } }),
    line({ modifiedResult: { resultType: "success", textResultForLlm: "1. DATABASE_URL=[REDACTED]\n2. PORT=8080\n" } }),
    0,
  ],
  [
    "deny after a read replaces the result with the reason",
    "postToolUse/view.json",
    deny("secret file withheld"),
    line({ modifiedResult: { resultType: "success", textResultForLlm: "secret file withheld" } }),
    0,
  ],
  ["context after an edit", "postToolUse/edit.json", pass({ context: "formatted with prettier" }), line({ additionalContext: "formatted with prettier" }), 0],
  ["pass after an edit: no output", "postToolUse/create.json", pass(), "", 0],
  ["followup on agentStop", "agentStop/end-turn.json", pass({ followup: "Run the tests first" }), line({ decision: "block", reason: "Run the tests first" }), 0],
  ["followup on subagentStop", "subagentStop/explore.json", pass({ followup: "Check src/ too" }), line({ decision: "block", reason: "Check src/ too" }), 0],
  ["pass on agentStop: no output", "agentStop/end-turn.json", pass(), "", 0],
  ["rewrite on subagentStop: modifiedResponse", "subagentStop/explore.json", pass({ rewrite: { output: "[REDACTED]" } }), line({ modifiedResponse: "[REDACTED]" }), 0],
  ["a follow-up wins over a subagentStop rewrite", "subagentStop/explore.json", pass({ followup: "again", rewrite: { output: "x" } }), line({ decision: "block", reason: "again" }), 0],
  ["agentStop has no modifiedResponse", "agentStop/end-turn.json", pass({ rewrite: { output: "x" } }), "", 0],
  ["context on sessionStart", "sessionStart/startup.json", pass({ context: "guards active" }), line({ additionalContext: "guards active" }), 0],
  ["deny on permissionRequest", "permissionRequest/bash.json", deny("no publishing"), line({ behavior: "deny", message: "no publishing" }), 0],
  ["ask on permissionRequest falls through to Copilot's prompt", "permissionRequest/bash.json", ask("publish?"), "", 0],
  ["pass on sessionEnd: no output", "sessionEnd/complete.json", pass(), "", 0],
];

describe("copilot render", () => {
  it.for(RENDERS)("%s", ([, file, decision, stdout, exitCode]) => {
    const rendered = copilot.render(decision, file ? parse(file) : undefined);
    expect(rendered).toEqual({ stdout, stderr: "", exitCode });
  });

  const BLOCKS_BY_EXIT: [name: string, file: string | undefined, decision: Decision][] = [
    ["deny without a parsed event", undefined, deny("bad input; denied to be safe")],
    ["ask without a parsed event", undefined, ask("bad input")],
    ["deny on userPromptSubmitted (output ignored there; exit 2 shows the reason)", "userPromptSubmitted/basic.json", deny("no secrets in prompts")],
  ];
  it.for(BLOCKS_BY_EXIT)("%s → exit 2, reason on stderr", ([, file, decision]) => {
    expect(copilot.render(decision, file ? parse(file) : undefined)).toEqual({
      stdout: "",
      stderr: `${decision.agentMessage}\n`,
      exitCode: 2,
    });
  });

  it("pass without a parsed event (unknown payload) is silent", () => {
    expect(copilot.render(pass(), undefined)).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });
});

describe.for(TABLE_NODES)("built git-to-gh on $name, copilot payloads", (node) => {
  const run = (payload: unknown, dialect?: string) => runBuiltHook("git-to-gh", payload, { dialect, node: node.path });

  it.for([["--dialect copilot", "copilot"], ["detected", undefined]] as const)("a GitHub clone is denied (%s)", ([, dialect]) => {
    const result = run(readFixture("copilot/preToolUse/git-clone.json"), dialect);
    expect(result.exitCode).toBe(0);
    expect(result.json).toMatchObject({ permissionDecision: "deny" });
  });

  it("a JSON-string toolArgs is read like an object", () => {
    expect(run(readFixture("copilot/preToolUse/git-clone-string-args.json")).json).toMatchObject({ permissionDecision: "deny" });
  });

  it("ls gets no output at all", () => {
    expect(run(readFixture("copilot/preToolUse/ls.json"), "copilot")).toMatchObject({ stdout: "", stderr: "", exitCode: 0 });
  });

  it("a wrong field type fails closed with a one-line reason naming the field", () => {
    const result = run({ ...readFixture("copilot/preToolUse/ls.json"), toolArgs: 5 }, "copilot");
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('"toolArgs"');
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });
});

const REWRITABLE: [file: string, field: "command" | "filePath" | "output", expected: boolean][] = [
  ["preToolUse/git-push.json", "command", true],
  ["preToolUse/git-push.json", "filePath", false],
  ["preToolUse/view.json", "filePath", true],
  ["preToolUse/edit.json", "filePath", false],
  ["postToolUse/view.json", "output", true],
  ["postToolUse/bash-string-args.json", "output", true],
  ["postToolUse/view.json", "filePath", false],
  ["postToolUseFailure/bash.json", "output", false],
  ["agentStop/end-turn.json", "output", false],
  ["subagentStop/explore.json", "output", true],
];

describe("copilot canRewrite says what render() can carry", () => {
  it.for(REWRITABLE)("%s %s → %s", ([file, field, expected]) => {
    expect(copilot.canRewrite?.(parse(file), field) ?? false).toBe(expected);
  });
});
