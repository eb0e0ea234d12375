import type { AnyHook, HookId } from "../shared/hook.ts";
import dangerousCommand from "./dangerous-command/index.ts";
import format from "./format/index.ts";
import gitToGh from "./git-to-gh/index.ts";
import guardFiles from "./guard-files/index.ts";
import kubectlProd from "./kubectl-prod/index.ts";
import redactSecrets from "./redact-secrets/index.ts";
import stopTelemetry from "./stop-telemetry/index.ts";

/** Every hook, by id. A test checks that this matches the folders under hooks/. */
export const hooks = {
  "redact-secrets": redactSecrets,
  "dangerous-command": dangerousCommand,
  "kubectl-prod": kubectlProd,
  "guard-files": guardFiles,
  "git-to-gh": gitToGh,
  format,
  "stop-telemetry": stopTelemetry,
} satisfies Record<HookId, AnyHook>;
