/** Which agents are used here: their folders in the project or the home directory, or their binary on PATH. */
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { AGENT_IDS, installTargets } from "./targets/index.ts";
import type { AgentId } from "./targets/types.ts";

export function detectAgents(project: string, home: string | undefined, path: string | undefined): AgentId[] {
  const bins = (path ?? "").split(delimiter).filter(Boolean);
  return AGENT_IDS.filter((agent) => {
    const { presence } = installTargets[agent];
    return (
      presence.project.some((p) => existsSync(join(project, p))) ||
      (home !== undefined && presence.home.some((p) => existsSync(join(home, p)))) ||
      presence.binaries.some((bin) => bins.some((dir) => existsSync(join(dir, bin)) || existsSync(join(dir, `${bin}.exe`)) || existsSync(join(dir, `${bin}.cmd`))))
    );
  });
}
