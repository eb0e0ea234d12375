/**
 * Amp: no command hooks, experimental in-process plugins (ampcode.com/manual, npm `@ampcode/plugin`):
 * `amp.on("tool.call", handler)` returning `{action: "allow"}` or `{action: "reject-and-continue", message}`.
 * Whether a plugin can change a call's input is not documented, so a rewrite becomes a refusal that names
 * the replacement. The shell tool's command key is `cmd` in some builds and `command` in others: both are read.
 */
import { pluginDialect } from "./plugin-shape.ts";

export const amp = pluginDialect({
  id: "amp",
  agent: "Amp",
  events: { "tool.call": "tool.before" },
  tools: { shell: ["Bash", "bash"], read: ["Read", "read_file"], edit: ["edit_file", "create_file", "Edit", "Write"] },
  commandKeys: ["cmd", "command"],
  pathKeys: ["path", "filePath", "file_path"],
  editKeys: { old: "old_str", new: "new_str", whole: "content" },
  appliesArgs: false,
  readsCopyOutsideProject: false,
});
