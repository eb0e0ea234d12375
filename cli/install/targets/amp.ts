/**
 * Amp: experimental in-process plugins from `.amp/plugins/` and `~/.config/amp/plugins/` (ampcode.com/manual,
 * npm `@ampcode/plugin`: `amp.on("tool.call", …)` answering `{action: "reject-and-continue", message}`).
 * guards write `guards.ts`; the event's field names are read under each spelling seen.
 */
import { engineImport, hookIdsOf, pluginHeader, pluginTarget } from "./plugin-source.ts";
import type { HookEntry, InstallTarget, ScopeDirs } from "./types.ts";

function source(dirs: ScopeDirs, path: string, entries: readonly HookEntry[]): string {
  return [
    ...pluginHeader("Amp", entries),
    `import { decide } from ${JSON.stringify(engineImport(dirs, path, entries))};`,
    "",
    `const HOOKS = ${JSON.stringify(hookIdsOf(entries))};`,
    "",
    "export default function (amp) {",
    '  amp.on("tool.call", async (event, ctx) => {',
    "    try {",
    "      const answer = await decide(",
    "        HOOKS,",
    '        "amp",',
    '        { event: "tool.call", tool: event.tool ?? event.name, args: event.input ?? event.args ?? {}, cwd: ctx?.cwd ?? process.cwd(), session_id: ctx?.thread?.id },',
    "        process.env,",
    "      );",
    '      if (answer.block) return { action: "reject-and-continue", message: answer.block };',
    "    } catch (error) {",
    "      // The guards fail closed: an engine failure refuses the call with the reason.",
    '      return { action: "reject-and-continue", message: `guards: ${error instanceof Error ? error.message : String(error)}; refused to be safe` };',
    "    }",
    "    // No objection is no answer: an explicit allow would skip Amp's own permission rules.",
    "    return undefined;",
    "  });",
    "}",
    "",
  ].join("\n");
}

export const ampTarget: InstallTarget = pluginTarget({
  agent: "amp",
  projectFolder: ".amp",
  userFolder: "amp",
  file: "guards.ts",
  source,
  presence: { project: [".amp"], home: [".config/amp"], binaries: ["amp"] },
  afterInstall: { project: "Amp loads plugins when it starts (plugins are experimental: start Amp with PLUGINS=all if your version needs it)." },
});
