/** The normalized model: every dialect parses into a GuardEvent, every hook answers a Decision. */

export const DIALECT_IDS = ["cursor", "claude", "windsurf", "copilot", "gemini", "codex", "qwen", "factory", "augment", "devin", "kiro", "cline", "goose", "crush", "vscode", "opencode", "amp", "universal"] as const;
/** A supported agent dialect; the same ids are the `--dialect` values and the installer's `--agent` values. */
export type DialectId = (typeof DIALECT_IDS)[number];

/** Normalized event kinds. Native event names live only in shared/dialects/. */
export type EventKind =
  | "shell.before"
  | "shell.after"
  | "file.read.before"
  | "file.read.after"
  | "file.edit.before"
  | "file.edit.after"
  | "mcp.before"
  | "mcp.after"
  | "tool.before"
  | "tool.after"
  | "prompt.submit"
  | "agent.stop"
  | "subagent.start"
  | "subagent.stop"
  | "session.start"
  | "session.end"
  | "compact.before"
  | "notification"
  | "agent.response"
  | "other";

/** Fields every event carries, whatever the agent. */
export interface EventBase {
  dialect: DialectId;
  /** The agent's own name for the event, for messages and logs only. */
  nativeEvent: string;
  /** Directory the action runs in (absolute). */
  cwd: string;
  /** The workspace/project root the agent reports, else cwd. */
  projectRoot: string;
  workspaceRoots: string[];
  conversationId?: string;
  generationId?: string;
  model?: string;
  /** The agent's own tool name, when the event is about a tool call. */
  toolName?: string;
  /** The agent's id of this tool call, the key that joins a decision to the agent's own telemetry. */
  toolCallId?: string;
  toolInput?: Record<string, unknown>;
  /** The payload as received. */
  raw: Record<string, unknown>;
}

/** One replacement in an edit, as the agents report them. */
export interface TextEdit {
  oldText: string;
  newText: string;
}

export interface ShellBefore extends EventBase {
  kind: "shell.before";
  command: string;
  /** The command is PowerShell, not a POSIX shell line: the agent's PowerShell tool (Claude Code and Copilot on Windows). */
  shell?: "powershell";
}
export interface ShellAfter extends EventBase { kind: "shell.after"; command: string; output?: string; exitCode?: number }
export interface FileReadBefore extends EventBase {
  kind: "file.read.before";
  /** Absolute path; may be a directory (Windsurf) or several files (Gemini read_many_files). */
  filePath: string;
  filePaths: string[];
  /** Present when the agent hands the content to the hook (Cursor). */
  content?: string;
  /** A read by an editor completion engine rather than the agent (Cursor Tab). */
  tab: boolean;
}
export interface FileReadAfter extends EventBase { kind: "file.read.after"; filePath: string; output?: string }
export interface FileEditBefore extends EventBase { kind: "file.edit.before"; filePath: string; filePaths: string[]; edits: TextEdit[]; content?: string }
export interface FileEditAfter extends EventBase {
  kind: "file.edit.after";
  /** The first edited file; `filePaths` has all of them (a patch may touch several). */
  filePath: string;
  filePaths: string[];
  edits: TextEdit[];
  tab: boolean;
}
export interface McpBefore extends EventBase { kind: "mcp.before"; server?: string; tool: string; input: unknown }
export interface McpAfter extends EventBase { kind: "mcp.after"; server?: string; tool: string; input: unknown; output?: unknown }
export interface ToolBefore extends EventBase { kind: "tool.before"; tool: string; input: Record<string, unknown> }
export interface ToolAfter extends EventBase { kind: "tool.after"; tool: string; input: Record<string, unknown>; output?: unknown; failed: boolean }
export interface PromptSubmit extends EventBase { kind: "prompt.submit"; prompt: string }

export type StopStatus = "completed" | "aborted" | "error" | "unknown";
export interface AgentStop extends EventBase {
  kind: "agent.stop" | "subagent.stop";
  status: StopStatus;
  /** How many follow-ups already ran in this chain (Cursor loop_count); 0 when unknown. */
  loopCount: number;
  /** True when the agent is already continuing because of a stop hook (Claude stop_hook_active). */
  stopHookActive: boolean;
  errorMessage?: string;
}
export interface SessionEvent extends EventBase {
  kind: "session.start" | "session.end";
  reason?: string;
  status?: StopStatus;
  durationMs?: number;
}
export interface OtherEvent extends EventBase {
  kind: "subagent.start" | "compact.before" | "notification" | "agent.response" | "other";
}

export type GuardEvent =
  | ShellBefore
  | ShellAfter
  | FileReadBefore
  | FileReadAfter
  | FileEditBefore
  | FileEditAfter
  | McpBefore
  | McpAfter
  | ToolBefore
  | ToolAfter
  | PromptSubmit
  | AgentStop
  | SessionEvent
  | OtherEvent;

/**
 * The event type for the given kinds, e.g. EventOf<"shell.before"> = ShellBefore. Events whose
 * `kind` is itself a union (SessionEvent) are narrowed to the requested member.
 */
export type EventOf<K extends EventKind> = NarrowEvent<GuardEvent, K>;
type NarrowEvent<E, K extends EventKind> = E extends { kind: infer EK }
  ? [K & EK] extends [never]
    ? never
    : E & { kind: K & EK }
  : never;

/** pass = no objection (the agent's own rules still apply); allow = explicit grant. */
export type Action = "pass" | "allow" | "deny" | "ask";

/** What a hook wants the model to see instead of the original input or output. */
export interface Rewrite {
  /** Point a read at another file (a redacted copy). */
  filePath?: string;
  /** Run this command instead. */
  command?: string;
  /** Replace a tool's output with this text (after-events). */
  output?: string;
}

/** A hook's answer. The dialect turns it into the agent's stdout, stderr and exit code. */
export interface Decision {
  action: Action;
  /** Which rule decided, e.g. `rm-root`. */
  rule?: string;
  /** Shown to the person. */
  userMessage?: string;
  /** Shown to the model. */
  agentMessage?: string;
  rewrite?: Rewrite;
  /** Stop events: ask the agent to continue with this message. */
  followup?: string;
  /** Extra context for the model (post-events, session start). */
  context?: string;
}

export const pass = (extra: Omit<Decision, "action"> = {}): Decision => ({ action: "pass", ...extra });
export const allow = (extra: Omit<Decision, "action"> = {}): Decision => ({ action: "allow", ...extra });

/** A refusal; `agentMessage` defaults to the user's message. */
export const deny = (userMessage: string, extra: Omit<Decision, "action" | "userMessage"> = {}): Decision => ({
  action: "deny",
  userMessage,
  agentMessage: extra.agentMessage ?? userMessage,
  ...extra,
});

/** A request for the person to confirm; dialects without ask turn it into a deny with the reason. */
export const ask = (userMessage: string, extra: Omit<Decision, "action" | "userMessage"> = {}): Decision => ({
  action: "ask",
  userMessage,
  agentMessage: extra.agentMessage ?? userMessage,
  ...extra,
});

const SEVERITY: Record<Action, number> = { pass: 0, allow: 1, ask: 2, deny: 3 };

/** Several hooks in one process: the most severe decision wins and messages are joined. */
export function combineDecisions(decisions: Decision[]): Decision {
  if (decisions.length === 0) return pass();
  const winner = decisions.reduce((a, b) => (SEVERITY[b.action] > SEVERITY[a.action] ? b : a));
  const same = decisions.filter((d) => d.action === winner.action);
  const join = (pick: (d: Decision) => string | undefined) => {
    const parts = same.map(pick).filter((s): s is string => Boolean(s));
    return parts.length ? [...new Set(parts)].join("\n") : undefined;
  };
  const contexts = decisions.map((d) => d.context).filter((s): s is string => Boolean(s));
  const followups = decisions.map((d) => d.followup).filter((s): s is string => Boolean(s));
  const combined: Decision = { action: winner.action };
  const rule = same.map((d) => d.rule).filter(Boolean).join(",");
  if (rule) combined.rule = rule;
  const userMessage = join((d) => d.userMessage);
  if (userMessage) combined.userMessage = userMessage;
  const agentMessage = join((d) => d.agentMessage);
  if (agentMessage) combined.agentMessage = agentMessage;
  // A rewrite only survives when the winner carries it: never rewrite input that another hook denied.
  if (winner.rewrite && winner.action !== "deny") combined.rewrite = winner.rewrite;
  if (contexts.length) combined.context = contexts.join("\n");
  if (followups.length && winner.action !== "deny") combined.followup = followups.join("\n");
  return combined;
}
