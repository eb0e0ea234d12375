import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { hooks } from "../../hooks/index.ts";
import { inventory } from "../install/inventory.ts";
import { currentPlatform } from "../install/locations.ts";
import type { Command } from "./io.ts";

/** `guards list [--dir PROJECT] [--root PREFIX] [--json]`: the hooks, and where each is installed (agent, scope, file, events). */
export const listCommand: Command = async (io) => {
  const { values } = parseArgs({ args: io.argv, options: { dir: { type: "string" }, root: { type: "string" }, json: { type: "boolean", default: false } } });
  const found = inventory({
    project: resolve(io.cwd, values.dir ?? "."),
    env: io.env,
    platform: currentPlatform(),
    ...(values.root ? { root: resolve(io.cwd, values.root) } : {}),
    scopes: ["project", "user", "enterprise"],
  });
  if (values.json) {
    io.stdout(`${JSON.stringify(found.map(({ agent, scope, path, entries, error }) => ({ agent, scope, path, entries, ...(error ? { error } : {}) })), null, 2)}\n`);
    return 0;
  }
  io.stdout("Hooks:\n");
  for (const hook of Object.values(hooks)) io.stdout(`  ${hook.meta.id.padEnd(18)} ${hook.meta.summary}\n`);
  io.stdout("\nInstalled:\n");
  if (found.length === 0) io.stdout("  nowhere yet (guards install --agent …)\n");
  for (const file of found) {
    io.stdout(`  ${file.agent} (${file.scope}) ${file.path}\n`);
    if (file.error) io.stdout(`    unreadable: ${file.error}\n`);
    const byHook = new Map<string, string[]>();
    for (const entry of file.entries) {
      for (const id of entry.hookIds) byHook.set(id, [...(byHook.get(id) ?? []), entry.matcher ? `${entry.event}(${entry.matcher})` : entry.event]);
    }
    for (const [hookId, events] of byHook) io.stdout(`    ${hookId.padEnd(18)} ${events.join(", ")}\n`);
  }
  return 0;
};
