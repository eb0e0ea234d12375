/** What the OpenCode and Amp plugin files share: where the engine is imported from, and which hooks they run. */
import { posix } from "node:path";
import { pathToFileURL } from "node:url";
import { GENERATED_MARK } from "../markers.ts";
import { toSlashes } from "../locations.ts";
import { cleanNodeStartOf } from "../node-environment.ts";
import type { HookEntry, InstallTarget, ScopeDirs } from "./types.ts";

/** The hook file an entry command names (`node <path> …`): the engine sits beside it as plugin.mjs. */
function hookPath(command: string): string {
  const word = /^node ("(?:[^"\\]|\\.)*"|\S+)/.exec(cleanNodeStartOf(command).nodeCommand)?.[1];
  if (!word) throw new Error(`unexpected hook command: ${command}`);
  return word.startsWith('"') ? word.slice(1, -1).replace(/\\(.)/g, "$1") : word;
}

/**
 * The import specifier of the engine from the plugin file: relative inside a project (the checkout may
 * move), a file URL elsewhere.
 */
export function engineImport(dirs: ScopeDirs, pluginPath: string, entries: readonly HookEntry[]): string {
  const engine = posix.join(posix.dirname(hookPath(entries[0]!.command)), "plugin.mjs");
  if (dirs.scope !== "project") return pathToFileURL(engine).href;
  const relative = posix.relative(posix.dirname(pluginPath), posix.join(dirs.project.replace(/\\/g, "/"), engine));
  return relative.startsWith(".") ? relative : `./${relative}`;
}

export function hookIdsOf(entries: readonly HookEntry[]): string[] {
  return [...new Set(entries.flatMap((entry) => entry.hookIds))];
}

/** The first lines of every plugin file: the mark uninstall looks for, and the hooks it runs. */
export function pluginHeader(agent: string, entries: readonly HookEntry[]): string[] {
  return [
    `// ${GENERATED_MARK}: ${agent} plugin written by \`guards install\`; \`guards uninstall\` removes it.`,
    `// guards:hooks ${hookIdsOf(entries).join(",")}`,
    `// The guards run inside ${agent}'s own process through the engine imported below: no process starts per tool call.`,
  ];
}

/**
 * The install target of a plugin agent: one generated file, `<project>/<folder>/plugins/<file>` or
 * `$XDG_CONFIG_HOME/<agent folder>/plugins/<file>`; no managed location is documented (nor a Windows user folder).
 */
export function pluginTarget(plugin: {
  agent: InstallTarget["agent"];
  projectFolder: string;
  userFolder: string;
  file: string;
  source: (dirs: ScopeDirs, path: string, entries: readonly HookEntry[]) => string;
  presence: InstallTarget["presence"];
  afterInstall: InstallTarget["afterInstall"];
}): InstallTarget {
  const pluginFile = ({ scope, platform, project, home, env }: ScopeDirs): string | undefined => {
    if (scope === "project") return posix.join(toSlashes(project), plugin.projectFolder, "plugins", plugin.file);
    if (scope === "user" && platform !== "win32") return posix.join(toSlashes(env.XDG_CONFIG_HOME ?? posix.join(toSlashes(home), ".config")), plugin.userFolder, "plugins", plugin.file);
    return undefined;
  };
  return {
    agent: plugin.agent,
    layout: "files",
    engine: true,
    configFile: (dirs) => {
      const path = pluginFile(dirs);
      return path === undefined ? undefined : { path, owned: true };
    },
    projectPath: (relative) => relative,
    generate: (dirs, entries) => {
      const path = pluginFile(dirs)!;
      return [{ path, text: plugin.source(dirs, path, entries) }];
    },
    handler: () => ({}),
    skeleton: () => ({}),
    presence: plugin.presence,
    afterInstall: plugin.afterInstall,
  };
}
