/** The interactive agent picker (a TTY and no --agent): detected agents preselected. */
import { dialects } from "../../shared/dialects/index.ts";
import { AGENT_IDS } from "./targets/index.ts";
import type { AgentId } from "./targets/types.ts";

export async function pickAgents(detected: readonly AgentId[]): Promise<AgentId[]> {
  const { checkbox } = await import("@inquirer/prompts");
  return checkbox<AgentId>({
    message: "Install guards for which agents?",
    choices: AGENT_IDS.map((agent) => ({ name: dialects[agent].agent, value: agent, checked: detected.includes(agent) })),
  });
}
