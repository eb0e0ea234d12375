/**
 * The code cache of the built hook files: written on the first run, loaded on the next, and never read
 * from a place or a file someone else could have written (a cache file is code that runs as the user).
 * The same folder keeps each hook's source unpacked; the hook file carries it packed.
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIST, NODE_BINARIES, readFixture, runBuiltHook, runNodeFile } from "./support/process.ts";

const payload = readFixture("claude/PreToolUse/git-clone.json");

function runWithCache(dir: string, node: string) {
  const result = runBuiltHook("git-to-gh", payload, { dialect: "claude", node, env: { GUARDS_CODE_CACHE: dir } });
  expect(result.exitCode).toBe(0);
  expect((result.json as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision).toBe("deny");
  return result;
}

const cacheFiles = (dir: string, hook = "git-to-gh") => (existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith(`${hook}-`)) : []);
const freshDir = () => join(mkdtempSync(join(tmpdir(), "guards-code-cache-test-")), "cache");

/** A cache file's parts: its length field, the source after it, and V8's cached data after that. */
function keptParts(path: string): { source: string; cachedBytes: number } {
  const bytes = readFileSync(path);
  const length = bytes.readUInt32LE(0);
  return { source: bytes.toString("latin1", 4, 4 + length), cachedBytes: bytes.length - 4 - length };
}

/** Claude Code's Read of `file` in `project`, as in fixtures/claude/PreToolUse/read-range.json. */
const claudeRead = (project: string, file: string) => ({
  session_id: "s1", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default",
  hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: join(project, file) }, tool_use_id: "toolu_1",
});

/** The hook file with its packed code cut off: it can only run from what the cache folder keeps. */
const withoutPackedCode = (text: string) => `${text.slice(0, text.lastIndexOf("GUARDS_HOOK_SOURCE") + 19)}*/\n`;

describe.for(NODE_BINARIES)("code cache on $name", (node) => {
  it("the first run writes one private file: the source, then the compiled code; the next run loads it without rewriting it", () => {
    const dir = freshDir();
    runWithCache(dir, node.path);
    const [file] = cacheFiles(dir);
    expect(file).toMatch(new RegExp(`^git-to-gh-[0-9a-f]{20}-v${node.name.split(" ")[1]}-${process.arch}\\.bin$`));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const written = statSync(join(dir, file!));
    expect(written.mode & 0o777).toBe(0o600);
    const kept = keptParts(join(dir, file!));
    expect(kept.source).toMatch(/^\(function \(require, __filename, __guardsLoad\) \{/);
    expect(kept.source.endsWith("})")).toBe(true);
    expect(kept.cachedBytes).toBeGreaterThan(1000);
    runWithCache(dir, node.path);
    // A cache V8 accepted is not written again; a rejected or missing one would be replaced.
    const after = statSync(join(dir, file!));
    expect([after.ino, after.mtimeMs]).toEqual([written.ino, written.mtimeMs]);
  });

  it("later runs need nothing from the hook file's packed code", () => {
    const dir = freshDir();
    runWithCache(dir, node.path);
    const hook = copyOfHook(withoutPackedCode);
    const result = runNodeFile(hook, { args: ["--dialect", "claude"], input: JSON.stringify(payload), node: node.path, env: { GUARDS_CODE_CACHE: dir } });
    expect(result.stderr).toBe("");
    expect((result.json as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it("a kept file whose length is not its source's (a write cut short) is not run, and is replaced", () => {
    const dir = freshDir();
    runWithCache(dir, node.path);
    const path = join(dir, cacheFiles(dir)[0]!);
    const whole = readFileSync(path);
    writeFileSync(path, whole.subarray(0, whole.length / 4), { mode: 0o600 });
    runWithCache(dir, node.path);
    const kept = keptParts(path);
    expect(kept.source).toBe(whole.toString("latin1", 4, 4 + whole.readUInt32LE(0)));
    expect(kept.cachedBytes).toBeGreaterThan(1000);
  });

  it("a kept file others can write to is not run, and is replaced by a private one", () => {
    const dir = freshDir();
    runWithCache(dir, node.path);
    const path = join(dir, cacheFiles(dir)[0]!);
    const whole = readFileSync(path);
    const original = keptParts(path).source;
    writeFileSync(path, Buffer.from(whole.toString("latin1").replace('"deny"', '"allo"'), "latin1"));
    chmodSync(path, 0o666);
    // runWithCache asserts the decision: the planted "allo" never ran.
    runWithCache(dir, node.path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(keptParts(path).source).toBe(original);
  });

  it("modules loaded on some runs only are kept as source at the first unpack, compiled by the first run that needs them", () => {
    const dir = freshDir();
    const project = mkdtempSync(join(tmpdir(), "guards-code-cache-project-"));
    const read = (file: string, hook: string) =>
      runNodeFile(hook, { args: ["--dialect", "claude"], input: JSON.stringify(claudeRead(project, file)), node: node.path, env: { GUARDS_CODE_CACHE: dir }, cwd: project });
    writeFileSync(join(project, "clean.ts"), "export const answer = 42;\n");
    writeFileSync(join(project, "settings.ts"), 'export const token = "ghp_R8sVq2Lz9TxY4mK7pN1wQ3eB6cD5fG0hJ2kA";\n');
    expect(read("clean.ts", join(DIST, "hooks", "redact-secrets.mjs")).exitCode).toBe(0);
    const lazy = readdirSync(dir).filter((name) => name.startsWith("lazy-"));
    // secretlint, picomatch, the YAML parser and the shell analysis: a clean read compiles none of them.
    expect(lazy).toHaveLength(4);
    for (const name of lazy) expect(keptParts(join(dir, name)).cachedBytes).toBe(0);
    // A secret needs secretlint: it comes from the kept source, as the packed code is cut off.
    const hook = join(mkdtempSync(join(tmpdir(), "guards-hook-copy-")), "redact-secrets.mjs");
    writeFileSync(hook, withoutPackedCode(readFileSync(join(DIST, "hooks", "redact-secrets.mjs"), "latin1")), "latin1");
    const result = read("settings.ts", hook);
    expect(result.stderr).toBe("");
    const output = result.json as { hookSpecificOutput: { updatedInput: { file_path: string } } };
    expect(readFileSync(output.hookSpecificOutput.updatedInput.file_path, "utf8")).toContain("[REDACTED:github-token]");
    expect(lazy.filter((name) => keptParts(join(dir, name)).cachedBytes > 0).length).toBeGreaterThan(0);
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
  // With the cache off, the hook also unpacks its code (node:zlib) through the fallback.
  it.for(["on", "off"])("works where process.getBuiltinModule is missing (Node 20 before 20.16), code cache %s", (cache) => {
    const result = runBuiltHook("git-to-gh", payload, {
      dialect: "claude",
      node: node.path,
      env: { NODE_OPTIONS: "--import=data:text/javascript,delete%20process.getBuiltinModule", ...(cache === "off" ? { GUARDS_CODE_CACHE: "off" } : {}) },
    });
    expect(result.stderr).toBe("");
    expect((result.json as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision).toBe("deny");
  });
});

describe.for(NODE_BINARIES)("a hook file copied or damaged, on $name", (node) => {
  const run = (file: string, env: Record<string, string> = {}) =>
    runNodeFile(file, { args: ["--dialect", "claude"], input: JSON.stringify(payload), node: node.path, env: { GUARDS_CODE_CACHE: "off", ...env } });
  const decision = (result: ReturnType<typeof run>) => (result.json as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision;

  it("a copy runs from its own packed bundle, with no cache folder", () => {
    const result = run(copyOfHook((text) => text));
    expect(result.stderr).toBe("");
    expect(decision(result)).toBe("deny");
  });

  it("still decides with CRLF line ends (a checkout with core.autocrlf)", () => {
    expect(decision(run(copyOfHook((text) => text.replaceAll("\n", "\r\n"))))).toBe("deny");
  });

  it("unpacks where Node has no CRC-32 (before 20.15 and 22.2), checking SHA-256 instead", () => {
    const result = run(copyOfHook((text) => text), { NODE_OPTIONS: "--import=data:text/javascript,import%20z%20from%20%22node:zlib%22;delete%20z.crc32" });
    expect(result.stderr).toBe("");
    expect(decision(result)).toBe("deny");
  });

  // Each damage is caught by a different check: the bundle's mark, Brotli, the length and checksum, the checksum alone.
  const damages: [string, (packed: string) => string, string][] = [
    ["cut off", () => "", "cannot be unpacked"],
    ["garbled", (packed) => `${packed.slice(0, 200)}@@@ damaged${packed.slice(211)}`, "damaged"],
    ["one byte of its code changed", (packed) => repacked(packed, (code) => code.replace("deny", "dene")), "fails its checksum"],
    ["replaced by other code of the same length", (packed) => repacked(packed, (code) => code.replace("deny", "allo")), "fails its checksum"],
  ];
  it.for(damages)("with its bundled code %s: one line saying so, exit 2 (a block), no stack trace", ([, damage, reason]) => {
    const file = copyOfHook((text) => {
      const start = text.lastIndexOf("GUARDS_HOOK_SOURCE\n") + 19;
      const end = text.lastIndexOf("\n*/");
      return text.slice(0, start) + damage(text.slice(start, end)) + text.slice(end);
    });
    const result = run(file);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain(`guards: ${file} is damaged`);
    expect(result.stderr).toContain(reason);
    expect(result.stderr).toContain("reinstall it. Denied to be safe.");
  });

  it("without the mark of its bundled code: one line saying it is damaged, exit 2", () => {
    const file = copyOfHook((text) => {
      const at = text.lastIndexOf("GUARDS_HOOK_SOURCE\n");
      return `${text.slice(0, at)}SOMETHING_ELSE\n${text.slice(at + 19)}`;
    });
    const result = run(file);
    expect(result.exitCode).toBe(2);
    // The loader's own code holds the mark's text: found there, what follows does not unpack.
    expect(result.stderr.trim()).toMatch(/^guards: .* is damaged \(its bundled code (is missing|cannot be unpacked)\); reinstall it\. Denied to be safe\.$/);
    expect(result.stderr).toContain(file);
  });
});

/** A copy of the built git-to-gh hook file, changed by `edit`, in a folder of its own. */
function copyOfHook(edit: (text: string) => string): string {
  const file = join(mkdtempSync(join(tmpdir(), "guards-hook-copy-")), "git-to-gh.mjs");
  writeFileSync(file, edit(readFileSync(join(DIST, "hooks", "git-to-gh.mjs"), "latin1")), "latin1");
  return file;
}

/** The packed bundle (base64 of Brotli), unpacked, changed by `edit` and packed again. */
function repacked(packed: string, edit: (code: string) => string): string {
  return brotliCompressSync(Buffer.from(edit(brotliDecompressSync(Buffer.from(packed, "base64")).toString("latin1")), "latin1")).toString("base64");
}
