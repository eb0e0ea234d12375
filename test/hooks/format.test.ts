/** format: the case table with real formatters on real files, every dialect's edit fixture as a process, concurrent edits. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import format from "../../hooks/format/index.ts";
import { cases, type FormatCase } from "../../hooks/format/cases.ts";
import { dialects } from "../../shared/dialects/index.ts";
import type { DialectId, FileEditAfter } from "../../shared/event.ts";
import type { HookContext } from "../../shared/hook.ts";
import { TABLE_NODES, ROOT } from "../support/process.ts";
import { runHookAsync } from "./observer-processes.ts";

// Many tests here start node processes, or formatters; on a loaded two-core machine they outlast the default limit.
vi.setConfig({ testTimeout: 90_000 });

const PRETTIER = join(ROOT, "node_modules", "prettier", "bin", "prettier.cjs");
/** The formatters must be real and present: a missing one fails the suite, never skips it. */
const PATH = "/usr/local/bin:/usr/bin:/bin";

let base: string;
let project: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "guards-format-"));
  project = join(base, "project");
  mkdirSync(project);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function makeProject(c: Pick<FormatCase, "files" | "localPrettier">): void {
  for (const [rel, content] of Object.entries(c.files)) {
    const path = resolve(project, rel);
    mkdirSync(dirname(path), { recursive: true });
    if (content.startsWith("@symlink ")) symlinkSync(content.slice("@symlink ".length), path);
    else writeFileSync(path, content);
  }
  if (c.localPrettier) {
    mkdirSync(join(project, "node_modules", ".bin"), { recursive: true });
    symlinkSync(PRETTIER, join(project, "node_modules", ".bin", "prettier"));
  }
}

function editEvent(paths: string[]): FileEditAfter {
  const filePaths = paths.map((p) => resolve(project, p));
  return { kind: "file.edit.after", dialect: "universal", nativeEvent: "edit", cwd: project, projectRoot: project, workspaceRoots: [project], raw: {}, filePath: filePaths[0]!, filePaths, edits: [], tab: false };
}

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name));
}

describe("the formatters the tests rely on are installed", () => {
  it.for([["shfmt", "/usr/bin/shfmt"], ["prettier", PRETTIER]])("%s", ([, path]) => {
    expect(existsSync(path!), `${path} is missing: run .ci/setup-packages.sh and npm install`).toBe(true);
  });
});

describe("format cases", () => {
  it.for(cases)("$name", async (c) => {
    makeProject(c);
    const before = new Map(allFiles(base).map((f) => [f, readFileSync(f, "utf8")]));
    const notes: string[] = [];
    const ctx: HookContext = { env: { PATH, HOME: base }, now: () => new Date(), config: c.config ?? {}, configSources: [], stateDir: join(base, "state"), log: (l) => notes.push(l) };
    const decision = await format.run(editEvent(c.edited), ctx);
    expect(decision.action).toBe("pass");
    if (c.expect.context === "none") expect(decision.context).toBeUndefined();
    else for (const text of c.expect.context) expect(decision.context).toContain(text);
    for (const text of c.expect.log ?? []) expect(notes.join("\n")).toContain(text);
    const expected = Object.fromEntries(Object.entries(c.expect.files ?? {}).map(([rel, content]) => [resolve(project, rel), content]));
    for (const [path, content] of Object.entries(expected)) expect(readFileSync(path, "utf8")).toBe(content);
    for (const [path, content] of before) if (!(path in expected) && !path.includes(`${join(base, "state")}`)) expect(readFileSync(path, "utf8")).toBe(content);
    // Nothing left behind, nothing executed from a file name.
    expect(allFiles(base).filter((f) => f.endsWith("/pwned") || f.includes(".guards-"))).toEqual([]);
    expect(existsSync(join(project, "pwned"))).toBe(false);
  });

  it("says 'no formatter' once per project and file type, not on every edit", async () => {
    makeProject({ files: { "a.txt": "x\n", "b.txt": "y\n" } });
    const notes: string[] = [];
    const ctx: HookContext = { env: { PATH }, now: () => new Date(), config: {}, configSources: [], stateDir: join(base, "state"), log: (l) => notes.push(l) };
    await format.run(editEvent(["a.txt"]), ctx);
    await format.run(editEvent(["b.txt"]), ctx);
    expect(notes.filter((n) => n.includes("no formatter"))).toHaveLength(1);
  });

  it("says it again for another file type: each project and type has a marker of its own", async () => {
    makeProject({ files: { "a.txt": "x\n", "b.cfg": "y\n" } });
    const notes: string[] = [];
    const ctx: HookContext = { env: { PATH }, now: () => new Date(), config: {}, configSources: [], stateDir: join(base, "state"), log: (l) => notes.push(l) };
    await format.run(editEvent(["a.txt"]), ctx);
    await format.run(editEvent(["b.cfg"]), ctx);
    await format.run(editEvent(["a.txt"]), ctx);
    expect(notes.filter((n) => n.includes("no formatter"))).toEqual([expect.stringContaining(".txt"), expect.stringContaining(".cfg")]);
  });

  it.for([
    [{ formatters: "prettier" }, "formatters must be a list"],
    [{ formatters: [{ glob: "*.ts" }] }, "formatters[0].command"],
    [{ formatters: [{ glob: "*.ts", command: "prettier --write" }] }, "formatters[0].command"],
    [{ timeoutMs: -1 }, "timeoutMs"],
  ] as const)("a bad config is an error naming the key: %j", async ([config, says]) => {
    makeProject({ files: { "a.ts": "x\n" } });
    const ctx: HookContext = { env: { PATH }, now: () => new Date(), config: config as never, configSources: [], stateDir: join(base, "state") };
    await expect(format.run(editEvent(["a.ts"]), ctx)).rejects.toThrow(says);
  });
});

/** Every dialect's edit fixtures, their project paths moved into a temp project with a configured formatter. */
const EDIT_FIXTURES = (() => {
  const out: { dialect: DialectId; event: string; file: string }[] = [];
  for (const dialect of Object.keys(dialects) as DialectId[]) {
    const dir = join(ROOT, "fixtures", dialect);
    if (!existsSync(dir)) continue;
    for (const event of readdirSync(dir)) {
      for (const file of readdirSync(join(dir, event))) {
        const raw = JSON.parse(readFileSync(join(dir, event, file), "utf8")) as Record<string, unknown>;
        if (dialects[dialect].parse(raw, {})?.kind === "file.edit.after") out.push({ dialect, event, file });
      }
    }
  }
  return out;
})();

describe.for(TABLE_NODES)("every dialect's edit fixtures through the built hook on $name", (node) => {
  it("covers every dialect", () => {
    // Crush has no after-edit event (PreToolUse and PreCompact only): nothing to format there.
    const withEdits = (Object.keys(dialects) as DialectId[]).filter((id) => dialects[id].subscriptions["file.edit.after"]);
    expect(new Set(EDIT_FIXTURES.map((f) => f.dialect))).toEqual(new Set(withEdits));
  });
  it.for(EDIT_FIXTURES)("$dialect $event/$file", async ({ dialect, event, file }) => {
    const text = readFileSync(join(ROOT, "fixtures", dialect, event, file), "utf8");
    const parsed = dialects[dialect].parse(JSON.parse(text), {}) as FileEditAfter;
    const fixtureRoot = parsed.projectRoot && parsed.projectRoot !== "/" ? parsed.projectRoot : dirname(parsed.filePath);
    const payload = JSON.parse(text.split(fixtureRoot).join(project)) as Record<string, unknown>;
    const edited = parsed.filePaths.map((p) => join(project, p.slice(fixtureRoot.length)));
    for (const path of edited) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, "const a   =  {b:1}\n");
    }
    // Whatever the file type, the configured prettier (JavaScript parser) formats it.
    writeFileSync(join(project, ".guards.yaml"), `hooks:\n  format:\n    formatters:\n      - glob: "**/*"\n        command: [${JSON.stringify(PRETTIER)}, --write, --parser, babel]\n`);
    const result = await runHookAsync("format", payload, { dialect, node: node.path, cwd: project, env: { PATH, HOME: base, XDG_CONFIG_HOME: join(base, "xdg"), GUARDS_STATE_DIR: join(base, "state"), GUARDS_ENTERPRISE_CONFIG: join(base, "none.yaml"), CLAUDE_PROJECT_DIR: project, PWD: project } });
    expect(result.exitCode, result.stderr).toBe(0);
    for (const path of edited) expect(readFileSync(path, "utf8"), result.stderr).toBe("const a = { b: 1 };\n");
  });
});

describe("concurrent edits of one file", () => {
  it("never format it concurrently: each run waits for the one before", async () => {
    const file = join(project, "shared.sh");
    writeFileSync(file, "echo hi\n");
    const log = join(base, "runs.log");
    // The probe folder exists only while a run is inside the formatter: a second run finding it means overlap.
    const probe = `mkdir "$0.probe" 2>/dev/null || echo OVERLAP >> "${log}"; echo run >> "${log}"; sleep 0.3; rmdir "$0.probe" 2>/dev/null; exit 0`;
    writeFileSync(join(project, ".guards.yaml"), `hooks:\n  format:\n    formatters:\n      - glob: "*.sh"\n        command: [sh, -c, ${JSON.stringify(probe)}, "{file}"]\n`);
    const payload = { session_id: "s", hook_event_name: "PostToolUse", cwd: project, tool_name: "Write", tool_input: { file_path: file, content: "echo hi\n" } };
    const env = { PATH, HOME: base, XDG_CONFIG_HOME: join(base, "xdg"), GUARDS_STATE_DIR: join(base, "state"), GUARDS_ENTERPRISE_CONFIG: join(base, "none.yaml") };
    const results = await Promise.all(Array.from({ length: 6 }, () => runHookAsync("format", payload, { dialect: "claude", cwd: project, env, timeoutMs: 60_000 })));
    expect(results.map((r) => r.exitCode)).toEqual(Array(6).fill(0));
    const lines = readFileSync(log, "utf8").trim().split("\n");
    expect(lines.filter((l) => l === "run")).toHaveLength(6);
    expect(lines).not.toContain("OVERLAP");
  }, 120_000);

  it("a lock left by a dead process does not block formatting", async () => {
    makeProject({ files: { "run.sh": "if true;then\necho hi\nfi\n" } });
    const file = join(project, "run.sh");
    const { createHash } = await import("node:crypto");
    const lockDir = join(base, "state", "format", "locks");
    mkdirSync(lockDir, { recursive: true });
    // pid 2^22+1 is above Linux's pid_max: no such process.
    writeFileSync(join(lockDir, `${createHash("sha256").update(file).digest("hex").slice(0, 32)}.lock`), `4194305 ${Date.now()} dead`);
    const ctx: HookContext = { env: { PATH }, now: () => new Date(), config: {}, configSources: [], stateDir: join(base, "state") };
    const decision = await format.run(editEvent(["run.sh"]), ctx);
    expect(decision.context).toContain("shfmt reformatted");
  });
});
