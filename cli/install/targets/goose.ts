/**
 * Goose: hooks come from Open Plugins folders (block/goose documentation/docs/guides/context-engineering/
 * hooks.md). guards install a plugin of their own, `.agents/plugins/guards/`,
 * with its manifest and `hooks/hooks.json`.
 */
import { posix } from "node:path";
import { toSlashes } from "../locations.ts";
import { GUARDS_VERSION } from "../package-info.ts";
import type { InstallTarget, ScopeDirs } from "./types.ts";

function pluginRoot({ scope, project, home }: ScopeDirs): string | undefined {
  if (scope === "project") return posix.join(toSlashes(project), ".agents", "plugins", "guards");
  if (scope === "user") return posix.join(toSlashes(home), ".agents", "plugins", "guards");
  // No managed or system location is documented.
  return undefined;
}

export const gooseTarget: InstallTarget = {
  agent: "goose",
  layout: "groups",
  configFile: (dirs) => {
    const root = pluginRoot(dirs);
    return root === undefined ? undefined : { path: posix.join(root, "hooks", "hooks.json"), owned: true };
  },
  // Goose sets PLUGIN_ROOT for hook commands; the project root is three folders up from the plugin. Goose
  // has no field per OS and runs hook commands through `cmd /C` on Windows (block/goose
  // crates/goose/src/agents/platform_extensions/developer/shell.rs): this form is for its other platforms.
  projectPath: (relative) => `"\${PLUGIN_ROOT}/../../../${relative}"`,
  windowsShell: "cmd",
  handler: (entry) => ({
    type: "command",
    command: entry.command,
    timeout: entry.timeoutSeconds,
    // A security guard that crashes or times out blocks the call instead of letting it through (PreToolUse only).
    ...(entry.failClosed && entry.event === "PreToolUse" ? { on_failure: "block" } : {}),
  }),
  companions: (dirs) => {
    const root = pluginRoot(dirs);
    if (root === undefined) return [];
    const manifest = { name: "guards", version: GUARDS_VERSION, description: "Guard hooks: dangerous commands, secrets, production clusters" };
    return [{ path: posix.join(root, "plugin.json"), text: `${JSON.stringify(manifest, null, 2)}\n` }];
  },
  skeleton: () => ({}),
  presence: { project: [".agents/plugins", ".goose"], home: [".config/goose"], binaries: ["goose"] },
  afterInstall: { project: "Goose loads plugins when a session starts: restart running sessions." },
  projectEnv: (dir) => ({ PLUGIN_ROOT: posix.join(toSlashes(dir), ".agents", "plugins", "guards") }),
};
