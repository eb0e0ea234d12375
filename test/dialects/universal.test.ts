import { describe, expect, it } from "vitest";
import { InputError } from "../../shared/dialect.ts";
import { universal } from "../../shared/dialects/universal.ts";
import { allow, ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { TABLE_NODES, readFixture, runBuiltHook } from "../support/process.ts";
import { fixturePaths } from "./fixture-paths.ts";

const parse = (file: string) => universal.parse(readFixture(`universal/${file}`), {})!;

const PARSES: [file: string, kind: GuardEvent["kind"], fields: Record<string, unknown>][] = [
  ["notification/basic.json", "notification", {}],
  ["permission-request/bash.json", "other", { toolName: "Bash", toolInput: { command: "npm publish" } }],
  ["post-tool-use/edit.json", "file.edit.after", { filePath: "/src/app.ts", edits: [{ oldText: "hello", newText: "world" }] }],
  ["post-tool-use/write.json", "file.edit.after", { filePath: "/src/app.ts", filePaths: ["/src/app.ts"], edits: [{ oldText: "", newText: "console.log('hello');" }] }],
  ["pre-compact/basic.json", "compact.before", {}],
  ["pre-prompt/basic.json", "prompt.submit", { prompt: "Fix the authentication bug" }],
  ["pre-tool-use/bash-lowercase.json", "shell.before", { command: "rm -rf dist", toolName: "bash" }],
  ["pre-tool-use/git-clone.json", "shell.before", { command: "git clone https://github.com/octo/shop.git" }],
  ["pre-tool-use/git-push.json", "shell.before", { command: "git push origin main" }],
  ["pre-tool-use/ls.json", "shell.before", { command: "ls -la" }],
  ["pre-tool-use/read.json", "file.read.before", { filePath: "/src/.env", tab: false }],
  ["pre-tool-use/write.json", "file.edit.before", { filePath: "/src/app.ts", content: "console.log('hello');" }],
  ["session-end/basic.json", "session.end", {}],
  ["session-start/basic.json", "session.start", {}],
  ["stop/incomplete.json", "agent.stop", { stopHookActive: false, status: "completed" }],
  ["sub-agent-end/basic.json", "subagent.stop", {}],
];

describe("universal parse", () => {
  it("covers every fixture under fixtures/universal", () => {
    expect(PARSES.map(([file]) => file).sort()).toEqual(fixturePaths("universal"));
  });

  it.for(PARSES)("%s → %s", ([file, kind, fields]) => {
    const event = parse(file);
    expect(event.kind).toBe(kind);
    expect(event.dialect).toBe("universal");
    expect(event.nativeEvent).toBe(file.split("/")[0]);
    expect(event).toMatchObject(fields);
  });

  it("maps MCP tools by their mcp__server__tool name", () => {
    const event = universal.parse({ hookEventName: "pre-tool-use", toolName: "mcp__github__create_issue", toolInput: { title: "x" } }, {});
    expect(event).toMatchObject({ kind: "mcp.before", server: "github", tool: "create_issue" });
  });

  it("returns undefined for an event it does not know", () => {
    expect(universal.parse({ hookEventName: "post-everything" }, {})).toBeUndefined();
  });
});

const WRONG_TYPES: [name: string, payload: Record<string, unknown>, field: string][] = [
  ["hookEventName not a string", { hookEventName: 1 }, "hookEventName"],
  ["toolName missing", { hookEventName: "pre-tool-use", toolInput: {} }, "toolName"],
  ["toolInput a string", { hookEventName: "pre-tool-use", toolName: "Bash", toolInput: "ls" }, "toolInput"],
  ["Bash without command", { hookEventName: "pre-tool-use", toolName: "Bash", toolInput: {} }, "toolInput.command"],
  ["Write without a path", { hookEventName: "post-tool-use", toolName: "Write", toolInput: { content: "x" } }, "toolInput.file_path"],
  ["prompt a number", { hookEventName: "pre-prompt", prompt: 3 }, "prompt"],
];

describe("universal parse rejects wrong field types", () => {
  it.for(WRONG_TYPES)("%s", ([, payload, field]) => {
    expect(() => universal.parse(payload, {})).toThrow(InputError);
    expect(() => universal.parse(payload, {})).toThrow(`"${field}"`);
  });
});

const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const specific = (hookEventName: string, fields: Record<string, unknown>) => line({ hookSpecificOutput: { hookEventName, ...fields } });

/** Decision × event → the exact bytes of the seed's blocking response schema and exit-code convention. */
const RENDERS: [name: string, file: string | undefined, decision: Decision, stdout: string, stderr: string, exitCode: number][] = [
  ["pass on pre-tool-use: no output", "pre-tool-use/git-push.json", pass(), "", "", 0],
  ["allow on pre-tool-use", "pre-tool-use/git-push.json", allow(), specific("pre-tool-use", { permissionDecision: "allow" }), "", 0],
  [
    "deny on pre-tool-use: the JSON and exit 2 with the reason on stderr",
    "pre-tool-use/git-push.json",
    deny("use gh instead"),
    specific("pre-tool-use", { permissionDecision: "deny", permissionDecisionReason: "use gh instead" }),
    "use gh instead\n",
    2,
  ],
  ["ask on pre-tool-use", "pre-tool-use/git-push.json", ask("Push to main?"), specific("pre-tool-use", { permissionDecision: "ask", permissionDecisionReason: "Push to main?" }), "", 0],
  [
    "rewrite on pre-tool-use: allow with updatedInput",
    "pre-tool-use/read.json",
    pass({ rewrite: { filePath: "/tmp/guards/redacted.env" } }),
    specific("pre-tool-use", { permissionDecision: "allow", updatedInput: { file_path: "/tmp/guards/redacted.env" } }),
    "",
    0,
  ],
  [
    "deny on pre-prompt",
    "pre-prompt/basic.json",
    deny("no secrets in prompts"),
    specific("pre-prompt", { permissionDecision: "deny", permissionDecisionReason: "no secrets in prompts" }),
    "no secrets in prompts\n",
    2,
  ],
  ["followup on stop", "stop/incomplete.json", pass({ followup: "Tests not yet executed" }), line({ decision: "block", reason: "Tests not yet executed" }), "", 0],
  ["followup on sub-agent-end", "sub-agent-end/basic.json", pass({ followup: "Check src/ too" }), line({ decision: "block", reason: "Check src/ too" }), "", 0],
  ["pass on stop: no output", "stop/incomplete.json", pass(), "", "", 0],
  ["pass on post-tool-use: no output", "post-tool-use/write.json", pass(), "", "", 0],
  ["context on post-tool-use", "post-tool-use/write.json", pass({ context: "formatted" }), specific("post-tool-use", { additionalContext: "formatted" }), "", 0],
  ["deny on post-tool-use: exit 2, reason to the agent", "post-tool-use/edit.json", deny("lint failed"), "", "lint failed\n", 2],
  ["deny without a parsed event", undefined, deny("bad input; denied to be safe"), "", "bad input; denied to be safe\n", 2],
  ["pass without a parsed event", undefined, pass(), "", "", 0],
];

describe("universal render", () => {
  it.for(RENDERS)("%s", ([, file, decision, stdout, stderr, exitCode]) => {
    expect(universal.render(decision, file ? parse(file) : undefined)).toEqual({ stdout, stderr, exitCode });
  });
});

/** The UAAPS spec (docs/spec/07-hooks.md), "Test Case Format": its two example cases, applied to our parse + render. */
describe("the seed's example cases", () => {
  it("pre-tool-block-forbidden-path: exit 2, stderr names the block, stdout says deny", () => {
    const fixture = readFixture("universal/pre-tool-use/write.json");
    const payload = { ...fixture, toolInput: { ...(fixture.toolInput as object), file_path: "/etc/passwd" } };
    const event = universal.parse(payload, {})!;
    expect(event).toMatchObject({ kind: "file.edit.before", filePath: "/etc/passwd" });
    const rendered = universal.render(deny("blocked: /etc/passwd is a protected path"), event);
    expect(rendered.exitCode).toBe(2);
    for (const text of ["blocked", "protected path"]) expect(rendered.stderr).toContain(text);
    expect(JSON.parse(rendered.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: "deny" } });
  });

  it("post-tool-format-success: exit 0 and no ERROR", () => {
    const fixture = readFixture("universal/pre-tool-use/write.json");
    const event = universal.parse({ ...fixture, hookEventName: "post-tool-use" }, {})!;
    expect(event.kind).toBe("file.edit.after");
    const rendered = universal.render(pass({ context: "formatted /src/app.ts" }), event);
    expect(rendered.exitCode).toBe(0);
    expect(rendered.stdout + rendered.stderr).not.toContain("ERROR");
  });
});

describe("universal event names are own keys only", () => {
  it.for(["constructor", "toString", "__proto__"])("%s is not an event", (name) => {
    expect(universal.parse({ hookEventName: name }, {})).toBeUndefined();
    expect(universal.detect({ hookEventName: name })).toBe(false);
  });
});

describe.for(TABLE_NODES)("built git-to-gh on $name, universal payloads", (node) => {
  const run = (payload: unknown, dialect?: string) => runBuiltHook("git-to-gh", payload, { dialect, node: node.path });

  it.for([["--dialect universal", "universal"], ["detected", undefined]] as const)("a GitHub clone is blocked: exit 2, JSON deny (%s)", ([, dialect]) => {
    const result = run(readFixture("universal/pre-tool-use/git-clone.json"), dialect);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("gh repo clone");
    expect(result.json).toMatchObject({ hookSpecificOutput: { hookEventName: "pre-tool-use", permissionDecision: "deny" } });
  });

  it("ls gets no output at all", () => {
    expect(run(readFixture("universal/pre-tool-use/ls.json"), "universal")).toMatchObject({ stdout: "", stderr: "", exitCode: 0 });
  });
});

const REWRITABLE: [file: string, field: "command" | "filePath" | "output", expected: boolean][] = [
  ["pre-tool-use/git-push.json", "command", true],
  ["pre-tool-use/read.json", "filePath", true],
  ["pre-tool-use/write.json", "filePath", false],
  ["post-tool-use/write.json", "output", false],
  ["stop/incomplete.json", "output", false],
];

describe("universal canRewrite says what render() can carry", () => {
  it.for(REWRITABLE)("%s %s → %s", ([file, field, expected]) => {
    expect(universal.canRewrite?.(parse(file), field) ?? false).toBe(expected);
  });
});
