/**
 * Crush (charmbracelet/crush docs/hooks/README.md): `{event, session_id, cwd,
 * tool_name, tool_input}` on stdin, CRUSH_* in the environment. Two events, PreToolUse and PreCompact.
 * Exit 2 denies with stderr as the reason; JSON `{decision, reason, context, updated_input}` on exit 0;
 * `updated_input` is shallow-merged into the tool's input. No ask. Exit 49 (or `halt`) ends the user's
 * whole turn: guards never answer with it, whatever a hook decides.
 */
import type { Dialect, Rendered } from "../dialect.ts";
import type { Decision, EventBase, EventKind, GuardEvent, Rewrite } from "../event.ts";
import { optionalObject, optionalString, requireString, type Json } from "../fields.ts";
import { askAsDeny } from "./claude-family.ts";
import { rewriteAsDeny, rewritesInput } from "./fallbacks.ts";
import { empty, exitBlock, json } from "./output.ts";
import { pathsFrom, toolEvent } from "./tool-event.ts";
import { roleOf, type ToolRoles } from "./tool-roles.ts";

export const CRUSH_EVENTS: Readonly<Record<string, EventKind>> = {
  PreToolUse: "tool.before",
  PreCompact: "compact.before",
};

const TOOLS: ToolRoles = { shell: ["bash"], read: ["view"], edit: ["edit", "multiedit", "write"], mcpPrefix: "mcp_" };

/** "Event names are case insensitive and snake-caseable" (docs/hooks/README.md): pre_tool_use is PreToolUse. */
function canonicalEvent(name: string): string | undefined {
  const folded = name.replace(/_/g, "").toLowerCase();
  return Object.keys(CRUSH_EVENTS).find((event) => event.toLowerCase() === folded);
}

function parse(raw: Json, env: Readonly<Record<string, string | undefined>>): GuardEvent | undefined {
  const nativeEvent = canonicalEvent(requireString(raw, "event"));
  if (!nativeEvent) return undefined;
  const cwd = optionalString(raw, "cwd") ?? env.CRUSH_CWD ?? env.PWD ?? "";
  const projectRoot = env.CRUSH_PROJECT_DIR || cwd;
  const base: EventBase = {
    dialect: "crush",
    nativeEvent,
    cwd,
    projectRoot,
    workspaceRoots: [projectRoot],
    conversationId: optionalString(raw, "session_id"),
    raw,
  };
  if (nativeEvent === "PreCompact") return { ...base, kind: "compact.before" };
  const toolName = requireString(raw, "tool_name");
  const input = optionalObject(raw, "tool_input") ?? {};
  const role = roleOf(toolName, TOOLS);
  const [server, ...rest] = role === "mcp" ? toolName.slice(TOOLS.mcpPrefix!.length).split("_") : [];
  return toolEvent(role, {
    base,
    toolName,
    input,
    after: false,
    failed: false,
    ...(role === "shell" ? { command: requireString(input, "command", "tool_input.command") } : {}),
    ...(role === "read" || role === "edit" ? { paths: pathsFrom(input, ["file_path"]) ?? [requireString(input, "file_path", "tool_input.file_path")] } : {}),
    ...(role === "mcp" ? { server, tool: rest.join("_") } : {}),
  });
}

function render(decision: Decision, event: GuardEvent | undefined): Rendered {
  const effective = decision.action === "ask" ? askAsDeny(decision) : decision;
  if (effective.action === "deny") return exitBlock(effective);
  const out: Json = {};
  if (rewritesInput(effective)) {
    const patch = event && inputPatch(effective.rewrite!, event);
    if (!patch) return exitBlock(rewriteAsDeny(effective));
    // A rewrite alone vouches for nothing: without "decision" the call still meets Crush's permission prompt.
    out.updated_input = patch;
  }
  if (effective.action === "allow") out.decision = "allow";
  if (effective.context) out.context = effective.context;
  return Object.keys(out).length > 0 ? json(out) : empty();
}

function inputPatch(rewrite: Rewrite, event: GuardEvent): Json | undefined {
  if (rewrite.filePath !== undefined && canRewrite(event, "filePath")) return { file_path: rewrite.filePath };
  if (rewrite.command !== undefined && canRewrite(event, "command")) return { command: rewrite.command };
  return undefined;
}

/** `updated_input` is merged into the arguments of the call about to run: a read can be pointed at a redacted copy, a command replaced. */
function canRewrite(event: GuardEvent, field: keyof Rewrite): boolean {
  if (event.nativeEvent !== "PreToolUse") return false;
  return (field === "filePath" && event.kind === "file.read.before") || (field === "command" && event.kind === "shell.before");
}

export const crush: Dialect = {
  id: "crush",
  agent: "Crush",
  events: CRUSH_EVENTS,
  // `event` (not hook_event_name) with `cwd`: Goose sends `event` with `working_dir` instead.
  detect: (raw) => typeof raw.event === "string" && canonicalEvent(raw.event) !== undefined && "cwd" in raw && !("working_dir" in raw),
  parse,
  render,
  canRewrite,
  subscriptions: {
    "shell.before": [{ event: "PreToolUse", matcher: "^bash$" }],
    "file.read.before": [{ event: "PreToolUse", matcher: "^view$" }],
    "file.edit.before": [{ event: "PreToolUse", matcher: "^(edit|multiedit|write)$" }],
  },
};
