/** The dialect-neutral case tables every hook keeps in hooks/<id>/cases.ts. */
import type { Action, EventBase, GuardEvent, ShellBefore } from "./event.ts";
import type { HookConfig } from "./hook.ts";

export interface HookCase {
  name: string;
  event: GuardEvent;
  config?: HookConfig;
  env?: Record<string, string>;
  expect: {
    action: Action;
    /** The rule that decided, for deny and ask. */
    rule?: string;
    /** Substrings the user or agent message must contain. */
    says?: string[];
  };
}

const BASE: Omit<EventBase, "raw"> = {
  dialect: "universal",
  nativeEvent: "case",
  cwd: "/home/dev/project",
  projectRoot: "/home/dev/project",
  workspaceRoots: ["/home/dev/project"],
};

/** A shell.before event for a case table. */
export function shellEvent(command: string, overrides: Partial<ShellBefore> = {}): ShellBefore {
  return { ...BASE, raw: {}, kind: "shell.before", command, ...overrides };
}
