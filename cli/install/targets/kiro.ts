/**
 * Kiro CLI v3: one standalone hooks file per name in `.kiro/hooks/` (kiro.dev/docs/cli/v3/hooks). guards own `.kiro/hooks/guards.json`, so the user's hook files are never edited.
 */
import { posix } from "node:path";
import { toSlashes } from "../locations.ts";
import type { InstallTarget } from "./types.ts";

export const kiroTarget: InstallTarget = {
  agent: "kiro",
  layout: "list",
  configFile: ({ scope, project, home }) => {
    if (scope === "project") return { path: posix.join(toSlashes(project), ".kiro", "hooks", "guards.json"), owned: true };
    if (scope === "user") return { path: posix.join(toSlashes(home), ".kiro", "hooks", "guards.json"), owned: true };
    // No managed or system location is documented.
    return undefined;
  },
  // Kiro runs hook commands in the workspace it was started in, where .kiro/ is.
  projectPath: (relative) => relative,
  // `bash -c` off Windows and `cmd /C` on Windows, the command handed over as one argument by Rust's
  // Command::arg (aws/amazon-q-developer-cli crates/agent/src/agent/task_executor/mod.rs and
  // crates/chat-cli/src/cli/chat/cli/hooks.rs, which Kiro CLI continues).
  windowsShell: "cmd",
  projectEntryShell: "posix+powershell+cmd",
  handler: (entry) => ({
    // Unique per hook, event and matcher (one hook may watch two tools of an event).
    name: [`guards-${entry.hookIds.join("-")}-${entry.event}`, ...(entry.matcher?.match(/[a-z_]+/gi) ?? [])].join("-"),
    trigger: entry.event,
    ...(entry.matcher === undefined ? {} : { matcher: entry.matcher }),
    action: { type: "command", command: entry.command },
    timeout: entry.timeoutSeconds,
    enabled: true,
  }),
  skeleton: () => ({ version: "v1", hooks: [] }),
  presence: { project: [".kiro"], home: [".kiro"], binaries: ["kiro-cli"] },
  afterInstall: {
    project: "Kiro CLI v3 reads .kiro/hooks/ when a session starts: restart running sessions. Kiro CLI 2.x reads hooks only from agent files: run `kiro-cli agent migrate` or upgrade.",
  },
};
