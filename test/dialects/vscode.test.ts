import { describe, expect, it } from "vitest";
import { InputError } from "../../shared/dialect.ts";
import { vscode } from "../../shared/dialects/vscode.ts";
import { allow, ask, deny, pass, type Decision, type GuardEvent } from "../../shared/event.ts";
import { readFixture } from "../support/process.ts";
import { fixturePaths } from "./fixture-paths.ts";

const parse = (file: string) => vscode.parse(readFixture(`vscode/${file}`), {})!;

/** Every fixture, the kind it must parse to, and the fields that matter (tool inputs as in VS Code's package.json schemas). */
const PARSES: [file: string, kind: GuardEvent["kind"], fields: Record<string, unknown>][] = [
  ["PostToolUse/replace-string.json", "file.edit.after", { filePath: "/home/dev/shop/src/app.ts", edits: [{ oldText: "const port = 3000;", newText: "const port = 8080;" }] }],
  ["PostToolUse/run-in-terminal.json", "shell.after", { command: "npm test", output: "All tests passed (15/15)" }],
  ["PreCompact/auto.json", "compact.before", {}],
  ["PreToolUse/apply-patch.json", "file.edit.before", { filePath: "/home/dev/shop/src/app.ts", filePaths: ["/home/dev/shop/src/app.ts"] }],
  ["PreToolUse/create-file.json", "file.edit.before", { filePath: "/home/dev/shop/src/health.ts", content: 'export const health = () => "ok";\n' }],
  ["PreToolUse/fetch-webpage.json", "tool.before", { tool: "fetch_webpage" }],
  ["PreToolUse/git-clone.json", "shell.before", { command: "git clone https://github.com/octo/shop.git" }],
  ["PreToolUse/git-push.json", "shell.before", { command: "git push origin main" }],
  ["PreToolUse/insert-edit.json", "file.edit.before", { filePath: "/home/dev/shop/src/routes.ts", edits: [{ oldText: "", newText: '// ...existing code...\napp.get("/health", health);\n' }] }],
  ["PreToolUse/ls.json", "shell.before", { command: "ls -la", toolName: "run_in_terminal", cwd: "/home/dev/shop" }],
  ["PreToolUse/multi-replace.json", "file.edit.before", { filePaths: ["/home/dev/shop/src/app.ts", "/home/dev/shop/src/server.ts"] }],
  ["PreToolUse/read-env.json", "file.read.before", { filePath: "/home/dev/shop/.env", filePaths: ["/home/dev/shop/.env"], tab: false }],
  ["PreToolUse/read-file.json", "file.read.before", { filePath: "/home/dev/shop/src/app.ts" }],
  ["PreToolUse/replace-string.json", "file.edit.before", { edits: [{ oldText: "const port = 3000;", newText: "const port = Number(process.env.PORT ?? 3000);" }] }],
  ["PreToolUse/rm-rf-home.json", "shell.before", { command: "rm -rf ~" }],
  ["SessionStart/new.json", "session.start", { reason: "new", conversationId: "c0ffee00-1d2e-4f5a-9b8c-7d6e5f4a3b21" }],
  ["Stop/end.json", "agent.stop", { stopHookActive: false }],
  ["SubagentStart/plan.json", "subagent.start", {}],
  ["SubagentStop/plan.json", "subagent.stop", {}],
  ["UserPromptSubmit/basic.json", "prompt.submit", { prompt: "Fix the failing health check" }],
];

describe("vscode parse", () => {
  it("covers every fixture under fixtures/vscode", () => {
    expect(PARSES.map(([file]) => file).sort()).toEqual(fixturePaths("vscode"));
  });

  it.for(PARSES)("%s → %s", ([file, kind, fields]) => {
    const event = parse(file);
    expect(event).toMatchObject({ kind, dialect: "vscode", nativeEvent: file.split("/")[0], ...fields });
  });

  it.for([
    ["run_in_terminal without command", { tool_name: "run_in_terminal", tool_input: { explanation: "x" } }, "tool_input.command"],
    ["read_file with file_path instead of filePath", { tool_name: "read_file", tool_input: { file_path: "/a" } }, "tool_input.filePath"],
    ["multi_replace with a replacement lacking filePath", { tool_name: "multi_replace_string_in_file", tool_input: { replacements: [{ oldString: "a" }] } }, "replacements[0].filePath"],
  ] as const)("%s is an input error naming the field", ([, fields, field]) => {
    const raw = { ...readFixture("vscode/PreToolUse/ls.json"), ...fields };
    expect(() => vscode.parse(raw, {})).toThrow(InputError);
    expect(() => vscode.parse(raw, {})).toThrow(field);
  });
});

const reason = "guards dangerous-command: rm -rf ~ deletes your home folder";
const redacted: Decision = allow({ rule: "redacted", rewrite: { filePath: "/tmp/guards-redacted/1/.env" }, userMessage: "shown redacted", context: "redacted copy" });

/**
 * Expected bytes from VS Code's source: PreToolUse reads hookSpecificOutput {permissionDecision,
 * permissionDecisionReason, updatedInput, additionalContext} (IPreToolUseHookResult); PostToolUse and
 * UserPromptSubmit a top-level decision:"block" + reason; Stop the block inside hookSpecificOutput
 * (StopHookOutput); exit 2 blocks with stderr as the reason.
 */
const RENDERS: [name: string, file: string, decision: Decision, stdout: string, exitCode: number, stderr?: string][] = [
  ["pass is silent", "PreToolUse/ls.json", pass(), "", 0],
  ["deny", "PreToolUse/rm-rf-home.json", deny(reason), `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${reason}"}}\n`, 0],
  ["ask", "PreToolUse/rm-rf-home.json", ask("confirm"), `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"confirm"}}\n`, 0],
  [
    "a redacted read keeps startLine and endLine",
    "PreToolUse/read-env.json",
    redacted,
    `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"shown redacted","updatedInput":{"filePath":"/tmp/guards-redacted/1/.env","startLine":1,"endLine":40},"additionalContext":"redacted copy"}}\n`,
    0,
  ],
  ["a rewrite of a tool that takes none becomes a deny", "PreToolUse/create-file.json", allow({ rewrite: { filePath: "/x" }, agentMessage: "no" }), `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no Read /x instead."}}\n`, 0],
  ["PostToolUse block", "PostToolUse/run-in-terminal.json", deny("leaked"), `{"decision":"block","reason":"leaked"}\n`, 0],
  ["UserPromptSubmit block", "UserPromptSubmit/basic.json", deny("secret in prompt"), `{"decision":"block","reason":"secret in prompt"}\n`, 0],
  ["Stop follow-up", "Stop/end.json", pass({ followup: "run the tests" }), `{"hookSpecificOutput":{"hookEventName":"Stop","decision":"block","reason":"run the tests"}}\n`, 0],
  ["SessionStart context", "SessionStart/new.json", pass({ context: "guards active" }), `{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"guards active"}}\n`, 0],
  ["PreCompact deny is exit 2", "PreCompact/auto.json", deny("no"), "", 2, "no\n"],
];

describe("vscode render", () => {
  it.for(RENDERS)("%s", ([, file, decision, stdout, exitCode, stderr]) => {
    const rendered = vscode.render(decision, parse(file));
    expect(rendered.stdout).toBe(stdout);
    expect(rendered.exitCode).toBe(exitCode);
    expect(rendered.stderr).toBe(stderr ?? "");
  });

  it("an unreadable payload denies with exit 2 and the reason on stderr", () => {
    expect(vscode.render(deny("bad input"), undefined)).toEqual({ stdout: "", stderr: "bad input\n", exitCode: 2 });
  });

  it.for([
    ["PreToolUse/read-env.json", "filePath", true],
    ["PreToolUse/ls.json", "command", true],
    ["PreToolUse/create-file.json", "filePath", false],
    ["PostToolUse/run-in-terminal.json", "output", false],
  ] as const)("canRewrite %s %s → %s", ([file, field, expected]) => {
    expect(vscode.canRewrite!(parse(file), field)).toBe(expected);
  });
});
