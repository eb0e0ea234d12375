/**
 * The Claude Code protocol, which Codex and Qwen Code copy with their own tool names:
 * `hook_event_name` + `tool_name`/`tool_input` in, `hookSpecificOutput` / `decision:"block"` out.
 * Sources: code.claude.com/docs/en/hooks, developers.openai.com/codex/hooks, QwenLM/qwen-code docs/users/features/hooks.md.
 */
import { InputError, type Dialect, type Rendered, type Subscription } from "../dialect.ts";
import type { Decision, DialectId, EventBase, EventKind, GuardEvent, Rewrite, StopStatus } from "../event.ts";
import { optionalBoolean, optionalObject, optionalString, requireString, type Json } from "../fields.ts";

/** Which of the agent's tools play which role. */
export interface ClaudeFamilyTools {
  shell: readonly string[];
  read: readonly string[];
  edit: readonly string[];
  /** Tool-input key holding the path (Read `file_path`). */
  pathKeys: readonly string[];
  /** Tool-input key holding the command. */
  commandKey: string;
}

export interface ClaudeFamilyOptions {
  id: DialectId;
  agent: string;
  events: Readonly<Record<string, EventKind>>;
  tools: ClaudeFamilyTools;
  /** Environment variable with the project root, when the agent sets one. */
  projectDirEnv?: string;
  /** The agent enforces permissionDecision "ask" (Codex does not: it treats ask as a hook failure). */
  supportsAsk: boolean;
  /** The agent applies a PreToolUse `updatedInput` (false: a rewrite must become a deny). Default true. */
  appliesUpdatedInput?: boolean;
  /** The working directory when the payload has no `cwd` (Augment sends only `workspace_roots`). */
  cwdOf?: (raw: Json) => string | undefined;
  /** Files edited by a tool call whose input does not name them directly (Codex apply_patch). */
  editedFiles?: (toolName: string, input: Json) => string[] | undefined;
  /** The text edits of a tool call whose input is not Claude's old_string/new_string (Codex apply_patch). */
  editedText?: (toolName: string, input: Json) => { oldText: string; newText: string }[] | undefined;
  detect: (raw: Json) => boolean;
  subscriptions: Dialect["subscriptions"];
}

const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure"]);

export function claudeFamily(options: ClaudeFamilyOptions): Dialect {
  const { tools } = options;
  const roleOf = (tool: string): "shell" | "read" | "edit" | "mcp" | "tool" => {
    if (tools.shell.includes(tool)) return "shell";
    if (tools.read.includes(tool)) return "read";
    if (tools.edit.includes(tool)) return "edit";
    if (tool.startsWith("mcp__")) return "mcp";
    return "tool";
  };

  function parse(raw: Json, env: Readonly<Record<string, string | undefined>>): GuardEvent | undefined {
    const nativeEvent = requireString(raw, "hook_event_name");
    const coarse = options.events[nativeEvent];
    if (!coarse) return undefined;
    const cwd = optionalString(raw, "cwd") ?? options.cwdOf?.(raw) ?? env.PWD ?? "";
    const projectRoot = (options.projectDirEnv && env[options.projectDirEnv]) || cwd;
    const base: EventBase = {
      dialect: options.id,
      nativeEvent,
      cwd,
      projectRoot,
      workspaceRoots: [projectRoot],
      conversationId: optionalString(raw, "session_id") ?? optionalString(raw, "conversation_id"),
      generationId: optionalString(raw, "turn_id") ?? optionalString(raw, "prompt_id"),
      model: optionalString(raw, "model"),
      toolCallId: optionalString(raw, "tool_use_id") ?? optionalString(raw, "tool_call_id"),
      raw,
    };
    if (TOOL_EVENTS.has(nativeEvent)) return parseTool(raw, base, nativeEvent !== "PreToolUse", nativeEvent === "PostToolUseFailure");
    switch (coarse) {
      case "prompt.submit":
        return { ...base, kind: "prompt.submit", prompt: requireString(raw, "prompt") };
      case "agent.stop":
      case "subagent.stop":
        return {
          ...base,
          kind: coarse,
          status: nativeEvent === "StopFailure" ? "error" : stopStatus(raw),
          loopCount: 0,
          stopHookActive: optionalBoolean(raw, "stop_hook_active") ?? false,
          errorMessage: optionalString(raw, "error") ?? optionalString(raw, "error_message"),
        };
      case "session.start":
      case "session.end":
        return { ...base, kind: coarse, reason: optionalString(raw, "reason") ?? optionalString(raw, "source") };
      default:
        return { ...base, kind: coarse as "other" };
    }
  }

  function parseTool(raw: Json, base: EventBase, after: boolean, failed: boolean): GuardEvent {
    const toolName = requireString(raw, "tool_name");
    const input = optionalObject(raw, "tool_input") ?? {};
    const output = raw.tool_response ?? raw.tool_output;
    const withTool = { ...base, toolName, toolInput: input };
    // A failed call did not run or did not finish: never report it as a command run or a file edited
    // (a formatter would rewrite a file the agent failed to change). fixtures/claude/PostToolUseFailure/bash.json
    if (failed) return { ...withTool, kind: "tool.after", tool: toolName, input, output: optionalString(raw, "error"), failed: true };
    const role = roleOf(toolName);
    if (role === "shell") {
      const command = requireString(input, tools.commandKey, `tool_input.${tools.commandKey}`);
      return after
        ? { ...withTool, kind: "shell.after", command, output: typeof output === "string" ? output : undefined }
        : { ...withTool, kind: "shell.before", command, ...(toolName === "PowerShell" ? { shell: "powershell" as const } : {}) };
    }
    if (role === "read" || role === "edit") {
      const paths = options.editedFiles?.(toolName, input) ?? pathsOf(input, tools.pathKeys, toolName);
      const filePath = absolute(paths[0] ?? "", base.cwd);
      const filePaths = paths.map((p) => absolute(p, base.cwd));
      if (role === "read") {
        return after
          ? { ...withTool, kind: "file.read.after", filePath, output: typeof output === "string" ? output : undefined }
          : { ...withTool, kind: "file.read.before", filePath, filePaths, tab: false };
      }
      const edits = options.editedText?.(toolName, input) ?? editsOf(input);
      return after
        ? { ...withTool, kind: "file.edit.after", filePath, filePaths, edits, tab: false }
        : { ...withTool, kind: "file.edit.before", filePath, filePaths, edits, content: optionalString(input, "content") };
    }
    if (role === "mcp") {
      const [, server, ...rest] = toolName.split("__");
      return after
        ? { ...withTool, kind: "mcp.after", server, tool: rest.join("__"), input, output }
        : { ...withTool, kind: "mcp.before", server, tool: rest.join("__"), input };
    }
    return after
      ? { ...withTool, kind: "tool.after", tool: toolName, input, output, failed }
      : { ...withTool, kind: "tool.before", tool: toolName, input };
  }

  function render(decision: Decision, event: GuardEvent | undefined): Rendered {
    const nativeEvent = event?.nativeEvent;
    const cannotAsk = !options.supportsAsk || runsWithoutPrompts(event);
    const effective = cannotAsk && decision.action === "ask" ? askAsDeny(decision) : decision;
    if (!event) return blockByExitCode(effective);
    if (nativeEvent === "PreToolUse") return renderPreTool(effective, event);
    if (event.kind === "agent.stop" || event.kind === "subagent.stop") {
      if (effective.followup) return json({ decision: "block", reason: effective.followup });
      return effective.context ? json(hookSpecific(nativeEvent!, { additionalContext: effective.context })) : empty();
    }
    if (effective.action === "deny" || effective.action === "ask") {
      const out: Json = { decision: "block", reason: effective.agentMessage ?? effective.userMessage ?? "blocked by guards" };
      if (effective.userMessage) out.systemMessage = effective.userMessage;
      if (effective.context) Object.assign(out, hookSpecific(nativeEvent!, { additionalContext: effective.context }));
      return json(out);
    }
    if (effective.rewrite?.output !== undefined && event.kind === "file.read.after") {
      return json(hookSpecific(nativeEvent!, { updatedToolOutput: effective.rewrite.output, ...(effective.context ? { additionalContext: effective.context } : {}) }));
    }
    if (effective.context) return json(hookSpecific(nativeEvent!, { additionalContext: effective.context }));
    return empty();
  }

  function renderPreTool(decision: Decision, event: GuardEvent): Rendered {
    const specific: Json = {};
    if (decision.action === "pass" && !decision.rewrite) {
      return decision.context ? json(hookSpecific("PreToolUse", { additionalContext: decision.context })) : empty();
    }
    // A rewrite needs an explicit allow (or ask) to take effect.
    const action = decision.action === "pass" ? "allow" : decision.action;
    specific.permissionDecision = action;
    // deny: the reason goes to the model; allow/ask: to the person.
    const reason = action === "deny" ? decision.agentMessage ?? decision.userMessage : decision.userMessage ?? decision.agentMessage;
    if (reason) specific.permissionDecisionReason = reason;
    if (decision.rewrite && action !== "deny") specific.updatedInput = rewriteInput(event, decision);
    if (decision.context) specific.additionalContext = decision.context;
    const out: Json = hookSpecific("PreToolUse", specific);
    if (action === "deny" && decision.userMessage && decision.userMessage !== reason) out.systemMessage = decision.userMessage;
    return json(out);
  }

  /** PreToolUse `updatedInput` replaces a read's path or a command; PostToolUse `updatedToolOutput` a read's output. */
  function canRewrite(event: GuardEvent, field: keyof Rewrite): boolean {
    if (event.nativeEvent === "PreToolUse") {
      if (options.appliesUpdatedInput === false) return false;
      // Only a tool that reads one path from pathKeys[0] can be pointed elsewhere (Qwen read_many_files takes `paths`).
      const onePath = typeof event.toolInput?.[tools.pathKeys[0]!] === "string";
      return (field === "filePath" && event.kind === "file.read.before" && onePath) || (field === "command" && event.kind === "shell.before");
    }
    return field === "output" && event.kind === "file.read.after";
  }

  function rewriteInput(event: GuardEvent, decision: Decision): Json {
    const input: Json = { ...(event.toolInput ?? {}) };
    const rewrite = decision.rewrite!;
    if (rewrite.command !== undefined) input[tools.commandKey] = rewrite.command;
    if (rewrite.filePath !== undefined) input[tools.pathKeys[0]!] = rewrite.filePath;
    return input;
  }

  return {
    id: options.id,
    agent: options.agent,
    events: options.events,
    detect: options.detect,
    parse,
    render,
    canRewrite,
    subscriptions: options.subscriptions,
  };
}

function pathsOf(input: Json, keys: readonly string[], toolName: string): string[] {
  for (const key of keys) {
    const value = input[key];
    if (typeof value === "string") return [value];
    if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value as string[];
  }
  throw new InputError(`tool "${toolName}" input has no ${keys.map((k) => `tool_input.${k}`).join(" or ")}`);
}

function absolute(path: string, cwd: string): string {
  if (path === "" || path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || !cwd) return path;
  return `${cwd.replace(/\/$/, "")}/${path}`;
}

function editsOf(input: Json): { oldText: string; newText: string }[] {
  const one = (e: Json) => ({
    oldText: typeof e.old_string === "string" ? e.old_string : "",
    newText: typeof e.new_string === "string" ? e.new_string : typeof e.content === "string" ? e.content : "",
  });
  if (Array.isArray(input.edits)) return input.edits.filter((e): e is Json => typeof e === "object" && e !== null).map(one);
  return [one(input)];
}

function stopStatus(raw: Json): StopStatus {
  const status = raw.status;
  return status === "completed" || status === "aborted" || status === "error" ? status : "completed";
}

function hookSpecific(hookEventName: string, fields: Json): Json {
  return { hookSpecificOutput: { hookEventName, ...fields } };
}

function json(value: Json): Rendered {
  return { stdout: `${JSON.stringify(value)}\n`, stderr: "", exitCode: 0 };
}

function empty(): Rendered {
  return { stdout: "", stderr: "", exitCode: 0 };
}

/**
 * Permission modes in which the agent prompts nobody. Claude Code under `--dangerously-skip-permissions`
 * sends `bypassPermissions` and then runs a tool a hook answered with ask: in a real run the model overwrote
 * its own hook config that way (test/agents, scenario hook-config-edit). `dontAsk` runs only what is
 * pre-approved; Qwen Code sends `yolo` under `--approval-mode yolo`. A deny says plainly what an ask meant.
 */
const PROMPTLESS_MODES: readonly string[] = ["bypassPermissions", "dontAsk", "yolo"];

function runsWithoutPrompts(event: GuardEvent | undefined): boolean {
  const mode = event?.raw.permission_mode;
  return typeof mode === "string" && PROMPTLESS_MODES.includes(mode);
}

/** An ask the agent cannot enforce becomes a deny that says a person must confirm: never an allow. */
export function askAsDeny(decision: Decision): Decision {
  const note = "This needs a person's confirmation, which this agent cannot ask for; run it yourself if intended.";
  return {
    ...decision,
    action: "deny",
    userMessage: `${decision.userMessage ?? "guards"} (${note})`,
    agentMessage: `${decision.agentMessage ?? decision.userMessage ?? "guards"} ${note}`,
  };
}

/** Exit 2 with the reason on stderr: the block every Claude-shaped agent documents. */
export function blockByExitCode(decision: Decision): Rendered {
  if (decision.action !== "deny" && decision.action !== "ask") return empty();
  return { stdout: "", stderr: `${decision.agentMessage ?? decision.userMessage ?? "blocked by guards"}\n`, exitCode: 2 };
}

export type { Subscription };
