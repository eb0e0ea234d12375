/** guards goes into the sandbox the way a user puts it there: `guards install --agent A --scope project`. */
import { spawnSync } from "node:child_process";
import type { HookId } from "../../shared/hook.ts";
import type { AgentUnderTest, Workspace } from "./agent.ts";

export interface GuardsInstall {
  ok: boolean;
  /** What the installer told the user (trust steps included). */
  output: string;
}

export function installGuards(cli: string, agent: AgentUnderTest, workspace: Workspace, hooks: readonly HookId[]): GuardsInstall {
  const args = [cli, "install", "--agent", (agent.installAgents ?? [agent.id]).join(","), "--scope", "project", "--dir", workspace.project, "--hooks", hooks.join(","), "--yes"];
  const result = spawnSync(process.execPath, args, {
    cwd: workspace.project,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: workspace.home, LANG: "C.UTF-8" },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}
