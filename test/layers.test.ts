/**
 * Layers point one way (hooks → engine; the CLI and installer → hooks and engine), and nothing in the
 * project reads outside its own tree.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/process.ts";

const SKIP = new Set(["node_modules", "dist", "build", ".git", "fixtures"]);

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) || entry.name.startsWith(".") ? [] : files(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

const SOURCE = /\.(ts|mts|mjs|js)$/;
const layerOf = (path: string): string => relative(ROOT, path).split(sep)[0]!;

/** The repository-relative targets of a file's relative imports (static, dynamic and `export … from`). */
function importTargets(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']+)["']/gm)].map((m) => m[1]!);
  return specs.map((spec) => relative(ROOT, resolve(dirname(file), spec)));
}

/** Which top-level folders each layer may import from. */
const ALLOWED: Record<string, readonly string[]> = {
  shared: ["shared"],
  hooks: ["hooks", "shared"],
  // The CLI also bundles data: real payloads from fixtures/ (doctor, pack) and its own package.json.
  cli: ["cli", "hooks", "shared", "fixtures", "package.json"],
};

describe("import direction", () => {
  const sources = Object.keys(ALLOWED).flatMap((layer) => files(join(ROOT, layer), SOURCE));

  it("finds the layers' sources", () => {
    for (const layer of Object.keys(ALLOWED)) expect(sources.some((f) => layerOf(f) === layer), layer).toBe(true);
  });

  it.for(Object.keys(ALLOWED))("%s imports only from the layers below it", (layer) => {
    const offending = sources
      .filter((file) => layerOf(file) === layer)
      .flatMap((file) => importTargets(file).filter((target) => !ALLOWED[layer]!.includes(target.split(sep)[0]!)).map((t) => `${relative(ROOT, file)} → ${t}`));
    expect(offending).toEqual([]);
  });

  it("install.ts reaches the application through cli/ only", () => {
    const targets = importTargets(join(ROOT, "install.ts"));
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((t) => t.split(sep)[0] !== "cli")).toEqual([]);
  });
});

/** Paths a file names that resolve outside the repository: `../…` literals and `join(base, "..", …)` chains. */
function outsidePaths(text: string, here: string): string[] {
  const found: string[] = [];
  const escapes = (path: string) => relative(ROOT, path).startsWith("..");
  for (const m of text.matchAll(/["'`](\.\.\/[^"'`$]*)["'`]/g)) {
    // An import is checked by the direction test; here only data paths count.
    if (escapes(resolve(here, m[1]!))) found.push(m[1]!);
  }
  const bases: [RegExp, string][] = [
    [/join\(\s*ROOT\s*((?:,\s*["'][^"']*["']\s*)+)\)/g, ROOT],
    [/join\(\s*(?:import\.meta\.dirname|__dirname)\s*((?:,\s*["'][^"']*["']\s*)+)\)/g, here],
  ];
  for (const [pattern, base] of bases) {
    for (const m of text.matchAll(pattern)) {
      const parts = [...m[1]!.matchAll(/["']([^"']*)["']/g)].map((p) => p[1]!);
      if (escapes(join(base, ...parts))) found.push(m[0]);
    }
  }
  return found;
}

describe("nothing reads outside the repository", () => {
  const everything = [...files(ROOT, SOURCE), ...files(join(ROOT, "fixtures"), SOURCE)];

  it.for(["test", "scripts", "cli", "hooks", "shared"])("%s/ cites no note kept outside the repository", (folder) => {
    const offending = everything
      .filter((file) => layerOf(file) === folder && file !== import.meta.filename)
      .flatMap((file) => [...readFileSync(file, "utf8").matchAll(OUTSIDE_NOTES)].map((m) => `${relative(ROOT, file)}: ${m[0]}`));
    expect(offending).toEqual([]);
  });

  it.for(["test", "scripts", "cli", "hooks", "shared"])("%s/ names no path outside the repository", (folder) => {
    const offending = everything
      // This file holds probe paths for the check below.
      .filter((file) => layerOf(file) === folder && file !== import.meta.filename)
      .flatMap((file) => outsidePaths(readFileSync(file, "utf8"), dirname(file)).map((p) => `${relative(ROOT, file)}: ${p}`));
    expect(offending).toEqual([]);
  });

  const testDir = join(ROOT, "test", "install");
  it.for([
    ['join(ROOT, "..", "elsewhere", "schemas")', 1],
    ['join(import.meta.dirname, "..", "..", "..", "elsewhere")', 1],
    ['readFileSync("../../../elsewhere/design.md")', 1],
    ['join(ROOT, "test", "install", "schemas")', 0],
    ['join(import.meta.dirname, "schemas")', 0],
    ['readFileSync("../support/process.ts")', 0],
  ] as const)("the check finds %s outside: %i", ([line, count]) => {
    expect(outsidePaths(line, testDir)).toHaveLength(count);
  });
});

/**
 * Notes kept beside a clone, not in it: a citation of one sends the reader where the repository does not
 * go. A claim cites the agent's docs or source, a fixture, or this repository's own docs instead. The
 * names are spelled from parts so that this file cites none of them.
 */
const NOTE_NAMES = ["agents-\\d{4}-\\d{2}", "dialects", "installers", "command-guards", "real-agents", "secrets", "otel-audit", "design", "style"];
const NOTE_FILES = `(?<![\\w/.-])(?:reference/|${"se" + "eds"}/)[\\w.-]+\\.md\\b|(?<![\\w/.-])(?:${NOTE_NAMES.join("|")})\\.md\\b`;
/** A bare section number ("(§9)") points into a note as well; a standard's section names the standard. */
const BARE_SECTION = String.raw`(?<!(?:RFC|ISO|ECMA-)\s?\d{1,5}\s?)§\s?\d+(?:\.\d+)*`;
const OUTSIDE_NOTES = new RegExp(`${NOTE_FILES}|${BARE_SECTION}`, "g");

/**
 * Docs and data: no Markdown link that leaves the repository, and no mention of the sibling `shared/`
 * folder a clone may happen to have beside it (its reference notes and schemas are not part of the project).
 */
function outsideMentions(text: string, here: string): string[] {
  const found = [...text.matchAll(/(?:\.\.\/)+shared\/[\w./-]+/g)].map((m) => m[0]);
  for (const m of text.matchAll(OUTSIDE_NOTES)) found.push(m[0]);
  for (const m of text.matchAll(/\]\((\.\.\/[^)#\s]+)/g)) if (relative(ROOT, resolve(here, m[1]!)).startsWith("..")) found.push(m[1]!);
  return found;
}

describe("docs and data name nothing outside the repository", () => {
  const DOCS = /\.(md|json|ya?ml)$/;
  const docs = [...files(ROOT, DOCS), ...files(join(ROOT, "fixtures"), DOCS)].filter((f) => !f.endsWith("package-lock.json"));

  it("finds the docs", () => {
    expect(docs.some((f) => f.endsWith("README.md"))).toBe(true);
    expect(docs.some((f) => f.includes(join("test", "install", "schemas")))).toBe(true);
  });

  it("no README, schema or fixture points outside", () => {
    const offending = docs.flatMap((file) => outsideMentions(readFileSync(file, "utf8"), dirname(file)).map((p) => `${relative(ROOT, file)}: ${p}`));
    expect(offending).toEqual([]);
  });

  // The probes spell the sibling folder from parts, so that this file itself names no path outside.
  const sibling = (ups: number, rest: string) => `${"../".repeat(ups)}${["sha", "red"].join("")}/${rest}`;
  it.for([
    [`see \`${sibling(3, "reference/secrets.md")}\``, 1],
    [`"$comment": "copy of ${sibling(1, "schemas/x.json")}"`, 1],
    ["[notes](../../../../elsewhere.md)", 1],
    ["[bench](../../BENCHMARKS.md)", 0],
    [`(${["dia", "lects"].join("")}.md §6)`, 2],
    [`see ${["ref", "erence"].join("")}/${["real", "agents"].join("-")}.md`, 1],
    [`${["agents", "2026", "11"].join("-")}.md §16`, 2],
    [`${["se", "eds"].join("")}/cursor-hooks.md "Reference"`, 1],
    [`(${["des", "ign"].join("")}.md, "Built artefacts")`, 1],
    ["google-gemini/gemini-cli docs/hooks/reference.md", 0],
    ["docs.github.com/en/copilot/reference/hooks-reference", 0],
    ["charmbracelet/crush docs/hooks/README.md", 0],
    ["fixtures/readers/README.md", 0],
    ["runs Claude Code's hooks (§9): its `exec` shell call", 1],
    ["(§1.3, §2.2)", 2],
    ["The private members of a JSON Web Key (RFC 7518 §6)", 0],
    ["ln -sf ../config .", 0],
  ] as const)("the check finds %s: %i", ([text, count]) => {
    expect(outsideMentions(text, join(ROOT, "hooks", "redact-secrets"))).toHaveLength(count);
  });
});

