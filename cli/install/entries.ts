/**
 * The registrations for one agent: each hook's normalized kinds, through the dialect's subscriptions, to
 * native events and matchers. The hooks of one event and matcher share one entry: one process per action.
 */
import type { Dialect } from "../../shared/dialect.ts";
import type { AnyHook, HookId } from "../../shared/hook.ts";
import { entryCommand, entryLaunch, windowsEntryCommand } from "./entry-command.ts";
import type { HookEntry, InstallTarget, ScopeDirs } from "./targets/types.ts";

/** Long enough for a cold start on a slow disk; short enough that a hung guard does not stall the agent for minutes. */
export const HOOK_TIMEOUT_SECONDS = 30;

export function entriesFor(target: InstallTarget, dialect: Dialect, hooks: readonly AnyHook[], dirs: ScopeDirs, version: string): HookEntry[] {
  const groups = new Map<string, { event: string; matcher?: string; hooks: AnyHook[] }>();
  for (const hook of hooks) {
    for (const kind of hook.meta.events) {
      for (const subscription of dialect.subscriptions[kind as keyof Dialect["subscriptions"]] ?? []) {
        const key = `${subscription.event}\u0000${subscription.matcher ?? ""}`;
        const group = groups.get(key) ?? { event: subscription.event, ...(subscription.matcher === undefined ? {} : { matcher: subscription.matcher }), hooks: [] };
        groups.set(key, group);
        if (!group.hooks.includes(hook)) group.hooks.push(hook);
      }
    }
  }
  return [...groups.values()].map(({ event, matcher, hooks: members }) => {
    const hookIds = members.map((hook) => hook.meta.id as HookId);
    const windowsCommand = windowsEntryCommand(target, dirs, version, hookIds);
    return {
      hookIds,
      event,
      ...(matcher === undefined ? {} : { matcher }),
      command: entryCommand(target, dirs, version, hookIds),
      ...(windowsCommand === undefined ? {} : { windowsCommand }),
      launch: entryLaunch(target, dirs, version, hookIds),
      // A security guard among them: the entry must block when it gives no answer.
      failClosed: members.some((hook) => hook.meta.failure === "closed"),
      timeoutSeconds: HOOK_TIMEOUT_SECONDS,
    };
  });
}
