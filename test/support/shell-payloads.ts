/** Every dialect's shell payload, a command put into it, and how each dialect's answer reads back (each dialect's `render` in shared/dialects/). */
import type { ProcessResult } from "./process.ts";

export type Answer = "pass" | "deny" | "ask";

const claudeShaped = (r: ProcessResult): Answer | undefined => (r.exitCode === 0 ? ((r.json as any)?.hookSpecificOutput?.permissionDecision ?? "pass") : undefined);

/** `ask` is what an ask arrives as: a deny where the agent cannot prompt. */
export const SHELL_FIXTURES: { dialect: string; fixture: string; read: (r: ProcessResult) => Answer | undefined; ask: Answer }[] = [
  { dialect: "claude", fixture: "claude/PreToolUse/ls.json", read: claudeShaped, ask: "ask" },
  { dialect: "qwen", fixture: "qwen/PreToolUse/ls.json", read: claudeShaped, ask: "ask" },
  // Codex treats an ask as a failure and would run the tool: it gets a deny with the reason.
  { dialect: "codex", fixture: "codex/PreToolUse/ls.json", read: claudeShaped, ask: "deny" },
  // The universal format blocks with exit 2 and still carries the decision (UAAPS spec, docs/spec/07-hooks.md).
  { dialect: "universal", fixture: "universal/pre-tool-use/ls.json", read: (r) => (r.exitCode === 2 ? (r.json as any)?.hookSpecificOutput?.permissionDecision : claudeShaped(r)), ask: "ask" },
  { dialect: "cursor", fixture: "cursor/beforeShellExecution/ls.json", read: (r) => ({ allow: "pass", deny: "deny", ask: "ask" })[(r.json as any)?.permission as string] as Answer, ask: "ask" },
  { dialect: "copilot", fixture: "copilot/preToolUse/ls.json", read: (r) => (r.exitCode === 0 ? ((r.json as any)?.permissionDecision ?? "pass") : undefined), ask: "ask" },
  { dialect: "copilot", fixture: "copilot/preToolUse/bash-string-args.json", read: (r) => (r.exitCode === 0 ? ((r.json as any)?.permissionDecision ?? "pass") : undefined), ask: "ask" },
  { dialect: "gemini", fixture: "gemini/BeforeTool/ls.json", read: (r) => (r.exitCode === 0 ? ((r.json as any)?.decision ?? "pass") : undefined), ask: "deny" },
  // Windsurf cannot prompt: an ask arrives as a block, exit 2 with the reason on stderr.
  { dialect: "windsurf", fixture: "windsurf/pre_run_command/ls.json", read: (r) => (r.exitCode === 0 ? "pass" : r.exitCode === 2 ? "deny" : undefined), ask: "deny" },
];

/** Stopped or not, whatever the dialect's shape: a deny, ask or block decision, `cancel`, or exit code 2. */
export function stoppedIn(result: ProcessResult): boolean {
  if (result.exitCode === 2) return true;
  const json = result.json as Record<string, any> | undefined;
  const decision = json?.hookSpecificOutput?.permissionDecision ?? json?.permissionDecision ?? json?.permission ?? json?.decision;
  return decision === "deny" || decision === "ask" || decision === "block" || json?.cancel === true;
}

/**
 * Every dialect with a shell event, by the fixture of its shell payload (SHELL_FIXTURES and the agents
 * added since), read with stoppedIn.
 */
export const EVERY_SHELL_DIALECT: { dialect: string; fixture: string }[] = [
  ...SHELL_FIXTURES.map(({ dialect, fixture }) => ({ dialect, fixture })),
  { dialect: "vscode", fixture: "vscode/PreToolUse/ls.json" },
  { dialect: "factory", fixture: "factory/PreToolUse/ls.json" },
  { dialect: "augment", fixture: "augment/PreToolUse/ls.json" },
  { dialect: "kiro", fixture: "kiro/PreToolUse/ls.json" },
  { dialect: "kiro", fixture: "kiro/preToolUse/ls.json" },
  { dialect: "cline", fixture: "cline/PreToolUse/ls.json" },
  { dialect: "goose", fixture: "goose/PreToolUse/ls.json" },
  { dialect: "crush", fixture: "crush/PreToolUse/ls.json" },
  { dialect: "devin", fixture: "devin/PreToolUse/ls.json" },
];

/** The fixture with its command replaced and its directories pointed at `cwd`. */
export function withCommand(value: unknown, command: string, cwd: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withCommand(item, command, cwd));
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    // Amp's shell tool names it `cmd` in some builds.
    if ((key === "command" || key === "command_line" || key === "cmd") && typeof field === "string") out[key] = command;
    // goose's BeforeShellExecution repeats the command as its matcher context.
    else if (key === "matcher_context" && field === "ls -la") out[key] = command;
    else if ((key === "cwd" || key === "working_directory" || key === "working_dir") && typeof field === "string") out[key] = cwd;
    else if ((key === "workspace_roots" || key === "workspaceRoots") && Array.isArray(field)) out[key] = [cwd];
    // Copilot may send toolArgs as a JSON string (fixtures/copilot/preToolUse/bash-string-args.json).
    else if (key === "toolArgs" && typeof field === "string") out[key] = JSON.stringify(withCommand(JSON.parse(field), command, cwd));
    else out[key] = withCommand(field, command, cwd);
  }
  return out;
}
