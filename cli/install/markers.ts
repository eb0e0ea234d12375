/**
 * How guards recognise their own entries in a shared config file: every command guards write runs a
 * hook file from a versioned guards folder (`.guards/0.1.0/git-to-gh.mjs`, `/opt/guards/0.1.0/…`).
 * Matching on that path (any version) finds entries of older installs too, so an upgrade replaces
 * them instead of adding duplicates (the pre-commit marker idea, reference/installers.md §2).
 */
import { HOOK_IDS, type HookId } from "../../shared/hook.ts";

// An agent that runs only scripts (Augment: `.sh` files) gets a wrapper in a subfolder: `<version>/augment/<id>.sh`.
const GUARDS_HOOK_PATH = /(?:^|[\s"'/\\])\.?guards[/\\]\d+\.\d+\.\d+[^/\\\s"']*[/\\](?:[a-z]+[/\\])?([a-z0-9-]+)\.(?:mjs|sh)\b/i;

/** The fields that carry a command in the agents' handler shapes (Copilot has one per shell). */
const COMMAND_FIELDS = ["command", "bash", "powershell"] as const;

/** The guards hook a handler runs, or undefined when the handler is not ours. */
export function guardsHookOf(handler: unknown): HookId | undefined {
  if (typeof handler !== "object" || handler === null) return undefined;
  for (const field of COMMAND_FIELDS) {
    const command = (handler as Record<string, unknown>)[field];
    if (typeof command !== "string") continue;
    const id = GUARDS_HOOK_PATH.exec(command)?.[1];
    if (id && (HOOK_IDS as readonly string[]).includes(id)) return id as HookId;
  }
  return undefined;
}

export function isGuardsHandler(handler: unknown): boolean {
  return guardsHookOf(handler) !== undefined;
}

/** The line every file guards generate whole carries (Cline scripts, plugins): uninstall removes only files with it. */
export const GENERATED_MARK = "guards:generated";

/** A plugin names its hooks on one line (it runs them in-process through the engine file, not by hook file). */
const DECLARED_HOOKS = /guards:hooks ([a-z0-9,-]+)/;
const ENGINE_PATH = /\.?guards[/\\]\d+\.\d+\.\d+[^/\\\s"']*[/\\]plugin\.mjs/;

/** The guards hooks a generated file runs, with the hook-file (or engine) path each is named by. */
export function generatedHooks(text: string): { hookId: HookId; path: string }[] {
  const declared = DECLARED_HOOKS.exec(text)?.[1]?.split(",");
  if (declared) {
    const engine = ENGINE_PATH.exec(text)?.[0] ?? "";
    return HOOK_IDS.filter((id) => declared.includes(id)).map((hookId) => ({ hookId, path: engine }));
  }
  const found = new Map<HookId, string>();
  for (const match of text.matchAll(new RegExp(GUARDS_HOOK_PATH.source, "gi"))) {
    if ((HOOK_IDS as readonly string[]).includes(match[1]!) && !found.has(match[1] as HookId)) found.set(match[1] as HookId, match[0].trim());
  }
  return HOOK_IDS.filter((id) => found.has(id)).map((hookId) => ({ hookId, path: found.get(hookId)! }));
}

export function generatedHookIds(text: string): HookId[] {
  return generatedHooks(text).map(({ hookId }) => hookId);
}
