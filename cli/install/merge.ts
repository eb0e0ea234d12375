/**
 * Puts guards' handlers into a parsed config and takes them out again, touching nothing else: other
 * keys, other events, the user's own handlers and groups keep their order. Our handlers go back where
 * they were found, so a second install yields the same document.
 */
import type { JsonObject } from "./json-text.ts";
import { isGuardsHandler } from "./markers.ts";
import type { HookEntry, InstallTarget } from "./targets/types.ts";

type Layout = InstallTarget["layout"];

/** Which of our handlers a merge replaces: all of them, or those of some hooks (uninstall --hooks). */
export type Replaced = (handler: unknown) => boolean;

/** The document with `entries` in place of the handlers `replaced` selects (no entries: uninstall). */
export function withGuards(doc: JsonObject, target: InstallTarget, entries: readonly HookEntry[], replaced: Replaced = isGuardsHandler): JsonObject {
  if (target.layout === "list") return withGuardsInList(doc, target, entries, replaced);
  const result = structuredClone(doc);
  const existing = isObject(result.hooks) ? result.hooks : undefined;
  const desired = desiredItems(target, entries);
  if (!existing && desired.size === 0) return result;
  const hooks: JsonObject = existing ?? {};
  const events = new Set([...Object.keys(hooks), ...desired.keys()]);
  for (const event of events) {
    const items = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : undefined;
    const wanted = desired.get(event) ?? [];
    if (!items) {
      if (wanted.length > 0) hooks[event] = wanted;
      continue;
    }
    const { kept, firstOursAt } = removeOurs(items, target.layout, replaced);
    if (kept.length === items.length && wanted.length === 0) continue;
    kept.splice(firstOursAt ?? kept.length, 0, ...wanted);
    if (kept.length > 0) hooks[event] = kept;
    else delete hooks[event];
  }
  if (Object.keys(hooks).length > 0) result.hooks = hooks;
  else delete result.hooks;
  return result;
}

/** The document without any guards handler: what uninstall leaves. */
export function withoutGuards(doc: JsonObject, target: InstallTarget): JsonObject {
  return withGuards(doc, target, []);
}

/** Handlers of ours in a document, by event (for list and doctor). */
export function guardsHandlers(doc: JsonObject, layout: Layout): { event: string; matcher?: string; handler: JsonObject }[] {
  const found: { event: string; matcher?: string; handler: JsonObject }[] = [];
  if (layout === "files") return found;
  if (layout === "list") {
    for (const item of Array.isArray(doc.hooks) ? doc.hooks : []) {
      if (isObject(item) && isGuardsHandler(item.action)) found.push({ event: String(item.trigger), matcher: matcherOf(item), handler: item.action as JsonObject });
    }
    return found;
  }
  if (!isObject(doc.hooks)) return found;
  for (const [event, items] of Object.entries(doc.hooks)) {
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      if (layout === "flat") {
        if (isGuardsHandler(item)) found.push({ event, matcher: matcherOf(item), handler: item as JsonObject });
        continue;
      }
      if (!isObject(item) || !Array.isArray(item.hooks)) continue;
      for (const handler of item.hooks) if (isGuardsHandler(handler)) found.push({ event, matcher: matcherOf(item), handler: handler as JsonObject });
    }
  }
  return found;
}

/**
 * Drops our handlers; a group left empty by that is dropped too, a group the user added handlers to
 * keeps them. Returns where the first of ours stood among the kept items.
 */
function removeOurs(items: unknown[], layout: Layout, replaced: Replaced): { kept: unknown[]; firstOursAt?: number } {
  const kept: unknown[] = [];
  let firstOursAt: number | undefined;
  for (const item of items) {
    if (layout === "flat") {
      if (replaced(item)) firstOursAt ??= kept.length;
      else kept.push(item);
      continue;
    }
    if (!isObject(item) || !Array.isArray(item.hooks) || !item.hooks.some(replaced)) {
      kept.push(item);
      continue;
    }
    firstOursAt ??= kept.length;
    const others = item.hooks.filter((h) => !replaced(h));
    if (others.length > 0) kept.push({ ...item, hooks: others });
  }
  return { kept, firstOursAt };
}

/** Our items per native event: one group per (event, matcher) in the groups layout, one handler per entry in the flat one. */
function desiredItems(target: InstallTarget, entries: readonly HookEntry[]): Map<string, unknown[]> {
  const byEvent = new Map<string, unknown[]>();
  const groups = new Map<string, { matcher?: string; hooks: unknown[] }>();
  for (const entry of entries) {
    const items = byEvent.get(entry.event) ?? [];
    byEvent.set(entry.event, items);
    if (target.layout === "flat") {
      items.push(target.handler(entry));
      continue;
    }
    const key = `${entry.event}\u0000${entry.matcher ?? ""}`;
    let group = groups.get(key);
    if (!group) {
      group = entry.matcher === undefined ? { hooks: [] } : { matcher: entry.matcher, hooks: [] };
      groups.set(key, group);
      items.push(group);
    }
    group.hooks.push(target.handler(entry));
  }
  return byEvent;
}

/** The list layout: our items leave, the wanted ones go where the first of ours stood (else at the end). */
function withGuardsInList(doc: JsonObject, target: InstallTarget, entries: readonly HookEntry[], replaced: Replaced): JsonObject {
  const result = structuredClone(doc);
  const items = Array.isArray(result.hooks) ? result.hooks : [];
  const ours = (item: unknown) => isObject(item) && replaced(item.action);
  const firstOursAt = items.findIndex(ours);
  const kept = items.filter((item) => !ours(item));
  kept.splice(firstOursAt === -1 ? kept.length : firstOursAt, 0, ...entries.map((entry) => target.handler(entry)));
  result.hooks = kept;
  return result;
}

function matcherOf(item: unknown): string | undefined {
  return isObject(item) && typeof item.matcher === "string" ? item.matcher : undefined;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
