/** The hook's options from `hooks.dangerous-command` in the guards config, checked. */
import { posix } from "node:path";
import type { HookConfig } from "../../shared/hook.ts";

export interface CustomRule {
  id: string;
  /** The program and the first arguments it must start with, as words: `npm publish`. */
  words: string[];
  action: "deny" | "ask";
  reason: string;
  instead?: string;
}

export interface Options {
  disabled: Set<string>;
  protectedPaths: string[];
  protectedBranches: string[];
  rules: CustomRule[];
}

/** Rules no config can switch off: losing the disk, the machine or the home directory. */
export const CATASTROPHIC_RULES = new Set(["delete-root", "delete-home", "block-device", "input-too-complex"]);
export const DEFAULT_PROTECTED_BRANCHES = ["main", "master", "trunk", "develop", "production", "prod", "release", "release/*"];

export class OptionsError extends Error {}

export function readOptions(config: HookConfig, home: string | undefined, projectRoot: string): Options {
  const disabled = new Set(stringList(config.disable, "disable").filter((id) => !CATASTROPHIC_RULES.has(id)));
  const protectedPaths = stringList(config.protectedPaths, "protectedPaths").map((p) => absolute(p, home, projectRoot));
  const protectedBranches = [...DEFAULT_PROTECTED_BRANCHES, ...stringList(config.protectedBranches, "protectedBranches")];
  const rules = list(config.rules, "rules").map((value, i) => customRule(value, i));
  return { disabled, protectedPaths, protectedBranches, rules };
}

function absolute(path: string, home: string | undefined, projectRoot: string): string {
  if (path === "~" || path.startsWith("~/")) {
    if (!home) throw new OptionsError(`protectedPaths entry "${path}" needs HOME, which is not set`);
    return posix.join(home, path.slice(1));
  }
  return posix.resolve(projectRoot, path);
}

function customRule(value: unknown, index: number): CustomRule {
  const where = `rules[${index}]`;
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new OptionsError(`${where} must be a mapping with id, command, action, reason`);
  const rule = value as Record<string, unknown>;
  const id = text(rule.id, `${where}.id`);
  const command = text(rule.command, `${where}.command`);
  const action = rule.action ?? "deny";
  if (action !== "deny" && action !== "ask") throw new OptionsError(`${where}.action must be "deny" or "ask"`);
  const words = command.split(/\s+/).filter(Boolean);
  if (words.length === 0) throw new OptionsError(`${where}.command is empty`);
  const custom: CustomRule = { id, words, action, reason: text(rule.reason, `${where}.reason`) };
  if (rule.instead !== undefined) custom.instead = text(rule.instead, `${where}.instead`);
  return custom;
}

function text(value: unknown, where: string): string {
  if (typeof value !== "string" || value.trim() === "") throw new OptionsError(`${where} must be a non-empty string`);
  return value;
}

function list(value: unknown, key: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new OptionsError(`hooks.dangerous-command.${key} must be a list`);
  return value;
}

function stringList(value: unknown, key: string): string[] {
  return list(value, key).map((item, i) => {
    if (typeof item !== "string") throw new OptionsError(`hooks.dangerous-command.${key}[${i}] must be a string`);
    return item;
  });
}
