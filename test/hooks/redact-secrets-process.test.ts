/**
 * The built redact-secrets hook as each agent runs it: real payloads (from fixtures/<dialect>/), real files
 * in a temp project, on Node 20 and 24. Asserts on the bytes the agent reads: never a secret in them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TABLE_NODES, readFixture, runBuiltHook, type ProcessResult } from "../support/process.ts";

// Fake credentials in the providers' formats.
const AWS_ID = "AKIA4HZQ7RMV2KXBN5TW";
const AWS_SECRET = "Zq8vN3kR7tW1yB5mX9cE2fH6jL0pS4uA7dG3iK8o";
const STRIPE = "sk_live_51Hx8QmTz4KpW7vRc2NbY6sLd";
const GITHUB = "ghp_R8kT2mVx9QwZ4nB7cJ5hL1pF6sD3gY0aE8uK";
const SECRETS = [AWS_ID, AWS_SECRET, STRIPE, GITHUB];
const ENV_TEXT = `# app settings\nPORT=3000\nAWS_ACCESS_KEY_ID=${AWS_ID}\nAWS_SECRET_ACCESS_KEY=${AWS_SECRET}\n\nSTRIPE_SECRET_KEY=${STRIPE}\nLOG_LEVEL=info\n`;
const CLEAN_TEXT = `export function add(a: number, b: number): number {\n  return a + b;\n}\n`;

let project: string;
let copies: string;
let home: string;
let env: Record<string, string>;

beforeAll(() => {
  const base = mkdtempSync(join(tmpdir(), "redact-secrets-test-"));
  project = join(base, "project");
  copies = join(base, "tmp");
  home = join(base, "home");
  const files: Record<string, string | Buffer> = {
    ".env": ENV_TEXT,
    "src/app.ts": CLEAN_TEXT,
    "src/deploy/release.sh": `#!/bin/sh\nGH_TOKEN=${GITHUB} gh release create v1\n`,
    "docs/readme.md": "# Docs\nNothing secret here.\n",
    // A token glued to a non-ASCII letter: secretlint's own pattern, (?<!\p{L}), would let it through.
    "notes/glued.md": `# Notes\nclé:é${GITHUB}\n`,
    "certs/client.p12": Buffer.from([0x30, 0x82, 0x0a, 0x00, 0x02, 0x01, 0x03, 0x00, 0x30]),
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(project, name)), { recursive: true });
    writeFileSync(join(project, name), content);
  }
  mkdirSync(copies, { recursive: true });
  mkdirSync(home, { recursive: true });
  env = { HOME: home, TMPDIR: copies, GUARDS_ENTERPRISE_CONFIG: join(base, "no-enterprise.yaml"), XDG_CONFIG_HOME: join(home, ".config") };
});

afterAll(() => rmSync(dirname(project), { recursive: true, force: true }));

const at = (name: string) => join(project, name);

function run(dialect: string, payload: Record<string, unknown>, node: string): ProcessResult {
  const result = runBuiltHook("redact-secrets", payload, { dialect, cwd: project, env, node });
  for (const secret of SECRETS) {
    expect(result.stdout, "stdout must not carry a secret").not.toContain(secret);
    expect(result.stderr, "stderr must not carry a secret").not.toContain(secret);
  }
  return result;
}

/** The redacted copy the agent is pointed at: private, outside the project, same lines, markers instead of secrets. */
function expectRedactedCopy(path: unknown, original: string): void {
  expect(typeof path).toBe("string");
  const copy = path as string;
  expect(copy.startsWith(copies)).toBe(true);
  expect(copy.startsWith(project)).toBe(false);
  expect(statSync(copy).mode & 0o777).toBe(0o600);
  expect(statSync(dirname(copy)).mode & 0o777).toBe(0o700);
  const text = readFileSync(copy, "utf8");
  for (const secret of SECRETS) expect(text).not.toContain(secret);
  expect(text.split("\n").length).toBe(original.split("\n").length);
  expect(text).toContain("AWS_ACCESS_KEY_ID=[REDACTED:aws-access-key]");
  expect(text).toContain("AWS_SECRET_ACCESS_KEY=[REDACTED:aws-secret-key]");
  expect(text).toContain("STRIPE_SECRET_KEY=[REDACTED:stripe-key]");
  expect(text).toContain("PORT=3000");
}

const claudeRead = (file: string) => ({ ...readFixture("claude/PreToolUse/read-env.json"), cwd: project, tool_input: { file_path: file } });
const cursorRead = (event: "beforeReadFile" | "beforeTabFileRead", file: string, content: string) => ({
  ...readFixture(`cursor/${event}/env.json`),
  workspace_roots: [project],
  file_path: file,
  content,
});

describe.for(TABLE_NODES)("redact-secrets built hook on $name", ({ path: node }) => {
  it("Claude Read of .env: allowed with updatedInput pointing at a redacted private copy", () => {
    const result = run("claude", claudeRead(at(".env")), node);
    expect(result.exitCode).toBe(0);
    const out = (result.json as { hookSpecificOutput: Record<string, unknown> }).hookSpecificOutput;
    expect(out.permissionDecision).toBe("allow");
    expect(out.permissionDecisionReason).toContain("aws-access-key on line 3 (AKIA…N5TW)");
    expect(out.additionalContext).toContain("[REDACTED:<kind>]");
    expectRedactedCopy((out.updatedInput as { file_path: unknown }).file_path, ENV_TEXT);
  });

  it("Claude Read keeps offset and limit in the redirected input", () => {
    const payload = { ...claudeRead(at(".env")), tool_input: { file_path: at(".env"), offset: 2, limit: 3 } };
    const out = (run("claude", payload, node).json as { hookSpecificOutput: { updatedInput: Record<string, unknown> } }).hookSpecificOutput;
    expect(out.updatedInput).toMatchObject({ offset: 2, limit: 3 });
  });

  it("Claude Read of a clean file: no output at all (pass)", () => {
    const result = run("claude", claudeRead(at("src/app.ts")), node);
    expect(result).toMatchObject({ stdout: "", exitCode: 0 });
  });

  it("Claude Read of a token right after a non-ASCII letter: still redacted", () => {
    const out = (run("claude", claudeRead(at("notes/glued.md")), node).json as { hookSpecificOutput: Record<string, unknown> }).hookSpecificOutput;
    expect(out.permissionDecision).toBe("allow");
    const copy = (out.updatedInput as { file_path: string }).file_path;
    expect(readFileSync(copy, "utf8")).toBe("# Notes\nclé:é[REDACTED:github-token]\n");
  });

  it("Claude Read of a binary key store: denied without reading it", () => {
    const out = (run("claude", claudeRead(at("certs/client.p12")), node).json as { hookSpecificOutput: Record<string, unknown> }).hookSpecificOutput;
    expect(out.permissionDecision).toBe("deny");
    expect(out.permissionDecisionReason).toContain("binary key store");
  });

  it("Claude prompt with a token: blocked with the masked report", () => {
    const payload = { ...readFixture("claude/UserPromptSubmit/basic.json"), cwd: project, prompt: `why does ${GITHUB} get a 401?` };
    const result = run("claude", payload, node);
    expect(result.json).toMatchObject({ decision: "block" });
    expect((result.json as { reason: string }).reason).toContain("github-token on line 1 (ghp_…E8uK)");
  });

  it("Codex `cat .env`: the command is rewritten to read the redacted copy", () => {
    const payload = { ...readFixture("codex/PreToolUse/cat-env.json"), cwd: project };
    const out = (run("codex", payload, node).json as { hookSpecificOutput: { permissionDecision: string; updatedInput: { command: string } } }).hookSpecificOutput;
    expect(out.permissionDecision).toBe("allow");
    const [program, copy] = out.updatedInput.command.split(" ");
    expect(program).toBe("cat");
    expectRedactedCopy(copy, ENV_TEXT);
  });

  it("Claude `source .env && echo $KEY`: denied (a redacted copy cannot stand in for a sourced file)", () => {
    const payload = { ...readFixture("claude/PreToolUse/bash-git-status.json"), cwd: project, tool_input: { command: "source .env && echo $STRIPE_SECRET_KEY" } };
    const out = (run("claude", payload, node).json as { hookSpecificOutput: Record<string, unknown> }).hookSpecificOutput;
    expect(out.permissionDecision).toBe("deny");
    expect(out.permissionDecisionReason).toContain("stripe-key on line 6");
  });

  it("Cursor beforeReadFile (allow/deny only): denied, the user told which rule on which line, masked", () => {
    const result = run("cursor", cursorRead("beforeReadFile", at(".env"), ENV_TEXT), node);
    const out = result.json as { permission: string; user_message: string };
    expect(out.permission).toBe("deny");
    expect(out.user_message).toContain("aws-access-key on line 3 (AKIA…N5TW)");
    expect(out.user_message).toContain("stripe-key on line 6 (sk_l…6sLd)");
  });

  it("Cursor beforeReadFile scans the content Cursor sent, not the disk", () => {
    const result = run("cursor", cursorRead("beforeReadFile", at("src/app.ts"), `const key = "${STRIPE}";\n`), node);
    expect((result.json as { permission: string }).permission).toBe("deny");
  });

  it("Cursor Tab read of .env: denied ({permission} only), the reason on stderr, masked", () => {
    const result = run("cursor", cursorRead("beforeTabFileRead", at(".env"), ENV_TEXT), node);
    expect(result.json).toEqual({ permission: "deny" });
    expect(result.stderr).toContain("completion engine");
  });

  it("Cursor Tab read of a clean file: allowed", () => {
    const result = run("cursor", cursorRead("beforeTabFileRead", at("src/app.ts"), CLEAN_TEXT), node);
    expect(result.json).toEqual({ permission: "allow" });
  });

  it("Cursor preToolUse Read: updated_input points at the redacted copy", () => {
    const payload = { ...readFixture("cursor/preToolUse/read-env.json"), workspace_roots: [project], cwd: project, tool_input: { file_path: at(".env") } };
    const out = run("cursor", payload, node).json as { permission: string; updated_input: { file_path: unknown } };
    expect(out.permission).toBe("allow");
    expectRedactedCopy(out.updated_input.file_path, ENV_TEXT);
  });

  it("Cursor prompt with a secret: not submitted", () => {
    const payload = { ...readFixture("cursor/beforeSubmitPrompt/basic.json"), workspace_roots: [project], prompt: `deploy with ${AWS_ID}` };
    expect(run("cursor", payload, node).json).toMatchObject({ continue: false });
  });

  it("Copilot view of .env: modifiedArgs.path is the redacted copy", () => {
    const payload = { ...readFixture("copilot/preToolUse/view.json"), cwd: project, toolArgs: { path: at(".env") } };
    const out = run("copilot", payload, node).json as { permissionDecision: string; modifiedArgs: { path: unknown } };
    expect(out.permissionDecision).toBe("allow");
    expectRedactedCopy(out.modifiedArgs.path, ENV_TEXT);
  });

  it("Gemini read_file of .env: tool_input.file_path is the redacted copy", () => {
    const payload = { ...readFixture("gemini/BeforeTool/read-file.json"), cwd: project, tool_input: { file_path: at(".env") } };
    const out = run("gemini", payload, node).json as { hookSpecificOutput: { tool_input: { file_path: unknown } } };
    expectRedactedCopy(out.hookSpecificOutput.tool_input.file_path, ENV_TEXT);
  });

  it("Gemini read_many_files with a glob reaching .env: denied (several files cannot be redirected)", () => {
    const payload = { ...readFixture("gemini/BeforeTool/read-many-files.json"), cwd: project, tool_input: { paths: ["src/app.ts"], include: ["*.env", ".env*"] } };
    const result = run("gemini", payload, node);
    expect(result.json).toMatchObject({ decision: "deny" });
    expect((result.json as { reason: string }).reason).toContain(".env");
  });

  it("Windsurf pre_read_code of .env: exit 2, masked reason on stderr", () => {
    const payload = { ...readFixture("windsurf/pre_read_code/file.json"), tool_info: { file_path: at(".env") } };
    const result = run("windsurf", payload, node);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("aws-access-key on line 3 (AKIA…N5TW)");
  });

  it("Windsurf pre_read_code of a directory holding a secret: exit 2 naming the file", () => {
    const payload = { ...readFixture("windsurf/pre_read_code/directory.json"), tool_info: { file_path: at("src") } };
    const result = run("windsurf", payload, node);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`${at("src/deploy/release.sh")}: github-token on line 2`);
  });

  it("Windsurf pre_read_code of a clean directory: exit 0", () => {
    const payload = { ...readFixture("windsurf/pre_read_code/directory.json"), tool_info: { file_path: at("docs") } };
    expect(run("windsurf", payload, node)).toMatchObject({ exitCode: 0, stderr: "" });
  });

  it("a bad option fails closed with a one-line reason", () => {
    writeFileSync(at(".guards.yaml"), "hooks:\n  redact-secrets:\n    allowPaths: .env\n");
    try {
      const out = (run("claude", claudeRead(at("src/app.ts")), node).json as { hookSpecificOutput: Record<string, unknown> }).hookSpecificOutput;
      expect(out.permissionDecision).toBe("deny");
      expect(out.permissionDecisionReason).toContain("hooks.redact-secrets.allowPaths must be a list of strings");
    } finally {
      rmSync(at(".guards.yaml"));
    }
  });

  it("allowPaths in the project config lets a file through unread", () => {
    writeFileSync(at(".guards.yaml"), "hooks:\n  redact-secrets:\n    allowPaths: ['.env']\n");
    try {
      expect(run("claude", claudeRead(at(".env")), node)).toMatchObject({ stdout: "", exitCode: 0 });
    } finally {
      rmSync(at(".guards.yaml"));
    }
  });
});
