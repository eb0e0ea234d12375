/**
 * The start of a committed project entry that sh, PowerShell and cmd all read (cli/install/node-environment.ts), run for real by
 * every POSIX shell on this machine, as agents start a hook command off Windows (`sh -c`, `bash -c`; zsh,
 * mksh and yash stand for the user shells some agents may use). Their Windows readings are checked against
 * PowerShell's grammar and cmd's rules in windows-commands.test.ts: neither pwsh nor cmd runs here.
 *
 * Each row starts a real node with NODE_OPTIONS preloading a planted module, NODE_COMPILE_CACHE and
 * NODE_V8_COVERAGE naming folders, and a payload on stdin. node must start without the three, read the
 * payload, get its arguments unchanged, and its exit code must be the line's; nothing on stderr, and no file
 * created or removed. A control row without the start shows the planted module runs otherwise.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NODE_START_VARIABLES, withCleanNodeStart, type EntryShell } from "../../cli/install/node-environment.ts";
import { SYSTEM_NODE } from "../support/process.ts";

const SHELLS: { name: string; argv: string[] }[] = [
  { name: "dash", argv: ["dash"] },
  { name: "bash", argv: ["bash"] },
  { name: "busybox sh", argv: ["busybox", "sh"] },
  { name: "zsh", argv: ["zsh"] },
  { name: "mksh", argv: ["mksh"] },
  { name: "yash", argv: ["yash"] },
];
const POLYGLOTS: EntryShell[] = ["posix+powershell+cmd"];
const PAYLOAD = '{"hook_event_name":"PreToolUse","tool_input":{"command":"ls"}}';

const dir = mkdtempSync(join(tmpdir(), "guards-polyglot-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cache = join(dir, "compile-cache");
const coverage = join(dir, "coverage");
for (const folder of [cache, coverage]) mkdirSync(folder);
writeFileSync(join(dir, "planted.cjs"), 'process.stdout.write("PLANTED");\n');
// Stands in for the guards file: what node started with, and the exit code its last argument asks for.
writeFileSync(
  join(dir, "probe.cjs"),
  `const env = Object.fromEntries(${JSON.stringify(NODE_START_VARIABLES)}.map((name) => [name, process.env[name] ?? null]));
process.stdout.write(JSON.stringify({ env, args: process.argv.slice(2), stdin: require("node:fs").readFileSync(0, "utf8") }));
process.exitCode = Number(process.argv.at(-1));
`,
);
const FILES = readdirSync(dir).sort();

function available(argv: string[]): boolean {
  return spawnSync(argv[0]!, [...argv.slice(1), "-c", "exit 0"]).status === 0;
}

function run(argv: string[], line: string): { status: number | null; stdout: string; stderr: string } {
  const env = {
    PATH: `${dirname(SYSTEM_NODE)}:/usr/bin:/bin`,
    // bash started with a socket on stdin (libuv's pipes) reads ~/.bashrc, as under sshd: not the real one.
    HOME: dir,
    NODE_OPTIONS: `--require ${join(dir, "planted.cjs")}`,
    NODE_COMPILE_CACHE: cache,
    NODE_V8_COVERAGE: coverage,
  };
  const result = spawnSync(argv[0]!, [...argv.slice(1), "-c", line], { cwd: dir, env, input: PAYLOAD, encoding: "utf8", timeout: 30_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe.for(SHELLS)("$name", ({ argv }) => {
  it.skipIf(!available(argv)).for(POLYGLOTS.flatMap((shell) => [0, 2, 3].map((code) => [shell, code] as const)))("%s, node exiting %i: node starts without Node's start variables, alone, with its arguments and the payload", ([shell, code]) => {
    const args = ["--dialect", "cursor", "--hooks", "dangerous-command,redact-secrets", String(code)];
    const result = run(argv, withCleanNodeStart(shell, `node probe.cjs ${args.join(" ")}`));
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toEqual({ env: Object.fromEntries(NODE_START_VARIABLES.map((name) => [name, null])), args, stdin: PAYLOAD });
    expect(result.status).toBe(code);
    expect(readdirSync(dir).sort()).toEqual(FILES);
    expect(readdirSync(cache)).toEqual([]);
    expect(readdirSync(coverage)).toEqual([]);
  });
});

it("control: the same node command without the start runs the planted module first", () => {
  const result = run(["bash"], "node probe.cjs 0");
  expect(result.stdout.startsWith("PLANTED")).toBe(true);
  rmSync(cache, { recursive: true, force: true });
  rmSync(coverage, { recursive: true, force: true });
  for (const folder of [cache, coverage]) mkdirSync(folder);
});
