/**
 * The hook file's front answers inert commands where a guards config exists only when the config cannot
 * change that answer or what is recorded (shared/quick-config.ts, hooks/inert-settings.ts). Each row is a
 * set of real config files (enterprise at GUARDS_ENTERPRISE_CONFIG, the user's under HOME, the project's
 * `.guards.yaml`) and the runner reading them from disk with the audit trail on, as the hook file runs it:
 * where the front answers, its answer is the runner's, byte for byte, for every inert form, and the runner
 * recorded nothing; where it does not, the setting is one that changes the answer or the trail, or one it
 * cannot vouch for.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hooks } from "../hooks/index.ts";
import { isInertCommand, QUICK_RULES } from "../hooks/inert-commands.ts";
import { keepConfigValue } from "../shared/config-cache.ts";
import { quickAnswer } from "../shared/quick-answer.ts";
import { runHooks } from "../shared/run.ts";
import { claudeBash, DIST, runNodeFile, TABLE_NODES } from "./support/process.ts";

const ROOT = mkdtempSync(join(tmpdir(), "guards-quick-config-"));
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

/** One form of each inert program, against a real repository. */
const INERT = ["ls -la", "cd src && ls", "pwd", "git status --short", "git log --oneline -5", "git diff --stat", "git branch -a", "git rev-parse --show-toplevel", "find . -name '*.ts' -type f", "tree -L 2", "du -sh src", "echo done", "node --version", "date", "git stash list", "git tag", "git ls-files", "git log --oneline HEAD~1"];

/** The default install's shell entry, and every guard of the registry (format and stop-telemetry serve no shell event). */
const ENTRY = Object.keys(hooks);
const audit = { mask: (text: string) => import("../hooks/redact-secrets/mask.ts").then((m) => m.maskSecrets(text)) };

type FileText = string | Record<string, unknown>;

interface Row {
  name: string;
  enterprise?: FileText;
  user?: FileText;
  project?: FileText;
  /**
   * `front`: answered by the front, as the runner answers. `changes`: left to the runner, whose answer or
   * trail differs from a plain pass. `cautious`: left to the runner, which may still pass.
   */
  expect: "front" | "changes" | "cautious";
  /** Commands of the row when not INERT. */
  commands?: string[];
  /** What is done to the files after the runner read them, before the front does. */
  tamper?: (place: Place) => void;
  env?: Record<string, string | undefined>;
}

interface Place {
  project: string;
  enterprise: string;
  user: string;
  env: Record<string, string | undefined>;
}

const text = (content: FileText) => (typeof content === "string" ? content : `${JSON.stringify(content, null, 2)}\n`);

/** The config issue 19 pushes by MDM: the trail of denies and asks, the OTLP export, both locked. */
const MDM = {
  audit: { enabled: true, all: false, maxBytes: 10485760 },
  telemetry: { otlp: { enabled: true, endpoint: "http://127.0.0.1:9/", protocol: "http/json", headers: { "x-team": "payments" }, headersEnv: { Authorization: "GUARDS_OTLP_TOKEN" }, spoolMax: 100 } },
  locked: ["audit", "telemetry.otlp"],
};

/** The same, as the README writes it. */
const MDM_YAML = `audit:
  enabled: true           # false: no local trail
  all: false              # true: record every answer
  maxBytes: 10485760
telemetry:
  otlp:
    enabled: true
    endpoint: http://127.0.0.1:9   # logs go to <endpoint>/v1/logs
    protocol: http/json
    headers: { x-team: payments }
    headersEnv: { Authorization: GUARDS_OTLP_TOKEN }
    spoolMax: 100
locked: [audit, telemetry.otlp]
`;

const ROWS: Row[] = [
  { name: "enterprise JSON: audit of denies and OTLP export, locked", enterprise: MDM, expect: "front" },
  { name: "enterprise JSON: the trail switched off", enterprise: { audit: { enabled: false } }, expect: "front" },
  { name: "enterprise JSON: an empty object", enterprise: {}, expect: "front" },
  { name: "enterprise YAML: the README's MDM config, read as plain YAML", enterprise: MDM_YAML, expect: "front" },
  { name: "enterprise YAML with audit.all", enterprise: MDM_YAML.replace("all: false", "all: true"), expect: "changes" },
  { name: "user JSON: export on", user: { telemetry: { otlp: { enabled: true, endpoint: "http://127.0.0.1:9" } } }, expect: "front" },
  { name: "user plain YAML", user: "telemetry:\n  otlp:\n    enabled: true\n    protocol: http/protobuf\n", expect: "front" },
  { name: "user YAML beyond the plain form, read from the copy the runner kept", user: "telemetry:\n  otlp: &export\n    enabled: true\n", expect: "front" },
  { name: "user YAML with only a comment", user: "# nothing yet\n", expect: "front" },
  {
    name: "project YAML: dangerous-command's protected paths and branches, rules taken away",
    project: "hooks:\n  dangerous-command:\n    protectedPaths: ['.', src, '~', /]\n    protectedBranches: ['*']\n    disable: [git-force-push, delete-project]\n    rules: []\n",
    expect: "front",
  },
  {
    name: "project JSON: redact-secrets' paths and limits at their broadest",
    project: { hooks: { "redact-secrets": { denyPaths: ["**", "**/*"], secretPaths: ["**"], allowPaths: ["x"], allowRules: ["generic-secret"], allowValues: ["abcdefgh"], maxBytes: 1, maxFiles: 1, keepCopiesMinutes: 1 } } },
    expect: "front",
  },
  { name: "kubectl-prod: every namespace and context protected", project: { hooks: { "kubectl-prod": { namespaces: ["*"], contexts: ["*"] } } }, expect: "front" },
  { name: "git-to-gh: gh allowed, subcommands let through", project: { hooks: { "git-to-gh": { mode: "redirect", allowSubcommands: ["status", "push"], gh: "allow" } } }, expect: "front" },
  {
    name: "every guard switched off, guard-files by the enterprise",
    enterprise: { hooks: { "guard-files": { enabled: false } } },
    user: { hooks: { "dangerous-command": { enabled: false }, "redact-secrets": { enabled: false }, "kubectl-prod": { enabled: false }, "git-to-gh": { enabled: false } } },
    expect: "front",
  },
  { name: "the observers' sections: never read for a shell event", user: { hooks: { format: { formatters: "not a list" }, "stop-telemetry": { telemetry: { url: "http://127.0.0.1:9" } } } }, expect: "front" },
  { name: "all three files, the project's export dropped", enterprise: MDM, user: { audit: { maxBytes: 8192 } }, project: { telemetry: { otlp: { enabled: true, endpoint: "http://attacker.example" } } }, expect: "front" },

  { name: "audit.all records every pass", enterprise: { ...MDM, audit: { all: true } }, expect: "changes" },
  { name: "audit.all in the user's YAML", user: "audit:\n  all: true\n", expect: "changes" },
  { name: "git-to-gh strict refuses raw git", project: { hooks: { "git-to-gh": { mode: "strict" } } }, commands: ["git status --short", "git log --oneline -5"], expect: "changes" },
  { name: "a custom dangerous-command rule names ls", project: { hooks: { "dangerous-command": { rules: [{ id: "no-ls", command: "ls", action: "deny", reason: "listings are off here" }] } } }, commands: ["ls -la"], expect: "changes" },
  { name: "an option of the wrong type: the guard denies", project: { hooks: { "dangerous-command": { protectedPaths: "src" } } }, expect: "changes" },
  { name: "a redact-secrets limit out of range", user: { hooks: { "redact-secrets": { maxBytes: -1 } } }, expect: "changes" },
  { name: "an empty redact-secrets glob, which picomatch refuses", project: { hooks: { "redact-secrets": { allowPaths: [""] } } }, commands: ["ls -la"], expect: "changes" },
  { name: "a protected path under HOME, HOME unset", project: { hooks: { "dangerous-command": { protectedPaths: ["~/keep"] } } }, env: { HOME: undefined }, commands: ["ls -la"], expect: "changes" },
  { name: "malformed YAML", project: "hooks: [unclosed\n", expect: "changes" },
  { name: "a __proto__ key: the merged config's prototype records every pass", user: '{"__proto__": {"audit": {"all": true}}}\n', expect: "changes" },

  { name: "an unknown top-level key", user: { future: { setting: true } }, expect: "cautious" },
  { name: "an unknown audit key", enterprise: { audit: { enabled: true, everything: true } }, expect: "cautious" },
  { name: "an unknown telemetry key", user: { telemetry: { url: "http://127.0.0.1:9" } }, expect: "cautious" },
  { name: "an unknown option of a guard", project: { hooks: { "dangerous-command": { strictMode: true } } }, expect: "cautious" },
  { name: "guard-files given an option", project: { hooks: { "guard-files": { allow: ["~/.bashrc"] } } }, expect: "cautious" },
  { name: "a hook section that is not a mapping", project: { hooks: { "git-to-gh": "strict" } }, expect: "cautious" },
  { name: "enterprise YAML outside the plain form: read only by the parser", enterprise: "base: &otlp\n  enabled: true\ntelemetry:\n  otlp: *otlp\n", expect: "cautious" },
];

/** Rows where the agent, as the user, forges what the front reads: it must never skip what the enterprise file sets. */
const TAMPERED: Row[] = [
  {
    name: "a parsed copy of the enterprise YAML (outside the plain form), written in the user's cache, says it is empty",
    enterprise: "audit: &trail\n  all: true\n",
    tamper: ({ enterprise, env }) => keepConfigValue(enterprise, "audit: &trail\n  all: true\n", {}, env),
    expect: "changes",
  },
  {
    name: "the project file loosens what the enterprise file locked",
    enterprise: { hooks: { "git-to-gh": { mode: "strict" } }, locked: ["hooks.git-to-gh"] },
    project: { hooks: { "git-to-gh": { mode: "redirect" } }, locked: [] },
    commands: ["git status --short"],
    expect: "changes",
  },
  {
    name: "the user file sets a value the enterprise file sets, unlocked",
    enterprise: { audit: { all: true } },
    user: { audit: { all: false } },
    expect: "changes",
  },
  {
    name: "a user YAML file (beyond the plain form) owned by someone else, with a forged parsed copy",
    user: "audit: &trail\n  all: true\n",
    tamper: ({ user, env }) => {
      chownSync(user, 65534, 65534);
      keepConfigValue(user, "audit: &trail\n  all: true\n", {}, env);
    },
    expect: "changes",
  },
];

let rows = 0;
function place(row: Row): Place {
  const dir = join(ROOT, `row-${rows++}`);
  const project = join(dir, "project");
  const home = join(dir, "home");
  mkdirSync(join(project, "src"), { recursive: true });
  mkdirSync(join(home, ".config", "guards"), { recursive: true });
  writeFileSync(join(project, "src", "a.ts"), "export {};\n");
  execFileSync("git", ["init", "-q"], { cwd: project });
  execFileSync("git", ["add", "."], { cwd: project });
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "first"], { cwd: project });
  const files = { enterprise: join(dir, "etc", "config.yaml"), user: join(home, ".config", "guards", "config.yaml"), project: join(project, ".guards.yaml") };
  mkdirSync(join(dir, "etc"));
  for (const key of ["enterprise", "user", "project"] as const) {
    const content = row[key];
    if (content !== undefined) writeFileSync(files[key], text(content));
  }
  const env = { HOME: home, PWD: project, GUARDS_STATE_DIR: join(dir, "state"), GUARDS_CODE_CACHE: join(dir, "cache"), GUARDS_ENTERPRISE_CONFIG: files.enterprise, GUARDS_OTLP_TOKEN: "t", ...row.env };
  return { project, enterprise: files.enterprise, user: files.user, env };
}

/** Files the runner left in the state folder: the audit trail, the export spool. */
function recorded(env: Place["env"]): string[] {
  const state = env.GUARDS_STATE_DIR!;
  if (!existsSync(state)) return [];
  return readdirSync(state, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe.each([
  ["config contents", ROWS],
  ["forged by the agent", TAMPERED],
])("the front where a guards config exists: %s", (_title, table) => {
  it.for(table)("$name: $expect", async (row) => {
    const at = place(row);
    const commands = row.commands ?? INERT;
    let differs = false;
    for (const command of commands) {
      expect(isInertCommand(command), command).toBe(true);
      const payload = JSON.stringify({ ...claudeBash(command), cwd: at.project });
      const runner = await runHooks(Object.values(hooks), payload, { dialect: "claude", env: at.env, audit });
      row.tamper?.(at);
      const front = await quickAnswer(payload, { dialect: "claude", hooks: ENTRY }, at.env, QUICK_RULES);
      if (row.expect === "front") {
        expect(front, command).toEqual(runner);
        expect(front, command).toEqual({ stdout: "", stderr: "", exitCode: 0 });
      } else {
        expect(front, command).toBeUndefined();
      }
      differs ||= runner.stdout !== "" || runner.exitCode !== 0 || recorded(at.env).length > 0;
    }
    // The front's rows leave no trace; the rows it declines for a reason show that reason at the runner.
    if (row.expect === "front") expect(recorded(at.env)).toEqual([]);
    if (row.expect === "changes") expect(differs).toBe(true);
  });
});

describe.each(TABLE_NODES)("the built guards.cjs with an enterprise config, on $name", ({ path: node }) => {
  const entry = ["--dialect", "claude", "--hooks", "redact-secrets,dangerous-command,kubectl-prod,guard-files"];
  const run = (row: Row, command: string) => {
    const at = place(row);
    const result = runNodeFile(join(DIST, "guards.cjs"), { node, args: entry, input: JSON.stringify({ ...claudeBash(command), cwd: at.project }), cwd: at.project, env: at.env });
    return { ...result, compiled: readdirSync(at.env.GUARDS_CODE_CACHE!).filter((name) => name.endsWith(".bin")).map((name) => name.split("-")[0]), recorded: recorded(at.env) };
  };

  it.for([
    // The front compiles its config check (a lazy section) only because a config file is present.
    { name: "the MDM config as JSON: the front and its config check answer", row: { name: "", enterprise: MDM, expect: "front" }, compiled: ["front", "lazy"] },
    { name: "the MDM config as plain YAML: the front and its config check answer", row: { name: "", enterprise: MDM_YAML, expect: "front" }, compiled: ["front", "lazy"] },
    // The config check, then the runner and its YAML parser.
    { name: "YAML outside the plain form: the runner reads it", row: { name: "", enterprise: MDM_YAML.replace("maxBytes: 10485760", "maxBytes: &size 10485760"), expect: "cautious" }, compiled: ["front", "guards", "lazy", "lazy"] },
  ] as { name: string; row: Row; compiled: string[] }[])("$name", ({ row, compiled }) => {
    const result = run(row, "ls -la");
    expect(result).toMatchObject({ exitCode: 0, stdout: "", stderr: "", recorded: [] });
    expect(result.compiled.sort()).toEqual(compiled);
  });

  it("audit.all as JSON: the runner records the pass", () => {
    const result = run({ name: "", enterprise: { audit: { all: true } }, expect: "changes" }, "ls -la");
    expect(result).toMatchObject({ exitCode: 0, stdout: "", recorded: ["audit.jsonl"] });
    // The config check, the runner, and the pre-filter that masks the record's command.
    expect(result.compiled.sort()).toEqual(["front", "guards", "lazy", "lazy"]);
  });
});
