/** The pinned agent CLIs, installed with npm into a cache folder outside the repo and reused between runs. */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { AgentUnderTest } from "./agent.ts";

export function cacheRoot(env: Readonly<Record<string, string | undefined>>): string {
  return env.GUARDS_AGENTS_CACHE || join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "guards-agents");
}

export function installDir(root: string, agent: AgentUnderTest): string {
  return join(root, `${agent.npmPackage.replace(/^@/, "").replace("/", "-")}@${agent.version}`);
}

export function agentBinary(root: string, agent: AgentUnderTest): string {
  if (agent.binPath) return join(installDir(root, agent), "node_modules", ...agent.binPath.split("/"));
  return join(installDir(root, agent), "node_modules", ".bin", agent.bin);
}

export function installedVersion(root: string, agent: AgentUnderTest): string | undefined {
  const manifest = join(installDir(root, agent), "node_modules", ...agent.npmPackage.split("/"), "package.json");
  if (!existsSync(manifest) || !existsSync(agentBinary(root, agent))) return undefined;
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version;
}

export interface InstallOutcome {
  agent: AgentUnderTest;
  cached: boolean;
  error?: string;
}

/** Installs `package@version` unless that exact version is already there; a failure is reported, never thrown. */
export async function ensureInstalled(root: string, agent: AgentUnderTest): Promise<InstallOutcome> {
  if (installedVersion(root, agent) === agent.version) return { agent, cached: true };
  const dir = installDir(root, agent);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), '{ "private": true }\n');
  // No --ignore-scripts: the native CLIs fetch their platform binary in postinstall.
  const result = await npmInstall(dir, `${agent.npmPackage}@${agent.version}`);
  if (result.code !== 0 || installedVersion(root, agent) !== agent.version) {
    const why = result.stderr.trim().split("\n").slice(-3).join(" | ");
    return { agent, cached: false, error: `npm install ${agent.npmPackage}@${agent.version} failed: ${why}` };
  }
  return { agent, cached: false };
}

function npmInstall(cwd: string, spec: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", "--no-package-lock", spec], { cwd, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const timer = setTimeout(() => child.kill("SIGKILL"), 600_000);
    child.on("error", (error) => resolve({ code: null, stderr: error.message }));
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}
