/**
 * The shell events that the hook file's front answers without loading the dialects' modules
 * (shared/quick-answer.ts): for some home dialects, the one payload shape that dialect reads itself, its
 * command and project root, and its answer when every guard passes. Anything else is undefined, and the
 * runner reads it in full. test/quick-shell.test.ts checks each reading against the dialect's own
 * (readers.ts, parse and render) on every fixture and on altered payloads.
 */
import { isObject, type Json } from "../fields.ts";

type Env = Readonly<Record<string, string | undefined>>;

export interface QuickShell {
  command: string;
  projectRoot: string;
  /** The dialect's rendering of a pass for this event. */
  stdout: string;
}

/** Envelope fields the Claude-family parser reads as optional strings: anything else there is an input error. */
const CLAUDE_FAMILY_STRINGS = ["cwd", "session_id", "conversation_id", "turn_id", "prompt_id", "model", "tool_use_id", "tool_call_id"];

const stringsOrAbsent = (raw: Json, keys: readonly string[]) => keys.every((key) => raw[key] === undefined || typeof raw[key] === "string");

interface ShellShape {
  event: string;
  tools: readonly string[];
  projectDirEnv?: string;
  /** Fields that must be present as strings. */
  required?: readonly string[];
  /** Fields whose presence means another agent sent the payload (its reader, not this one, answers). */
  foreign?: readonly string[];
}

/** A PreToolUse call of a shell tool with `tool_input.command`, read the way claude-family.ts reads it. */
function claudeFamilyShell(shape: ShellShape): (raw: Json, env: Env) => QuickShell | undefined {
  return (raw, env) => {
    if (raw.hook_event_name !== shape.event || typeof raw.tool_name !== "string" || !shape.tools.includes(raw.tool_name)) return undefined;
    if (!stringsOrAbsent(raw, CLAUDE_FAMILY_STRINGS) || shape.required?.some((key) => typeof raw[key] !== "string")) return undefined;
    if (shape.foreign?.some((key) => key in raw)) return undefined;
    const input = raw.tool_input;
    if (!isObject(input) || typeof input.command !== "string") return undefined;
    const cwd = (raw.cwd as string | undefined) ?? env.PWD ?? "";
    return { command: input.command, projectRoot: (shape.projectDirEnv && env[shape.projectDirEnv]) || cwd, stdout: "" };
  };
}

/**
 * VS Code's terminal tool, as VS Code sends it to the Claude and Copilot files it runs (readers.ts): its
 * envelope (an ISO timestamp and tool_use_id, no permission_mode) and none of Cursor's marks.
 */
function vscodeTerminal(raw: Json, env: Env): QuickShell | undefined {
  if (raw.hook_event_name !== "PreToolUse" || raw.tool_name !== "run_in_terminal" || typeof raw.timestamp !== "string" || !("tool_use_id" in raw)) return undefined;
  if (["permission_mode", "cursor_version", "workspace_roots", "generation_id"].some((key) => key in raw)) return undefined;
  if (!stringsOrAbsent(raw, ["cwd", "session_id", "model"])) return undefined;
  const input = raw.tool_input;
  if (!isObject(input) || typeof input.command !== "string") return undefined;
  return { command: input.command, projectRoot: (raw.cwd as string | undefined) || env.PWD || "", stdout: "" };
}

/** Claude's own payload: a transcript and none of the marks by which the other agents that run Claude's files are told apart. */
const claudeOwn = claudeFamilyShell({
  event: "PreToolUse",
  // Not PowerShell: its words are not a POSIX shell's.
  tools: ["Bash"],
  projectDirEnv: "CLAUDE_PROJECT_DIR",
  required: ["transcript_path"],
  foreign: ["timestamp", "cursor_version", "workspace_roots", "generation_id"],
});

/**
 * Copilot's native camelCase bash call (copilot-shape.ts): no event name, `toolName` with `toolArgs` and
 * none of the fields by which Copilot's other events are told apart.
 */
function copilotBash(raw: Json): QuickShell | undefined {
  if (raw.toolName !== "bash" || ["hookEventName", "hook_event_name", "notification_type", "toolResult", "error", "toolInput"].some((key) => key in raw)) return undefined;
  const input = raw.toolArgs;
  if (!isObject(input) || typeof input.command !== "string" || !stringsOrAbsent(raw, ["cwd", "sessionId"])) return undefined;
  return { command: input.command, projectRoot: (raw.cwd as string | undefined) ?? "", stdout: "" };
}

/** Copilot's and VS Code's files: Copilot's own payload, or VS Code's unless Copilot CLI (which sends its own snake_case one) runs the entry. */
const vscodeUnlessCopilot = (raw: Json, env: Env) => copilotBash(raw) ?? (env.COPILOT_CLI === "1" ? undefined : vscodeTerminal(raw, env));

export const QUICK_SHELL_READERS: Readonly<Record<string, (raw: Json, env: Env) => QuickShell | undefined>> = {
  claude: (raw, env) => claudeOwn(raw, env) ?? vscodeTerminal(raw, env),
  vscode: vscodeUnlessCopilot,
  copilot: vscodeUnlessCopilot,
  codex: claudeFamilyShell({ event: "PreToolUse", tools: ["Bash", "shell", "exec_command", "local_shell"] }),
  factory: claudeFamilyShell({ event: "PreToolUse", tools: ["Execute"], projectDirEnv: "FACTORY_PROJECT_DIR" }),
  // Windsurf: the command and folders inside tool_info; hooks run in the workspace root unless it says otherwise.
  windsurf: (raw, env) => {
    if (raw.agent_action_name !== "pre_run_command" || !stringsOrAbsent(raw, ["trajectory_id", "execution_id", "model_name"])) return undefined;
    const info = raw.tool_info;
    if (!isObject(info) || typeof info.command_line !== "string" || !stringsOrAbsent(info, ["root_workspace_path", "cwd", "worktree_path"])) return undefined;
    const root = (info.root_workspace_path as string | undefined) ?? env.ROOT_WORKSPACE_PATH ?? env.PWD ?? "";
    const cwd = (info.cwd as string | undefined) ?? (info.worktree_path as string | undefined) ?? root;
    return { command: info.command_line, projectRoot: root || cwd, stdout: "" };
  },
  qwen: claudeFamilyShell({ event: "PreToolUse", tools: ["run_shell_command"], projectDirEnv: "QWEN_PROJECT_DIR" }),
  // Cursor's own shell event: its pass is an explicit allow (cursor-render.ts).
  cursor: (raw, env) => {
    if (raw.hook_event_name !== "beforeShellExecution" || typeof raw.command !== "string") return undefined;
    if (!stringsOrAbsent(raw, ["cwd", "conversation_id", "session_id", "generation_id", "model", "tool_use_id", "tool_call_id"])) return undefined;
    const roots = raw.workspace_roots ?? [];
    if (!Array.isArray(roots) || !roots.every((root) => typeof root === "string")) return undefined;
    // cursor-parse.ts: the workspace root the command runs in, else the first, else the env, cwd or PWD.
    const cwd = (raw.cwd as string | undefined) || undefined;
    const root = (cwd && roots.find((r) => cwd === r || cwd.startsWith(`${r.replace(/\/$/, "")}/`))) ?? roots[0];
    return { command: raw.command, projectRoot: root ?? env.CURSOR_PROJECT_DIR ?? cwd ?? env.PWD ?? "", stdout: '{"permission":"allow"}\n' };
  },
  gemini: (raw, env) => {
    if (raw.hook_event_name !== "BeforeTool" || raw.tool_name !== "run_shell_command") return undefined;
    if (!stringsOrAbsent(raw, ["cwd", "session_id"])) return undefined;
    const input = raw.tool_input;
    if (!isObject(input) || typeof input.command !== "string") return undefined;
    const cwd = (raw.cwd as string | undefined) ?? env.GEMINI_CWD ?? env.PWD ?? "";
    return { command: input.command, projectRoot: env.GEMINI_PROJECT_DIR || cwd, stdout: "" };
  },
};
