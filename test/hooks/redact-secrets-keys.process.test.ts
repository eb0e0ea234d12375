/**
 * Private keys made for real at test time (test/support/keys.ts), read by the built hook as each agent reads
 * them: from ~/.ssh, from the project and pasted into a YAML config; by the read tool and by `cat` (every
 * dialect: redact-secrets-dialects.process.test.ts). The agent must get a deny or a redacted copy, and no
 * line of a key body anywhere it can see.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeCredentialFiles, type CredentialFile } from "../support/credential-files.ts";
import { makeKeys, type MadeKey } from "../support/keys.ts";
import { hookRunner, type Outcome } from "../support/hook-runs.ts";
import { readFixture } from "../support/process.ts";

let base: string;
let home: string;
let project: string;
let copies: string;
let env: Record<string, string>;
let keys: MadeKey[];
let credentialFiles: CredentialFile[];

/** Where a key is put: its own file in ~/.ssh and in the project, and pasted into a YAML config. */
const PLACES = ["~/.ssh", "project", "yaml"] as const;
type Place = (typeof PLACES)[number];

function pathOf(key: MadeKey, place: Place): string {
  if (place === "~/.ssh") return join(home, ".ssh", key.file);
  if (place === "project") return join(project, "keys", key.file);
  return join(project, "config", `${key.file}.yaml`);
}

/** A path as the agent writes it in a command: `~/.ssh/…` for home, relative in the project. */
function shellPathOf(key: MadeKey, place: Place): string {
  if (place === "~/.ssh") return `~/.ssh/${key.file}`;
  return place === "project" ? `keys/${key.file}` : `config/${key.file}.yaml`;
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "redact-keys-"));
  home = join(base, "home");
  project = join(base, "project");
  copies = join(base, "tmp");
  for (const dir of [join(home, ".ssh"), join(project, "keys"), join(project, "config"), copies]) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const made = makeKeys();
  // CI installs every tool (.ci/setup-packages.sh); a machine without one must say so, not pass quietly.
  expect(made.skipped).toEqual([]);
  keys = made.keys;
  for (const key of keys) {
    writeFileSync(pathOf(key, "~/.ssh"), key.text, { mode: 0o600 });
    writeFileSync(pathOf(key, "project"), key.text);
    // A key of one line is pasted inline, as configs hold a WireGuard key; a block as a YAML block scalar.
    const lines = key.text.trimEnd().split("\n");
    const pasted = lines.length === 1 ? ` ${lines[0]}` : ` |\n${lines.map((line) => `    ${line}`).join("\n")}`;
    writeFileSync(pathOf(key, "yaml"), `deploy:\n  host: build.internal\n  user: ci\n  private_key:${pasted}\n  port: 22\n`);
  }
  credentialFiles = writeCredentialFiles(home);
  env = { HOME: home, TMPDIR: copies, XDG_CONFIG_HOME: join(home, ".config"), GUARDS_ENTERPRISE_CONFIG: join(base, "none.yaml") };
}, 120_000);

afterAll(() => rmSync(base, { recursive: true, force: true }));

const { runAll, seenByAgent } = hookRunner({ cwd: () => project, env: () => env, copies: () => copies });

function expectKeptFromModel(key: MadeKey, outcome: Outcome, original: string, label: string): void {
  const { verdict, seen } = seenByAgent(outcome, original);
  expect(verdict, `${label}: ${outcome.stdout}${outcome.stderr}`).not.toBe("passed");
  // Not a line, and not the four characters a masked token would show either.
  const leaked = key.secretParts.filter((part) => seen.includes(part) || seen.includes(`${part.slice(0, 4)}…`) || seen.includes(`…${part.slice(-4)}`));
  expect(leaked, `${label} shows ${leaked.length} of ${key.secretParts.length} key lines`).toEqual([]);
}

const claudeRead = (file: string) => ({ ...readFixture("claude/PreToolUse/read-env.json"), cwd: project, tool_input: { file_path: file } });
const codexShell = (command: string) => ({ ...readFixture("codex/PreToolUse/cat-env.json"), cwd: project, tool_input: { command } });

describe("private keys made by ssh-keygen, openssl, gpg, puttygen, age and wg", () => {
  it("the read tool (Claude Code Read) never shows a key body, from ~/.ssh, the project or a YAML config", async () => {
    const table = keys.flatMap((key) => PLACES.map((place) => ({ key, place })));
    const outcomes = await runAll(table.map(({ key, place }) => ({ dialect: "claude", payload: claudeRead(pathOf(key, place)) })));
    table.forEach(({ key, place }, i) => expectKeptFromModel(key, outcomes[i]!, readFileSync(pathOf(key, place), "utf8"), `Read ${key.name} in ${place}`));
    // The redacted view names what was there, masked: the kind and the line, never a body byte.
    const first = outcomes[0]!.stdout;
    expect(first).toContain("private-key on line 1");
  }, 120_000);

  it("`cat` (Codex shell) never shows a key body, from ~/.ssh, the project or a YAML config", async () => {
    // Each key from one of the places in turn: the place changes the path, not what is detected.
    const table = keys.map((key, i) => ({ key, place: PLACES[i % PLACES.length]! }));
    const outcomes = await runAll(table.map(({ key, place }) => ({ dialect: "codex", payload: codexShell(`cat ${shellPathOf(key, place)}`) })));
    table.forEach(({ key, place }, i) => expectKeptFromModel(key, outcomes[i]!, readFileSync(pathOf(key, place), "utf8"), `cat ${key.name} in ${place}`));
  }, 120_000);
});

describe("credential files where the tools write them", () => {
  it("are redacted or refused, by the read tool and by cat; binary key stores refused unread", async () => {
    const table = credentialFiles.flatMap((file) => [
      { file, dialect: "claude", payload: claudeRead(join(home, file.path)) },
      { file, dialect: "codex", payload: codexShell(`cat ~/${file.path}`) },
    ]);
    const outcomes = await runAll(table);
    table.forEach(({ file, dialect }, i) => {
      const outcome = outcomes[i]!;
      const label = `${dialect} ${file.path}`;
      const original = file.refused ? "" : readFileSync(join(home, file.path), "utf8");
      const { verdict, seen } = seenByAgent(outcome, original);
      expect(verdict, `${label}: ${outcome.stdout}${outcome.stderr}`).toBe(file.refused ? "denied" : "redacted");
      expect(file.secrets.filter((secret) => seen.includes(secret)), label).toEqual([]);
      if (file.refused) expect(seen, label).toContain("key store");
    });
  }, 120_000);
});
