import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.ts";

/**
 * `npm run test:quick`: the in-process tables (hooks' cases, dialects' parse and render, shell analysis,
 * installer merges), for the loop after each change. `npm test` runs everything, built files included.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      setupFiles: ["test/support/in-process-only.ts"],
      // test/support/process.ts then lists no Node binary: every table of built files over them is empty.
      env: { GUARDS_TEST_IN_PROCESS: "1" },
      exclude: [
        // These start the built hooks, the CLI, npm or git as processes.
        "**/*.process.test.ts",
        "test/check.test.ts",
        "test/cli-*.test.ts",
        "test/code-cache.test.ts",
        "test/process-io.test.ts",
        "test/runner.test.ts",
        "test/startup-modules.test.ts",
        "test/telemetry.test.ts",
        "test/hooks/format.test.ts",
        "test/hooks/stop-telemetry.test.ts",
        "test/hooks/redact-secrets-process.test.ts",
        "test/install/pack.test.ts",
        "test/install/cli.test.ts",
        "test/install/details.test.ts",
        "test/install/doctor.test.ts",
        "test/install/install.test.ts",
        "test/install/merge.test.ts",
        "test/audit/command.test.ts",
        "test/audit/trail.test.ts",
        "test/telemetry/otlp-export.test.ts",
        "test/telemetry/otlp-collector.test.ts",
        "test/hooks/redact-secrets-values.test.ts",
        "test/install/tarball.test.ts",
      ],
    },
  }),
);
