/** The registrations for one agent: each hook's normalized kinds, through the dialect's subscriptions, to native events and matchers. */
import type { Dialect } from "../../shared/dialect.ts";
import type { AnyHook } from "../../shared/hook.ts";
import { entryCommand } from "./entry-command.ts";
import type { HookEntry, InstallTarget, ScopeDirs } from "./targets/types.ts";

/** Long enough for a cold start on a slow disk; short enough that a hung guard does not stall the agent for minutes. */
export const HOOK_TIMEOUT_SECONDS = 30;

export function entriesFor(target: InstallTarget, dialect: Dialect, hooks: readonly AnyHook[], dirs: ScopeDirs, version: string): HookEntry[] {
  const entries: HookEntry[] = [];
  const seen = new Set<string>();
  for (const hook of hooks) {
    for (const kind of hook.meta.events) {
      for (const subscription of dialect.subscriptions[kind as keyof Dialect["subscriptions"]] ?? []) {
        const key = `${hook.meta.id}\u0000${subscription.event}\u0000${subscription.matcher ?? ""}`;
        if (seen.has(key)) continue;
        seen.add(key);
        entries.push({
          hookId: hook.meta.id,
          event: subscription.event,
          ...(subscription.matcher === undefined ? {} : { matcher: subscription.matcher }),
          command: entryCommand(target, dirs, version, hook.meta.id),
          failClosed: hook.meta.failure === "closed",
          timeoutSeconds: HOOK_TIMEOUT_SECONDS,
        });
      }
    }
  }
  return entries;
}
