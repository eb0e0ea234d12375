/** What is installed where: every agent × scope config file that holds guards entries (for list and doctor). */
import { basename } from "node:path";
import { dialects } from "../../shared/dialects/index.ts";
import { readText } from "./disk.ts";
import { parseConfig, type JsonObject } from "./json-text.ts";
import { scopeDirs, staged } from "./locations.ts";
import { generatedHooks, guardsHooksOf } from "./markers.ts";
import { guardsHandlers } from "./merge.ts";
import { AGENT_IDS, installTargets } from "./targets/index.ts";
import type { AgentId, Platform, Scope, ScopeDirs } from "./targets/types.ts";
import type { HookId } from "../../shared/hook.ts";

export interface InstalledEntry {
  /** The hooks the entry runs, in registry order. */
  hookIds: HookId[];
  /** The same, as one label (`a,b`). */
  hookId: string;
  event: string;
  matcher?: string;
  command: string;
  /** What the agent runs on Windows instead, where its handler has a field for that (`InstallTarget.windowsField`). */
  windowsCommand?: string;
}

export interface InstalledFile {
  agent: AgentId;
  scope: Scope;
  dirs: ScopeDirs;
  path: string;
  stagedPath: string;
  entries: InstalledEntry[];
  doc?: JsonObject;
  /** The file does not parse: the agent would reject it. */
  error?: string;
}

export interface InventoryRequest {
  project: string;
  env: Readonly<Record<string, string | undefined>>;
  platform: Platform;
  root?: string;
  scopes: readonly Scope[];
}

export function inventory(request: InventoryRequest): InstalledFile[] {
  const found: InstalledFile[] = [];
  for (const scope of request.scopes) {
    const dirs = scopeDirs(scope, request.platform, request.project, request.env);
    // Enterprise files are only looked for under --root or on this machine's own system paths.
    const root = scope === "enterprise" ? request.root : undefined;
    // An agent that runs another agent's file (VS Code) is listed under that agent's file.
    for (const agent of AGENT_IDS.filter((id) => !installTargets[id].entryDialect)) {
      const file = installTargets[agent].configFile(dirs);
      if (!file) continue;
      const stagedPath = staged(root, file.path);
      const text = readText(stagedPath);
      if (text === undefined) continue;
      const base = { agent, scope, dirs, path: file.path, stagedPath };
      if (installTargets[agent].generate) {
        // A generated file (script or plugin) runs its hooks itself: listed by the hook files it names.
        const entries = generatedHooks(text).map(({ hookIds, path }) => ({ hookIds, hookId: hookIds.join(","), event: basename(file.path), command: path }));
        if (entries.length > 0) found.push({ ...base, entries });
        continue;
      }
      try {
        const doc = parseConfig(text, stagedPath).value;
        const windowsField = installTargets[agent].windowsField;
        const entries = guardsHandlers(doc, installTargets[agent].layout).map(({ event, matcher, handler }) => {
          const windowsCommand = windowsField === undefined ? undefined : handler[windowsField];
          return {
            hookIds: guardsHooksOf(handler),
            hookId: guardsHooksOf(handler).join(","),
            event,
            ...(matcher === undefined ? {} : { matcher }),
            command: String(handler.command ?? handler.bash ?? handler.powershell),
            ...(typeof windowsCommand === "string" ? { windowsCommand } : {}),
          };
        });
        if (entries.length > 0) found.push({ ...base, entries, doc });
      } catch (error) {
        found.push({ ...base, entries: [], error: (error as Error).message });
      }
    }
  }
  return found;
}

/** The agent's product name, for messages. */
export function agentName(agent: AgentId): string {
  return dialects[agent].agent;
}
