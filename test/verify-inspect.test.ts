/**
 * What a reviewer runs on a machine: `guards verify` (installed files against the package's SHA-256
 * manifest) and `guards inspect` (the exact source a built file runs), as processes of the built CLI, on
 * real installs in the project, user and enterprise trees; and the build itself, twice, byte for byte.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { builtCopy, makeWorkspace } from "./install/workspace.ts";
import { ROOT, runNodeFile } from "./support/process.ts";

const dist = builtCopy();
const cli = (ws: { project: string; home: string }, args: string[]) =>
  runNodeFile(join(dist, "cli.mjs"), { args, cwd: ws.project, env: { HOME: ws.home, USERPROFILE: undefined } });

describe("guards verify", () => {
  const scopes = [
    ["project", [], (ws: ReturnType<typeof makeWorkspace>) => join(ws.project, ".guards", "0.1.0")],
    ["user", ["--scope", "user"], (ws: ReturnType<typeof makeWorkspace>) => join(ws.home, ".guards", "0.1.0")],
    ["enterprise", ["--scope", "enterprise", "--platform", "linux"], (ws: ReturnType<typeof makeWorkspace>) => join(ws.stage, "opt", "guards", "0.1.0")],
  ] as const;
  it.for(scopes)("%s tree: the same files pass; a changed, a missing and a foreign file are each named, exit 1", ([scope, args, folder]) => {
    const ws = makeWorkspace();
    const root = scope === "enterprise" ? ["--root", ws.stage] : [];
    expect(cli(ws, ["install", "--agent", "claude", ...args, ...root]).exitCode).toBe(0);
    const clean = cli(ws, ["verify", "--json", ...root]);
    expect(clean.exitCode, clean.stderr).toBe(0);
    const dir = folder(ws);
    expect(clean.json).toEqual([
      { scope, path: join(dir, "guards.cjs"), status: "same" },
      { scope, path: join(dir, "guards.code.js"), status: "same" },
    ]);
    appendFileSync(join(dir, "guards.cjs"), "\n// changed\n");
    rmSync(join(dir, "guards.code.js"));
    writeFileSync(join(dir, "extra.mjs"), "");
    const damaged = cli(ws, ["verify", ...root]);
    expect(damaged.exitCode).toBe(1);
    expect(damaged.stdout).toMatch(new RegExp(`^differs +${scope} +${join(dir, "guards.cjs")}$`, "m"));
    expect(damaged.stdout).toMatch(new RegExp(`^missing +${scope} +${join(dir, "guards.code.js")}$`, "m"));
    expect(damaged.stdout).toMatch(new RegExp(`^unknown +${scope} +${join(dir, "extra.mjs")}$`, "m"));
  });
});

describe("guards inspect", () => {
  const files = ["guards.cjs", ...readdirSync(join(dist, "hooks")).map((name) => `hooks/${name}`)];
  it("prints every section of every built file, each with the SHA-256 the file records", () => {
    for (const file of files) {
      const result = cli({ project: dist, home: dist }, ["inspect", join(dist, file)]);
      expect(result.exitCode, `${file}: ${result.stderr}`).toBe(0);
      const headers = result.stdout.match(/^\/\/ ==== section .*$/gm) ?? [];
      expect(headers.length, file).toBeGreaterThan(1);
      for (const header of headers) expect(header).toMatch(/sha256 [0-9a-f]{64} \(as recorded\)$/);
    }
    // guards.cjs: what it prints is the code file, section by section.
    const printed = cli({ project: dist, home: dist }, ["inspect", join(dist, "guards.cjs")]).stdout.replace(/^\/\/ ==== section .*\n/gm, "");
    const code = readFileSync(join(dist, "guards.code.js"), "latin1");
    expect(code.endsWith(printed)).toBe(true);
  });

  it("a changed byte in a hook file's code is shown as not the recorded hash, exit 1", () => {
    const copy = join(mkdtempSync(join(tmpdir(), "guards-inspect-")), "dangerous-command.mjs");
    const text = readFileSync(join(dist, "hooks", "dangerous-command.mjs"), "latin1");
    const code = text.lastIndexOf("//GUARDS_HOOK_CODE");
    writeFileSync(copy, text.slice(0, code) + text.slice(code).replace("deny", "dene"), "latin1");
    const result = cli({ project: dist, home: dist }, ["inspect", copy]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/^\/\/ ==== section dangerous-command-[0-9a-f]+: .*\(RECORDED [0-9a-f]{64}\)$/m);
    expect(result.stderr).toContain("1 section(s) differ");
  });
});

describe("the build", () => {
  it("is reproducible: two builds of this tree give the same bytes, manifest included", () => {
    const out = mkdtempSync(join(tmpdir(), "guards-builds-"));
    for (const name of ["one", "two"]) {
      const result = spawnSync(process.execPath, [join(ROOT, "scripts", "build.mjs"), "--out", join(out, name)], { cwd: ROOT, encoding: "utf8", timeout: 240_000 });
      expect(result.status, result.stderr).toBe(0);
    }
    const listing = (dir: string): string[] => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name))).sort();
    const one = listing(join(out, "one"));
    expect(one).toEqual(listing(join(out, "two")));
    expect(one).toContain("manifest.json");
    for (const file of one) expect(readFileSync(join(out, "one", file)).equals(readFileSync(join(out, "two", file))), file).toBe(true);
  }, 300_000);
});
