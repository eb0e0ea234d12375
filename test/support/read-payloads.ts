/** Every dialect's read payloads (each read event and read tool), and a file put into them. */
import { readFixture } from "./process.ts";

export interface ReadPath {
  dialect: string;
  /** What the row stands for: the fixture, and the tool when it is not the fixture's own. */
  label: string;
  /** The payload reading `file`, from a session in `cwd`; `content` where the agent sends the text itself. */
  payload: (file: string, cwd: string, content: string) => unknown;
  /** The row reads the file's folder (Windsurf's pre_read_code of a directory). */
  folder?: boolean;
}

/** The fixture with every path field pointed at `file`, its folders at `cwd`, and sent content replaced by `content`. */
export function withPath(value: unknown, file: string, cwd: string, content: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withPath(item, file, cwd, content));
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (["file_path", "filePath", "path", "absolute_path", "matcher_context"].includes(key) && typeof field === "string") out[key] = file;
    // read_many_files: the file among the paths, and no include glob that would widen the read.
    else if (key === "paths" && Array.isArray(field)) out[key] = ["README.md", file];
    else if (key === "include" && Array.isArray(field)) out[key] = [];
    else if (key === "content" && typeof field === "string") out[key] = content;
    else if ((key === "cwd" || key === "working_directory" || key === "working_dir") && typeof field === "string") out[key] = cwd;
    else if ((key === "workspace_roots" || key === "workspaceRoots") && Array.isArray(field)) out[key] = [cwd];
    // Copilot may send toolArgs as a JSON string.
    else if (key === "toolArgs" && typeof field === "string") out[key] = JSON.stringify(withPath(JSON.parse(field), file, cwd, content));
    else out[key] = withPath(field, file, cwd, content);
  }
  return out;
}

const fromFixture = (dialect: string, fixture: string, change: (payload: Record<string, unknown>) => Record<string, unknown> = (p) => p): ReadPath => ({
  dialect,
  label: fixture,
  payload: (file, cwd, content) => withPath(change(readFixture(fixture) as Record<string, unknown>), file, cwd, content),
});
const withTool = (tool: string, input: Record<string, unknown>) => (payload: Record<string, unknown>) => ({ ...payload, tool_name: tool, tool_input: input });

/**
 * Every read event and read tool of every dialect that has one (their `file.read.before` subscriptions),
 * Claude's file as Copilot and Cursor run it (fixtures/readers), and the plugin engine's OpenCode and Amp.
 * Codex and Goose read through their shell only (EVERY_SHELL_DIALECT).
 */
export const EVERY_READ_PATH: ReadPath[] = [
  fromFixture("claude", "claude/PreToolUse/read-env.json"),
  fromFixture("claude", "claude/PreToolUse/read-range.json"),
  fromFixture("claude", "readers/claude/copilot/PreToolUse/read-env.json"),
  fromFixture("claude", "readers/claude/cursor/preToolUse/read-env.json"),
  fromFixture("cursor", "cursor/beforeReadFile/env.json"),
  fromFixture("cursor", "cursor/beforeTabFileRead/env.json"),
  fromFixture("cursor", "cursor/preToolUse/read-env.json"),
  fromFixture("windsurf", "windsurf/pre_read_code/file.json"),
  { ...fromFixture("windsurf", "windsurf/pre_read_code/directory.json"), folder: true },
  fromFixture("copilot", "copilot/preToolUse/view.json"),
  fromFixture("copilot", "copilot/preToolUse/view-string-args.json"),
  fromFixture("gemini", "gemini/BeforeTool/read-file.json"),
  fromFixture("gemini", "gemini/BeforeTool/read-file-relative.json"),
  fromFixture("gemini", "gemini/BeforeTool/read-many-files.json"),
  fromFixture("qwen", "qwen/PreToolUse/read-env.json"),
  fromFixture("qwen", "qwen/PreToolUse/read-many.json"),
  fromFixture("factory", "factory/PreToolUse/read-env.json"),
  fromFixture("augment", "augment/PreToolUse/read-env.json"),
  { ...fromFixture("devin", "devin/PreToolUse/ls.json", withTool("read", { file_path: "" })), label: "devin/PreToolUse read" },
  fromFixture("kiro", "kiro/PreToolUse/read-env.json"),
  { ...fromFixture("kiro", "kiro/PreToolUse/read-env.json", withTool("read", { path: "" })), label: "kiro/PreToolUse read" },
  { ...fromFixture("kiro", "kiro/preToolUse/ls.json", withTool("fs_read", { operations: [{ mode: "Line", path: "" }] })), label: "kiro/preToolUse fs_read" },
  fromFixture("cline", "cline/PreToolUse/read-env.json"),
  fromFixture("crush", "crush/PreToolUse/read-env.json"),
  fromFixture("vscode", "vscode/PreToolUse/read-file.json"),
  fromFixture("vscode", "vscode/PreToolUse/read-env.json"),
  fromFixture("opencode", "opencode/tool.execute.before/read-env.json"),
  fromFixture("amp", "amp/tool.call/read-env.json"),
  { ...fromFixture("amp", "amp/tool.call/read-env.json", (p) => ({ ...p, tool: "read_file" })), label: "amp/tool.call read_file" },
  fromFixture("universal", "universal/pre-tool-use/read.json"),
];
