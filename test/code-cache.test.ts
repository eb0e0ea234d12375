/**
 * The code cache of the built hook files: written on the first run, loaded on the next, and never read
 * from a place or a file someone else could have written (a cache file is code that runs as the user).
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIST, NODE_BINARIES, readFixture, runBuiltHook, runNodeFile } from "./support/process.ts";

const payload = readFixture("claude/PreToolUse/git-push.json");

function runWithCache(dir: string, node: string) {
  const result = runBuiltHook("git-to-gh", payload, { dialect: "claude", node, env: { GUARDS_CODE_CACHE: dir } });
  expect(result.exitCode).toBe(0);
  expect((result.json as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision).toBe("deny");
  return result;
}

const cacheFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith("git-to-gh-")) : []);
const freshDir = () => join(mkdtempSync(join(tmpdir(), "guards-code-cache-test-")), "cache");

describe.for(NODE_BINARIES)("code cache on $name", (node) => {
  it("the first run writes a private cache file, the next run loads it without rewriting it", () => {
    const dir = freshDir();
    runWithCache(dir, node.path);
    const [file] = cacheFiles(dir);
    expect(file).toMatch(new RegExp(`^git-to-gh-[0-9a-f]{20}-v${node.name.split(" ")[1]}-${process.arch}\\.bin$`));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const written = statSync(join(dir, file!));
    expect(written.mode & 0o777).toBe(0o600);
    runWithCache(dir, node.path);
    // A cache V8 accepted is not written again; a rejected or missing one would be replaced.
    const after = statSync(join(dir, file!));
    expect([after.ino, after.mtimeMs]).toEqual([written.ino, written.mtimeMs]);
  });

  it("a corrupt cache file is rejected, the hook still decides, and the file is replaced", () => {
    const dir = freshDir();
    runWithCache(dir, node.path);
    const [file] = cacheFiles(dir);
    const path = join(dir, file!);
    const garbage = Buffer.alloc(4096, 0x5a);
    writeFileSync(path, garbage, { mode: 0o600 });
    runWithCache(dir, node.path);
    expect(readFileSync(path).equals(garbage)).toBe(false);
  });

  it("GUARDS_CODE_CACHE=off writes nothing", () => {
    const dir = freshDir();
    const result = runBuiltHook("git-to-gh", payload, { dialect: "claude", node: node.path, env: { GUARDS_CODE_CACHE: "off", TMPDIR: dir } });
    expect(result.exitCode).toBe(0);
    expect(existsSync(dir)).toBe(false);
  });

  it("a folder others can write to is not used", () => {
    const dir = freshDir();
    mkdirSync(dir, { mode: 0o777 });
    chmodSync(dir, 0o777);
    runWithCache(dir, node.path);
    expect(cacheFiles(dir)).toEqual([]);
  });

  it("a cache file others can write to is not loaded, and is replaced by a private one", () => {
    const dir = freshDir();
    runWithCache(dir, node.path);
    const [file] = cacheFiles(dir);
    const path = join(dir, file!);
    chmodSync(path, 0o666);
    const before = statSync(path);
    runWithCache(dir, node.path);
    const after = statSync(path);
    expect(after.ino).not.toBe(before.ino);
    expect(after.mode & 0o777).toBe(0o600);
  });

  it("a symlink in place of the cache file is not followed, and its target is left alone", () => {
    const dir = freshDir();
    runWithCache(dir, node.path);
    const [file] = cacheFiles(dir);
    const path = join(dir, file!);
    const target = join(dir, "..", "elsewhere.bin");
    writeFileSync(target, readFileSync(path));
    const targetBytes = readFileSync(target);
    rmSync(path);
    symlinkSync(target, path);
    runWithCache(dir, node.path);
    expect(readFileSync(target).equals(targetBytes)).toBe(true);
    expect(lstatSync(path).isSymbolicLink()).toBe(false);
  });
});

describe.for(NODE_BINARIES)("the hook file's loader on $name", (node) => {
  it("works where process.getBuiltinModule is missing (Node 20 before 20.16)", () => {
    const result = runBuiltHook("git-to-gh", payload, {
      dialect: "claude",
      node: node.path,
      env: { NODE_OPTIONS: "--import=data:text/javascript,delete%20process.getBuiltinModule" },
    });
    expect(result.stderr).toBe("");
    expect((result.json as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision).toBe("deny");
  });
});

describe.for(NODE_BINARIES)("a hook file copied or damaged, on $name", (node) => {
  const original = readFileSync(join(DIST, "hooks", "git-to-gh.mjs"), "latin1");
  const copy = (text: string) => {
    const file = join(mkdtempSync(join(tmpdir(), "guards-hook-copy-")), "git-to-gh.mjs");
    writeFileSync(file, text, "latin1");
    return file;
  };

  it("still decides with CRLF line ends (a checkout with core.autocrlf)", () => {
    const result = runNodeFile(copy(original.replaceAll("\n", "\r\n")), { args: ["--dialect", "claude"], input: JSON.stringify(payload), node: node.path });
    expect((result.json as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it("with its bundled code damaged: one line saying so, exit 2 (a block), no stack trace", () => {
    const at = original.lastIndexOf("GUARDS_HOOK_SOURCE") + 200;
    const file = copy(`${original.slice(0, at)}@@@ damaged${original.slice(at + 11)}`);
    const result = runNodeFile(file, { args: ["--dialect", "claude"], input: JSON.stringify(payload), node: node.path, env: { GUARDS_CODE_CACHE: "off" } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain(`guards: ${file} is damaged`);
    expect(result.stderr).toContain("reinstall it. Denied to be safe.");
  });
});
