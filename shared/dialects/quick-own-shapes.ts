/** Quick readers of the shell calls of agents with envelopes of their own, each read as its dialect file reads it. */
import { isObject, type Json } from "../fields.ts";
import { copilotToolArgs, cursorPlaces, isStringList, stringsOrAbsent, windsurfInfo, type Env, type QuickShell } from "./quick-reading.ts";

/**
 * Copilot's native camelCase bash call (copilot-shape.ts): no event name, `toolName` with `toolArgs` and
 * none of the fields by which Copilot's other events are told apart.
 */
export function copilotBash(raw: Json): QuickShell | undefined {
  const input = copilotToolArgs(raw, "bash");
  if (!input || typeof input.command !== "string") return undefined;
  return { command: input.command, projectRoot: (raw.cwd as string | undefined) ?? "", stdout: "" };
}

/** Windsurf: the command and folders inside tool_info; hooks run in the workspace root unless it says otherwise. */
export function windsurfCommand(raw: Json, env: Env): QuickShell | undefined {
  const call = windsurfInfo(raw, "pre_run_command", env);
  if (!call || typeof call.info.command_line !== "string") return undefined;
  return { command: call.info.command_line, projectRoot: call.projectRoot, stdout: "" };
}

/** Cursor's own shell event: its pass is an explicit allow (cursor-render.ts). */
export function cursorShell(raw: Json, env: Env): QuickShell | undefined {
  if (raw.hook_event_name !== "beforeShellExecution" || typeof raw.command !== "string") return undefined;
  const places = cursorPlaces(raw, env);
  return places && { command: raw.command, projectRoot: places.projectRoot, stdout: '{"permission":"allow"}\n' };
}

export function geminiShell(raw: Json, env: Env): QuickShell | undefined {
  if (raw.hook_event_name !== "BeforeTool" || raw.tool_name !== "run_shell_command") return undefined;
  if (!stringsOrAbsent(raw, ["cwd", "session_id"])) return undefined;
  const input = raw.tool_input;
  if (!isObject(input) || typeof input.command !== "string") return undefined;
  const cwd = (raw.cwd as string | undefined) ?? env.GEMINI_CWD ?? env.PWD ?? "";
  return { command: input.command, projectRoot: env.GEMINI_PROJECT_DIR || cwd, stdout: "" };
}

/**
 * Goose's PreToolUse of `developer__shell` (goose.ts): `event`, not hook_event_name, and `working_dir`, the
 * project. BeforeShellExecution is observation only and no entry of ours runs there.
 */
export function gooseShell(raw: Json): QuickShell | undefined {
  if (raw.event !== "PreToolUse" || raw.tool_name !== "developer__shell" || "cwd" in raw) return undefined;
  if (typeof raw.working_dir !== "string" || !stringsOrAbsent(raw, ["session_id", "matcher_context"])) return undefined;
  const input = raw.tool_input;
  if (!isObject(input) || typeof input.command !== "string") return undefined;
  return { command: input.command, projectRoot: raw.working_dir, stdout: "" };
}

/** Crush's PreToolUse of `bash` (crush.ts): `event` with `cwd`; CRUSH_PROJECT_DIR names the project when set. */
export function crushBash(raw: Json, env: Env): QuickShell | undefined {
  if (raw.event !== "PreToolUse" || raw.tool_name !== "bash" || "working_dir" in raw || !stringsOrAbsent(raw, ["cwd", "session_id"])) return undefined;
  const input = raw.tool_input;
  if (!isObject(input) || typeof input.command !== "string") return undefined;
  const cwd = (raw.cwd as string | undefined) ?? env.CRUSH_CWD ?? env.PWD ?? "";
  return { command: input.command, projectRoot: env.CRUSH_PROJECT_DIR || cwd, stdout: "" };
}

/**
 * Cline's PreToolUse file (cline.ts): the extension's `preToolUse` of execute_command, or the Cline CLI's
 * `tool_call` of run_commands, whose commands the runner reads one per line. Cline reads stdout only: its
 * pass is `{"cancel":false}`.
 */
export function clineCommand(raw: Json, env: Env): QuickShell | undefined {
  if (typeof raw.taskId !== "string" || typeof raw.clineVersion !== "string" || !isStringList(raw.workspaceRoots)) return undefined;
  if (raw.model !== undefined && !isObject(raw.model)) return undefined;
  const command = raw.hookName === "PreToolUse" ? extensionCommand(raw.preToolUse) : raw.hookName === "tool_call" ? cliCommand(raw.tool_call) : undefined;
  if (command === undefined) return undefined;
  return { command, projectRoot: raw.workspaceRoots[0] ?? env.PWD ?? "", stdout: '{"cancel":false}\n' };
}

function extensionCommand(details: unknown): string | undefined {
  if (!isObject(details) || details.toolName !== "execute_command" || !isObject(details.parameters)) return undefined;
  return typeof details.parameters.command === "string" ? details.parameters.command : undefined;
}

function cliCommand(call: unknown): string | undefined {
  if (!isObject(call) || call.name !== "run_commands" || !isObject(call.input)) return undefined;
  const list = call.input.commands;
  return isStringList(list) && list.length > 0 ? list.join("\n") : undefined;
}
