/**
 * How guards recognise their own entries in a shared config file: every command guards write runs a file
 * from a versioned guards folder (`.guards/0.1.0/guards.cjs --hooks a,b`, `/opt/guards/0.1.0/…`). Matching
 * on that path (any version) finds entries of older installs too, so an upgrade replaces them instead of
 * adding duplicates (as pre-commit marks the hook scripts it writes). Earlier installs wrote one
 * entry per hook (`.guards/0.1.0/git-to-gh.mjs`): those are recognised too, and an install replaces them.
 */
import { HOOK_IDS, type HookId } from "../../shared/hook.ts";

const VERSIONED = String.raw`(?:^|[\s"'/\\])\.?guards[/\\]\d+\.\d+\.\d+[^/\\\s"']*[/\\]`;
/** `guards.cjs … --hooks a,b`; `guards.mjs` in installs before the file became CommonJS. */
const GUARDS_FILE_COMMAND = new RegExp(String.raw`${VERSIONED}guards\.[cm]js\b[^\n]*?\s--hooks[= ]([a-z0-9,-]+)`, "i");
/**
 * An agent that runs only scripts (Augment: `.sh` files) gets a wrapper in a subfolder, named after its
 * hooks: `<version>/augment/<a>+<b>.sh`. One hook per file in the earlier layout: `<version>/<id>.mjs`.
 */
const NAMED_FILE = new RegExp(String.raw`${VERSIONED}(?:[a-z]+[/\\])?([a-z0-9+-]+)\.(?:mjs|sh)\b`, "i");

/** The fields that carry a command in the agents' handler shapes (Copilot has one per shell, Codex one for Windows). */
const COMMAND_FIELDS = ["command", "bash", "powershell", "commandWindows"] as const;

/** The guards hooks a command runs, in registry order: none when it is not ours. */
export function hooksInCommand(command: string): HookId[] {
  const list = GUARDS_FILE_COMMAND.exec(command)?.[1]?.split(",") ?? NAMED_FILE.exec(command)?.[1]?.split("+") ?? [];
  return HOOK_IDS.filter((id) => list.includes(id));
}

/** The guards hooks a handler runs, or none when the handler is not ours. */
export function guardsHooksOf(handler: unknown): HookId[] {
  if (typeof handler !== "object" || handler === null) return [];
  for (const field of COMMAND_FIELDS) {
    const command = (handler as Record<string, unknown>)[field];
    if (typeof command !== "string") continue;
    const ids = hooksInCommand(command);
    if (ids.length > 0) return ids;
  }
  return [];
}

export function isGuardsHandler(handler: unknown): boolean {
  return guardsHooksOf(handler).length > 0;
}

/** The line every file guards generate whole carries (Cline scripts, plugins): uninstall removes only files with it. */
export const GENERATED_MARK = "guards:generated";

/** A plugin names its hooks on one line (it runs them in-process through the engine file, not by a command). */
const DECLARED_HOOKS = /guards:hooks ([a-z0-9,-]+)/;
const ENGINE_PATH = /\.?guards[/\\]\d+\.\d+\.\d+[^/\\\s"']*[/\\]plugin\.mjs/;

/** The guards commands a generated file runs: the hooks of each, with the command's guards (or engine) path. */
export function generatedHooks(text: string): { hookIds: HookId[]; path: string }[] {
  const declared = DECLARED_HOOKS.exec(text)?.[1]?.split(",");
  if (declared) return [{ hookIds: HOOK_IDS.filter((id) => declared.includes(id)), path: ENGINE_PATH.exec(text)?.[0] ?? "" }];
  const found: { hookIds: HookId[]; path: string }[] = [];
  for (const line of text.split("\n")) {
    const hookIds = hooksInCommand(line);
    const path = (GUARDS_FILE_COMMAND.exec(line) ?? NAMED_FILE.exec(line))?.[0]?.trim();
    if (hookIds.length > 0 && path) found.push({ hookIds, path: path.replace(/\s--hooks[= ].*$/, "") });
  }
  return found;
}

export function generatedHookIds(text: string): HookId[] {
  const ids = new Set(generatedHooks(text).flatMap(({ hookIds }) => hookIds));
  return HOOK_IDS.filter((id) => ids.has(id));
}
