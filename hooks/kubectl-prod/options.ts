/** The hook's options from the guards config (`hooks.kubectl-prod`), checked and with defaults. */
import type { HookConfig } from "../../shared/hook.ts";

export interface KubectlProdOptions {
  /** Namespace names (or `*` patterns) a mutation must not touch without a person's approval. */
  namespaces: string[];
  /** Context or cluster name patterns that mark a whole cluster as protected. */
  contexts: string[];
}

export const DEFAULT_OPTIONS: KubectlProdOptions = {
  namespaces: ["prod", "production"],
  contexts: ["*prod*"],
};

/** A wrong type in the config is an error: the runner then asks nothing and denies (fail closed). */
export function readOptions(config: HookConfig): KubectlProdOptions {
  return {
    namespaces: stringList(config, "namespaces") ?? DEFAULT_OPTIONS.namespaces,
    contexts: stringList(config, "contexts") ?? DEFAULT_OPTIONS.contexts,
  };
}

function stringList(config: HookConfig, key: string): string[] | undefined {
  const value = config[key];
  if (value === undefined) return undefined;
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value;
  throw new Error(`config hooks.kubectl-prod.${key} must be a list of names or patterns`);
}

/**
 * Case-insensitive match where `*` stands for any run of characters (slashes included: EKS
 * context names look like `arn:aws:eks:…:cluster/prod-eu`). A pattern without `*` is an exact name.
 */
export function matchesName(name: string, patterns: readonly string[]): string | undefined {
  const subject = name.toLowerCase();
  return patterns.find((pattern) => wildcardMatch(subject, pattern.toLowerCase()));
}

/** True when `subject` matches `pattern`, where `*` is any run of characters. */
export function wildcardMatch(subject: string, pattern: string): boolean {
  const parts = pattern.split("*");
  if (parts.length === 1) return subject === pattern;
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (!subject.startsWith(first) || subject.length < first.length + last.length || !subject.endsWith(last)) return false;
  let at = first.length;
  const end = subject.length - last.length;
  for (const middle of parts.slice(1, -1)) {
    const found = subject.indexOf(middle, at);
    if (found < 0 || found + middle.length > end) return false;
    at = found + middle.length;
  }
  return true;
}
