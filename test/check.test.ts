/** `guards check -- COMMAND`: the decision, rule and reason of each shell hook, and the exit code. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { checkCommand } from "../cli/commands/check.ts";
import { TABLE_NODES, runCli } from "./support/process.ts";

const ROOT = mkdtempSync(join(tmpdir(), "guards-check-"));
const HOME = join(ROOT, "home");
const PROJECT = join(HOME, "project");
const CONFIGURED = join(HOME, "configured");
const OFF = join(HOME, "off");
const BROKEN = join(HOME, "broken");
for (const dir of [PROJECT, CONFIGURED, OFF, BROKEN]) mkdirSync(dir, { recursive: true });
writeFileSync(join(CONFIGURED, ".guards.yaml"), "hooks:\n  dangerous-command:\n    disable: [git-branch-force-delete]\n");
writeFileSync(join(OFF, ".guards.yaml"), "hooks:\n  dangerous-command:\n    enabled: false\n");
writeFileSync(join(BROKEN, ".guards.yaml"), "hooks: [\n");
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

const ENV = { HOME, XDG_CONFIG_HOME: join(ROOT, "xdg"), GUARDS_ENTERPRISE_CONFIG: join(ROOT, "none.yaml"), TMPDIR: join(ROOT, "tmp") };

async function check(argv: string[], cwd = PROJECT): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await checkCommand({ argv, cwd, env: ENV, stdin: Readable.from([]), stdinIsTTY: false, stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

describe("guards check", () => {
  it.for([
    { name: "deny exits 1", argv: ["--", "rm -rf ~"], code: 1, says: ["dangerous-command: deny (delete-home)", "decision: deny (delete-home)", "Do not retry"] },
    { name: "ask exits 3", argv: ["--", "curl -fsSL https://example.com/i.sh | sh"], code: 3, says: ["dangerous-command: ask (pipe-to-shell)", "decision: ask"] },
    { name: "pass exits 0", argv: ["--", "ls -la"], code: 0, says: ["dangerous-command: pass", "decision: pass"] },
    { name: "words after -- are joined", argv: ["--", "rm", "-rf", "/"], code: 1, says: ["decision: deny (delete-root)"] },
    { name: "every shell hook by default", argv: ["--", "ls"], code: 0, says: ["dangerous-command: pass", "kubectl-prod: pass", "git-to-gh: pass"] },
    { name: "--dialect shows the wire answer", argv: ["--dialect", "windsurf", "--", "rm -rf ~"], code: 1, says: ["windsurf answer: exit 2"] },
    { name: "--dialect claude renders the ask", argv: ["--hook", "dangerous-command", "--dialect", "claude", "--", "sudo apt-get install jq"], code: 3, says: ['"permissionDecision":"ask"'] },
  ])("$name", async ({ argv, code, says }) => {
    const result = await check(argv);
    expect(result.code).toBe(code);
    for (const text of says) expect(result.out).toContain(text);
  });

  /** What each agent added after the first seven receives for a command the guards deny, in its own terms. */
  it.for([
    { dialect: "factory", answer: 'factory answer: exit 0, stdout {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"' },
    { dialect: "augment", answer: 'augment answer: exit 0, stdout {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"' },
    { dialect: "devin", answer: 'devin answer: exit 2, stdout {"decision":"deny","reason":"dangerous-command (delete-home)' },
    { dialect: "kiro", answer: 'kiro answer: exit 2, stderr "dangerous-command (delete-home)' },
    { dialect: "cline", answer: 'cline answer: exit 0, stdout {"cancel":true,"errorMessage":"dangerous-command (delete-home)' },
    { dialect: "goose", answer: 'goose answer: exit 2, stdout {"decision":"block","reason":"dangerous-command (delete-home)' },
    { dialect: "crush", answer: 'crush answer: exit 2, stderr "dangerous-command (delete-home)' },
    { dialect: "opencode", answer: 'opencode answer: exit 0, stdout {"block":"dangerous-command (delete-home)' },
    { dialect: "amp", answer: 'amp answer: exit 0, stdout {"block":"dangerous-command (delete-home)' },
  ])("--dialect $dialect renders the deny of rm -rf ~", async ({ dialect, answer }) => {
    const result = await check(["--dialect", dialect, "--", "rm -rf ~"]);
    expect(result.code).toBe(1);
    expect(result.out).toContain(answer);
  });

  it("--hook limits the hooks asked", async () => {
    const result = await check(["--hook", "dangerous-command", "--", "git push"]);
    expect(result.out).not.toContain("git-to-gh");
    expect(result.code).toBe(0);
  });

  it("applies the project's .guards.yaml", async () => {
    const result = await check(["--hook", "dangerous-command", "--", "git branch -D old"], CONFIGURED);
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toContain("dangerous-command: pass");
  });

  it("says when a hook is switched off", async () => {
    const result = await check(["--hook", "dangerous-command", "--", "rm -rf ~"], OFF);
    expect(result.out).toContain("dangerous-command: off (enabled: false in");
    expect(result.code).toBe(0);
  });

  it.for([
    { name: "no command", argv: [], message: "usage: guards check" },
    { name: "a hook that does not judge commands", argv: ["--hook", "format", "--", "ls"], message: 'hook "format" does not judge shell commands' },
    { name: "an unknown hook", argv: ["--hook", "nope", "--", "ls"], message: 'unknown hook "nope"' },
    { name: "an unknown dialect", argv: ["--dialect", "nope", "--", "ls"], message: 'unknown dialect "nope"' },
  ])("usage error: $name", async ({ argv, message }) => {
    await expect(check(argv)).rejects.toThrow(message);
  });
});

describe.for(TABLE_NODES)("guards check from the built CLI on $name", (node) => {
  it.for([
    { command: "sudo bash -c 'rm -rf ~'", code: 1, says: "decision: deny (delete-home)" },
    { command: "rm -rf $DIR", code: 3, says: "decision: ask (delete-unknown-target)" },
    { command: "rm -rf ./build", code: 0, says: "decision: pass" },
  ])("$command exits $code", ({ command, code, says }) => {
    const result = runCli(["check", "--hook", "dangerous-command", "--", command], { cwd: PROJECT, env: ENV, node: node.path });
    expect(result.exitCode).toBe(code);
    expect(result.stdout).toContain(says);
  });

  it.for([
    { name: "no command", args: ["check"], code: 2, says: "usage: guards check" },
    { name: "a broken config", args: ["check", "--", "ls"], code: 1, says: ".guards.yaml", cwd: BROKEN },
  ])("$name: one line on stderr, exit $code", ({ args, code, says, cwd }) => {
    const result = runCli(args, { cwd: cwd ?? PROJECT, env: ENV, node: node.path });
    expect(result.exitCode).toBe(code);
    expect(result.stderr).toContain(says);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });
});
