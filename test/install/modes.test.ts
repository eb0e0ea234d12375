/**
 * File modes of an install. Enterprise: root installs, every user's agent reads, so folders are 0755 and
 * files 0644 (0755 executable) whatever root's umask; a hook file users cannot read makes Node exit 1, which
 * most agents take as a non-blocking error (the action runs unguarded). Project and user scope: the files are
 * the user's own, and a config the user kept private stays private.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { claudeBash } from "../support/process.ts";
import { guards, makeWorkspace, type Workspace } from "./workspace.ts";

const AGENTS = "claude,codex,cursor,gemini,copilot,windsurf";

/** Under /tmp itself, not the test run's private temp folder (0700): another user must reach the tree. */
const base = mkdtempSync("/tmp/guards-modes-");
chmodSync(base, 0o755);
afterAll(() => rmSync(base, { recursive: true, force: true }));

function workspaceIn(name: string): Workspace {
  const root = join(base, name);
  const ws = { root, project: join(root, "project"), home: join(root, "home"), stage: join(root, "stage") };
  for (const dir of [ws.project, ws.home]) mkdirSync(dir, { recursive: true });
  chmodSync(root, 0o755);
  return ws;
}

/** Every folder and file under `dir` whose mode is not what every user needs: `path mode`. */
function wrongModes(dir: string): string[] {
  const wrong: string[] = [];
  const mode = (path: string) => statSync(path).mode & 0o777;
  if (mode(dir) !== 0o755) wrong.push(`${dir} ${mode(dir).toString(8)}`);
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const path = join(dir, name);
    const bits = mode(path);
    const ok = statSync(path).isDirectory() ? bits === 0o755 : bits === 0o644 || bits === 0o755;
    if (!ok) wrong.push(`${name} ${bits.toString(8)}`);
  }
  return wrong;
}

async function withUmask<T>(mask: number, run: () => Promise<T>): Promise<T> {
  const before = process.umask(mask);
  try {
    return await run();
  } finally {
    process.umask(before);
  }
}

const enterpriseInstall = (ws: Workspace) => guards(ws, ["install", "--agent", AGENTS, "--scope", "enterprise", "--root", ws.stage, "--platform", "linux"]);

/** Why the entry cannot be run as another user here, or undefined when it can. */
function otherUserUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return "not root: cannot run the entry as another user";
  if (spawnSync("setpriv", ["--version"]).status !== 0) return "setpriv (util-linux) is not installed";
  if (spawnSync("id", ["-u", "nobody"]).status !== 0) return "no user `nobody` on this machine";
  return undefined;
}

describe("an enterprise install under root's umask 077", () => {
  test("every folder is 0755 and every file 0644 (0755 executable)", async () => {
    const ws = workspaceIn("strict");
    const result = await withUmask(0o077, () => enterpriseInstall(ws));
    expect(result.code, result.stderr).toBe(0);
    expect(wrongModes(ws.stage)).toEqual([]);
  });

  // Only a hook file root owns has root's compiled-code folder (shared/code-cache.ts).
  test.skipIf(process.getuid?.() !== 0)(`the compiled code root keeps for every user is 0644, from the install and from root's later runs${process.getuid?.() === 0 ? "" : " (skipped: not root, so no managed compiled code)"}`, async () => {
    const ws = workspaceIn("compiled");
    const result = await withUmask(0o077, () => enterpriseInstall(ws));
    expect(result.stdout).toContain("compiled code for every user kept in");
    const cache = join(ws.stage, "opt", "guards", "0.1.0", "code-cache");
    expect(readdirSync(cache).length).toBeGreaterThan(0);
    expect(wrongModes(cache)).toEqual([]);
    // Root's own agent writes compiled code later, under the same umask.
    for (const name of readdirSync(cache)) rmSync(join(cache, name));
    const guardsFile = join(ws.stage, "opt", "guards", "0.1.0", "guards.cjs");
    const run = spawnSync("sh", ["-c", `umask 077; node "${guardsFile}" --dialect claude --hooks dangerous-command`], { input: JSON.stringify(claudeBash("rm -rf ~")), encoding: "utf8", env: { PATH: "/usr/bin:/bin", HOME: ws.home } });
    expect(run.stdout).toContain('"permissionDecision":"deny"');
    expect(readdirSync(cache).length).toBeGreaterThan(0);
    expect(wrongModes(cache)).toEqual([]);
  });

  const unavailable = otherUserUnavailable();
  test.skipIf(unavailable !== undefined)(`another user's agent runs the installed entry, and the guards config as that user reads it${unavailable ? ` (skipped: ${unavailable})` : ""}`, async () => {
    const ws = workspaceIn("other-user");
    expect((await withUmask(0o077, () => enterpriseInstall(ws))).code).toBe(0);
    const settings = JSON.parse(readFileSync(join(ws.stage, "etc", "claude-code", "managed-settings.d", "50-guards.json"), "utf8")) as { hooks: { PreToolUse: { matcher: string; hooks: { command: string }[] }[] } };
    const entry = settings.hooks.PreToolUse.find((group) => group.matcher.includes("Bash"))!.hooks[0]!.command.split("/opt/guards").join(join(ws.stage, "opt", "guards"));
    // A home the other user can write, for its own audit trail and compile cache.
    const home = join(ws.root, "nobody");
    mkdirSync(home);
    chmodSync(home, 0o1777);
    // The guards config in a folder the administrator left private, and in a readable one.
    const config = (folder: string, mode: number) => {
      mkdirSync(join(ws.root, folder));
      writeFileSync(join(ws.root, folder, "config.yaml"), "audit: { all: true }\n", { mode: 0o644 });
      chmodSync(join(ws.root, folder), mode);
      return join(ws.root, folder, "config.yaml");
    };
    const runs = [
      { command: "rm -rf /", env: {}, decision: "deny", reason: "delete-root" },
      { command: "ls", env: { GUARDS_ENTERPRISE_CONFIG: config("readable", 0o755) }, decision: undefined, reason: undefined },
      // Not skipped as if absent: the machine's policy cannot be read, so the security guards fail closed.
      { command: "ls", env: { GUARDS_ENTERPRISE_CONFIG: config("private", 0o700) }, decision: "deny", reason: "cannot read config" },
    ];
    for (const { command, env, decision, reason } of runs) {
      const run = spawnSync("setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "sh", "-c", entry], {
        input: JSON.stringify({ ...claudeBash(command), cwd: home }),
        cwd: home,
        env: { PATH: "/usr/bin:/bin", HOME: home, TMPDIR: home, ...env },
        encoding: "utf8",
        timeout: 20_000,
      });
      expect(run.status, run.stderr).toBe(0);
      const answer = run.stdout ? (JSON.parse(run.stdout) as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } }) : {};
      expect(answer.hookSpecificOutput?.permissionDecision, `${command}: ${run.stdout}`).toBe(decision);
      if (reason) expect(answer.hookSpecificOutput?.permissionDecisionReason).toContain(reason);
    }
  });

  test("doctor names what other users cannot read, and installing again as root repairs it", async () => {
    const ws = workspaceIn("repair");
    expect((await enterpriseInstall(ws)).code).toBe(0);
    // The guards config the administrator pushed, private.
    mkdirSync(join(ws.stage, "etc", "guards"));
    writeFileSync(join(ws.stage, "etc", "guards", "config.yaml"), "audit: { all: true }\n");
    // As an install before this one left them under umask 077.
    for (const name of readdirSync(ws.stage, { recursive: true, encoding: "utf8" })) {
      const path = join(ws.stage, name);
      chmodSync(path, statSync(path).isDirectory() ? 0o700 : 0o600);
    }
    expect(wrongModes(ws.stage).length).toBeGreaterThan(10);
    const unreadable = (stdout: string) => stdout.split("\n").filter((line) => line.includes("other users cannot read"));
    const before = unreadable((await guards(ws, ["doctor", "--root", ws.stage])).stdout);
    expect(before.join("\n")).toContain(`the guards config ${join(ws.stage, "etc", "guards", "config.yaml")} (folder ${join(ws.stage, "etc")} is 0700)`);
    expect(before.join("\n")).toContain("their agents do not see these entries and run no guard");
    // One line per hook file, not one per agent file that names it.
    expect(before.filter((line) => line.includes("guards.cjs"))).toHaveLength(1);
    expect((await enterpriseInstall(ws)).code).toBe(0);
    // The stage's own top folder is the admin's, not the install's: everything below it is the install's.
    chmodSync(ws.stage, 0o755);
    expect(wrongModes(ws.stage)).toEqual([]);
    expect(unreadable((await guards(ws, ["doctor", "--root", ws.stage])).stdout)).toEqual([]);
  });
});

describe("project and user scope: the user's own files", () => {
  test("a private config stays private when guards add their entries, and a new file follows the umask", async () => {
    const ws = makeWorkspace();
    const settings = join(ws.home, ".claude", "settings.json");
    mkdirSync(join(ws.home, ".claude"));
    writeFileSync(settings, JSON.stringify({ env: { ANTHROPIC_API_KEY: "sk-ant-not-a-real-key" } }), { mode: 0o600 });
    chmodSync(settings, 0o600);
    expect((await guards(ws, ["install", "--agent", "claude", "--scope", "user", "--hooks", "dangerous-command"])).code).toBe(0);
    expect(readFileSync(settings, "utf8")).toContain("guards.cjs");
    expect(statSync(settings).mode & 0o777).toBe(0o600);
    // A file guards create in the project is the user's like any other: the umask decides, as for every program.
    expect((await withUmask(0o077, () => guards(ws, ["install", "--agent", "codex", "--hooks", "dangerous-command"]))).code).toBe(0);
    expect(statSync(join(ws.project, ".codex", "hooks.json")).mode & 0o777).toBe(0o600);
    expect(statSync(join(ws.project, ".guards", "0.1.0", "guards.cjs")).mode & 0o777).toBe(0o600);
  });
});
