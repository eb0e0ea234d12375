/**
 * Quick readers of the Claude-shaped shell calls (claude-family.ts): `hook_event_name` PreToolUse, a shell
 * tool and `tool_input.command`, each agent with its own tool names, marks and project folder.
 */
import { isObject, type Json } from "../fields.ts";
import { CLAUDE_FAMILY_STRINGS, CURSOR_OR_VSCODE_MARKS, isStringList, stringsOrAbsent, vscodeToolInput, type Env, type QuickShell, type QuickShellReader } from "./quick-reading.ts";


interface ShellShape {
  tools: readonly string[];
  projectDirEnv?: string;
  /** Fields that must be present as strings. */
  required?: readonly string[];
  /** Fields whose presence means another agent sent the payload (its reader, not this one, answers). */
  foreign?: readonly string[];
  /** Fields of tool_input that the agent always sends with its shell call. */
  inputRequired?: readonly string[];
  /** The working folder when the payload has no `cwd` (the dialect's cwdOf). */
  cwdOf?: (raw: Json) => string | undefined;
  /** Whether the rest of the envelope is the agent's own (marks the dialect's detect looks for). */
  own?: (raw: Json) => boolean;
}

/** A PreToolUse call of a shell tool with `tool_input.command`, read the way claude-family.ts reads it. */
export function claudeFamilyShell(shape: ShellShape): QuickShellReader {
  return (raw, env) => {
    if (raw.hook_event_name !== "PreToolUse" || typeof raw.tool_name !== "string" || !shape.tools.includes(raw.tool_name)) return undefined;
    if (!stringsOrAbsent(raw, CLAUDE_FAMILY_STRINGS) || shape.required?.some((key) => typeof raw[key] !== "string")) return undefined;
    if (shape.foreign?.some((key) => key in raw) || (shape.own && !shape.own(raw))) return undefined;
    const input = raw.tool_input;
    if (!isObject(input) || typeof input.command !== "string" || shape.inputRequired?.some((key) => !(key in input))) return undefined;
    const cwd = (raw.cwd as string | undefined) ?? shape.cwdOf?.(raw) ?? env.PWD ?? "";
    return { command: input.command, projectRoot: (shape.projectDirEnv && env[shape.projectDirEnv]) || cwd, cwd, stdout: "" };
  };
}

/**
 * VS Code's terminal tool, as VS Code sends it to the Claude and Copilot files it runs (readers.ts): its
 * envelope (an ISO timestamp and tool_use_id, no permission_mode) and none of Cursor's marks.
 */
export function vscodeTerminal(raw: Json, env: Env): QuickShell | undefined {
  const call = vscodeToolInput(raw, "run_in_terminal", env);
  if (!call || typeof call.input.command !== "string") return undefined;
  return { command: call.input.command, projectRoot: call.cwd, stdout: "" };
}

/** Claude's own payload: a transcript and none of the marks by which the other agents that run Claude's files are told apart. */
export const claudeOwn = claudeFamilyShell({
  // Not PowerShell: its words are not sh's (quick-shell.ts).
  tools: ["Bash"],
  projectDirEnv: "CLAUDE_PROJECT_DIR",
  required: ["transcript_path"],
  foreign: CURSOR_OR_VSCODE_MARKS,
});

/**
 * Devin for Terminal's `exec` call (devin.ts): `tool_input.shell_id` is its mark, also where it runs Claude's
 * files (readers.ts picks Devin by it before Claude). Its pass is Claude's: exit 0, no output.
 */
export const devinExec = claudeFamilyShell({ tools: ["exec"], projectDirEnv: "DEVIN_PROJECT_DIR", inputRequired: ["shell_id"], foreign: CURSOR_OR_VSCODE_MARKS });

/**
 * Copilot CLI's snake_case call under a PascalCase key (copilot-snake.ts): Claude's tool name, an ISO
 * timestamp and none of Claude's or VS Code's own fields. It runs Claude's settings files always, and
 * Copilot's own files written with Claude's event names. `Bash` also carries its powershell tool's
 * commands: the inert words hold no PowerShell drive (hooks/inert-commands.ts).
 */
export const copilotSnakeBash = claudeFamilyShell({
  tools: ["Bash"],
  projectDirEnv: "COPILOT_PROJECT_DIR",
  required: ["timestamp"],
  foreign: ["transcript_path", "tool_use_id", "permission_mode", "cursor_version", "workspace_roots", "generation_id"],
});

/** Auggie's `launch-process` (augment.ts): `conversation_id` and `workspace_roots`, whose first is the working folder when there is no cwd. */
export const augmentProcess = claudeFamilyShell({
  tools: ["launch-process"],
  required: ["conversation_id"],
  own: (raw) => isStringList(raw.workspace_roots) && !("cursor_version" in raw),
  cwdOf: (raw) => (raw.workspace_roots as string[])[0],
});

export const codexShell = claudeFamilyShell({ tools: ["Bash", "shell", "exec_command", "local_shell"] });
export const factoryExecute = claudeFamilyShell({ tools: ["Execute"], projectDirEnv: "FACTORY_PROJECT_DIR" });
export const qwenShell = claudeFamilyShell({ tools: ["run_shell_command"], projectDirEnv: "QWEN_PROJECT_DIR" });

/**
 * Kiro CLI's `execute_bash` (v3 short name `shell`), PreToolUse in v3 files and preToolUse in v2 agent files
 * (kiro.ts). Its envelope always has cwd; the project is that folder. Kiro IDE sends an empty tool_input:
 * no command, so the runner reads it.
 */
export function kiroShell(raw: Json): QuickShell | undefined {
  if ((raw.hook_event_name !== "PreToolUse" && raw.hook_event_name !== "preToolUse") || (raw.tool_name !== "execute_bash" && raw.tool_name !== "shell")) return undefined;
  if (typeof raw.cwd !== "string" || !stringsOrAbsent(raw, ["session_id"])) return undefined;
  const input = raw.tool_input;
  if (!isObject(input) || typeof input.command !== "string") return undefined;
  return { command: input.command, projectRoot: raw.cwd, stdout: "" };
}
