/**
 * Config files read without the YAML parser: JSON and plain YAML configs always, other YAML configs this
 * user owns from the value kept for their exact text in the private cache folder. The enterprise file is never kept, and a
 * kept value that is not private, or was taken from other text, is not used.
 */
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../shared/config.ts";
import { DIST, NODE_BINARIES, runNodeFile } from "./support/process.ts";

/** A project with `.guards.yaml`, a private cache folder and an empty home. */
function setUp(text: string) {
  const root = mkdtempSync(join(tmpdir(), "guards-config-cache-"));
  const project = join(root, "project");
  mkdirSync(project);
  writeFileSync(join(project, ".guards.yaml"), text);
  const env = { HOME: join(root, "home"), GUARDS_CODE_CACHE: join(root, "cache"), GUARDS_ENTERPRISE_CONFIG: join(root, "enterprise.yaml") };
  return { root, project, env, entries: () => (existsSync(env.GUARDS_CODE_CACHE) ? readdirSync(env.GUARDS_CODE_CACHE).filter((name) => name.startsWith("config-")) : []) };
}

/** YAML beyond the plain form (an anchor): only the parser reads it. */
const YAML_TEXT = "hooks:\n  git-to-gh: &off\n    enabled: false\n";
const PLAIN_YAML = "hooks:\n  git-to-gh:\n    enabled: false\n";

/** Rewrites the one kept entry's value, keeping its text: a later read that returns this value read the entry. */
function tamperEntry(cache: string, value: object): string {
  const [name] = readdirSync(cache).filter((entry) => entry.startsWith("config-"));
  const file = join(cache, name!);
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), value }));
  return file;
}

describe("config values kept for their text", () => {
  it("a YAML file is parsed once; the next read takes the kept value for the same text", async () => {
    const { project, env, entries } = setUp(YAML_TEXT);
    expect((await loadConfig(project, env)).data).toEqual({ hooks: { "git-to-gh": { enabled: false } } });
    expect(entries()).toHaveLength(1);
    tamperEntry(env.GUARDS_CODE_CACHE, { kept: true });
    expect((await loadConfig(project, env)).data).toEqual({ kept: true });
  });

  it.for([
    ["the file's text changed", (s: ReturnType<typeof setUp>) => writeFileSync(join(s.project, ".guards.yaml"), `${YAML_TEXT}# edited\n`)],
    ["the entry can be written by others", (s: ReturnType<typeof setUp>) => chmodSync(keptFile(s), 0o666)],
    ["the cache is switched off", (s: ReturnType<typeof setUp>) => Object.assign(s.env, { GUARDS_CODE_CACHE: "off" })],
  ] as const)("a kept value is not used when %s", async ([, change]) => {
    const setup = setUp(YAML_TEXT);
    await loadConfig(setup.project, setup.env);
    tamperEntry(setup.env.GUARDS_CODE_CACHE, { kept: true });
    change(setup);
    expect((await loadConfig(setup.project, setup.env)).data).toEqual({ hooks: { "git-to-gh": { enabled: false } } });
  });

  it("the enterprise file is never kept: its copy would be writable by the user it binds", async () => {
    const { root, project, env, entries } = setUp("{}\n");
    writeFileSync(join(root, "enterprise.yaml"), "hooks:\n  dangerous-command: &on\n    enabled: true\nlocked: [hooks.dangerous-command.enabled]\n");
    writeFileSync(join(project, ".guards.yaml"), "hooks:\n  dangerous-command: &off\n    enabled: false\n");
    for (let i = 0; i < 2; i++) expect((await loadConfig(project, env)).data.hooks).toEqual({ "dangerous-command": { enabled: true } });
    // Only the project file is kept.
    expect(entries()).toHaveLength(1);
    expect(readFileSync(join(env.GUARDS_CODE_CACHE, entries()[0]!), "utf8")).toContain(".guards.yaml");
  });

  it.runIf(process.getuid?.() === 0)("a file another user owns is not kept", async () => {
    const { project, env, entries } = setUp(YAML_TEXT);
    chownSync(join(project, ".guards.yaml"), 65534, 65534);
    await loadConfig(project, env);
    expect(entries()).toEqual([]);
  });

  it.for([
    ["a JSON object", '{"hooks": {"git-to-gh": {"enabled": false}}}\n', { hooks: { "git-to-gh": { enabled: false } } }],
    ["JSON after a byte-order mark", '\ufeff{"audit": {"all": true}}', { audit: { all: true } }],
    ["YAML flow style that is not JSON", "{hooks: {git-to-gh: {enabled: false}}}\n", { hooks: { "git-to-gh": { enabled: false } } }],
  ] as const)("%s reads as YAML would read it", async ([, text, expected]) => {
    const { project, env } = setUp(text);
    expect((await loadConfig(project, env)).data).toEqual(expected);
  });

  it("plain YAML is read without the parser, and nothing is kept for it", async () => {
    const { project, env, entries } = setUp(PLAIN_YAML);
    expect((await loadConfig(project, env)).data).toEqual({ hooks: { "git-to-gh": { enabled: false } } });
    expect(entries()).toEqual([]);
  });

  it("a value JSON cannot hold exactly (.inf) is parsed at every read, never kept", async () => {
    const { project, env, entries } = setUp("hooks:\n  format:\n    timeout: .inf\n");
    expect((await loadConfig(project, env)).data).toEqual({ hooks: { format: { timeout: Number.POSITIVE_INFINITY } } });
    expect(entries()).toEqual([]);
  });
});

describe.for(NODE_BINARIES)("the built file on $name", (node) => {
  const payload = (project: string) => ({
    session_id: "s1", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default",
    hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "git clone https://github.com/o/r" }, tool_use_id: "toolu_1",
  });
  /** The lazy sections a run compiled: the YAML parser is one. */
  const run = (project: string, env: Record<string, string>) => {
    const result = runNodeFile(join(DIST, "guards.cjs"), { args: ["--dialect", "claude", "--hooks", "git-to-gh"], input: JSON.stringify(payload(project)), node: node.path, env, cwd: project });
    expect(result.stderr).toBe("");
    // git-to-gh is switched off by the config in every case: the config was read.
    expect(result.stdout).toBe("");
    return readdirSync(env.GUARDS_CODE_CACHE!).filter((name) => name.startsWith("lazy-"));
  };

  it("loads no YAML parser for a JSON or plain YAML config, nor for other YAML read before", () => {
    const json = setUp('{"hooks": {"git-to-gh": {"enabled": false}}}');
    expect(run(json.project, json.env)).toEqual([]);
    const plain = setUp(PLAIN_YAML);
    expect(run(plain.project, plain.env)).toEqual([]);
    const yaml = setUp(YAML_TEXT);
    expect(run(yaml.project, yaml.env)).toHaveLength(1);
    // A fresh cache folder with only the kept value in it: the next run compiles no section.
    const fresh = join(yaml.root, "fresh");
    mkdirSync(fresh, { mode: 0o700 });
    const [entry] = readdirSync(yaml.env.GUARDS_CODE_CACHE).filter((name) => name.startsWith("config-"));
    writeFileSync(join(fresh, entry!), readFileSync(join(yaml.env.GUARDS_CODE_CACHE, entry!)), { mode: 0o600 });
    expect(run(yaml.project, { ...yaml.env, GUARDS_CODE_CACHE: fresh })).toEqual([]);
  });
});

function keptFile(setup: ReturnType<typeof setUp>): string {
  const [name] = readdirSync(setup.env.GUARDS_CODE_CACHE).filter((entry) => entry.startsWith("config-"));
  return join(setup.env.GUARDS_CODE_CACHE, name!);
}
