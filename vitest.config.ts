import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "hooks/**/*.test.ts", "shared/**/*.test.ts"],
    // The real-agent suite installs agent CLIs and has its own script (npm run test:agents).
    exclude: ["test/agents/**", "node_modules/**"],
    globalSetup: ["test/support/temp-root.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
