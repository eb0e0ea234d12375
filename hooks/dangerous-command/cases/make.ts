/** Row builders for the case table. */
import { shellEvent, type HookCase } from "../../../shared/hook-case.ts";
import type { HookConfig } from "../../../shared/hook.ts";

export const denies = (name: string, command: string, rule: string, extra: Partial<HookCase> = {}): HookCase => ({ name, event: shellEvent(command), expect: { action: "deny", rule }, ...extra });
export const asks = (name: string, command: string, rule: string, extra: Partial<HookCase> = {}): HookCase => ({ name, event: shellEvent(command), expect: { action: "ask", rule }, ...extra });
export const passes = (name: string, command: string, extra: Partial<HookCase> = {}): HookCase => ({ name, event: shellEvent(command), expect: { action: "pass" }, ...extra });
export const withConfig = (config: HookConfig): Partial<HookCase> => ({ config });
