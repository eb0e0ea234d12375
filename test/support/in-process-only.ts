/**
 * Setup of `npm run test:quick`: a test that starts a process fails at once, naming the rule, so the quick
 * loop stays in-process. Files that start processes are listed in vitest.quick.config.ts.
 */
import { vi } from "vitest";

vi.mock("node:child_process", async (original) => {
  const real = await original<typeof import("node:child_process")>();
  const refuse = (name: string) => () => {
    throw new Error(`test:quick runs in-process tables only, and this test calls child_process.${name}: list its file in vitest.quick.config.ts`);
  };
  const names = ["spawn", "exec", "execSync", "execFile", "execFileSync", "fork"] as const;
  // Asking a Node binary its version (scripts/node-binaries.mjs, when test/support/process.ts loads) is allowed.
  const spawnSync = ((file: string, args?: readonly string[], options?: object) =>
    args?.[0] === "-p" && args[1] === "process.versions.node" ? real.spawnSync(file, args, options ?? {}) : refuse("spawnSync")()) as typeof real.spawnSync;
  return { ...real, spawnSync, ...Object.fromEntries(names.map((n) => [n, refuse(n)])) };
});
