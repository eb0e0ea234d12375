/** The interactive pickers (a TTY and no --agent / --hooks): detected agents and the default hooks preselected. */
import { dialects } from "../../shared/dialects/index.ts";
import type { AnyHook } from "../../shared/hook.ts";
import { AGENT_IDS } from "./targets/index.ts";
import type { AgentId } from "./targets/types.ts";

export async function pickAgents(detected: readonly AgentId[]): Promise<AgentId[]> {
  const { checkbox } = await import("@inquirer/prompts");
  return checkbox<AgentId>({
    message: "Install guards for which agents?",
    choices: AGENT_IDS.map((agent) => ({ name: dialects[agent].agent, value: agent, checked: detected.includes(agent) })),
  });
}

/** Every hook is a choice; the defaults start ticked, an opt-in team policy unticked with its policy in one line. */
export async function pickHooks(all: readonly AnyHook[], defaults: readonly AnyHook[]): Promise<AnyHook[]> {
  const { checkbox } = await import("@inquirer/prompts");
  return checkbox<AnyHook>({
    message: "Install which guards?",
    choices: all.map((hook) => ({
      name: hook.meta.optIn ? `${hook.meta.id} (${hook.meta.optIn})` : `${hook.meta.id}: ${hook.meta.summary}`,
      value: hook,
      checked: defaults.includes(hook),
    })),
  });
}
