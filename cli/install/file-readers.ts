/**
 * The agents that run each kind of installed file, as doctor replays them: the payload each sends for a
 * shell call, whether it honours the entry's matcher, and whether it treats a hook's answer as a block.
 * README "Which agents run which file" gives the sources; the payloads are the fixtures imported here.
 */
import claudeLs from "../../fixtures/claude/PreToolUse/ls.json" with { type: "json" };
import copilotLs from "../../fixtures/copilot/preToolUse/ls.json" with { type: "json" };
import copilotOnClaudeLs from "../../fixtures/readers/claude/copilot/PreToolUse/ls.json" with { type: "json" };
import cursorOnClaudeLs from "../../fixtures/readers/claude/cursor/preToolUse/shell.json" with { type: "json" };
import vscodeLs from "../../fixtures/vscode/PreToolUse/ls.json" with { type: "json" };
import type { AgentId } from "./targets/types.ts";

type Json = Record<string, unknown>;

export interface HookAnswer {
  status: number | null;
  stdout: string;
}

export interface FileReader {
  /** The agent, as the user knows it. */
  name: string;
  /** When it runs the file at all, if only with a setting. */
  condition?: string;
  /** The scopes whose file it runs; all when absent. */
  scopes?: readonly string[];
  /** The key of the file whose entries run before a shell call. */
  eventKey: string;
  /** The tool name matched against an entry's matcher; undefined when matchers are ignored. */
  shellTool?: string;
  env: (project: string) => Record<string, string>;
  /** The payload of a shell call running `command` in `cwd`. */
  payload: (command: string, cwd: string) => Json;
  blocks: (answer: HookAnswer) => boolean;
}

function jsonOf(stdout: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(stdout);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

const specific = (stdout: string) => jsonOf(stdout)?.hookSpecificOutput as Json | undefined;
const refuses = (decision: unknown) => decision === "deny" || decision === "ask";

/** Claude Code: exit 2, or hookSpecificOutput.permissionDecision. */
const claudeBlocks = ({ status, stdout }: HookAnswer) => status === 2 || (status === 0 && refuses(specific(stdout)?.permissionDecision));
/** Copilot CLI: preToolUse fails closed; top-level permissionDecision or Claude's hookSpecificOutput. */
const copilotBlocks = ({ status, stdout }: HookAnswer) => status !== 0 || refuses(jsonOf(stdout)?.permissionDecision ?? specific(stdout)?.permissionDecision);
/** VS Code: exit 2, or hookSpecificOutput with exactly its event name; top-level fields are ignored. */
function vscodeBlocks({ status, stdout }: HookAnswer): boolean {
  if (status === 2) return true;
  const out = status === 0 ? specific(stdout) : undefined;
  return out !== undefined && (out.hookEventName === undefined || out.hookEventName === "PreToolUse") && refuses(out.permissionDecision);
}
/** Cursor on Claude's file: exit 2, or Claude's deny mapped to its own (ask is not enforced there). */
const cursorBlocks = ({ status, stdout }: HookAnswer) => status === 2 || (status === 0 && specific(stdout)?.permissionDecision === "deny");

const withCommand = (fixture: Json, key: "tool_input" | "toolArgs", command: string, cwd: string, extra: Json = {}): Json => ({
  ...fixture,
  cwd,
  [key]: { ...(fixture[key] as Json), command },
  ...extra,
});

const VSCODE: FileReader = {
  name: "VS Code (Local harness)",
  eventKey: "",
  env: () => ({}),
  payload: (command, cwd) => withCommand(vscodeLs, "tool_input", command, cwd),
  blocks: vscodeBlocks,
};

/** Readers of the files written for each home agent. Agents not listed are read only by themselves. */
export const FILE_READERS: Partial<Record<AgentId, readonly FileReader[]>> = {
  claude: [
    { name: "Claude Code", eventKey: "PreToolUse", shellTool: "Bash", env: (project) => ({ CLAUDE_PROJECT_DIR: project }), payload: (c, cwd) => withCommand(claudeLs, "tool_input", c, cwd), blocks: claudeBlocks },
    {
      name: "Copilot CLI",
      scopes: ["project"],
      eventKey: "PreToolUse",
      shellTool: "Bash",
      env: (project) => ({ COPILOT_CLI: "1", COPILOT_PROJECT_DIR: project }),
      payload: (c, cwd) => withCommand(copilotOnClaudeLs, "tool_input", c, cwd),
      blocks: copilotBlocks,
    },
    { ...VSCODE, condition: "with chat.useClaudeHooks", eventKey: "PreToolUse" },
    {
      name: "Cursor",
      condition: "with third-party hooks on",
      eventKey: "PreToolUse",
      shellTool: "Bash",
      // Cursor sets CLAUDE_PROJECT_DIR as an alias of its project dir (cursor.com/docs/hooks, "Environment Variables").
      env: (project) => ({ CURSOR_PROJECT_DIR: project, CLAUDE_PROJECT_DIR: project }),
      payload: (c, cwd) => withCommand(cursorOnClaudeLs, "tool_input", c, cwd, { workspace_roots: [cwd], cwd: "" }),
      blocks: cursorBlocks,
    },
  ],
  copilot: [
    { name: "Copilot CLI", eventKey: "preToolUse", shellTool: "bash", env: () => ({ COPILOT_CLI: "1" }), payload: (c, cwd) => withCommand(copilotLs, "toolArgs", c, cwd), blocks: copilotBlocks },
    { ...VSCODE, eventKey: "preToolUse" },
  ],
};

/** Whether a reader runs an entry with this matcher for its shell tool (Claude-style: the whole name, `|` alternatives). */
export function runsEntry(reader: FileReader, matcher: string | undefined): boolean {
  if (reader.shellTool === undefined || matcher === undefined || matcher === "" || matcher === "*") return true;
  try {
    return new RegExp(`^(?:${matcher})$`).test(reader.shellTool);
  } catch {
    return false;
  }
}
