/**
 * The installed file's runner sections: an entry whose hooks one short section holds compiles that section
 * only (the engine and those hooks), and still decides as the section with every hook does; any other list
 * takes the section with every hook. Run as processes of the built file, each with a private code cache,
 * whose file names say which sections were compiled.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inspectSections } from "../cli/commands/inspect.ts";
import { claudeBash, DIST, NODE_BINARIES, runNodeFile } from "./support/process.ts";

const file = join(DIST, "guards.cjs");
const sections = inspectSections(readFileSync(file, "latin1"), file);
const runners = sections.filter(({ section }) => section.hooks);
const hooksOf = (key: string) => runners.find(({ section }) => section.key === key)!.section.hooks!;
/** The hooks whose code a section holds: each hook's definition names its id. */
const hookCodeIn = (source: string) => ["redact-secrets", "dangerous-command", "kubectl-prod", "guard-files", "git-to-gh", "format", "stop-telemetry"].filter((id) => source.includes(`id:"${id}"`));

const project = mkdtempSync(join(tmpdir(), "guards-runner-sections-"));
execFileSync("git", ["init", "-q"], { cwd: project });
mkdirSync(join(project, ".claude"));
writeFileSync(join(project, ".claude", "settings.json"), "{}\n");
const token = `ghp_${randomBytes(27).toString("base64").replace(/[+/]/g, "x").slice(0, 36)}`;
writeFileSync(join(project, "settings.ts"), `export const github = "${token}";\n`);

const claude = (fields: Record<string, unknown>) => ({ session_id: "s", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default", ...fields });

/** [hook list, payload, the runner section's hooks (undefined: every hook), what the answer must hold]. */
const ROWS: [string, Record<string, unknown>, string[] | undefined, RegExp][] = [
  ["stop-telemetry", claude({ hook_event_name: "Stop", stop_hook_active: false }), ["stop-telemetry"], /^$/],
  ["format", claude({ hook_event_name: "PostToolUse", tool_name: "Write", tool_input: { file_path: join(project, "notes.txt"), content: "x" }, tool_response: { success: true }, tool_use_id: "t" }), ["format"], /^$/],
  ["redact-secrets", claude({ hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: join(project, "settings.ts") }, tool_use_id: "t" }), ["redact-secrets"], /shown redacted \(github-token/],
  ["guard-files", claude({ hook_event_name: "PreToolUse", tool_name: "Write", tool_input: { file_path: join(project, ".claude", "settings.json"), content: "{}" }, tool_use_id: "t" }), ["guard-files"], /"permissionDecision":"ask".*project hook config/],
  // A shell event through the read entry's runner: its shell reader is a lazy section of that runner.
  ["redact-secrets", { ...claudeBash("cat settings.ts"), cwd: project }, ["redact-secrets"], /the command reads redacted copies/],
  ["redact-secrets,dangerous-command,kubectl-prod,guard-files", { ...claudeBash("rm -rf ~"), cwd: project }, undefined, /"permissionDecision":"deny"/],
  ["format,stop-telemetry", claude({ hook_event_name: "Stop", stop_hook_active: false }), undefined, /^$/],
];

describe("runner sections of the installed file", () => {
  it("holds one section per short list, each with its hooks' code alone, and a last one with every hook", () => {
    const lists = runners.map(({ section }) => hooksOf(section.key));
    expect(lists.slice(0, -1)).toEqual([["stop-telemetry"], ["format"], ["redact-secrets"], ["guard-files"]]);
    for (const { section, source } of runners) expect(hookCodeIn(source).sort()).toEqual([...hooksOf(section.key)].sort());
    expect(hookCodeIn(runners.at(-1)!.source)).toHaveLength(7);
  });

  it("keeps redact-secrets' shell reader out of the runner of its read entry, and in the runner with every hook", () => {
    // The shell reader's list of commands that print the environment (hooks/redact-secrets/shell-reads.ts).
    const shellReader = '["echo","printf","printenv","env","export","set","declare","typeset"]';
    const readRunner = runners.find(({ section }) => hooksOf(section.key).join() === "redact-secrets")!;
    expect(readRunner.source).not.toContain(shellReader);
    expect(runners.at(-1)!.source).toContain(shellReader);
    expect(sections.filter(({ section, source }) => !section.hooks && source.includes(shellReader))).toHaveLength(1);
  });

  it.for(ROWS)("--hooks %s compiles the section that holds it, and decides", ([hooks, payload, family, answer]) => {
    const cache = join(mkdtempSync(join(tmpdir(), "guards-sections-cache-")), "c");
    const result = runNodeFile(file, { args: ["--dialect", "claude", "--hooks", hooks], input: JSON.stringify(payload), cwd: project, env: { GUARDS_CODE_CACHE: cache, GUARDS_STATE_DIR: join(project, "state"), CLAUDE_PROJECT_DIR: project } });
    expect(result.stdout + result.stderr).toMatch(answer);
    expect(result.stdout + result.stderr).not.toContain(token.slice(4));
    const compiled = readdirSync(cache).filter((name) => name.startsWith("guards-")).map((name) => name.slice(0, "guards-".length + 20));
    expect(compiled).toHaveLength(1);
    expect(hooksOf(compiled[0]!)).toEqual(family ?? hooksOf(runners.at(-1)!.section.key));
  });

  // A young generation large enough for no collection, and its spaces as the run leaves them: the source of the
  // read runner (~115 KB) sits in the large-object space, not in the young space proper.
  const spaces = join(mkdtempSync(join(tmpdir(), "guards-sections-spaces-")), "spaces.cjs");
  writeFileSync(spaces, 'process.on("exit", () => { for (const s of require("v8").getHeapSpaceStatistics()) if (s.space_name === "new_large_object_space") process.stderr.write(`large:${s.space_used_size}\\n`); });\n');
  it.for(NODE_BINARIES)("reads the large sections of a read with a secret into strings outside the young space ($name)", ({ path }) => {
    const cache = join(mkdtempSync(join(tmpdir(), "guards-sections-cache-")), "c");
    const payload = claude({ hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: join(project, "settings.ts") }, tool_use_id: "t" });
    const run = () =>
      spawnSync(path, ["--min-semi-space-size=16", "-r", spaces, file, "--dialect", "claude", "--hooks", "redact-secrets"], {
        input: JSON.stringify(payload),
        cwd: project,
        env: { ...process.env, GUARDS_CODE_CACHE: cache, GUARDS_STATE_DIR: join(project, "state"), CLAUDE_PROJECT_DIR: project },
        encoding: "utf8",
      });
    run();
    const result = run();
    expect(result.stdout).toMatch(/shown redacted \(github-token/);
    expect(Number(/large:(\d+)/.exec(result.stderr)?.[1])).toBeGreaterThanOrEqual(128 * 1024);
  });
});
