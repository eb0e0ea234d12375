/**
 * OpenCode (and Kilo Code, its fork): in-process plugins from `.opencode/plugins/` and
 * `~/.config/opencode/plugins/` (opencode.ai/docs/plugins; anomalyco/opencode packages/plugin/src/hooks.ts).
 * guards write `guards.js`, which imports the engine and blocks by throwing, rewrites by mutating `output.args`.
 */
import { engineImport, hookIdsOf, pluginHeader, pluginTarget } from "./plugin-source.ts";
import type { HookEntry, InstallTarget, ScopeDirs } from "./types.ts";

function source(dirs: ScopeDirs, path: string, entries: readonly HookEntry[]): string {
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

export const opencodeTarget: InstallTarget = pluginTarget({
  agent: "opencode",
  projectFolder: ".opencode",
  userFolder: "opencode",
  file: "guards.js",
  source,
  presence: { project: [".opencode", "opencode.json"], home: [".config/opencode"], binaries: ["opencode"] },
  afterInstall: { project: "OpenCode loads plugins when it starts: restart running sessions." },
});
