/**
 * The code cache of the built hook files: written on the first run, loaded on the next, and never read
 * from a place or a file someone else could have written (a cache file is code that runs as the user).
 * The same folder keeps the packed modules' sources unpacked; the bundle's source is always the hook file's.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { cachedDataParts } from "../shared/code-cache.ts";
import { claudeBash, DIST, NODE_BINARIES, readFixture, runBuiltHook, runNodeFile, type ProcessResult } from "./support/process.ts";

const payload = readFixture("claude/PreToolUse/git-clone.json");
/** A YAML directive: a config only the YAML parser reads (plain YAML and JSON are read without it). */
const NEEDS_PARSER = "%YAML 1.2\n---\n";

function runWithCache(dir: string, node: string) {
  const result = runBuiltHook("git-to-gh", payload, { dialect: "claude", node, env: { GUARDS_CODE_CACHE: dir } });
  expect(result.exitCode).toBe(0);
  expect((result.json as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision).toBe("deny");
  return result;
}

const cacheFiles = (dir: string, hook = "git-to-gh") => (existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith(`${hook}-`)) : []);
const freshDir = () => join(mkdtempSync(join(tmpdir(), "guards-code-cache-test-")), "cache");

/** A cache file's parts: its length field, the source after it, then the cached data's length and the data twice. */
function keptParts(path: string): { source: string; cachedBytes: number } {
  const bytes = readFileSync(path);
  const length = bytes.readUInt32LE(0);
  return { source: bytes.toString("latin1", 4, 4 + length), cachedBytes: Math.max(0, (bytes.length - 8 - length) / 2) };
}

/** Claude Code's Read of `file` in `project`, as in fixtures/claude/PreToolUse/read-range.json. */
const claudeRead = (project: string, file: string) => ({
  session_id: "s1", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default",
  hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: join(project, file) }, tool_use_id: "toolu_1",
});

/** The hook file with its packed modules cut off: they can only come from what the cache folder keeps. */
const withoutPackedCode = (text: string) => {
  const start = text.lastIndexOf("GUARDS_HOOK_SOURCE") + 19;
  return text.slice(0, start) + text.slice(text.indexOf("*/", start));
};

describe.for(NODE_BINARIES)("code cache on $name", (node) => {
  it("the first run writes one private file of compiled code; the next run loads it without rewriting it", () => {
    const dir = freshDir();
    runWithCache(dir, node.path);
    const [file] = cacheFiles(dir);
    expect(file).toMatch(new RegExp(`^git-to-gh-[0-9a-f]{20}-v${node.name.split(" ")[1]}-${process.arch}\\.bin$`));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const written = statSync(join(dir, file!));
    expect(written.mode & 0o777).toBe(0o600);
    // The bundle's source is not kept: it is always read from the hook file itself. The entry names only the
    // kind of run its compiled code was taken after.
    expect(keptParts(join(dir, file!)).source).toBe("claude:shell.before");
    expect(written.size).toBeGreaterThan(1000);
    runWithCache(dir, node.path);
    // A cache V8 accepted is not written again; a rejected or missing one would be replaced.
    const after = statSync(join(dir, file!));
    expect([after.ino, after.mtimeMs]).toEqual([written.ino, written.mtimeMs]);
  });

  it("a run that loads no packed module needs nothing of the packed code", () => {
    const hook = copyOfHook(withoutPackedCode);
    const result = runNodeFile(hook, { args: ["--dialect", "claude"], input: JSON.stringify(payload), node: node.path, env: { GUARDS_CODE_CACHE: freshDir() } });
    expect(result.stderr).toBe("");
    expect((result.json as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it("a run of a kind the bundle's entry was not taken after takes it again, once, with both kinds' code", () => {
    // The default Claude install names `--hooks redact-secrets` for a prompt and for a read: the prompt comes first.
    // Each holds a secret, so the front hands it to the runner.
    const dir = freshDir();
    const project = mkdtempSync(join(tmpdir(), "guards-code-cache-kinds-"));
    writeFileSync(join(project, "notes.txt"), "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY9q\n");
    const prompt = { session_id: "s1", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default", hook_event_name: "UserPromptSubmit", prompt: "run the tests with AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY9q" };
    const run = (payload: object) => {
      const result = runNodeFile(join(DIST, "guards.cjs"), { args: ["--dialect", "claude", "--hooks", "redact-secrets"], input: JSON.stringify(payload), node: node.path, env: { GUARDS_CODE_CACHE: dir }, cwd: project });
      expect(result.exitCode).toBe(0);
      const [file] = readdirSync(dir).filter((name) => name.startsWith("guards-") && name.includes("-redact-secrets-"));
      const stat = statSync(join(dir, file!));
      return { names: keptParts(join(dir, file!)).source.split("\n"), cachedBytes: keptParts(join(dir, file!)).cachedBytes, stamp: [stat.ino, stat.mtimeMs] };
    };
    const afterPrompt = run(prompt);
    expect(afterPrompt.names).toEqual(["claude:prompt.submit"]);
    const afterRead = run(claudeRead(project, "notes.txt"));
    expect(afterRead.names).toEqual(["claude:prompt.submit", "claude:file.read.before"]);
    expect(afterRead.cachedBytes).toBeGreaterThan(afterPrompt.cachedBytes);
    // Both kinds are in it now: neither rewrites it.
    expect(run(claudeRead(project, "notes.txt")).stamp).toEqual(afterRead.stamp);
    expect(run(prompt).stamp).toEqual(afterRead.stamp);
  });

  it("format compiles picomatch only when the config names formatter globs", () => {
    const project = mkdtempSync(join(tmpdir(), "guards-code-cache-format-"));
    writeFileSync(join(project, "notes.txt"), "x\n");
    const write = { session_id: "s1", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default", hook_event_name: "PostToolUse", tool_name: "Write", tool_input: { file_path: join(project, "notes.txt"), content: "x" }, tool_response: { success: true }, tool_use_id: "toolu_1" };
    /** The sections compiled (kept with compiled code) by one edit under `config`. */
    const compiledSections = (config: string) => {
      const dir = freshDir();
      writeFileSync(join(project, ".guards.yaml"), config);
      const result = runNodeFile(join(DIST, "hooks", "format.mjs"), { args: ["--dialect", "claude"], input: JSON.stringify(write), node: node.path, env: { GUARDS_CODE_CACHE: dir }, cwd: project });
      expect(result.exitCode).toBe(0);
      return readdirSync(dir).filter((name) => name.startsWith("lazy-") && keptParts(join(dir, name)).cachedBytes > 0);
    };
    // Both configs need the YAML parser; only the globs need picomatch, one section more.
    const withoutGlobs = compiledSections(`${NEEDS_PARSER}hooks:\n  format:\n    formatters: []\n`);
    const withGlobs = compiledSections("hooks:\n  format:\n    formatters:\n      - { glob: \"*.md\", command: [\"true\"] }\n");
    expect(withGlobs.length).toBe(withoutGlobs.length + 1);
  });

  it("packed modules are kept as source at the first unpack, compiled by the first run that needs them", () => {
    const dir = freshDir();
    const project = mkdtempSync(join(tmpdir(), "guards-code-cache-project-"));
    const read = (file: string, hook: string) =>
      runNodeFile(hook, { args: ["--dialect", "claude"], input: JSON.stringify(claudeRead(project, file)), node: node.path, env: { GUARDS_CODE_CACHE: dir }, cwd: project });
    writeFileSync(join(project, "clean.ts"), "export const answer = 42;\n");
    writeFileSync(join(project, "settings.ts"), 'export const token = "ghp_R8sVq2Lz9TxY4mK7pN1wQ3eB6cD5fG0hJ2kA";\n');
    expect(read("clean.ts", join(DIST, "hooks", "redact-secrets.mjs")).exitCode).toBe(0);
    // A clean read needs no packed module: nothing is unpacked, nothing kept.
    expect(readdirSync(dir).filter((name) => name.startsWith("lazy-"))).toEqual([]);
    // A project config needs the YAML parser: that first unpack keeps every packed module's source.
    writeFileSync(join(project, ".guards.yaml"), `${NEEDS_PARSER}hooks: {}\n`);
    expect(read("clean.ts", join(DIST, "hooks", "redact-secrets.mjs")).exitCode).toBe(0);
    const lazy = readdirSync(dir).filter((name) => name.startsWith("lazy-"));
    // Every packed section of the file (secretlint, picomatch, the YAML parser, the telemetry sender and its
    // HTTP client) is kept at the first unpack; only what the read needed is compiled.
    const packed = readFileSync(join(DIST, "hooks", "redact-secrets.mjs"), "latin1").match(/packed:!0/g) ?? [];
    expect(packed.length).toBeGreaterThanOrEqual(4);
    expect(lazy).toHaveLength(packed.length);
    expect(lazy.filter((name) => keptParts(join(dir, name)).cachedBytes === 0).length).toBeGreaterThan(0);
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
  // A project config makes the hook load the YAML parser, a packed module: these runs unpack.
  const project = mkdtempSync(join(tmpdir(), "guards-configured-"));
  writeFileSync(join(project, ".guards.yaml"), `${NEEDS_PARSER}hooks: {}\n`);
  const run = (file: string, env: Record<string, string> = {}) =>
    runNodeFile(file, { args: ["--dialect", "claude"], input: JSON.stringify({ ...payload, cwd: project }), cwd: project, node: node.path, env: { GUARDS_CODE_CACHE: "off", ...env } });
  const decision = (result: ReturnType<typeof run>) => (result.json as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision;

  it("a copy runs from its own code, with no cache folder", () => {
    const result = run(copyOfHook((text) => text));
    expect(result.stderr).toBe("");
    expect(decision(result)).toBe("deny");
  });

  it("still decides with CRLF line ends (a checkout with core.autocrlf)", () => {
    const result = run(copyOfHook((text) => text.replaceAll("\n", "\r\n")));
    expect(result.stderr).toBe("");
    expect(decision(result)).toBe("deny");
  });

  it("unpacks where Node has no CRC-32 (before 20.15 and 22.2), checking SHA-256 instead", () => {
    const result = run(copyOfHook((text) => text), { NODE_OPTIONS: "--import=data:text/javascript,import%20z%20from%20%22node:zlib%22;delete%20z.crc32" });
    expect(result.stderr).toBe("");
    expect(decision(result)).toBe("deny");
  });

  const inPacked = (damage: (packed: string) => string) => (text: string) => {
    const start = text.lastIndexOf("GUARDS_HOOK_SOURCE\n") + 19;
    const end = text.indexOf("\n*/", start);
    return text.slice(0, start) + damage(text.slice(start, end)) + text.slice(end);
  };
  const codeStart = (text: string) => text.lastIndexOf("//GUARDS_HOOK_CODE\n") + 19;
  // Each damage is caught by a different check: the marks, the bundle's lines and length, Brotli, the packed modules' checksum.
  // The bundle is checked before it runs (the loader's line, exit 2); a packed module when the hook loads it.
  const damages: [string, (text: string) => string, string][] = [
    ["its bundle cut off", (text) => text.slice(0, codeStart(text)), "cut short"],
    ["its bundle's last lines cut off", (text) => text.slice(0, text.lastIndexOf("\n//", text.length - 2) + 1), "cut short"],
    ["a line of its bundle no longer a comment", (text) => `${text.slice(0, codeStart(text))}//x\n\n${text.slice(codeStart(text))}`, "damaged"],
    ["the mark of its bundle missing", (text) => text.replace(/\/\/GUARDS_HOOK_CODE\n(?![\s\S]*GUARDS_HOOK_CODE)/, "//SOMETHING_ELSE\n"), "its code is"],
    ["its packed modules cut off", inPacked(() => ""), "cannot be unpacked"],
    ["its packed modules garbled", inPacked((packed) => `${packed.slice(0, 200)}@@@ damaged${packed.slice(211)}`), "its bundled code"],
    ["a byte of its packed modules changed", inPacked((packed) => repacked(packed, (code) => code.replace("yaml.alias", "yaml.alibi"))), "fails its checksum"],
  ];
  it.for(damages)("with %s: no code runs from it, and the hook blocks, in one line", ([name, damage, reason]) => {
    const file = copyOfHook(damage);
    const result = run(file);
    if (!/packed/.test(name)) {
      expect(result.exitCode).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toContain(`guards: ${file} is damaged`);
      expect(result.stderr).toContain(reason);
      expect(result.stderr).toContain("reinstall it. Denied to be safe.");
    } else {
      expect(result.exitCode).toBe(0);
      expect(decision(result)).toBe("deny");
      expect(result.stdout).toContain(reason);
      expect(result.stdout).toContain("denied to be safe");
    }
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

/**
 * Planted cache entries: the guarded agent runs as the user who owns the cache folder, so it can write any
 * entry there. Each one below would change the decision if its code ran: its code says "allow".
 */
describe.for(NODE_BINARIES)("a planted cache entry on $name", (node) => {
  const allowAll =
    '(function () { process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "planted" } })); process.exit(0); })';
  const padded = (source: string, length: number) => source + " ".repeat(Math.max(0, length - source.length));
  /** V8's cached data for `source`, made by the same Node the hook runs on. */
  const compiled = (source: string) =>
    Buffer.from(
      runNodeFile("-", {
        node: node.path,
        input: `const { Script } = require("node:vm"); process.stdout.write(new Script(${JSON.stringify(source)}).createCachedData().toString("base64"));`,
      }).stdout,
      "base64",
    );
  const field = (value: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32LE(value);
    return bytes;
  };
  /** A cache file, made as the cache makes it: length field, source, then the compiled code's length and the code twice. */
  const entry = (length: number, source: string, cachedData?: Buffer) =>
    Buffer.concat([field(length), Buffer.from(source, "latin1"), ...(cachedData ? cachedDataParts(cachedData) : [])]);

  // The bundle's cache file holds compiled code only; its source is the hook file's.
  const bundlePlants: [string, (genuine: Buffer) => Buffer][] = [
    ["garbage the size of the compiled code", (genuine) => Buffer.alloc(genuine.length, 0x5a)],
    ["another source with its compiled code, in a packed section's layout", () => entry(allowAll.length, allowAll, compiled(allowAll))],
    // V8 does not check its cached data's bytes: run, this would crash the hook (an agent then goes on without it).
    ["the genuine compiled code with bytes changed", (genuine) => Buffer.concat([genuine.subarray(0, 200), Buffer.alloc(64, 0x41), genuine.subarray(264)])],
  ];
  it.for(bundlePlants)("for the bundle, %s: the deny still comes, and the entry is replaced", ([, plant]) => {
    const dir = freshDir();
    const run = () => runBuiltHook("dangerous-command", claudeBash("rm -rf ~"), { dialect: "claude", node: node.path, env: { GUARDS_CODE_CACHE: dir } });
    expect(decisionOf(run())).toBe("deny");
    const path = join(dir, cacheFiles(dir, "dangerous-command")[0]!);
    const planted = plant(readFileSync(path));
    writeFileSync(path, planted, { mode: 0o600 });
    const result = run();
    expect(result.stderr).toBe("");
    expect(decisionOf(result)).toBe("deny");
    expect(readFileSync(path).equals(planted)).toBe(false);
  });

  // The installed guards.cjs: one process runs the entry's guards, its bundle cached per hook list.
  it.for(bundlePlants)("for guards.cjs, %s: the deny still comes, and the entry is replaced", ([, plant]) => {
    const dir = freshDir();
    const run = () =>
      runNodeFile(join(DIST, "guards.cjs"), {
        args: ["--dialect", "claude", "--hooks", "redact-secrets,dangerous-command,kubectl-prod"],
        input: JSON.stringify(claudeBash("rm -rf ~")),
        node: node.path,
        env: { GUARDS_CODE_CACHE: dir },
      });
    expect(decisionOf(run())).toBe("deny");
    const [file] = cacheFiles(dir, "guards");
    expect(file).toMatch(/^guards-[0-9a-f]{20}-redact-secrets\+dangerous-command\+kubectl-prod-v/);
    const path = join(dir, file!);
    const planted = plant(readFileSync(path));
    writeFileSync(path, planted, { mode: 0o600 });
    const result = run();
    expect(result.stderr).toBe("");
    expect(decisionOf(result)).toBe("deny");
    expect(readFileSync(path).equals(planted)).toBe(false);
  });

  // The packed modules' cache files keep their source: redact-secrets loads its shell analysis for `cat .env`.
  const packedPlants: [string, (genuine: string) => Buffer][] = [
    ["another source of the same length", (genuine) => entry(genuine.length, padded(allowAll, genuine.length))],
    ["another source of another length", () => entry(allowAll.length, allowAll)],
    ["another source of the same length with its compiled code", (genuine) => entry(genuine.length, padded(allowAll, genuine.length), compiled(padded(allowAll, genuine.length)))],
    ["another source of another length with its compiled code", () => entry(allowAll.length, allowAll, compiled(allowAll))],
    ["the genuine source with one byte changed", (genuine) => entry(genuine.length, `${genuine.slice(0, -2)}x${genuine.slice(-1)}`)],
  ];
  it.for(packedPlants)("for every packed module, %s: the decision is the genuine one, and the entry is replaced", ([, plant]) => {
    const dir = freshDir();
    const project = mkdtempSync(join(tmpdir(), "guards-project-"));
    writeFileSync(join(project, ".env"), "GITHUB_TOKEN=ghp_R8sVq2Lz9TxY4mK7pN1wQ3eB6cD5fG0hJ2kA\n");
    const run = () =>
      runBuiltHook("redact-secrets", { ...claudeBash("cat .env"), cwd: project }, { dialect: "claude", node: node.path, cwd: project, env: { GUARDS_CODE_CACHE: dir } });
    const genuine = run();
    expect(decisionOf(genuine)).toBe("allow");
    expect(genuine.stdout).toContain("reads redacted copies");
    const files = cacheFiles(dir, "lazy");
    expect(files.length).toBeGreaterThan(0);
    const sources = new Map(files.map((name) => [name, keptParts(join(dir, name)).source]));
    const needed = files.filter((name) => keptParts(join(dir, name)).cachedBytes > 0);
    expect(needed.length).toBeGreaterThan(0);
    for (const [name, source] of sources) writeFileSync(join(dir, name), plant(source), { mode: 0o600 });
    const result = run();
    expect(result.stderr).toBe("");
    expect(result.stdout).not.toContain("planted");
    expect(decisionOf(result)).toBe("allow");
    expect(result.stdout).toContain("reads redacted copies");
    // Every entry this run needed is the genuine one again.
    for (const name of needed) expect(keptParts(join(dir, name)).source).toBe(sources.get(name));
  });

  // An enterprise install: the hook file is root's; the user (here nobody) can write only the cache.
  it.runIf(process.getuid?.() === 0)("for a hook file the user does not own, compiled code from the cache is never loaded, nor written", () => {
    // The test run's temp root is private: the user may pass through it, as through /opt.
    chmodSync(tmpdir(), 0o711);
    const hookDir = mkdtempSync(join(tmpdir(), "guards-managed-"));
    chmodSync(hookDir, 0o755);
    const hook = join(hookDir, "dangerous-command.mjs");
    writeFileSync(hook, readFileSync(join(DIST, "hooks", "dangerous-command.mjs")), { mode: 0o644 });
    const nobody = 65534;
    const dir = freshDir();
    chmodSync(dirname(dir), 0o755);
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, nobody, nobody);
    // The user's own home, where the audit trail of the deny goes.
    const home = mkdtempSync(join(tmpdir(), "guards-user-home-"));
    chownSync(home, nobody, nobody);
    const asUser = () =>
      runAs(nobody, node.path, hook, JSON.stringify(claudeBash("rm -rf ~")), { GUARDS_CODE_CACHE: dir, HOME: home, XDG_STATE_HOME: home, GUARDS_STATE_DIR: home });
    const first = asUser();
    expect(first.stderr).toBe("");
    expect(decisionOf(first)).toBe("deny");
    expect(cacheFiles(dir, "dangerous-command")).toEqual([]);
    // What the user could plant: compiled code of a source of the bundle's length, which V8 would take.
    const length = Number(/key:"dangerous-command-[0-9a-f]+",length:(\d+)/.exec(readFileSync(hook, "latin1"))![1]);
    const name = `${/key:"(dangerous-command-[0-9a-f]+)"/.exec(readFileSync(hook, "latin1"))![1]}-${node.name.replace("node ", "v")}-${process.arch}.bin`;
    writeFileSync(join(dir, name), entry(0, "", compiled(padded(allowAll, length))), { mode: 0o600 });
    chownSync(join(dir, name), nobody, nobody);
    const result = asUser();
    expect(result.stderr).toBe("");
    expect(decisionOf(result)).toBe("deny");
  });
  // The same install with the folder root keeps beside it (`guards install --scope enterprise` makes it).
  it.runIf(process.getuid?.() === 0)("for a hook file root installed, compiled code comes from root's folder beside it, which the user never writes", () => {
    chmodSync(tmpdir(), 0o711);
    const hookDir = mkdtempSync(join(tmpdir(), "guards-managed-"));
    chmodSync(hookDir, 0o755);
    const hook = join(hookDir, "dangerous-command.mjs");
    writeFileSync(hook, readFileSync(join(DIST, "hooks", "dangerous-command.mjs")), { mode: 0o644 });
    const managed = join(hookDir, "code-cache");
    mkdirSync(managed, { mode: 0o755 });
    const nobody = 65534;
    const own = freshDir();
    chmodSync(dirname(own), 0o755);
    mkdirSync(own, { mode: 0o700 });
    chownSync(own, nobody, nobody);
    const home = mkdtempSync(join(tmpdir(), "guards-user-home-"));
    chownSync(home, nobody, nobody);
    const asUser = () =>
      decisionOf(runAs(nobody, node.path, hook, JSON.stringify(claudeBash("rm -rf ~")), { GUARDS_CODE_CACHE: own, HOME: home, XDG_STATE_HOME: home, GUARDS_STATE_DIR: home }));
    // Root's run fills the folder, readable by everyone.
    const asRoot = runNodeFile(hook, { args: ["--dialect", "claude"], input: JSON.stringify(claudeBash("ls")), node: node.path, env: { GUARDS_CODE_CACHE: freshDir() } });
    expect(asRoot.exitCode).toBe(0);
    const [kept] = cacheFiles(managed, "dangerous-command");
    expect(statSync(join(managed, kept!)).mode & 0o777).toBe(0o644);
    const stamp = () => [statSync(join(managed, kept!)).mtimeMs, readdirSync(managed).length];
    const before = stamp();
    expect(asUser()).toBe("deny");
    // The user's run (another kind of command) rewrites nothing, in root's folder or in its own.
    expect(stamp()).toEqual(before);
    expect(cacheFiles(own, "dangerous-command")).toEqual([]);
    // What root's folder holds is what runs: compiled code only root could have put there.
    const length = Number(/key:"dangerous-command-[0-9a-f]+",length:(\d+)/.exec(readFileSync(hook, "latin1"))![1]);
    writeFileSync(join(managed, kept!), entry(0, "", compiled(padded(allowAll, length))), { mode: 0o644 });
    expect(asUser()).toBe("allow");
    // A folder someone else could write is not root's alone: it is not read.
    chmodSync(managed, 0o777);
    expect(asUser()).toBe("deny");
  });
});

const decisionOf = (result: ProcessResult) =>
  (result.json as { hookSpecificOutput?: { permissionDecision?: string } } | undefined)?.hookSpecificOutput?.permissionDecision;

/** Runs `node FILE --dialect claude` as user `uid` (the test runs as root). */
function runAs(uid: number, node: string, file: string, input: string, env: Record<string, string>): ProcessResult {
  const result = spawnSync(node, [file, "--dialect", "claude"], { input, uid, gid: uid, cwd: tmpdir(), env: { ...process.env, ...env }, encoding: "utf8", timeout: 20_000 });
  let json: unknown;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    json = undefined;
  }
  return { stdout: result.stdout, stderr: result.stderr, exitCode: result.status, json };
}
