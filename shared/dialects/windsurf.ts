/**
 * Windsurf Cascade (now Devin Desktop): the 12-event page docs.windsurf.com/windsurf/cascade/hooks
 * (now docs.devin.ai/desktop/cascade/hooks) (pre_user_prompt, post_cascade_response, … in tool_info).
 * Snake_case `agent_action_name`, details in `tool_info`; answers are exit codes only.
 */
import type { Dialect, Rendered } from "../dialect.ts";
import type { Decision, EventBase, EventKind, GuardEvent } from "../event.ts";
import { optionalObject, optionalString, requireString, type Json } from "../fields.ts";
import { askAsDeny } from "./claude-family.ts";
import { absolute, editsOf } from "./payload-files.ts";
import { rewriteAsDeny, rewritesInput } from "./fallbacks.ts";

export const WINDSURF_EVENTS: Readonly<Record<string, EventKind>> = {
  pre_read_code: "file.read.before",
  post_read_code: "file.read.after",
  pre_write_code: "file.edit.before",
  post_write_code: "file.edit.after",
  pre_run_command: "shell.before",
  post_run_command: "shell.after",
  pre_mcp_tool_use: "mcp.before",
  post_mcp_tool_use: "mcp.after",
  pre_user_prompt: "prompt.submit",
  // Windsurf has no stop or session-end event. post_cascade_response fires once per finished response,
  // i.e. when the agent loop hands back to the person, which is what a stop is elsewhere; the
  // transcript variant fires at the same moment, so only one of the two is a stop (no double count).
  post_cascade_response: "agent.stop",
  post_cascade_response_with_transcript: "agent.response",
  post_setup_worktree: "other",
};

type Env = Readonly<Record<string, string | undefined>>;

function parse(raw: Json, env: Env): GuardEvent | undefined {
  const nativeEvent = requireString(raw, "agent_action_name");
  const kind = WINDSURF_EVENTS[nativeEvent];
  if (!kind) return undefined;
  const info = optionalObject(raw, "tool_info") ?? {};
  const field = (key: string) => optionalString(info, key, `tool_info.${key}`);
  const required = (key: string) => requireString(info, key, `tool_info.${key}`);
  // Hooks run in the workspace root unless working_directory says otherwise (windsurf-cascade-hooks.md).
  const root = field("root_workspace_path") ?? env.ROOT_WORKSPACE_PATH ?? env.PWD ?? "";
  const cwd = field("cwd") ?? field("worktree_path") ?? root;
  const base: EventBase = {
    dialect: "windsurf",
    nativeEvent,
    cwd,
    projectRoot: root || cwd,
    workspaceRoots: [root || cwd],
    conversationId: optionalString(raw, "trajectory_id"),
    generationId: optionalString(raw, "execution_id"),
    // Not in the docs' examples, but sent by current builds next to the envelope.
    model: optionalString(raw, "model_name"),
    raw,
  };
  switch (kind) {
    case "shell.before":
      return { ...base, kind, command: required("command_line") };
    case "shell.after":
      return { ...base, kind, command: required("command_line") };
    case "file.read.before": {
      // May be a directory when Cascade reads one recursively.
      const filePath = absolute(required("file_path"), cwd);
      return { ...base, kind, filePath, filePaths: [filePath], tab: false };
    }
    case "file.read.after":
      return { ...base, kind, filePath: absolute(required("file_path"), cwd) };
    case "file.edit.before":
    case "file.edit.after": {
      const filePath = absolute(required("file_path"), cwd);
      const edits = editsOf(info, "tool_info.edits");
      return kind === "file.edit.before"
        ? { ...base, kind, filePath, filePaths: [filePath], edits }
        : { ...base, kind, filePath, filePaths: [filePath], edits, tab: false };
    }
    case "mcp.before":
    case "mcp.after": {
      const tool = required("mcp_tool_name");
      const input = optionalObject(info, "mcp_tool_arguments", "tool_info.mcp_tool_arguments") ?? {};
      const mcp = { ...base, toolName: tool, toolInput: input, server: field("mcp_server_name"), tool, input };
      return kind === "mcp.before" ? { ...mcp, kind } : { ...mcp, kind, output: info.mcp_result };
    }
    case "prompt.submit":
      return { ...base, kind, prompt: required("user_prompt") };
    case "agent.stop":
      // Nothing in the payload says how the response ended.
      field("response");
      return { ...base, kind, status: "unknown", loopCount: 0, stopHookActive: false };
    default:
      return { ...base, kind: kind as "other" };
  }
}

/**
 * Exit 2 blocks a pre-hook and shows stderr to the agent; every other answer is exit 0 and silent.
 * There is no ask and no input rewrite: both become a block that says why, never an allow.
 */
function render(original: Decision, _event: GuardEvent | undefined): Rendered {
  let decision = original.action === "ask" ? askAsDeny(original) : original;
  if (rewritesInput(decision)) decision = rewriteAsDeny(decision);
  if (decision.action !== "deny") return { stdout: "", stderr: "", exitCode: 0 };
  return { stdout: "", stderr: `${decision.agentMessage ?? decision.userMessage ?? "blocked by guards"}\n`, exitCode: 2 };
}

export const windsurf: Dialect = {
  id: "windsurf",
  agent: "Windsurf",
  events: WINDSURF_EVENTS,
  detect: (raw) => typeof raw.agent_action_name === "string",
  parse,
  render,
  // No stdout protocol at all: nothing can be rewritten, so hooks deny instead.
  canRewrite: () => false,
  subscriptions: {
    "shell.before": [{ event: "pre_run_command" }],
    "file.read.before": [{ event: "pre_read_code" }],
    "file.edit.before": [{ event: "pre_write_code" }],
    "file.edit.after": [{ event: "post_write_code" }],
    "prompt.submit": [{ event: "pre_user_prompt" }],
    "mcp.before": [{ event: "pre_mcp_tool_use" }],
    "agent.stop": [{ event: "post_cascade_response" }],
  },
};
