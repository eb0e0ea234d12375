import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detectDialect } from "../../shared/dialects/index.ts";
import { DIALECT_IDS } from "../../shared/event.ts";
import { readFixture } from "../support/process.ts";
import { FIXTURES, fixturePaths } from "./fixture-paths.ts";

/**
 * Devin for Terminal and Kiro CLI send a plain snake_case envelope: only their tool events are told apart by
 * shape (Devin's `exec` with a `shell_id`, Kiro's execute_bash/fs_read/fs_write; test/dialects/devin.test.ts,
 * kiro.test.ts); their other events reach them through the installed entry's --dialect. The OpenCode and
 * Amp payloads are built by guards' own plugins, which always name their dialect.
 */
const NOT_BY_SHAPE: readonly string[] = ["devin", "kiro", "opencode", "amp"];

/** Every dialect that has fixtures: each of its payloads must be recognized as that dialect by shape alone. */
const WITH_FIXTURES = DIALECT_IDS.filter((id) => existsSync(join(FIXTURES, id)) && !NOT_BY_SHAPE.includes(id));
/**
 * VS Code's UserPromptSubmit and Stop payloads have exactly the fields of Copilot's snake_case payload
 * (README "Which agents run which file"): no shape tells them apart, only the installed entry's --dialect and the
 * sender's environment do (test/dialects/readers.test.ts).
 */
const SHAPELESS = new Set(["vscode/Stop/end.json", "vscode/UserPromptSubmit/basic.json"]);
const CASES = WITH_FIXTURES.flatMap((id) => fixturePaths(id).map((file) => [id, file] as const)).filter(([id, file]) => !SHAPELESS.has(`${id}/${file}`));

describe("detectDialect on every fixture", () => {
  it("finds fixtures for the dialects of this build", () => {
    expect(WITH_FIXTURES).toEqual(expect.arrayContaining(["copilot", "gemini", "universal"]));
  });

  it.for(CASES)("%s: %s", ([id, file]) => {
    expect(detectDialect(readFixture(`${id}/${file}`))?.id).toBe(id);
  });
});

const COPILOT_BASE = { sessionId: "s-1", timestamp: 1763812800000, cwd: "/home/dev/shop" };

/** Payloads with no fixture folder of their own, and where they must go. */
const ROUTES: [name: string, payload: Record<string, unknown>, expected: string | undefined][] = [
  // docs.github.com/en/copilot/reference/hooks-reference: PascalCase-configured hooks get Claude's snake_case envelope.
  [
    "Copilot PascalCase PreToolUse (VS Code compatible) → claude",
    { hook_event_name: "PreToolUse", session_id: "s-1", timestamp: "2026-11-22T10:00:00.000Z", cwd: "/w", tool_name: "Bash", tool_input: { command: "ls" } },
    "claude",
  ],
  ["Copilot PascalCase SessionStart (no transcript_path) → claude", { hook_event_name: "SessionStart", session_id: "s-1", timestamp: "2026-11-22T10:00:00.000Z", cwd: "/w", source: "startup" }, "claude"],
  [
    "Copilot PascalCase Stop → claude",
    { hook_event_name: "Stop", session_id: "s-1", timestamp: "2026-11-22T10:00:00.000Z", cwd: "/w", transcript_path: "/t", stop_reason: "end_turn", stop_hook_active: false },
    "claude",
  ],
  ["Copilot native without sessionId (older docs) → copilot", { timestamp: 1704614600000, cwd: "/p", toolName: "bash", toolArgs: '{"command":"ls"}' }, "copilot"],
  ["Copilot native notification names itself but is camelCase → copilot", { ...COPILOT_BASE, hook_event_name: "Notification", message: "m", notification_type: "agent_idle" }, "copilot"],
  ["Copilot SDK shape (no sessionId, object toolArgs) → copilot", { timestamp: 1704614600000, cwd: "/p", toolName: "view", toolArgs: { path: "a" } }, "copilot"],
  ["Claude SessionStart (no timestamp) → claude", { hook_event_name: "SessionStart", session_id: "s", transcript_path: "/t", cwd: "/w", source: "startup" }, "claude"],
  ["Claude Notification → claude", { hook_event_name: "Notification", session_id: "s", transcript_path: "/t", cwd: "/w", message: "m", notification_type: "idle_prompt" }, "claude"],
  ["Gemini SessionEnd → gemini", { hook_event_name: "SessionEnd", session_id: "s", transcript_path: "/t", cwd: "/w", timestamp: "2026-11-22T10:00:00.000Z", reason: "exit" }, "gemini"],
  ["UAAPS envelope with a lower-case tool → universal", { hookEventName: "pre-tool-use", toolName: "bash", toolInput: { command: "ls" } }, "universal"],
  ["VS Code camelCase hookEventName (PascalCase event) is not UAAPS", { hookEventName: "PreToolUse", sessionId: "s", timestamp: "2026-11-22T10:00:00.000Z", cwd: "/w", tool_name: "runTerminalCommand", tool_input: {} }, undefined],
  ["an unrelated object → nothing", { hello: "world" }, undefined],
];

describe("detectDialect routes look-alike payloads", () => {
  it.for(ROUTES)("%s", ([, payload, expected]) => {
    expect(detectDialect(payload)?.id).toBe(expected);
  });
});
