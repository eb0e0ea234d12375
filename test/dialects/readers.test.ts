/** Entries run by another agent than their file's home: who sent the payload, and the answer that agent enforces. */
import { describe, expect, it } from "vitest";
import { dialects } from "../../shared/dialects/index.ts";
import { readerOf } from "../../shared/dialects/readers.ts";
import { loadReaderOf } from "../../shared/dialects/reader-loaders.ts";
import { allFixturePaths } from "./fixture-paths.ts";
import { runHooks } from "../../shared/run.ts";
import { allow, deny, type DialectId } from "../../shared/event.ts";
import { hooks } from "../../hooks/index.ts";
import { readFixture } from "../support/process.ts";
import { fixturePaths } from "./fixture-paths.ts";

const COPILOT_ENV = { COPILOT_CLI: "1" };
const NO_CONFIG = { data: {}, sources: [] };

/** [home, fixture, env, reader agent, kind, fields]: the fixture is what that reader sends to an entry of the home's file. */
const ROUTES: [home: DialectId, fixture: string, env: Record<string, string>, agent: string, kind: string, fields: Record<string, unknown>][] = [
  ["claude", "claude/PreToolUse/ls.json", {}, "Claude Code", "shell.before", { command: "ls -la" }],
  ["claude", "claude/PreToolUse/ls.json", COPILOT_ENV, "Claude Code", "shell.before", {}],
  ["claude", "readers/claude/copilot/PreToolUse/ls.json", COPILOT_ENV, "GitHub Copilot", "shell.before", { command: "ls -la" }],
  ["claude", "readers/claude/copilot/PreToolUse/read-env.json", COPILOT_ENV, "GitHub Copilot", "file.read.before", { filePath: "/home/dev/shop/.env" }],
  // The Copilot desktop app's environment is not documented: its envelope alone tells.
  ["claude", "readers/claude/copilot/PreToolUse/read-env.json", {}, "GitHub Copilot", "file.read.before", { filePath: "/home/dev/shop/.env" }],
  ["claude", "readers/claude/copilot/PreToolUse/edit.json", COPILOT_ENV, "GitHub Copilot", "file.edit.before", { filePath: "/home/dev/shop/src/app.ts" }],
  ["claude", "readers/claude/cursor/preToolUse/shell.json", {}, "Cursor", "shell.before", { command: "ls -la", cwd: "/home/dev/shop", projectRoot: "/home/dev/shop" }],
  ["claude", "readers/claude/cursor/preToolUse/read-env.json", {}, "Cursor", "file.read.before", { filePath: "/home/dev/shop/.env" }],
  ["claude", "vscode/PreToolUse/rm-rf-home.json", {}, "VS Code", "shell.before", { command: "rm -rf ~" }],
  ["claude", "devin/PreToolUse/git-push.json", {}, "Devin for Terminal", "shell.before", {}],
  ["claude", "vscode/PreToolUse/read-env.json", {}, "VS Code", "file.read.before", { filePath: "/home/dev/shop/.env" }],
  // VS Code and Copilot send the same UserPromptSubmit envelope: nothing tells them apart, so the answer is the universal one.
  ["claude", "vscode/UserPromptSubmit/basic.json", {}, "an agent running Claude's hooks", "prompt.submit", {}],
  ["copilot", "copilot/preToolUse/ls.json", COPILOT_ENV, "GitHub Copilot", "shell.before", { command: "ls -la" }],
  ["copilot", "vscode/PreToolUse/rm-rf-home.json", {}, "VS Code", "shell.before", { command: "rm -rf ~" }],
  ["copilot", "vscode/PreToolUse/read-env.json", {}, "VS Code", "file.read.before", { filePath: "/home/dev/shop/.env" }],
  ["copilot", "vscode/Stop/end.json", {}, "VS Code", "agent.stop", {}],
  ["copilot", "vscode/UserPromptSubmit/basic.json", {}, "VS Code", "prompt.submit", {}],
  ["copilot", "readers/claude/copilot/PreToolUse/read-env.json", COPILOT_ENV, "GitHub Copilot", "file.read.before", { filePath: "/home/dev/shop/.env" }],
  ["vscode", "copilot/preToolUse/view.json", COPILOT_ENV, "GitHub Copilot", "file.read.before", {}],
  ["vscode", "vscode/PreToolUse/ls.json", {}, "VS Code", "shell.before", {}],
];

describe("readerOf", () => {
  it.for(ROUTES)("%s file ← %s (%o): %s", ([home, fixture, env, agent, kind, fields]) => {
    const raw = readFixture(fixture);
    const reader = readerOf(dialects[home], raw, env);
    expect(reader.agent).toBe(agent);
    expect(reader.parse(raw, env)).toMatchObject({ kind, ...fields });
  });

  it("a lowerCamel event name on Claude's file is Cursor's, even without its other fields", () => {
    const raw = { hook_event_name: "preToolUse", cwd: "/w", tool_name: "Shell", tool_input: { command: "rm -rf ~" } };
    const reader = readerOf(dialects.claude, raw, {});
    expect(reader.agent).toBe("Cursor");
    expect(reader.parse(raw, {})).toMatchObject({ kind: "shell.before", command: "rm -rf ~" });
  });

  it("a Claude-shaped payload no reader's fingerprint claims is read leniently", () => {
    const raw = { hook_event_name: "PreToolUse", session_id: "s", cwd: "/w", tool_name: "Read", tool_input: { filePath: "/w/.env" } };
    const reader = readerOf(dialects.claude, raw, {});
    expect(reader.agent).toBe("an agent running Claude's hooks");
    expect(reader.parse(raw, {})).toMatchObject({ kind: "file.read.before", filePath: "/w/.env" });
  });
});

const reason = "guards dangerous-command: no";

/** The deny each reader enforces, byte for byte; never a lowerCamel hookEventName (VS Code drops the whole output on a mismatch). */
const DENIES: [home: DialectId, fixture: string, env: Record<string, string>, stdout: string, stderr: string, exitCode: number][] = [
  ["claude", "claude/PreToolUse/ls.json", {}, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${reason}"}}\n`, "", 0],
  [
    "claude",
    "readers/claude/copilot/PreToolUse/ls.json",
    COPILOT_ENV,
    `{"permissionDecision":"deny","permissionDecisionReason":"${reason}","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${reason}"}}\n`,
    "",
    0,
  ],
  ["claude", "readers/claude/cursor/preToolUse/shell.json", {}, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${reason}"}}\n`, `${reason}\n`, 2],
  ["claude", "vscode/PreToolUse/rm-rf-home.json", {}, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${reason}"}}\n`, "", 0],
  ["copilot", "copilot/preToolUse/ls.json", {}, `{"permissionDecision":"deny","permissionDecisionReason":"${reason}"}\n`, "", 0],
  ["copilot", "vscode/PreToolUse/rm-rf-home.json", {}, `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"${reason}"}}\n`, "", 0],
];

describe("the deny each reader enforces", () => {
  it.for(DENIES)("%s file ← %s", ([home, fixture, env, stdout, stderr, exitCode]) => {
    const raw = readFixture(fixture);
    const reader = readerOf(dialects[home], raw, env);
    const rendered = reader.render(deny(reason), reader.parse(raw, env));
    expect(rendered).toEqual({ stdout, stderr, exitCode });
  });

  it("an unidentified reader of Claude's file gets exit 2 with the reason on stderr", () => {
    const raw = { hook_event_name: "PreToolUse", session_id: "s", cwd: "/w", tool_name: "Bash", tool_input: { command: "rm -rf ~" } };
    const reader = readerOf(dialects.claude, raw, {});
    expect(reader.render(deny(reason), reader.parse(raw, {}))).toEqual({ stdout: "", stderr: `${reason}\n`, exitCode: 2 });
  });
});

describe("redaction per reader", () => {
  const redacted = allow({ rule: "redacted", rewrite: { filePath: "/tmp/redacted/.env" }, userMessage: "shown redacted" });
  it.for([
    ["claude", "claude/PreToolUse/read-env.json", {}, { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "shown redacted", updatedInput: { file_path: "/tmp/redacted/.env" } } }],
    [
      "claude",
      "readers/claude/copilot/PreToolUse/read-env.json",
      COPILOT_ENV,
      { permissionDecision: "allow", permissionDecisionReason: "shown redacted", modifiedArgs: { path: "/tmp/redacted/.env" }, hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "shown redacted" } },
    ],
    ["claude", "vscode/PreToolUse/read-env.json", {}, { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "shown redacted", updatedInput: { filePath: "/tmp/redacted/.env", startLine: 1, endLine: 40 } } }],
    ["copilot", "copilot/preToolUse/view.json", {}, { permissionDecision: "allow", permissionDecisionReason: "shown redacted", modifiedArgs: { path: "/tmp/redacted/.env" } }],
    ["copilot", "vscode/PreToolUse/read-env.json", {}, { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "shown redacted", updatedInput: { filePath: "/tmp/redacted/.env", startLine: 1, endLine: 40 } } }],
  ] as const)("%s file ← %s: the rewrite in the field that reader applies", ([home, fixture, env, expected]) => {
    const raw = readFixture(fixture);
    const reader = readerOf(dialects[home], raw, env);
    const event = reader.parse(raw, env)!;
    expect(reader.canRewrite?.(event, "filePath")).toBe(true);
    expect(JSON.parse(reader.render(redacted, event).stdout)).toEqual(expected);
  });

  it.for([
    ["readers/claude/cursor/preToolUse/read-env.json", {}],
    ["readers/claude/copilot/PreToolUse/read-env.json", { hook_event_name: "PreToolUse", session_id: "s", cwd: "/w", tool_name: "Read", tool_input: { path: "/w/.env" } }],
  ] as const)("no rewrite where none reaches the model: %s", ([fixture, override]) => {
    const raw = Object.keys(override).length ? { ...override } : readFixture(fixture);
    const reader = readerOf(dialects.claude, raw, {});
    expect(reader.canRewrite?.(reader.parse(raw, {})!, "filePath")).toBe(false);
  });
});

describe("hooks self-filter on the normalized event, whatever the entry's matcher", () => {
  // VS Code ignores matchers: an entry written for Read (matcher "Read") receives the shell tool too.
  it("a read-only hook list given a shell payload answers nothing, in the reader's format", async () => {
    const rendered = await runHooks([hooks["redact-secrets"]], JSON.stringify(readFixture("vscode/PreToolUse/ls.json")), { dialect: "claude", env: { HOME: "/home/dev" }, config: NO_CONFIG });
    expect(rendered).toEqual({ stdout: "", stderr: "", exitCode: 0 });
  });

  it("dangerous-command in an entry written for Read still stops rm -rf ~ from VS Code", async () => {
    const rendered = await runHooks([hooks["dangerous-command"]], JSON.stringify(readFixture("vscode/PreToolUse/rm-rf-home.json")), { dialect: "claude", env: { HOME: "/home/dev" }, config: NO_CONFIG });
    expect(JSON.parse(rendered.stdout).hookSpecificOutput).toMatchObject({ hookEventName: "PreToolUse", permissionDecision: "deny" });
  });

  it("a Cursor payload with a byte order mark on Claude's file is read, and rm -rf ~ is stopped", async () => {
    const raw = { ...readFixture("readers/claude/cursor/preToolUse/shell.json"), tool_input: { command: "rm -rf ~" } };
    const rendered = await runHooks([hooks["dangerous-command"]], `\uFEFF${JSON.stringify(raw)}`, { dialect: "claude", env: { HOME: "/home/dev" }, config: NO_CONFIG });
    expect(rendered.exitCode).toBe(2);
    expect(rendered.stdout).not.toContain('"preToolUse"');
  });
});

/** Every payload under fixtures/readers/<home>/<reader>/: the reader it is taken for and the kind it parses to. */
const READER_FIXTURES: [file: string, agent: string, kind: string][] = [
  ["claude/copilot/PostToolUse/edit.json", "GitHub Copilot", "file.edit.after"],
  ["claude/copilot/PreToolUse/edit.json", "GitHub Copilot", "file.edit.before"],
  ["claude/copilot/PreToolUse/ls.json", "GitHub Copilot", "shell.before"],
  ["claude/copilot/PreToolUse/read-env.json", "GitHub Copilot", "file.read.before"],
  ["claude/copilot/Stop/end.json", "GitHub Copilot", "agent.stop"],
  ["claude/copilot/UserPromptSubmit/basic.json", "GitHub Copilot", "prompt.submit"],
  ["claude/cursor/beforeSubmitPrompt/basic.json", "Cursor", "prompt.submit"],
  ["claude/cursor/postToolUse/write.json", "Cursor", "file.edit.after"],
  ["claude/cursor/preToolUse/read-env.json", "Cursor", "file.read.before"],
  ["claude/cursor/preToolUse/shell.json", "Cursor", "shell.before"],
  ["claude/cursor/stop/completed.json", "Cursor", "agent.stop"],
];

describe("fixtures of agents on another agent's file", () => {
  it("covers every fixture under fixtures/readers", () => {
    const all = ["claude/copilot", "claude/cursor"].flatMap((dir) => fixturePaths(`readers/${dir}`).map((file) => `${dir}/${file}`));
    expect(READER_FIXTURES.map(([file]) => file).sort()).toEqual(all.sort());
  });

  it.for(READER_FIXTURES)("%s → %s, %s", ([file, agent, kind]) => {
    const raw = readFixture(`readers/${file}`);
    const env = file.includes("/copilot/") ? COPILOT_ENV : {};
    const reader = readerOf(dialects[file.split("/")[0] as DialectId], raw, env);
    expect(reader.agent).toBe(agent);
    expect(reader.parse(raw, env)?.kind).toBe(kind);
  });

  it("a Stop follow-up on Claude's file from Cursor is Claude's decision:block, which Cursor maps to its follow-up", () => {
    const raw = readFixture("readers/claude/cursor/stop/completed.json");
    const reader = readerOf(dialects.claude, raw, {});
    expect(reader.render({ action: "pass", followup: "run the tests" }, reader.parse(raw, {}))).toEqual({ stdout: '{"decision":"block","reason":"run the tests"}\n', stderr: "", exitCode: 0 });
  });
});

describe("the runner's reader, loaded on demand", () => {
  it("is readerOf's, for every fixture sent to each file that other agents run, in every environment", async () => {
    const choices = new Set<string>();
    for (const home of ["claude", "copilot", "vscode", "codex"] as const) {
      for (const path of allFixturePaths()) {
        const raw = readFixture(path);
        for (const env of [{}, COPILOT_ENV, { DEVIN_PROJECT_DIR: "/d" }]) {
          const eager = readerOf(dialects[home], raw, env);
          expect(await loadReaderOf(dialects[home], raw, env), `${home} ${path}`).toBe(eager);
          choices.add(eager.agent);
        }
      }
    }
    // Every reader is chosen somewhere.
    expect(choices.size).toBeGreaterThanOrEqual(7);
  });
});
