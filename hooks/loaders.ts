import type { AnyHook, HookId } from "../shared/hook.ts";

/**
 * Each hook's module, by id, loaded when an entry names it: in the file that holds every hook, a
 * dynamic import sets a module up at its first use, so a shell event never builds the formatter table
 * and a read never builds the kubectl and command rules. A test checks this against hooks/index.ts.
 */
export const hookLoaders: Record<HookId, () => Promise<AnyHook>> = {
  "redact-secrets": () => import("./redact-secrets/index.ts").then((m) => m.default),
  "dangerous-command": () => import("./dangerous-command/index.ts").then((m) => m.default),
  "kubectl-prod": () => import("./kubectl-prod/index.ts").then((m) => m.default),
  "guard-files": () => import("./guard-files/index.ts").then((m) => m.default),
  "git-to-gh": () => import("./git-to-gh/index.ts").then((m) => m.default),
  format: () => import("./format/index.ts").then((m) => m.default),
  "stop-telemetry": () => import("./stop-telemetry/index.ts").then((m) => m.default),
};
