/**
 * The payload a guards plugin builds inside an agent that has no command hooks (OpenCode, Amp): the
 * plugin turns the agent's own hook call into `{event, tool, args, output?, cwd, session_id}` and hands it
 * to the engine in the same process. The answer is JSON for the plugin to act on: `block` (a reason to
 * throw or reject with), `args` (a patch to merge into the call's arguments), `context` (text for the model).
 */
import type { Dialect, Rendered } from "../dialect.ts";
import type { Decision, DialectId, EventBase, EventKind, GuardEvent, Rewrite } from "../event.ts";
import { optionalObject, optionalString, requireString, type Json } from "../fields.ts";
import { askAsDeny } from "./claude-family.ts";
import { rewriteAsDeny, rewritesInput } from "./fallbacks.ts";
import { empty, json, reasonFor } from "./output.ts";
import { pathsFrom, replacementEdit, textOf, toolEvent } from "./tool-event.ts";
import { roleOf, type ToolRoles } from "./tool-roles.ts";

export interface PluginShape {
  id: DialectId;
  agent: string;
  /** The plugin's event names (the agent's own hook names) → kinds. */
  events: Readonly<Record<string, EventKind>>;
  tools: ToolRoles;
  commandKeys: readonly string[];
  pathKeys: readonly string[];
  /** Old and new text of an edit, and the whole-content key of a write. */
  editKeys: { old: string; new: string; whole: string };
  /** The agent applies an argument patch before the call runs (OpenCode mutates `output.args`). */
  appliesArgs: boolean;
  /**
   * A read redirected to the redacted copy (a temporary folder outside the project) goes through without a
   * question. Else a redaction is a refusal that names the copy.
   */
  readsCopyOutsideProject: boolean;
}

export function pluginDialect(shape: PluginShape): Dialect {
  function parse(raw: Json, env: Readonly<Record<string, string | undefined>>): GuardEvent | undefined {
    const nativeEvent = requireString(raw, "event");
    const kind = shape.events[nativeEvent];
    if (!kind) return undefined;
    const cwd = optionalString(raw, "cwd") ?? env.PWD ?? "";
    const base: EventBase = { dialect: shape.id, nativeEvent, cwd, projectRoot: cwd, workspaceRoots: [cwd], conversationId: optionalString(raw, "session_id"), raw };
    if (kind === "agent.stop") return { ...base, kind, status: "completed", loopCount: 0, stopHookActive: false };
    if (kind !== "tool.before" && kind !== "tool.after") return { ...base, kind: "other" };
    const toolName = requireString(raw, "tool");
    const input = optionalObject(raw, "args") ?? {};
    const role = roleOf(toolName, shape.tools);
    const output = raw.output;
    const command = shape.commandKeys.map((key) => textOf(input, key)).find((value) => value !== undefined);
    return toolEvent(role, {
      base,
      toolName,
      input,
      after: kind === "tool.after",
      failed: false,
      output,
      ...(typeof output === "string" ? { outputText: output } : {}),
      ...(role === "shell" ? { command: command ?? requireString(input, shape.commandKeys[0]!, `args.${shape.commandKeys[0]}`) } : {}),
      ...(role === "read" || role === "edit" ? { paths: pathsFrom(input, shape.pathKeys) ?? [requireString(input, shape.pathKeys[0]!, `args.${shape.pathKeys[0]}`)] } : {}),
      ...(role === "edit" ? { edits: replacementEdit(input, shape.editKeys.old, shape.editKeys.new, shape.editKeys.whole) } : {}),
    });
  }

  function canRewrite(event: GuardEvent, field: keyof Rewrite): boolean {
    if (!shape.appliesArgs || event.kind === "tool.after") return false;
    return (field === "filePath" && event.kind === "file.read.before" && shape.readsCopyOutsideProject) || (field === "command" && event.kind === "shell.before");
  }

  function render(decision: Decision, event: GuardEvent | undefined): Rendered {
    let effective = decision.action === "ask" ? askAsDeny(decision) : decision;
    if (rewritesInput(effective) && !(event && (canRewrite(event, "filePath") || canRewrite(event, "command")))) effective = rewriteAsDeny(effective);
    if (effective.action === "deny") return json({ block: reasonFor(effective) });
    const out: Json = {};
    if (rewritesInput(effective) && event) {
      const rewrite = effective.rewrite!;
      const key = event.kind === "shell.before" ? shape.commandKeys.find((k) => k in (event.toolInput ?? {})) ?? shape.commandKeys[0]! : shape.pathKeys.find((k) => k in (event.toolInput ?? {})) ?? shape.pathKeys[0]!;
      out.args = { [key]: event.kind === "shell.before" ? rewrite.command : rewrite.filePath };
    }
    if (effective.context) out.context = effective.context;
    return Object.keys(out).length > 0 ? json(out) : empty();
  }

  return {
    id: shape.id,
    agent: shape.agent,
    events: shape.events,
    // Only the installed plugin sends this payload, always with its dialect named.
    detect: () => false,
    parse,
    render,
    canRewrite,
    subscriptions: {
      "shell.before": [{ event: Object.keys(shape.events).find((e) => shape.events[e] === "tool.before")! }],
      "file.read.before": [{ event: Object.keys(shape.events).find((e) => shape.events[e] === "tool.before")! }],
      "file.edit.before": [{ event: Object.keys(shape.events).find((e) => shape.events[e] === "tool.before")! }],
      ...(Object.values(shape.events).includes("tool.after") ? { "file.edit.after": [{ event: Object.keys(shape.events).find((e) => shape.events[e] === "tool.after")! }] } : {}),
      ...(Object.values(shape.events).includes("agent.stop") ? { "agent.stop": [{ event: Object.keys(shape.events).find((e) => shape.events[e] === "agent.stop")! }] } : {}),
    },
  };
}
