/** The layout contracts: registry = folders, every hook's three files, no dialect knowledge in hooks/. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hooks } from "../hooks/index.ts";
import { hookLoaders } from "../hooks/loaders.ts";
import { dialects } from "../shared/dialects/index.ts";
import { loadDialect } from "../shared/dialects/loaders.ts";
import { DIALECT_IDS } from "../shared/event.ts";
import { HOOK_IDS } from "../shared/hook.ts";
import { NODE_BINARIES, ROOT } from "./support/process.ts";

const HOOKS_DIR = join(ROOT, "hooks");
const folders = readdirSync(HOOKS_DIR).filter((name) => statSync(join(HOOKS_DIR, name)).isDirectory());
const README_HEADINGS = ["What it does", "Events", "Decisions", "Options", "Limits"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("hook registry", () => {
  it("matches the folders under hooks/ and the stable ids", () => {
    expect(Object.keys(hooks).sort()).toEqual([...folders].sort());
    expect(Object.keys(hooks).sort()).toEqual([...HOOK_IDS].sort());
  });

  // The file that holds every hook loads each one through hooks/loaders.ts, only when its entry names it.
  it.for(Object.entries(hooks))("%s: its loader hands out the registry's hook", async ([id, hook]) => {
    expect(await hookLoaders[id as keyof typeof hookLoaders]()).toBe(hook);
  });

  it.for(Object.entries(hooks))("%s: meta.id is its registry key", ([id, hook]) => {
    expect(hook.meta.id).toBe(id);
    expect(hook.meta.events.length).toBeGreaterThan(0);
  });
});

describe("dialect loaders", () => {
  // The runner reaches dialects only through shared/dialects/loaders.ts.
  it.for(DIALECT_IDS)("%s: its loader hands out the registry's dialect", async (id) => {
    expect(await loadDialect(id)).toBe(dialects[id]);
  });
});

describe.for(folders)("hooks/%s", (id) => {
  it("has index.ts, cases.ts and README.md", () => {
    for (const file of ["index.ts", "cases.ts", "README.md"]) expect(statSync(join(HOOKS_DIR, id, file)).isFile()).toBe(true);
  });

  it("README has the fixed headings, titled by the id", () => {
    const text = readFileSync(join(HOOKS_DIR, id, "README.md"), "utf8");
    expect(text.split("\n")[0]).toBe(`# ${id}`);
    const headings = text.split("\n").filter((l) => l.startsWith("## ")).map((l) => l.slice(3).trim());
    expect(headings).toEqual(README_HEADINGS);
  });

  it("names no dialect and no native event", () => {
    const native = new Set(Object.values(dialects).flatMap((d) => Object.keys(d.events)));
    for (const file of sourceFiles(join(HOOKS_DIR, id))) {
      const literals = [...readFileSync(file, "utf8").matchAll(/["'`]([A-Za-z_][\w-]*)["'`]/g)].map((m) => m[1]!);
      const offending = literals.filter((s) => (DIALECT_IDS as readonly string[]).includes(s) || (native.has(s) && /[A-Z_]/.test(s)));
      expect(offending, file).toEqual([]);
    }
  });
});

describe("Node versions the process tests cover", () => {
  it.skipIf(NODE_BINARIES.length === 0)("the machine's Node and Node 24, distinct", () => {
    const majors = NODE_BINARIES.map((b) => Number(b.name.replace("node ", "").split(".")[0]));
    expect(majors).toContain(24);
    expect(majors.length).toBeGreaterThanOrEqual(2);
    // Under npm scripts `node` is the dev dependency's Node 24: the machine's must still be first.
    expect(Math.min(...majors)).toBeLessThan(24);
  });
});
