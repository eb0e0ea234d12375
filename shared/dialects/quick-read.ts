/**
 * The file reads and prompts that the hook file's front answers without loading the dialects' modules
 * (shared/quick-answer.ts): for each home dialect, the payload shapes of a read of one file, read to the
 * file's path (absolute, as the dialect makes it), the text the agent sent with it, the project root, and
 * the dialect's answer when every guard passes; and of a prompt, read to its text. Anything else is
 * undefined, and the runner reads it in full.
 * test/quick-read.test.ts checks each reading against the dialect's own (readers.ts, parse and render) on
 * every fixture and on altered payloads.
 *
 * Only the agents' own payloads to their own files: a read sent by another agent that runs the file (VS Code
 * or Copilot CLI running Claude's, Cursor running Claude's) goes to the runner, which tells the agents apart.
 */
import { isObject, type Json } from "../fields.ts";
import { absolute } from "./payload-files.ts";
import { CLAUDE_FAMILY_STRINGS, CURSOR_OR_VSCODE_MARKS, copilotToolArgs, cursorPlaces, isStringList, stringsOrAbsent, vscodeToolInput, windsurfInfo, type Env } from "./quick-reading.ts";
import { absolutePath, pathsFrom } from "./tool-event.ts";

export interface QuickRead {
  filePath: string;
  /** The file's text as the agent sent it with the event (Cursor), which the guard examines instead. */
  content?: string;
  projectRoot: string;
  /** The dialect's rendering of a pass for this event. */
  stdout: string;
}

export type QuickReadReader = (raw: Json, env: Env) => QuickRead | undefined;

export interface QuickPrompt {
  prompt: string;
  projectRoot: string;
  stdout: string;
}

export type QuickPromptReader = (raw: Json, env: Env) => QuickPrompt | undefined;

/** The one path under the first of `keys` that holds a string or a list of strings, when it is one string. */
function onePath(input: Json, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = input[key];
    if (typeof value === "string") return value;
    if (Array.isArray(value) && value.every((item) => typeof item === "string")) return undefined;
  }
  return undefined;
}


interface ReadShape {
  tools: readonly string[];
  /** The working folder when the payload has no `cwd` (the dialect's cwdOf). */
  cwdOf?: (raw: Json) => string | undefined;
  /** Whether the rest of the envelope is the agent's own (marks the dialect's detect looks for). */
  own?: (raw: Json) => boolean;
  /** The dialect's tool-input keys for the path, in its order (claude-family.ts pathsOf). */
  pathKeys: readonly string[];
  projectDirEnv?: string;
  required?: readonly string[];
  foreign?: readonly string[];
}

/** The envelope as claude-family.ts reads it: its fields of the right types, the agent's own marks, and the project. */
function claudeFamilyEnvelope(shape: Omit<ReadShape, "tools" | "pathKeys">, raw: Json, env: Env): { cwd: string; projectRoot: string } | undefined {
  if (!stringsOrAbsent(raw, CLAUDE_FAMILY_STRINGS) || shape.required?.some((key) => typeof raw[key] !== "string")) return undefined;
  if (shape.foreign?.some((key) => key in raw) || (shape.own && !shape.own(raw))) return undefined;
  const cwd = (raw.cwd as string | undefined) ?? shape.cwdOf?.(raw) ?? env.PWD ?? "";
  return { cwd, projectRoot: (shape.projectDirEnv && env[shape.projectDirEnv]) || cwd };
}

/** A PreToolUse call of a read tool, read the way claude-family.ts reads it. */
function claudeFamilyRead(shape: ReadShape): QuickReadReader {
  return (raw, env) => {
    if (raw.hook_event_name !== "PreToolUse" || typeof raw.tool_name !== "string" || !shape.tools.includes(raw.tool_name)) return undefined;
    const envelope = claudeFamilyEnvelope(shape, raw, env);
    const input = raw.tool_input;
    const path = isObject(input) ? onePath(input, shape.pathKeys) : undefined;
    if (!envelope || !path) return undefined;
    return { filePath: absolute(path, envelope.cwd), projectRoot: envelope.projectRoot, stdout: "" };
  };
}

/** A UserPromptSubmit with its prompt, read the way claude-family.ts reads it. */
function claudeFamilyPrompt(shape: Omit<ReadShape, "tools" | "pathKeys">): QuickPromptReader {
  return (raw, env) => {
    if (raw.hook_event_name !== "UserPromptSubmit" || typeof raw.prompt !== "string") return undefined;
    const envelope = claudeFamilyEnvelope(shape, raw, env);
    return envelope && { prompt: raw.prompt, projectRoot: envelope.projectRoot, stdout: "" };
  };
}

/** Claude's own payload (readers.ts fromClaude): a transcript, no timestamp, none of the other agents' marks. */
const CLAUDE_OWN = {
  projectDirEnv: "CLAUDE_PROJECT_DIR",
  required: ["transcript_path"],
  foreign: ["timestamp", "cursor_version", "workspace_roots", "generation_id", "shell_id"],
};
const claudeRead = claudeFamilyRead({ ...CLAUDE_OWN, tools: ["Read"], pathKeys: ["file_path", "notebook_path"] });

/** Devin for Terminal's `read` (devin.ts). */
const devinRead = claudeFamilyRead({ tools: ["read"], pathKeys: ["file_path", "path"], projectDirEnv: "DEVIN_PROJECT_DIR", foreign: CURSOR_OR_VSCODE_MARKS });

/** Auggie's `view` (augment.ts): `conversation_id` and `workspace_roots`, whose first is the working folder when there is no cwd. */
const augmentRead = claudeFamilyRead({
  tools: ["view"],
  pathKeys: ["path", "file_path"],
  required: ["conversation_id"],
  own: (raw) => isStringList(raw.workspace_roots) && !("cursor_version" in raw),
  cwdOf: (raw) => (raw.workspace_roots as string[])[0],
});

/** Crush's PreToolUse of `view` (crush.ts): `event` with `cwd`; CRUSH_PROJECT_DIR names the project when set. */
function crushRead(raw: Json, env: Env): QuickRead | undefined {
  if (raw.event !== "PreToolUse" || raw.tool_name !== "view" || "working_dir" in raw || !stringsOrAbsent(raw, ["cwd", "session_id"])) return undefined;
  const input = raw.tool_input;
  if (!isObject(input) || typeof input.file_path !== "string" || input.file_path === "") return undefined;
  const cwd = (raw.cwd as string | undefined) ?? env.CRUSH_CWD ?? env.PWD ?? "";
  return { filePath: absolutePath(input.file_path, cwd), projectRoot: env.CRUSH_PROJECT_DIR || cwd, stdout: "" };
}

/**
 * Windsurf's pre_read_code (windsurf.ts): the path and folders inside tool_info; hooks run in the workspace
 * root unless it says otherwise. The path may be a folder, which the check leaves to the runner.
 */
function windsurfRead(raw: Json, env: Env): QuickRead | undefined {
  const call = windsurfInfo(raw, "pre_read_code", env);
  if (!call || typeof call.info.file_path !== "string" || call.info.file_path === "") return undefined;
  return { filePath: absolute(call.info.file_path, call.cwd), projectRoot: call.projectRoot, stdout: "" };
}

/** Kiro's fs_read (v3 short name `read`; kiro.ts): its operations (or the input itself) naming one path in all. */
function kiroRead(raw: Json, env: Env): QuickRead | undefined {
  if ((raw.hook_event_name !== "PreToolUse" && raw.hook_event_name !== "preToolUse") || (raw.tool_name !== "fs_read" && raw.tool_name !== "read")) return undefined;
  if (!stringsOrAbsent(raw, ["cwd", "session_id"])) return undefined;
  const input = raw.tool_input;
  if (!isObject(input)) return undefined;
  const operations = Array.isArray(input.operations) ? input.operations.filter(isObject) : [input];
  const paths = operations.flatMap((op) => pathsFrom(op, ["path", "file_path"]) ?? []);
  if (paths.length !== 1 || paths[0] === "") return undefined;
  const cwd = (raw.cwd as string | undefined) ?? env.PWD ?? "";
  return { filePath: absolutePath(paths[0]!, cwd), projectRoot: cwd, stdout: "" };
}

const factoryRead = claudeFamilyRead({ tools: ["Read"], pathKeys: ["file_path", "path"], projectDirEnv: "FACTORY_PROJECT_DIR" });
const qwenRead = claudeFamilyRead({ tools: ["read_file"], pathKeys: ["file_path", "absolute_path", "paths"], projectDirEnv: "QWEN_PROJECT_DIR" });

/** Gemini CLI's read_file (gemini-parse.ts): one path, no `include` globs; GEMINI_PROJECT_DIR is the project. */
function geminiRead(raw: Json, env: Env): QuickRead | undefined {
  if (raw.hook_event_name !== "BeforeTool" || raw.tool_name !== "read_file" || !stringsOrAbsent(raw, ["cwd", "session_id"])) return undefined;
  const input = raw.tool_input;
  if (!isObject(input) || "include" in input) return undefined;
  const path = onePath(input, ["file_path", "absolute_path", "path", "paths"]);
  if (!path) return undefined;
  const cwd = (raw.cwd as string | undefined) ?? env.GEMINI_CWD ?? env.PWD ?? "";
  return { filePath: absolutePath(path, cwd), projectRoot: env.GEMINI_PROJECT_DIR || cwd, stdout: "" };
}

/** Cursor's beforeReadFile (cursor-parse.ts), with the file's content; its pass is an explicit allow. */
function cursorRead(raw: Json, env: Env): QuickRead | undefined {
  if (raw.hook_event_name !== "beforeReadFile" || typeof raw.file_path !== "string" || raw.file_path === "" || !stringsOrAbsent(raw, ["content"])) return undefined;
  const envelope = cursorPlaces(raw, env);
  if (!envelope) return undefined;
  const content = raw.content as string | undefined;
  return { filePath: absolute(raw.file_path, envelope.cwd), ...(content === undefined ? {} : { content }), projectRoot: envelope.projectRoot, stdout: '{"permission":"allow"}\n' };
}

/** Cursor's beforeSubmitPrompt (cursor-parse.ts), not the older shape with a `context` (cursor-legacy.ts); its pass lets the prompt go on. */
function cursorPrompt(raw: Json, env: Env): QuickPrompt | undefined {
  if (raw.hook_event_name !== "beforeSubmitPrompt" || typeof raw.prompt !== "string" || "context" in raw) return undefined;
  const envelope = cursorPlaces(raw, env);
  return envelope && { prompt: raw.prompt, projectRoot: envelope.projectRoot, stdout: '{"continue":true}\n' };
}

/**
 * VS Code's read_file (vscode.ts), as VS Code sends it to the Claude and Copilot files it runs: its envelope
 * (an ISO timestamp and tool_use_id, no permission_mode) and none of Cursor's marks; cwd is the project.
 */
function vscodeRead(raw: Json, env: Env): QuickRead | undefined {
  const call = vscodeToolInput(raw, "read_file", env);
  if (!call || typeof call.input.filePath !== "string" || call.input.filePath === "") return undefined;
  return { filePath: absolutePath(call.input.filePath, call.cwd), projectRoot: call.cwd, stdout: "" };
}

/**
 * Copilot's native camelCase view call (copilot-parse.ts), read as its bash call is (quick-own-shapes.ts):
 * no event name, `toolName` with an object `toolArgs`, none of the fields of Copilot's other events.
 */
function copilotView(raw: Json): QuickRead | undefined {
  const input = copilotToolArgs(raw, "view");
  const path = input ? onePath(input, ["path", "file_path"]) : undefined;
  if (!path) return undefined;
  const cwd = (raw.cwd as string | undefined) ?? "";
  return { filePath: absolutePath(path, cwd), projectRoot: cwd, stdout: "" };
}

/** Copilot's and VS Code's files: Copilot's own view, else VS Code's read unless Copilot CLI runs the entry (its snake_case reads go to the runner). */
const vscodeFileRead: QuickReadReader = (raw, env) => copilotView(raw) ?? (env.COPILOT_CLI === "1" ? undefined : vscodeRead(raw, env));

export const QUICK_READ_READERS: Readonly<Record<string, QuickReadReader>> = {
  // Claude's files are also run by VS Code, with its own payload.
  claude: (raw, env) => claudeRead(raw, env) ?? vscodeRead(raw, env),
  vscode: vscodeFileRead,
  copilot: vscodeFileRead,
  factory: factoryRead,
  qwen: qwenRead,
  devin: devinRead,
  augment: augmentRead,
  crush: crushRead,
  windsurf: windsurfRead,
  kiro: kiroRead,
  gemini: geminiRead,
  cursor: cursorRead,
};

/** Gemini CLI's BeforeAgent (gemini-parse.ts): the prompt, with GEMINI_PROJECT_DIR the project. */
function geminiPrompt(raw: Json, env: Env): QuickPrompt | undefined {
  if (raw.hook_event_name !== "BeforeAgent" || typeof raw.prompt !== "string" || !stringsOrAbsent(raw, ["cwd", "session_id"])) return undefined;
  const cwd = (raw.cwd as string | undefined) ?? env.GEMINI_CWD ?? env.PWD ?? "";
  return { prompt: raw.prompt, projectRoot: env.GEMINI_PROJECT_DIR || cwd, stdout: "" };
}

export const QUICK_PROMPT_READERS: Readonly<Record<string, QuickPromptReader>> = {
  claude: claudeFamilyPrompt(CLAUDE_OWN),
  factory: claudeFamilyPrompt({ projectDirEnv: "FACTORY_PROJECT_DIR" }),
  qwen: claudeFamilyPrompt({ projectDirEnv: "QWEN_PROJECT_DIR" }),
  gemini: geminiPrompt,
  cursor: cursorPrompt,
};
