/** Every hook's dialect-neutral case table, run in-process through the hook's own run(). */
import { describe, expect, it } from "vitest";
import { hooks } from "../../hooks/index.ts";
import type { HookCase } from "../../shared/hook-case.ts";
import type { HookContext } from "../../shared/hook.ts";
import { cases as gitToGh } from "../../hooks/git-to-gh/cases.ts";
import { cases as guardFiles } from "../../hooks/guard-files/cases.ts";
import { cases as redactSecrets } from "../../hooks/redact-secrets/cases.ts";
import { cases as kubectlProd } from "../../hooks/kubectl-prod/cases.ts";

const tables: Record<string, HookCase[]> = { "git-to-gh": gitToGh, "guard-files": guardFiles, "redact-secrets": redactSecrets, "kubectl-prod": kubectlProd };

describe.for(Object.entries(tables))("%s cases", ([id, table]) => {
  const hook = hooks[id as keyof typeof hooks];
  it.for(table)("$name", async (c) => {
    const ctx: HookContext = { env: { HOME: "/home/dev", ...c.env }, now: () => new Date("2026-11-22T12:00:00Z"), config: c.config ?? {}, configSources: [] };
    const decision = await hook.run(c.event as never, ctx);
    expect(decision.action).toBe(c.expect.action);
    if (c.expect.rule) expect(decision.rule).toBe(c.expect.rule);
    for (const text of c.expect.says ?? []) expect(`${decision.userMessage}\n${decision.agentMessage}`).toContain(text);
  });
});
