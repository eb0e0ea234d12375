/** What a quick shell reader returns (shared/dialects/quick-shell.ts), and the field checks the readers share. */
import { isObject, type Json } from "../fields.ts";

export type Env = Readonly<Record<string, string | undefined>>;

export interface QuickShell {
  command: string;
  projectRoot: string;
  /** The folder the command runs in, where the reader knows it as the dialect does (the front judges deletes only then). */
  cwd?: string;
  /** The dialect's rendering of a pass for this event. */
  stdout: string;
}

export type QuickShellReader = (raw: Json, env: Env) => QuickShell | undefined;

/** Each key absent or a string: the dialects read these with optionalString, which throws on any other type. */
export const stringsOrAbsent = (raw: Json, keys: readonly string[]) => keys.every((key) => raw[key] === undefined || typeof raw[key] === "string");

export const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");

/** Envelope fields the Claude-family parser reads as optional strings: anything else there is an input error. */
export const CLAUDE_FAMILY_STRINGS = ["cwd", "session_id", "conversation_id", "turn_id", "prompt_id", "model", "tool_use_id", "tool_call_id"];

/** The marks of Cursor and VS Code, which run Claude's files with payloads of their own (readers.ts). */
export const CURSOR_OR_VSCODE_MARKS = ["timestamp", "cursor_version", "workspace_roots", "generation_id"];

/**
 * Cursor's envelope (cursor-parse.ts cursorBase): its fields of the right types, the working folder, and the
 * workspace root the event runs in, else the first, else the env, cwd or PWD.
 */
export function cursorPlaces(raw: Json, env: Env): { cwd: string; projectRoot: string } | undefined {
  if (!stringsOrAbsent(raw, ["cwd", "conversation_id", "session_id", "generation_id", "model", "tool_use_id", "tool_call_id"])) return undefined;
  const roots = raw.workspace_roots ?? [];
  if (!isStringList(roots)) return undefined;
  const cwdField = (raw.cwd as string | undefined) || undefined;
  const root = (cwdField && roots.find((r) => cwdField === r || cwdField.startsWith(`${r.replace(/\/$/, "")}/`))) ?? roots[0];
  const projectRoot = root ?? env.CURSOR_PROJECT_DIR ?? cwdField ?? env.PWD ?? "";
  return { cwd: cwdField ?? projectRoot, projectRoot };
}

/** Copilot's native camelCase call of `toolName` (copilot-shape.ts): its object toolArgs, with none of the fields of Copilot's other events. */
export function copilotToolArgs(raw: Json, toolName: string): Json | undefined {
  if (raw.toolName !== toolName || ["hookEventName", "hook_event_name", "notification_type", "toolResult", "error", "toolInput"].some((key) => key in raw)) return undefined;
  const input = raw.toolArgs;
  return isObject(input) && stringsOrAbsent(raw, ["cwd", "sessionId"]) ? input : undefined;
}

/**
 * VS Code's PreToolUse of `toolName`, as VS Code sends it to the Claude and Copilot files it runs
 * (readers.ts): an ISO timestamp and tool_use_id, no permission_mode, none of Cursor's marks. Its input,
 * and cwd, which is the project.
 */
export function vscodeToolInput(raw: Json, toolName: string, env: Env): { input: Json; cwd: string } | undefined {
  if (raw.hook_event_name !== "PreToolUse" || raw.tool_name !== toolName || typeof raw.timestamp !== "string" || !("tool_use_id" in raw)) return undefined;
  if (["permission_mode", "cursor_version", "workspace_roots", "generation_id"].some((key) => key in raw) || !stringsOrAbsent(raw, ["cwd", "session_id", "model"])) return undefined;
  const input = raw.tool_input;
  return isObject(input) ? { input, cwd: (raw.cwd as string | undefined) || env.PWD || "" } : undefined;
}

/** Windsurf's `action` (windsurf.ts): tool_info and its folders; hooks run in the workspace root unless it says otherwise. */
export function windsurfInfo(raw: Json, action: string, env: Env): { info: Json; cwd: string; projectRoot: string } | undefined {
  if (raw.agent_action_name !== action || !stringsOrAbsent(raw, ["trajectory_id", "execution_id", "model_name"])) return undefined;
  const info = raw.tool_info;
  if (!isObject(info) || !stringsOrAbsent(info, ["root_workspace_path", "cwd", "worktree_path"])) return undefined;
  const root = (info.root_workspace_path as string | undefined) ?? env.ROOT_WORKSPACE_PATH ?? env.PWD ?? "";
  const cwd = (info.cwd as string | undefined) ?? (info.worktree_path as string | undefined) ?? root;
  return { info, cwd, projectRoot: root || cwd };
}
