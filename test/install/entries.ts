/** Runs installed entries the way the agent runs them: the command string through `sh -c`, in the project, with the agent's env, a fixture on stdin. */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { dialects } from "../../shared/dialects/index.ts";
import type { HookId } from "../../shared/hook.ts";
import { parseConfig } from "../../cli/install/json-text.ts";
import { guardsHome, scopeDirs, staged } from "../../cli/install/locations.ts";
import { guardsHooksOf } from "../../cli/install/markers.ts";
import { windowsNodeCommand } from "../../cli/install/entry-command.ts";
import { guardsHandlers } from "../../cli/install/merge.ts";
import { installTargets } from "../../cli/install/targets/index.ts";
import type { AgentId, Scope } from "../../cli/install/targets/types.ts";
import { NODE_BINARIES, ROOT } from "../support/process.ts";
import { vscodeEventOfCopilotKey } from "../../shared/dialects/vscode.ts";
import type { Workspace } from "./workspace.ts";
import { verdictOf, type Verdict } from "../../cli/install/verdict.ts";

export interface InstalledRun {
  event: string;
  command: string;
  verdict: Verdict;
  stderr: string;
}

/**
 * The Node binaries the entries are run with: the test support's list plus the system `node`, one per
 * version (under npm the first `node` on PATH is the Node 24 dev dependency, the system one is Node 20).
 */
export function entryNodes(): { name: string; path: string }[] {
  const candidates = [...NODE_BINARIES.map((n) => n.path), "/usr/bin/node", "/usr/local/bin/node"].filter((p) => existsSync(p));
  const byVersion = new Map<string, string>();
  for (const path of candidates) {
    const version = spawnSync(path, ["-v"], { encoding: "utf8" }).stdout.trim();
    if (version && !byVersion.has(version)) byVersion.set(version, path);
  }
  return [...byVersion].map(([version, path]) => ({ name: `node ${version}`, path }));
}

/** Whether the agent documents a config file for the scope (on Linux, where these tests install). */
export function hasScope(agent: AgentId, scope: Scope): boolean {
  return installTargets[agent].configFile(scopeDirs(scope, "linux", "/p", { HOME: "/h" })) !== undefined;
}

export function configPath(agent: AgentId, scope: Scope, ws: Workspace): string {
  const dirs = scopeDirs(scope, "linux", ws.project, { HOME: ws.home });
  return staged(scope === "enterprise" ? ws.stage : undefined, installTargets[agent].configFile(dirs)!.path);
}

/**
 * Runs every installed shell-guard entry of `hookId` with the fixture `fixtures/<agent>/<event>/<name>.json`.
 * `windows`: the command a Windows teammate's agent runs (the handler's Windows field where it has one),
 * split into plain words as cmd /C and PowerShell split a command with no shell feature, and started
 * without a shell: what is left to prove is that its file and arguments resolve from the project root.
 */
export function runInstalledShellEntries(
  agent: AgentId,
  scope: Scope,
  ws: Workspace,
  hookId: HookId,
  fixtureName: string,
  node: string,
  cwd: string = ws.project,
  agentEnv = true,
  windows = false,
): InstalledRun[] {
  const target = installTargets[agent];
  const doc = parseConfig(readFileSync(configPath(agent, scope, ws), "utf8"), "config").value;
  const fileDialect = target.entryDialect ?? agent;
  const shellEvents = new Set((dialects[fileDialect].subscriptions["shell.before"] ?? []).map((s) => s.event));
  const dirs = scopeDirs(scope, "linux", ws.project, { HOME: ws.home });
  return guardsHandlers(doc, target.layout)
    .filter((found) => shellEvents.has(found.event) && guardsHooksOf(found.handler).includes(hookId))
    .map(({ event, handler }) => {
      const windowsField = windows ? target.windowsField : undefined;
      let command = String((windowsField === undefined ? undefined : handler[windowsField]) ?? handler.command ?? handler.bash);
      // An enterprise tree is staged under --root; the deployed paths it names are mapped back into the stage.
      if (scope === "enterprise") command = command.split(guardsHome(dirs)).join(staged(ws.stage, guardsHome(dirs)));
      // An agent running another agent's file sends its own payload for the event it maps the key to.
      const payloadEvent = agent === "vscode" ? vscodeEventOfCopilotKey(event) : event;
      const fixture = join(ROOT, "fixtures", agent, payloadEvent ?? event, `${fixtureName}.json`);
      if (!existsSync(fixture)) throw new Error(`missing fixture ${fixture}`);
      const payload = JSON.parse(readFileSync(fixture, "utf8")) as Record<string, unknown>;
      if (typeof payload.cwd === "string") payload.cwd = ws.project;
      // On Windows the plain node command, as the part that finds the project root leaves it (run here from `cwd`).
      const [program, ...args] = windows ? windowsNodeCommand(target, command).command.split(" ") : ["sh", "-c", command];
      const result = spawnSync(windows && program === "node" ? node : program!, args, {
        cwd,
        input: JSON.stringify(payload),
        env: { PATH: `${dirname(node)}:/usr/bin:/bin`, HOME: ws.home, ...(agentEnv ? target.projectEnv?.(ws.project) : {}) },
        encoding: "utf8",
        timeout: 20_000,
      });
      return { event, command, verdict: verdictOf(result.status, result.stdout), stderr: result.stderr };
    });
}
