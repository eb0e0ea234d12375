// The real-agent suite's own unit tests (the fake model servers), run by scripts/test-agents.mjs before the agents.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { include: ["test/agents/**/*.test.ts"], root: new URL("../..", import.meta.url).pathname },
});
