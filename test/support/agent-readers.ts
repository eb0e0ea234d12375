/**
 * Every agent known to run one of guards' installed files, and what that agent does with a hook's bytes:
 * which entries it runs for a tool call, the payload it sends, and whether the call is then blocked, asked
 * about, or run (with which input). Each rule rests on the agent's docs or source (README "Which agents run
 * which file" lists them) or on a run of the real agent (test/agents/); a test judges the guards by these outcomes, not by what the hook meant.
 */
import { readFixture } from "./process.ts";

export type Outcome = { kind: "blocked" } | { kind: "asked" } | { kind: "runs"; input: Record<string, unknown> };
export type Call = { kind: "shell"; command: string } | { kind: "read"; path: string };

export interface HookRun {
  exitCode: number | null;
  stdout: string;
}

export interface AgentOnFile {
  name: string;
  /** The installed file's home agent (guards install --agent …). */
  file: "claude" | "copilot";
  /** The key of the file whose entries run before a tool call. */
  eventKey: string;
  /** The tool name matched against an entry's matcher; undefined when the agent ignores matchers. */
  matcherTool?: (call: Call) => string;
  env: (project: string) => Record<string, string>;
  /** Where the agent starts the hook; the project when absent. */
  cwd?: (project: string, home: string) => string;
  /** The payload text on stdin. */
  payload: (call: Call, project: string) => string;
  /** What the agent does with one hook's answer. */
  outcome: (run: HookRun, input: Record<string, unknown>) => Outcome;
  /** The tool input of a call as the agent reports it, and the file a read input reads. */
  input: (payload: Record<string, unknown>) => Record<string, unknown>;
  readPath: (input: Record<string, unknown>) => string | undefined;
}

type Json = Record<string, unknown>;

function jsonOf(stdout: string): Json | undefined {
  if (!stdout.trim()) return undefined;
  try {
    const value: unknown = JSON.parse(stdout);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

const specificOf = (out: Json | undefined) => (out?.hookSpecificOutput ?? undefined) as Json | undefined;

/** Claude Code: exit 2 blocks, other failures are non-blocking; JSON hookSpecificOutput.permissionDecision, updatedInput with allow (code.claude.com/docs/en/hooks). */
function claudeOutcome(run: HookRun, input: Json): Outcome {
  if (run.exitCode === 2) return { kind: "blocked" };
  if (run.exitCode !== 0) return { kind: "runs", input };
  const specific = specificOf(jsonOf(run.stdout));
  if (specific?.permissionDecision === "deny") return { kind: "blocked" };
  if (specific?.permissionDecision === "ask") return { kind: "asked" };
  if (specific?.permissionDecision === "allow" && specific.updatedInput) return { kind: "runs", input: specific.updatedInput as Json };
  return { kind: "runs", input };
}

/**
 * Copilot CLI preToolUse fails closed on a crash, exit 1 or exit 2; it reads top-level permissionDecision and
 * modifiedArgs, and obeys Claude's hookSpecificOutput.permissionDecision; `ask` is a deny when headless
 * (docs.github.com/en/copilot/reference/hooks-reference; measured with Copilot CLI 1.0.102).
 */
function copilotOutcome(run: HookRun, input: Json): Outcome {
  if (run.exitCode !== 0) return { kind: "blocked" };
  const out = jsonOf(run.stdout);
  const decision = out?.permissionDecision ?? specificOf(out)?.permissionDecision;
  if (decision === "deny" || decision === "ask") return { kind: "blocked" };
  if (out?.modifiedArgs) return { kind: "runs", input: out.modifiedArgs as Json };
  return { kind: "runs", input };
}

/**
 * VS Code Local: exit 2 blocks, other non-zero exits only warn; only hookSpecificOutput is read, dropped whole
 * when its hookEventName is not exactly the event; updatedInput must fit the tool's schema
 * (microsoft/vscode `chatHookService.ts`).
 */
function vscodeOutcome(run: HookRun, input: Json): Outcome {
  if (run.exitCode === 2) return { kind: "blocked" };
  if (run.exitCode !== 0) return { kind: "runs", input };
  const specific = specificOf(jsonOf(run.stdout));
  if (!specific || (specific.hookEventName !== undefined && specific.hookEventName !== "PreToolUse")) return { kind: "runs", input };
  if (specific.permissionDecision === "deny") return { kind: "blocked" };
  if (specific.permissionDecision === "ask") return { kind: "asked" };
  const updated = specific.updatedInput as Json | undefined;
  if (updated && fitsVscodeSchema(input, updated)) return { kind: "runs", input: updated };
  return { kind: "runs", input };
}

/** read_file takes filePath, startLine and endLine; run_in_terminal a command (VS Code's package.json inputSchema). */
function fitsVscodeSchema(original: Json, updated: Json): boolean {
  if ("filePath" in original) return typeof updated.filePath === "string" && typeof updated.startLine === "number" && typeof updated.endLine === "number";
  return typeof updated.command === "string";
}

/**
 * Cursor on Claude's file: exit 2 is a deny; Claude's hookSpecificOutput is mapped (permissionDecision →
 * permission, updatedInput → updated_input); ask is not enforced on preToolUse; a failing hook lets the call run
 * (cursor.com/docs/reference/third-party-hooks).
 */
function cursorOutcome(run: HookRun, input: Json): Outcome {
  if (run.exitCode === 2) return { kind: "blocked" };
  if (run.exitCode !== 0) return { kind: "runs", input };
  const specific = specificOf(jsonOf(run.stdout));
  if (specific?.permissionDecision === "deny") return { kind: "blocked" };
  if (specific?.permissionDecision === "allow" && specific.updatedInput) return { kind: "runs", input: specific.updatedInput as Json };
  return { kind: "runs", input };
}

function withFields(fixture: string, change: (payload: Json) => void): Json {
  const payload = readFixture(fixture);
  change(payload);
  return payload;
}

const toolInput = (payload: Json) => (payload.tool_input ?? payload.toolArgs) as Json;

export const AGENTS_ON_FILES: AgentOnFile[] = [
  {
    name: "Claude Code on .claude/settings.json",
    file: "claude",
    eventKey: "PreToolUse",
    matcherTool: (call) => (call.kind === "shell" ? "Bash" : "Read"),
    env: (project) => ({ CLAUDE_PROJECT_DIR: project }),
    payload: (call, project) =>
      JSON.stringify(
        call.kind === "shell"
          ? withFields("claude/PreToolUse/ls.json", (p) => Object.assign(p, { cwd: project, tool_input: { command: call.command, description: "x" } }))
          : withFields("claude/PreToolUse/read-env.json", (p) => Object.assign(p, { cwd: project, tool_input: { file_path: call.path } })),
      ),
    outcome: claudeOutcome,
    input: toolInput,
    readPath: (input) => input.file_path as string | undefined,
  },
  {
    name: "Copilot CLI on .claude/settings.json",
    file: "claude",
    eventKey: "PreToolUse",
    // Claude's matcher semantics on Claude's tool names (docs.github.com/en/copilot/reference/hooks-reference).
    matcherTool: (call) => (call.kind === "shell" ? "Bash" : "Read"),
    env: (project) => ({ COPILOT_CLI: "1", COPILOT_PROJECT_DIR: project }),
    payload: (call, project) =>
      JSON.stringify(
        call.kind === "shell"
          ? withFields("readers/claude/copilot/PreToolUse/ls.json", (p) => Object.assign(p, { cwd: project, tool_input: { command: call.command, description: "x" } }))
          : withFields("readers/claude/copilot/PreToolUse/read-env.json", (p) => Object.assign(p, { cwd: project, tool_input: { path: call.path } })),
      ),
    outcome: copilotOutcome,
    input: toolInput,
    readPath: (input) => input.path as string | undefined,
  },
  {
    name: "VS Code (chat.useClaudeHooks) on .claude/settings.json",
    file: "claude",
    eventKey: "PreToolUse",
    // Matchers in Claude files are ignored: every PreToolUse entry runs (microsoft/vscode `hookClaudeCompat.ts`).
    env: () => ({}),
    payload: (call, project) => JSON.stringify(vscodePayload(call, project)),
    outcome: vscodeOutcome,
    input: toolInput,
    readPath: (input) => input.filePath as string | undefined,
  },
  {
    name: "Cursor (third-party hooks) on .claude/settings.json",
    file: "claude",
    eventKey: "PreToolUse",
    // Cursor maps the matcher (Bash → Shell, Read → Read) and runs what it matches (cursor.com/docs/reference/third-party-hooks).
    matcherTool: (call) => (call.kind === "shell" ? "Bash" : "Read"),
    // Cursor sets CLAUDE_PROJECT_DIR as an alias of its project dir for every hook (cursor.com/docs/hooks,
    // "Environment Variables"), and may start hooks elsewhere than the project (cwd ~/.cursor: github.com/Sma1lboy/rove/issues/1037).
    env: (project) => ({ CURSOR_PROJECT_DIR: project, CLAUDE_PROJECT_DIR: project }),
    cwd: (_project, home) => home,
    payload: (call, project) => {
      const payload =
        call.kind === "shell"
          ? withFields("readers/claude/cursor/preToolUse/shell.json", (p) => Object.assign(p, { workspace_roots: [project], tool_input: { command: call.command, working_directory: project } }))
          : withFields("readers/claude/cursor/preToolUse/read-env.json", (p) => Object.assign(p, { workspace_roots: [project], tool_input: { file_path: call.path } }));
      // Cursor on Windows starts the payload with a byte order mark.
      return `\uFEFF${JSON.stringify(payload)}`;
    },
    outcome: cursorOutcome,
    input: toolInput,
    readPath: (input) => input.file_path as string | undefined,
  },
  {
    name: "Copilot CLI on .github/hooks/guards.json",
    file: "copilot",
    eventKey: "preToolUse",
    matcherTool: (call) => (call.kind === "shell" ? "bash" : "view"),
    env: () => ({ COPILOT_CLI: "1" }),
    payload: (call, project) =>
      JSON.stringify(
        call.kind === "shell"
          ? withFields("copilot/preToolUse/ls.json", (p) => Object.assign(p, { cwd: project, toolArgs: { command: call.command, description: "x" } }))
          : withFields("copilot/preToolUse/view.json", (p) => Object.assign(p, { cwd: project, toolArgs: { path: call.path } })),
      ),
    outcome: copilotOutcome,
    input: toolInput,
    readPath: (input) => input.path as string | undefined,
  },
  {
    name: "VS Code on .github/hooks/guards.json",
    file: "copilot",
    // VS Code runs the preToolUse key as its PreToolUse, ignoring matchers (microsoft/vscode `hookCompatibility.ts`).
    eventKey: "preToolUse",
    env: () => ({}),
    payload: (call, project) => JSON.stringify(vscodePayload(call, project)),
    outcome: vscodeOutcome,
    input: toolInput,
    readPath: (input) => input.filePath as string | undefined,
  },
];

function vscodePayload(call: Call, project: string): Json {
  return call.kind === "shell"
    ? withFields("vscode/PreToolUse/ls.json", (p) => Object.assign(p, { cwd: project, tool_input: { command: call.command, explanation: "x", goal: "x", isBackground: false } }))
    : withFields("vscode/PreToolUse/read-env.json", (p) => Object.assign(p, { cwd: project, tool_input: { filePath: call.path, startLine: 1, endLine: 40 } }));
}

/** Several entries for one call: a block wins, then an ask; the last rewritten input is used (VS Code, Claude Code). */
export function combineOutcomes(outcomes: Outcome[], input: Json): Outcome {
  if (outcomes.some((o) => o.kind === "blocked")) return { kind: "blocked" };
  if (outcomes.some((o) => o.kind === "asked")) return { kind: "asked" };
  const rewritten = outcomes.filter((o): o is Extract<Outcome, { kind: "runs" }> => o.kind === "runs" && o.input !== input).at(-1);
  return rewritten ?? { kind: "runs", input };
}
