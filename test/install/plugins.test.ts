/**
 * OpenCode and Amp: plugins guards write, loaded as the agents load them (an ES module import) and called
 * with the agents' own hook arguments. The guards run in that process through the engine file.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { entryNodes } from "./entries.ts";
import { guards, makeWorkspace, tree, type Workspace } from "./workspace.ts";

const node = entryNodes()[0]!.path;
/** Amp plugins are TypeScript files run by Bun; Node 23.6+ strips types the same way. */
const nodeForTs = entryNodes().find((n) => Number(/v(\d+)/.exec(n.name)?.[1]) >= 24)?.path;

/** Imports the plugin in a fresh Node process and runs `calls` (a module body using `plugin`); prints what they return. */
function withPlugin(ws: Workspace, plugin: string, calls: string, runtime = node): unknown {
  const script = `const plugin = await import(${JSON.stringify(pathToFileURL(plugin).href)});\nconst out = {};\n${calls}\nconsole.log(JSON.stringify(out));\n`;
  const result = spawnSync(runtime, ["--input-type=module", "-e", script], { cwd: ws.project, env: { PATH: "/usr/bin:/bin", HOME: ws.home }, encoding: "utf8", timeout: 30_000 });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!);
}

/** A GitHub token made up at test time, in the project's .env. */
function writeSecret(ws: Workspace): string {
  const token = `ghp_${Buffer.from(crypto.getRandomValues(new Uint8Array(27))).toString("base64").replace(/[^A-Za-z0-9]/g, "x").slice(0, 36)}`;
  writeFileSync(join(ws.project, ".env"), `API_KEY=${token}\nDEBUG=1\n`);
  return token;
}

describe.for([
  { agent: "opencode", file: [".opencode", "plugins", "guards.js"] },
  { agent: "amp", file: [".amp", "plugins", "guards.ts"] },
])("$agent plugin", ({ agent, file }) => {
  test("install writes the plugin and the engine, a second install changes no byte, uninstall leaves the folders as they were", async () => {
    const ws = makeWorkspace();
    const before = tree(ws.project, ws.home);
    const first = await guards(ws, ["install", "--agent", agent]);
    expect(first.code, first.stderr).toBe(0);
    const plugin = readFileSync(join(ws.project, ...file), "utf8");
    expect(plugin).toContain('from "../../.guards/0.1.0/plugin.mjs"');
    expect(plugin).not.toContain(ws.project);
    expect(existsSync(join(ws.project, ".guards", "0.1.0", "plugin.mjs"))).toBe(true);
    const installed = tree(ws.project, ws.home);
    expect((await guards(ws, ["install", "--agent", agent])).stdout).toContain("Nothing to change");
    expect(tree(ws.project, ws.home)).toEqual(installed);
    expect((await guards(ws, ["uninstall", "--agent", agent])).code).toBe(0);
    expect(tree(ws.project, ws.home)).toEqual(before);
  });

  test("guards list names the plugin's hooks", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", agent, "--hooks", "dangerous-command"]);
    const listed = await guards(ws, ["list"]);
    expect(listed.stdout).toContain(join(ws.project, ...file));
    expect(listed.stdout).toMatch(/dangerous-command/);
  });
});

describe("opencode plugin, called as OpenCode calls it", () => {
  test("throws on rm -rf ~, lets ls through untouched, refuses a read of .env", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "opencode"]);
    const token = writeSecret(ws);
    const out = withPlugin(
      ws,
      join(ws.project, ".opencode", "plugins", "guards.js"),
      `const hooks = await plugin.GuardsPlugin({ directory: ${JSON.stringify(ws.project)} });
       const before = hooks["tool.execute.before"];
       out.rm = await before({ tool: "bash", sessionID: "s", callID: "c1" }, { args: { command: "rm -rf ~" } }).then(() => "ran", (e) => e.message);
       const ls = { args: { command: "ls -la" } };
       await before({ tool: "bash", sessionID: "s", callID: "c2" }, ls);
       out.ls = ls.args;
       const read = { args: { filePath: ${JSON.stringify(join(ws.project, ".env"))} } };
       out.refusal = await before({ tool: "read", sessionID: "s", callID: "c3" }, read).then(() => "ran", (e) => e.message);
       out.read = read.args.filePath;`,
    ) as { rm: string; ls: unknown; refusal: string; read: string };
    expect(out.rm).toMatch(/dangerous-command \(delete-home\)/);
    expect(out.ls).toEqual({ command: "ls -la" });
    // No redirect to a redacted copy: OpenCode asks external_directory permission for a read outside the
    // project, which `opencode run` refuses. The read is refused with the reason instead.
    expect(out.read).toBe(join(ws.project, ".env"));
    expect(out.refusal).toMatch(/redact-secrets: not read because it holds secrets/);
    expect(out.refusal).not.toContain(token);
  });
});

describe("amp plugin, called as Amp calls it", () => {
  test.skipIf(!nodeForTs)("rejects-and-continues on rm -rf ~ and on a read of .env (no rewrite there), gives no answer for ls", async () => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", "amp"]);
    writeSecret(ws);
    const out = withPlugin(
      ws,
      join(ws.project, ".amp", "plugins", "guards.ts"),
      `let handler;
       plugin.default({ on: (name, fn) => { if (name === "tool.call") handler = fn; } });
       const ctx = { cwd: ${JSON.stringify(ws.project)}, thread: { id: "T-1" } };
       out.rm = await handler({ tool: "Bash", input: { cmd: "rm -rf ~" } }, ctx);
       out.ls = (await handler({ tool: "Bash", input: { cmd: "ls" } }, ctx)) ?? null;
       out.read = await handler({ tool: "Read", input: { path: ${JSON.stringify(join(ws.project, ".env"))} } }, ctx);`,
      nodeForTs,
    ) as { rm: { action: string; message: string }; ls: unknown; read: { action: string; message: string } };
    expect(out.rm).toMatchObject({ action: "reject-and-continue", message: expect.stringMatching(/delete-home/) });
    expect(out.ls).toBeNull();
    expect(out.read).toMatchObject({ action: "reject-and-continue", message: expect.stringMatching(/holds secrets/) });
  });
});
