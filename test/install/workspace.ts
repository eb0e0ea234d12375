/** A temporary project (a git repository) and a temporary HOME, never the real ones, and a private copy of the built files. */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { installCommand } from "../../cli/commands/install.ts";
import { UsageError, type CliIo, type Command } from "../../cli/commands/io.ts";
import { uninstallCommand } from "../../cli/commands/uninstall.ts";
import { doctorCommand } from "../../cli/commands/doctor.ts";
import { listCommand } from "../../cli/commands/list.ts";
import { packCommand } from "../../cli/commands/pack.ts";
import { HOOK_IDS } from "../../shared/hook.ts";
import { DIST } from "../support/process.ts";

export interface Workspace {
  root: string;
  project: string;
  home: string;
  /** Where enterprise-scope files are staged (--root). */
  stage: string;
}

export function makeWorkspace(options: { git?: boolean } = {}): Workspace {
  const root = mkdtempSync(join(tmpdir(), "guards-install-"));
  const ws = { root, project: join(root, "project"), home: join(root, "home"), stage: join(root, "stage") };
  for (const dir of [ws.project, ws.home]) mkdirSync(dir);
  if (options.git !== false) spawnSync("git", ["init", "-q", ws.project]);
  return ws;
}

let privateDist: string | undefined;

/**
 * A copy of dist/ taken once: other builds may replace dist/ while the tests run. Run `npm run build`
 * first (npm test does).
 */
export function builtCopy(): string {
  if (privateDist) return privateDist;
  const wanted = [join(DIST, "cli.mjs"), join(DIST, "plugin.mjs"), join(DIST, "guards.cjs"), join(DIST, "guards.code.js"), ...HOOK_IDS.map((id) => join(DIST, "hooks", `${id}.mjs`))];
  // dist/ may be in the middle of a rebuild (build.mjs empties it first): wait for it, up to two minutes.
  for (let attempt = 0; attempt < 120; attempt++) {
    if (wanted.every((f) => existsSync(f) && statSync(f).size > 0)) {
      const copy = mkdtempSync(join(tmpdir(), "guards-dist-"));
      cpSync(DIST, copy, { recursive: true });
      if (wanted.every((f) => existsSync(join(copy, relative(DIST, f))))) return (privateDist = copy);
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
  }
  throw new Error(`build first (npm run build): ${DIST} is incomplete`);
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const COMMANDS: Record<string, Command> = { install: installCommand, uninstall: uninstallCommand, list: listCommand, doctor: doctorCommand, pack: packCommand };

/** Runs a guards command in this process as install.ts does (one-line error, exit 1 or 2), in the workspace. */
export async function guards(ws: Workspace, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const [name, ...argv] = args;
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    argv,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    stdin: undefined as unknown as CliIo["stdin"],
    stdinIsTTY: false,
    env: { HOME: ws.home, PATH: "/usr/bin:/bin", GUARDS_HOOKS_DIR: join(builtCopy(), "hooks"), ...env },
    cwd: ws.project,
  };
  try {
    return { code: await COMMANDS[name!]!(io), stdout, stderr };
  } catch (error) {
    const message = (error as Error).message.split("\n")[0];
    const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    return { code: usage ? 2 : 1, stdout, stderr: `${stderr}guards ${name}: ${message}\n` };
  }
}

/** Every file under the folders, with its bytes: two snapshots are equal when nothing was written. */
export function tree(...dirs: string[]): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (base: string, dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === ".git") continue;
      if (statSync(path).isDirectory()) {
        files[`${relative(base, path)}/`] = "";
        walk(base, path);
      } else files[relative(base, path)] = readFileSync(path).toString("base64");
    }
  };
  for (const dir of dirs) walk(join(dir, ".."), dir);
  return files;
}
