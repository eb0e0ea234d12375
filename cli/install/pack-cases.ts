/** The cases a packed UAAPS package ships in tests/cases, over the universal fixtures bundled with the CLI. */
import gitClone from "../../fixtures/universal/pre-tool-use/git-clone.json" with { type: "json" };
import ls from "../../fixtures/universal/pre-tool-use/ls.json" with { type: "json" };
import type { HookId } from "../../shared/hook.ts";

export const PACK_FIXTURES: Record<string, Record<string, unknown>> = {
  "pre-tool-use-git-clone.json": gitClone,
  "pre-tool-use-ls.json": ls,
};

export interface PackCase {
  hook: HookId;
  name: string;
  description: string;
  fixture: keyof typeof PACK_FIXTURES & string;
  overrides?: Record<string, string>;
  expect: "deny" | "pass";
}

export const PACK_CASES: readonly PackCase[] = [
  { hook: "git-to-gh", name: "git-to-gh-clone-redirected", description: "a clone of a GitHub remote is redirected to gh repo clone", fixture: "pre-tool-use-git-clone.json", expect: "deny" },
  { hook: "git-to-gh", name: "git-to-gh-ls-passes", description: "a harmless command gets no objection", fixture: "pre-tool-use-ls.json", expect: "pass" },
  {
    hook: "dangerous-command",
    name: "dangerous-command-rm-root-denied",
    description: "deleting the whole filesystem is blocked",
    fixture: "pre-tool-use-ls.json",
    overrides: { "toolInput.command": "rm -rf /" },
    expect: "deny",
  },
  { hook: "dangerous-command", name: "dangerous-command-ls-passes", description: "a harmless command gets no objection", fixture: "pre-tool-use-ls.json", expect: "pass" },
  { hook: "kubectl-prod", name: "kubectl-prod-ls-passes", description: "a command without kubectl gets no objection", fixture: "pre-tool-use-ls.json", expect: "pass" },
];

/** The case's `expected` block: a block is exit 2 with Claude's deny shape (universal dialect, as the UAAPS spec's test case expects). */
export function expectation(kind: PackCase["expect"]): Record<string, unknown> {
  if (kind === "deny") return { "exit-code": 2, "stdout-json": { hookSpecificOutput: { permissionDecision: "deny" } } };
  return { "exit-code": 0, "not-contains": ['"deny"'] };
}
