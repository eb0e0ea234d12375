/**
 * One private key as `ssh-keygen` writes it, read through every read path of every dialect: each read event
 * and read tool (test/support/read-payloads.ts) and each shell (`cat ~/.ssh/id_ed25519`). One process per
 * dialect runs all its rows through dist/plugin.mjs (the engine of guards.cjs, and OpenCode's and Amp's
 * plugin); guards.cjs, the installed entry, then answers each dialect's first read as its own process.
 * The agent must be refused or pointed at a redacted copy, and no line of the key body may be in anything
 * it can see: the answer, a message, stderr or the copy. The same read of a clean file passes, which shows
 * each row is a payload its dialect reads (a refusal for a malformed payload would prove nothing).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hookRunner, type Outcome } from "../support/hook-runs.ts";
import { DIST, readFixture, runNodeFile } from "../support/process.ts";
import { EVERY_READ_PATH } from "../support/read-payloads.ts";
import { EVERY_SHELL_DIALECT, withCommand } from "../support/shell-payloads.ts";
import { decideAll } from "../support/decide-all.ts";

let base: string;
let project: string;
let key: { path: string; text: string; body: string[] };
let env: Record<string, string>;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "redact-dialects-"));
  const home = join(base, "home");
  project = join(base, "project");
  for (const dir of [join(home, ".ssh"), project, join(base, "tmp")]) mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(project, "README.md"), CLEAN_TEXT);
  const path = join(home, ".ssh", "id_ed25519");
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "dev@laptop", "-f", path]);
  const text = readFileSync(path, "utf8");
  key = { path, text, body: text.split("\n").filter((line) => line.length >= 16 && !line.startsWith("-----")) };
  env = { HOME: home, USER: "dev", PWD: project, TMPDIR: join(base, "tmp"), XDG_CONFIG_HOME: join(home, ".config"), XDG_STATE_HOME: join(home, ".state"), GUARDS_ENTERPRISE_CONFIG: join(base, "none.yaml"), PATH: process.env.PATH ?? "" };
}, 60_000);

afterAll(() => rmSync(base, { recursive: true, force: true }));

const CLEAN_TEXT = "# Project\n\nRun `npm test` before a release.\n";
const { seenByAgent } = hookRunner({ cwd: () => project, env: () => env, copies: () => env.TMPDIR! });

/** The plugin and OpenCode/Amp shell fixtures too: every dialect whose shell a guard is registered on. */
const SHELLS = [...EVERY_SHELL_DIALECT, { dialect: "opencode", fixture: "opencode/tool.execute.before/ls.json" }, { dialect: "amp", fixture: "amp/tool.call/ls.json" }];
const DIALECTS = [...new Set([...EVERY_READ_PATH.map((r) => r.dialect), ...SHELLS.map((s) => s.dialect)])];

interface Row {
  label: string;
  payload: unknown;
  /** The same read of a file with no secret: it must pass, so the row is one the dialect understands. */
  clean: unknown;
}

function rowsOf(dialect: string): Row[] {
  const clean = join(project, "README.md");
  const reads = EVERY_READ_PATH.filter((r) => r.dialect === dialect).map((r) => ({
    label: r.label,
    payload: r.payload(r.folder ? dirname(key.path) : key.path, project, key.text),
    clean: r.payload(r.folder ? project : clean, project, CLEAN_TEXT),
  }));
  const shells = SHELLS.filter((s) => s.dialect === dialect).map((s) => ({
    label: `${s.fixture}: cat ~/.ssh/id_ed25519`,
    payload: withCommand(readFixture(s.fixture), "cat ~/.ssh/id_ed25519", project),
    clean: withCommand(readFixture(s.fixture), "cat README.md", project),
  }));
  return [...reads, ...shells];
}

/** Every row of one dialect in one process of the built engine; each answer as the agent would get it. */
async function decideRows(dialect: string, payloads: unknown[]): Promise<Outcome[]> {
  const { answers, stderr } = await decideAll({ hooks: ["redact-secrets"], dialect, payloads, env, cwd: project });
  return answers.map((json) => (typeof json.block === "string" ? { exitCode: 2, stdout: "", stderr: `${json.block}\n${stderr}` } : { exitCode: 0, stdout: JSON.stringify(json), stderr }));
}

/** Empty when the key stayed out of everything the agent sees; else why not. */
function leaks(outcome: Outcome, label: string): string[] {
  const { verdict, seen } = seenByAgent(outcome, key.text);
  if (verdict === "passed") return [`${label}: passed, the agent reads the key (${outcome.stdout.slice(0, 200)})`];
  const shown = key.body.filter((line) => seen.includes(line));
  return shown.length ? [`${label}: ${verdict}, yet ${shown.length} of ${key.body.length} key lines are shown`] : [];
}

describe("an ssh-keygen key through every read path of every dialect", () => {
  it("covers every dialect that reads files or runs a shell", () => {
    expect(DIALECTS.sort()).toEqual(["amp", "augment", "claude", "cline", "codex", "copilot", "crush", "cursor", "devin", "factory", "gemini", "goose", "kiro", "opencode", "qwen", "universal", "vscode", "windsurf"]);
  });

  it.for(DIALECTS)("%s: refused or redacted by every read path, no key line in the answer, a message or a copy", { timeout: 60_000 }, async (dialect) => {
    const rows = rowsOf(dialect);
    const outcomes = await decideRows(dialect, [...rows.map((r) => r.payload), ...rows.map((r) => r.clean)]);
    expect(rows.flatMap((row, i) => leaks(outcomes[i]!, row.label))).toEqual([]);
    const stopped = rows.filter((row, i) => seenByAgent(outcomes[rows.length + i]!, CLEAN_TEXT).verdict !== "passed");
    expect(stopped.map((row) => `${row.label}: a clean file was not passed`)).toEqual([]);
  });

  it.for(DIALECTS)("%s: guards.cjs answers its first read the same, as its own process", { timeout: 60_000 }, (dialect) => {
    const row = rowsOf(dialect)[0]!;
    const result = runNodeFile(join(DIST, "guards.cjs"), { args: ["--dialect", dialect, "--hooks", "redact-secrets"], input: JSON.stringify(row.payload), cwd: project, env });
    expect(leaks({ exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr }, row.label)).toEqual([]);
  });
});
