/**
 * OpenCode (and Kilo Code, its fork): in-process plugins from `.opencode/plugins/` and
 * `~/.config/opencode/plugins/` (agents-2026-11.md §15.1; anomalyco/opencode packages/plugin/src/hooks.ts).
 * guards write `guards.js`, which imports the engine and blocks by throwing, rewrites by mutating `output.args`.
 */
import { posix } from "node:path";
import { toSlashes } from "../locations.ts";
import { engineImport, hookIdsOf, pluginHeader } from "./plugin-source.ts";
import type { InstallTarget, ScopeDirs } from "./types.ts";

function pluginFile({ scope, platform, project, home, env }: ScopeDirs): string | undefined {
  if (scope === "project") return posix.join(toSlashes(project), ".opencode", "plugins", "guards.js");
  if (scope === "user" && platform !== "win32") return posix.join(toSlashes(env.XDG_CONFIG_HOME ?? posix.join(toSlashes(home), ".config")), "opencode", "plugins", "guards.js");
  // No managed location is documented (nor a Windows user folder).
  return undefined;
}

function source(dirs: ScopeDirs, path: string, entries: Parameters<NonNullable<InstallTarget["generate"]>>[1]): string {
  return [
    ...pluginHeader("OpenCode", entries),
    `import { decide } from ${JSON.stringify(engineImport(dirs, path, entries))};`,
    "",
    `const HOOKS = ${JSON.stringify(hookIdsOf(entries))};`,
    "",
    "export const GuardsPlugin = async ({ directory }) => {",
    '  const judge = (payload) => decide(HOOKS, "opencode", { ...payload, cwd: directory }, process.env);',
    "  return {",
    "    // A throw blocks the call, and an engine failure throws too: the guards fail closed.",
    '    "tool.execute.before": async (input, output) => {',
    '      const answer = await judge({ event: "tool.execute.before", tool: input.tool, args: output.args, session_id: input.sessionID });',
    "      if (answer.block) throw new Error(answer.block);",
    "      // Mutated in place: a replaced output.args is lost in some versions (anomalyco/opencode#31680).",
    "      if (answer.args) Object.assign(output.args, answer.args);",
    "    },",
    '    "tool.execute.after": async (input, output) => {',
    "      try {",
    '        const answer = await judge({ event: "tool.execute.after", tool: input.tool, args: input.args, output: output.output, session_id: input.sessionID });',
    '        if (answer.context) output.output = `${output.output ?? ""}\\n\\n${answer.context}`;',
    "      } catch (error) {",
    '        console.error(`guards: ${error instanceof Error ? error.message : String(error)}`);',
    "      }",
    "    },",
    "    event: async ({ event }) => {",
    '      if (event.type !== "session.idle") return;',
    '      await judge({ event: "session.idle", session_id: event.properties?.sessionID }).catch((error) => console.error(`guards: ${error}`));',
    "    },",
    "  };",
    "};",
    "",
  ].join("\n");
}

export const opencodeTarget: InstallTarget = {
  agent: "opencode",
  layout: "files",
  engine: true,
  configFile: (dirs) => {
    const path = pluginFile(dirs);
    return path === undefined ? undefined : { path, owned: true };
  },
  projectPath: (relative) => relative,
  generate: (dirs, entries) => {
    const path = pluginFile(dirs)!;
    return [{ path, text: source(dirs, path, entries) }];
  },
  handler: () => ({}),
  skeleton: () => ({}),
  presence: { project: [".opencode", "opencode.json"], home: [".config/opencode"], binaries: ["opencode"] },
  afterInstall: { project: "OpenCode loads plugins when it starts: restart running sessions." },
};
