/**
 * The front of the hook file answers a read of a file with no secret without the runner
 * (shared/quick-answer.ts, shared/dialects/quick-read.ts, hooks/redact-secrets/quick-read.ts). It may
 * only ever say what the runner would say: these tables hold its reading of each dialect against the
 * dialect's own, its check against redact-secrets itself on the secrets corpus and on keys made now, and
 * the built file against the runner it skips.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { hooks } from "../hooks/index.ts";
import { QUICK_READS, READ_GUARDS } from "../hooks/quick-reads.ts";
import { promptPasses, readPasses } from "../hooks/redact-secrets/quick-read.ts";
import { loadDialect } from "../shared/dialects/loaders.ts";
import { QUICK_PROMPT_READERS, QUICK_READ_READERS, type QuickPrompt, type QuickRead } from "../shared/dialects/quick-read.ts";
import { readerOf } from "../shared/dialects/readers.ts";
import { pass, type DialectId, type FileReadBefore, type PromptSubmit } from "../shared/event.ts";
import { quickAnswer } from "../shared/quick-answer.ts";
import { QUICK_RULES } from "../hooks/inert-commands.ts";
import { runHooks } from "../shared/run.ts";
import { allFixturePaths } from "./dialects/fixture-paths.ts";
import { DIST, NODE_BINARIES, readFixture, ROOT, runNodeFile } from "./support/process.ts";


const ENVS: Record<string, string>[] = [
  {},
  { PWD: "/from/pwd" },
  { CLAUDE_PROJECT_DIR: "/claude/project", PWD: "/from/pwd" },
  { GEMINI_PROJECT_DIR: "/gemini/project", GEMINI_CWD: "/gemini/cwd" },
  { QWEN_PROJECT_DIR: "/qwen/project" },
  { CURSOR_PROJECT_DIR: "/cursor/project" },
  { FACTORY_PROJECT_DIR: "/factory/project" },
  { COPILOT_CLI: "1" },
  { DEVIN_PROJECT_DIR: "/devin/project" },
  { CRUSH_CWD: "/crush/cwd", CRUSH_PROJECT_DIR: "/crush/project" },
  { CRUSH_CWD: "/crush/cwd", PWD: "/from/pwd" },
  { ROOT_WORKSPACE_PATH: "/windsurf/root", PWD: "/from/pwd" },
];

/** Each payload as sent, and altered the ways that change its reading: the tool, the path's key and type, the envelope's marks. */
function variants(raw: Record<string, unknown>): Record<string, unknown>[] {
  const input = typeof raw.tool_input === "object" && raw.tool_input !== null ? (raw.tool_input as Record<string, unknown>) : {};
  const { cwd: _cwd, ...noCwd } = raw;
  const { content: _content, ...noContent } = raw;
  return [
    raw,
    { ...raw, tool_name: "Read", tool_input: { file_path: "src/app.ts" } },
    { ...raw, tool_name: "Read", tool_input: { file_path: "/abs/app.ts", offset: 10, limit: 5 } },
    { ...raw, tool_name: "Read", tool_input: { notebook_path: "n.ipynb" } },
    { ...raw, tool_name: "Read", tool_input: { file_path: 5, path: "x.ts" } },
    { ...raw, tool_name: "Read", tool_input: { file_path: ["a.ts", "b.ts"] } },
    { ...raw, tool_name: "Read", tool_input: { path: "./x.ts" } },
    { ...raw, tool_name: "Read", tool_input: {} },
    { ...noCwd, tool_name: "Read", tool_input: { file_path: "rel.ts" } },
    { ...raw, tool_name: "Read", tool_input: { file_path: "x.ts" }, timestamp: "2026-11-24T10:00:00Z" },
    { ...raw, tool_name: "Read", tool_input: { file_path: "x.ts" }, workspace_roots: ["/w"] },
    { ...raw, tool_name: "Read", tool_input: { file_path: "x.ts" }, session_id: 7 },
    { ...raw, tool_name: "Read", tool_input: { file_path: "x.ts" }, cwd: null },
    { ...raw, tool_name: "Read", tool_input: { file_path: "x.ts" }, transcript_path: undefined },
    { ...raw, tool_name: "Read", tool_input: { file_path: "x.ts", shell_id: "s" } },
    { ...raw, tool_name: "read_file", tool_input: { file_path: "./src/app.ts" } },
    { ...raw, tool_name: "read_file", tool_input: { absolute_path: "/abs/app.ts" } },
    { ...raw, tool_name: "read_file", tool_input: { paths: ["a.ts"] } },
    { ...raw, tool_name: "read_file", tool_input: { file_path: "a.ts", include: ["*.ts"] } },
    { ...raw, tool_name: "read_many_files", tool_input: { paths: ["a.ts"] } },
    { ...raw, tool_name: "view", tool_input: { path: "a.ts" } },
    { ...raw, tool_name: "read_file", tool_input: { filePath: "src/app.ts", startLine: 1, endLine: 9 } },
    { ...raw, toolArgs: { path: "src/app.ts" } },
    { ...raw, tool_name: "read", tool_input: { file_path: "src/app.ts" } },
    { ...raw, tool_info: { file_path: "src/app.ts" } },
    { ...raw, tool_name: "fs_read", tool_input: { operations: [{ mode: "Line", path: "src/app.ts" }] } },
    { ...raw, tool_name: "fs_read", tool_input: { operations: [{ mode: "Line", path: "a.ts" }, { mode: "Line", path: "b.ts" }] } },
    { ...raw, tool_name: "fs_read", tool_input: { operations: [{ mode: "Line", path: ["a.ts"] }, 5] } },
    { ...raw, tool_name: "fs_read", tool_input: { mode: "Line", path: "/abs/a.ts" } },
    { ...raw, tool_name: "fs_read", tool_input: { operations: [] } },
    { ...raw, tool_name: "read", tool_input: { path: "a.ts" }, hook_event_name: "preToolUse" },
    { ...raw, tool_info: { file_path: "/abs/app.ts", cwd: "/c", root_workspace_path: "/r" } },
    { ...raw, tool_info: { file_path: "a.ts", cwd: "", worktree_path: "/wt" } },
    { ...raw, tool_info: { file_path: "a.ts", cwd: 5 } },
    { ...raw, tool_info: { file_path: 5 } },
    { ...raw, tool_info: { file_path: "a.ts" }, trajectory_id: 5 },
    { ...raw, tool_name: "read", tool_input: { path: "/abs/app.ts" }, cwd: undefined },
    { ...raw, tool_name: "view", tool_input: { path: "src/app.ts" }, workspace_roots: ["/w"] },
    { ...noCwd, tool_name: "view", tool_input: { path: "src/app.ts" }, workspace_roots: ["/w", "/v"], conversation_id: "c" },
    { ...raw, tool_name: "view", tool_input: { path: "src/app.ts" }, workspace_roots: [1], conversation_id: "c" },
    { ...raw, tool_name: "view", tool_input: { file_path: "src/app.ts" } },
    { ...raw, tool_name: "view", tool_input: { file_path: "/abs/app.ts", offset: 0, limit: 20 }, event: "PreToolUse" },
    { ...raw, tool_name: "view", tool_input: { file_path: ["a.ts"] }, event: "PreToolUse" },
    { ...noCwd, tool_name: "view", tool_input: { file_path: "a.ts" }, event: "PreToolUse" },
    { ...raw, tool_name: "view", tool_input: { file_path: "a.ts" }, event: "PreToolUse", working_dir: "/w" },
    { ...raw, toolArgs: { path: "/abs/app.ts", view_range: [1, 9] }, sessionId: "s" },
    { ...raw, toolArgs: { file_path: "a.ts" } },
    { ...raw, toolArgs: { path: ["a.ts"] } },
    { ...raw, toolArgs: JSON.stringify({ path: "a.ts" }) },
    { ...raw, toolArgs: { path: "a.ts" }, sessionId: 3 },
    { ...raw, toolArgs: { path: "a.ts" }, toolResult: { resultType: "success" } },
    { ...raw, tool_name: "read_file", tool_input: { filePath: "/abs/app.ts" }, timestamp: "2026-11-24T10:00:00.000Z" },
    { ...raw, tool_name: "read_file", tool_input: { filePath: 5 }, timestamp: "2026-11-24T10:00:00.000Z" },
    { ...raw, tool_name: "read_file", tool_input: { filePath: "" }, timestamp: "2026-11-24T10:00:00.000Z" },
    { ...raw, file_path: "src/app.ts" },
    { ...raw, file_path: "" },
    { ...raw, file_path: 5 },
    { ...raw, content: 5 },
    { ...noContent },
    { ...raw, content: "password = hunter2hunter2" },
    { ...raw, workspace_roots: ["/a", "/b/"], cwd: "/b/c" },
    { ...raw, workspace_roots: "/a" },
    { ...raw, workspace_roots: [3] },
    { ...raw, hook_event_name: "beforeTabFileRead" },
    { ...raw, hook_event_name: "preToolUse" },
    { ...raw, hook_event_name: "BeforeTool", tool_name: "read_file", tool_input: { file_path: "a.ts" } },
    { ...raw, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: "a.ts" } },
    { ...raw, hook_event_name: "UserPromptSubmit", prompt: "refactor the parser" },
    { ...raw, hook_event_name: "UserPromptSubmit", prompt: 5 },
    { ...raw, hook_event_name: "UserPromptSubmit", prompt: "x", transcript_path: 5 },
    { ...raw, hook_event_name: "BeforeAgent", prompt: "refactor the parser" },
    { ...raw, hook_event_name: "beforeSubmitPrompt", prompt: "refactor the parser" },
    { ...raw, hook_event_name: "beforeSubmitPrompt" },
    { ...raw, prompt: "refactor the parser" },
  ];
}

describe("the front's reading of each dialect's file reads agrees with the dialect's own", () => {
  const fixtures = allFixturePaths();
  /** Wherever `quick` reads a payload, the dialect reads it as an event of `kind` with the same `fields`, and renders a pass as `quick` does. */
  const agrees = <T extends { stdout: string }>(home: DialectId, quick: (raw: Record<string, unknown>, env: Record<string, string>) => T | undefined, kind: string, fields: (event: never, quick: T) => [unknown, unknown]) =>
    async () => {
      const dialect = await loadDialect(home);
      let answered = 0;
      for (const path of fixtures) {
        for (const raw of variants(readFixture(path))) {
          for (const env of ENVS) {
            const read = quick(raw, env);
            if (!read) continue;
            answered++;
            const where = `${path} ${JSON.stringify(env)} ${JSON.stringify(raw).slice(0, 300)}`;
            const reader = readerOf(dialect, raw, env);
            const event = reader.parse(raw, env);
            expect(event?.kind, where).toBe(kind);
            if (event?.kind !== kind) continue;
            const [theirs, ours] = fields(event as never, read);
            expect(theirs, where).toEqual(ours);
            expect(reader.render(pass(), event), where).toEqual({ stdout: read.stdout, stderr: "", exitCode: 0 });
          }
        }
      }
      // Not vacuous: the dialect's own payloads of that kind are read.
      expect(answered).toBeGreaterThan(ENVS.length);
    };

  for (const home of Object.keys(QUICK_READ_READERS) as DialectId[]) {
    it(
      `${home}: every fixture of every agent, altered, in every environment`,
      agrees(home, QUICK_READ_READERS[home]!, "file.read.before", (event: FileReadBefore, quick: QuickRead) => [
        { filePath: event.filePath, filePaths: event.filePaths, content: event.content, projectRoot: event.projectRoot, tab: event.tab },
        { filePath: quick.filePath, filePaths: [quick.filePath], content: quick.content, projectRoot: quick.projectRoot, tab: false },
      ]),
    );
  }

  for (const home of Object.keys(QUICK_PROMPT_READERS) as DialectId[]) {
    it(
      `${home}: every fixture of every agent, altered, in every environment, as a prompt`,
      agrees(home, QUICK_PROMPT_READERS[home]!, "prompt.submit", (event: PromptSubmit, quick: QuickPrompt) => [
        { prompt: event.prompt, projectRoot: event.projectRoot },
        { prompt: quick.prompt, projectRoot: quick.projectRoot },
      ]),
    );
  }

  it.each([
    ["claude", "claude/PreToolUse/read-env.json", true],
    ["claude", "claude/PreToolUse/read-range.json", true],
    ["claude", "claude/PreToolUse/ls.json", false],
    ["claude", "vscode/PreToolUse/read-file.json", true],
    ["vscode", "vscode/PreToolUse/read-file.json", true],
    ["copilot", "vscode/PreToolUse/read-file.json", true],
    ["copilot", "copilot/preToolUse/view.json", true],
    ["vscode", "copilot/preToolUse/view.json", true],
    ["copilot", "copilot/preToolUse/view-string-args.json", false],
    ["claude", "copilot/preToolUse/view.json", false],
    ["claude", "readers/claude/cursor/preToolUse/shell.json", false],
    ["gemini", "gemini/BeforeTool/read-file.json", true],
    ["gemini", "gemini/BeforeTool/read-file-relative.json", true],
    ["gemini", "gemini/BeforeTool/read-many-files.json", false],
    ["qwen", "qwen/PreToolUse/read-env.json", true],
    ["qwen", "qwen/PreToolUse/read-many.json", false],
    ["factory", "factory/PreToolUse/read-env.json", true],
    ["cursor", "cursor/beforeReadFile/source.json", true],
    ["augment", "augment/PreToolUse/read-env.json", true],
    ["crush", "crush/PreToolUse/read-env.json", true],
    ["crush", "augment/PreToolUse/read-env.json", false],
    ["kiro", "kiro/PreToolUse/read-env.json", true],
    ["kiro", "claude/PreToolUse/read-env.json", false],
    ["windsurf", "windsurf/pre_read_code/file.json", true],
    ["windsurf", "windsurf/pre_read_code/directory.json", true],
    ["windsurf", "windsurf/post_read_code/file.json", false],
    ["cursor", "cursor/beforeTabFileRead/env.json", false],
  ] as const)("%s entry, %s: answered early %s", (home, path, answered) => {
    expect(QUICK_READ_READERS[home]?.(readFixture(path), {}) !== undefined).toBe(answered);
  });
});

const CORPUS = join(ROOT, "fixtures", "secrets");
const corpusFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .sort();

/** The hook's own answer to Claude reading `filePath`, with no config. */
async function hookAnswer(filePath: string, project: string, home: string) {
  const payload = { session_id: "s", transcript_path: "/t.jsonl", cwd: project, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: filePath } };
  return runHooks([hooks["redact-secrets"]], JSON.stringify(payload), { dialect: "claude", env: { HOME: home, PWD: project, GUARDS_STATE_DIR: join(home, "state") }, config: { data: {}, sources: [] } });
}

describe("the front's check of a read says pass only where redact-secrets passes", () => {
  const home = mkdtempSync(join(tmpdir(), "guards-quick-read-home-"));
  const project = mkdtempSync(join(tmpdir(), "guards-quick-read-project-"));
  mkdirSync(join(home, ".ssh"));
  mkdirSync(join(project, "src"));
  // Keys as the usual tools write them, where people keep them and where they should not.
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", join(home, ".ssh", "id_ed25519")]);
  execFileSync("ssh-keygen", ["-q", "-t", "rsa", "-b", "2048", "-N", "", "-f", join(project, "deploy")]);
  execFileSync("openssl", ["genpkey", "-algorithm", "ed25519", "-out", join(project, "src", "signing.txt")]);
  writeFileSync(join(project, ".env"), "DATABASE_URL=postgres://app:S3cr3tPassw0rd9@db/app\n");
  writeFileSync(join(project, "src", "clean.ts"), "export const add = (a: number, b: number) => a + b;\n");
  writeFileSync(join(project, "src", "binary.bin"), Buffer.from([0, 1, 2, 3, 0, 255]));
  writeFileSync(join(project, "src", "keystore.p12"), "not really a keystore");
  mkdirSync(join(project, "src", "[id]"));
  writeFileSync(join(project, "src", "[id]", "page.tsx"), "export default function Page() { return null; }\n");
  // A link from an innocent name to the key: the target's class counts.
  symlinkSync(join(home, ".ssh", "id_ed25519"), join(project, "src", "notes.md"));
  const made = [
    join(home, ".ssh", "id_ed25519"),
    join(home, ".ssh", "id_ed25519.pub"),
    join(project, "deploy"),
    join(project, "deploy.pub"),
    join(project, "src", "signing.txt"),
    join(project, ".env"),
    join(project, "src", "clean.ts"),
    join(project, "src", "binary.bin"),
    join(project, "src", "keystore.p12"),
    join(project, "src", "[id]", "page.tsx"),
    join(project, "src", "notes.md"),
    join(project, "src"),
    join(project, "src", "*.ts"),
    join(project, "missing.ts"),
  ];
  const files = [...made, ...corpusFiles(join(CORPUS, "positive")), ...corpusFiles(join(CORPUS, "negative")), join(ROOT, "README.md"), join(ROOT, "shared", "run.ts")];

  it("on keys made now, the secrets corpus and ordinary files", async () => {
    let quick = 0;
    for (const file of files) {
      if (!(await readPasses(file, undefined, project, home))) continue;
      quick++;
      expect(await hookAnswer(file, project, home), file).toEqual({ stdout: "", stderr: "", exitCode: 0 });
    }
    // Not vacuous: clean files are answered early.
    expect(quick).toBeGreaterThan(10);
  });

  it.each([
    ["an ssh-keygen key in ~/.ssh", join(home, ".ssh", "id_ed25519")],
    ["an ssh-keygen key in the project", join(project, "deploy")],
    ["an openssl key under an innocent name", join(project, "src", "signing.txt")],
    ["a .env file", join(project, ".env")],
    ["a key store", join(project, "src", "keystore.p12")],
    ["a link to a key", join(project, "src", "notes.md")],
    ["a folder", join(project, "src")],
    ["a glob", join(project, "src", "*.ts")],
  ])("leaves %s to the runner", async (_name, file) => {
    expect(await readPasses(file, undefined, project, home)).toBe(false);
  });

  it.each(corpusFiles(join(CORPUS, "positive")).map((file) => [relative(CORPUS, file), file]))("leaves %s to the runner", async (_name, file) => {
    expect(await readPasses(file, undefined, project, home)).toBe(false);
  });

  it("examines the text the agent sent, not the file on disk", async () => {
    const clean = join(project, "src", "clean.ts");
    expect(await readPasses(clean, undefined, project, home)).toBe(true);
    expect(await readPasses(clean, readFileSync(join(project, "deploy"), "utf8"), project, home)).toBe(false);
  });

  it("passes a read of a file under a folder named like a glob", async () => {
    expect(await readPasses(join(project, "src", "[id]", "page.tsx"), undefined, project, home)).toBe(true);
  });
});

describe("the front's check of a prompt says pass only where redact-secrets passes", () => {
  const prompts = [
    "please refactor the parser and run the tests",
    "why does `npm test` fail on node 20?",
    "use the token from the vault, not the one in .env",
    ...corpusFiles(join(CORPUS, "positive")).map((file) => readFileSync(file, "utf8")),
    ...corpusFiles(join(CORPUS, "negative")).map((file) => readFileSync(file, "utf8")),
  ];
  it("on plain prompts and on every corpus file pasted as a prompt", async () => {
    let quick = 0;
    for (const prompt of prompts) {
      if (!(await promptPasses(prompt))) continue;
      quick++;
      const payload = { session_id: "s", transcript_path: "/t.jsonl", cwd: ROOT, hook_event_name: "UserPromptSubmit", prompt };
      const answer = await runHooks([hooks["redact-secrets"]], JSON.stringify(payload), { dialect: "claude", env: { HOME: ROOT, PWD: ROOT }, config: { data: {}, sources: [] } });
      expect(answer, prompt.slice(0, 200)).toEqual({ stdout: "", stderr: "", exitCode: 0 });
    }
    expect(quick).toBeGreaterThan(3);
  });

  it("leaves a key pasted into a prompt to the runner", async () => {
    const dir = mkdtempSync(join(tmpdir(), "guards-quick-prompt-"));
    execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", join(dir, "key")]);
    expect(await promptPasses(`deploy with this key:\n${readFileSync(join(dir, "key"), "utf8")}`)).toBe(false);
    expect(await promptPasses("deploy with the key in the vault")).toBe(true);
  });
});

describe("the front's read answers with a config file", () => {
  const cases: [string, string, boolean][] = [
    ["no redact-secrets section", "audit:\n  enabled: true\n", true],
    ["paths and values it lets through", "hooks:\n  redact-secrets:\n    allowPaths: [docs/**]\n    allowValues: [x]\n    maxFiles: 10\n", true],
    ["refused paths", "hooks:\n  redact-secrets:\n    denyPaths: [src/**]\n", false],
    ["more secret paths", "hooks:\n  redact-secrets:\n    secretPaths: ['*.ts']\n", false],
    ["a smaller size limit", "hooks:\n  redact-secrets:\n    maxBytes: 10\n", false],
    ["every decision recorded", "audit:\n  all: true\n", false],
  ];
  it.each(cases)("%s: answered early %s, as the runner answers", async (_name, config, early) => {
    const project = mkdtempSync(join(tmpdir(), "guards-quick-read-config-"));
    mkdirSync(join(project, "src"));
    const file = join(project, "src", "clean.ts");
    writeFileSync(file, "export const add = (a: number, b: number) => a + b;\n");
    writeFileSync(join(project, ".guards.yaml"), config);
    const payload = JSON.stringify({ session_id: "s", transcript_path: "/t.jsonl", cwd: project, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: file } });
    const env = { HOME: project, PWD: project, GUARDS_STATE_DIR: join(project, "state") };
    const answer = await quickAnswer(payload, { dialect: "claude", hooks: [...READ_GUARDS] }, env, { ...QUICK_RULES, reads: QUICK_READS });
    expect(answer !== undefined).toBe(early);
  });
});

describe.each(NODE_BINARIES)("the built guards.cjs answers a read on $name", ({ path: node }) => {
  const file = join(DIST, "guards.cjs");
  const project = mkdtempSync(join(tmpdir(), "guards-quick-read-file-"));
  writeFileSync(join(project, "notes.md"), "# notes\n\nNothing to see.\n");
  execFileSync("ssh-keygen", ["-q", "-t", "ecdsa", "-N", "", "-f", join(project, "id_ecdsa")]);
  const compiled = (cache: string) => [...new Set(readdirSync(cache).map((name) => name.split("-")[0]))].sort();
  const read = (dialect: string, payload: Record<string, unknown>) => {
    const cache = join(mkdtempSync(join(tmpdir(), "guards-quick-cache-")), "c");
    const result = runNodeFile(file, { node, args: ["--dialect", dialect, "--hooks", "redact-secrets"], input: JSON.stringify(payload), cwd: project, env: { GUARDS_CODE_CACHE: cache, GUARDS_STATE_DIR: join(project, "state"), CLAUDE_PROJECT_DIR: "" } });
    return { result, compiled: compiled(cache) };
  };
  const claudeRead = (path: string) => ({ session_id: "s", transcript_path: "/t.jsonl", cwd: project, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: path } });

  it("passes a clean file without compiling the runner", () => {
    const { result, compiled: sections } = read("claude", claudeRead(join(project, "notes.md")));
    expect(result).toMatchObject({ exitCode: 0, stdout: "", stderr: "" });
    expect(sections).toEqual(["front", "lazy"]);
  });

  it("answers Cursor's beforeReadFile with its explicit allow, from the content Cursor sent", () => {
    const payload = { ...readFixture("cursor/beforeReadFile/source.json"), workspace_roots: [project], file_path: join(project, "notes.md") };
    const { result, compiled: sections } = read("cursor", payload);
    expect(result).toMatchObject({ exitCode: 0, stdout: '{"permission":"allow"}\n' });
    expect(sections).toEqual(["front", "lazy"]);
  });

  it.each([
    ["copilot", () => ({ ...readFixture("copilot/preToolUse/view.json"), cwd: project, toolArgs: { path: join(project, "notes.md") } })],
    ["vscode", () => ({ ...readFixture("vscode/PreToolUse/read-file.json"), cwd: project, tool_input: { filePath: join(project, "notes.md") } })],
    ["claude", () => ({ ...readFixture("vscode/PreToolUse/read-file.json"), cwd: project, tool_input: { filePath: join(project, "notes.md") } })],
  ] as const)("passes a clean file read through a %s entry, in the agent's own shape, without the runner", (dialect, payload) => {
    const { result, compiled: sections } = read(dialect, payload());
    expect(result).toMatchObject({ exitCode: 0, stdout: "", stderr: "" });
    expect(sections).toEqual(["front", "lazy"]);
  });

  it("passes a prompt with no secret without compiling the runner", () => {
    const payload = { session_id: "s", transcript_path: "/t.jsonl", cwd: project, hook_event_name: "UserPromptSubmit", prompt: "please refactor the parser" };
    const { result, compiled: sections } = read("claude", payload);
    expect(result).toMatchObject({ exitCode: 0, stdout: "", stderr: "" });
    expect(sections).toEqual(["front", "lazy"]);
  });

  it("hands a key to the runner, which redacts it, with no byte of the key in its answer", () => {
    const { result, compiled: sections } = read("claude", claudeRead(join(project, "id_ecdsa")));
    const body = readFileSync(join(project, "id_ecdsa"), "utf8").split("\n")[1]!;
    expect(result.stdout).toMatch(/"permissionDecision":"(?:deny|allow)"/);
    expect(result.stdout + result.stderr).not.toContain(body.slice(0, 24));
    expect(sections).toContain("guards");
  });
});
