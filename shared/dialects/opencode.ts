/**
 * OpenCode (and its fork Kilo Code): no command hooks, in-process plugins (opencode.ai/docs/plugins;
 * anomalyco/opencode packages/plugin/src/hooks.ts: `tool.execute.before(input {tool, sessionID, callID},
 * output {args})`, `tool.execute.after`, `event`). A thrown error blocks the call; mutating `output.args`
 * rewrites it (commands; a read of a secret is refused, see readsCopyOutsideProject). The shell tool is `bash`
 * in the V1 API and `shell` in V2.
 */
import { pluginDialect } from "./plugin-shape.ts";

export const opencode = pluginDialect({
  id: "opencode",
  agent: "OpenCode",
  events: { "tool.execute.before": "tool.before", "tool.execute.after": "tool.after", "session.idle": "agent.stop" },
  tools: { shell: ["bash", "shell"], read: ["read"], edit: ["edit", "write", "multiedit", "patch"] },
  commandKeys: ["command"],
  pathKeys: ["filePath", "path"],
  editKeys: { old: "oldString", new: "newString", whole: "content" },
  appliesArgs: true,
  // OpenCode 1.18.33 asks `external_directory` permission for a read outside the project, and `opencode run`
  // rejects it, which ends the run (real-agent suite, secret-read): the redacted copy is named in the refusal.
  readsCopyOutsideProject: false,
});
