/** The selectors install and uninstall share: `--agent --scope --hooks --dir --root --platform`. */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { hooks as registry } from "../../hooks/index.ts";
import { UsageError, type CliIo } from "../commands/io.ts";
import type { AnyHook, HookId } from "../../shared/hook.ts";
import { detectAgents } from "./detect.ts";
import { currentPlatform } from "./locations.ts";
import { builtHooksDir, GUARDS_VERSION } from "./package-info.ts";
import type { InstallRequest } from "./plan.ts";
import { AGENT_IDS, isAgentId } from "./targets/index.ts";
import type { AgentId, Platform, Scope } from "./targets/types.ts";

export interface InstallOptions {
  request: InstallRequest;
  dryRun: boolean;
  json: boolean;
  /** The agents were named or detected; false when the user should pick (a TTY and no --agent/--yes). */
  agentsChosen: boolean;
  detected: AgentId[];
  /** --hooks was given. */
  hooksNamed: boolean;
  /** The hooks were named with --hooks; false when the user may pick them (then the defaults are ticked). */
  hooksChosen: boolean;
}

const SCOPES: readonly Scope[] = ["project", "user", "enterprise"];
const PLATFORMS: readonly Platform[] = ["linux", "darwin", "win32"];

export function parseInstallOptions(io: CliIo): InstallOptions {
  const { values, positionals } = parseArgs({
    args: io.argv,
    options: {
      agent: { type: "string" },
      scope: { type: "string", default: "project" },
      hooks: { type: "string" },
      dir: { type: "string" },
      root: { type: "string" },
      platform: { type: "string" },
      "dry-run": { type: "boolean", default: false },
      yes: { type: "boolean", short: "y", default: false },
      json: { type: "boolean", default: false },
      "lock-down": { type: "boolean", default: false },
    },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const scope = oneOf("--scope", values.scope as string, SCOPES);
  const platform = values.platform === undefined ? currentPlatform() : oneOf("--platform", values.platform as string, PLATFORMS);
  if (values.platform !== undefined && platform !== currentPlatform() && scope !== "enterprise" && !values.root) {
    throw new UsageError("--platform other than this machine's needs --root (staging) or --scope enterprise");
  }
  const project = resolve(io.cwd, (values.dir as string | undefined) ?? ".");
  const home = io.env.HOME ?? io.env.USERPROFILE;
  const detected = detectAgents(project, home, io.env.PATH);
  const agentArg = values.agent as string | undefined;
  const agents = agentArg === undefined || agentArg === "detected" ? detected : agentArg === "all" ? [...AGENT_IDS] : agentList(agentArg);
  const request: InstallRequest = {
    agents,
    scope,
    platform,
    project,
    env: io.env,
    ...(values.root ? { root: resolve(io.cwd, values.root as string) } : {}),
    hooks: hookList(values.hooks as string | undefined),
    version: GUARDS_VERSION,
    lockDown: Boolean(values["lock-down"]),
    // GUARDS_HOOKS_DIR: install hook files from another build (packagers, tests) instead of this package's dist/hooks.
    hookSources: io.env.GUARDS_HOOKS_DIR ? resolve(io.cwd, io.env.GUARDS_HOOKS_DIR) : builtHooksDir(),
  };
  return {
    request,
    dryRun: values["dry-run"] as boolean,
    json: values.json as boolean,
    agentsChosen: agentArg !== undefined || (values.yes as boolean) || !io.stdinIsTTY,
    detected,
    hooksNamed: values.hooks !== undefined,
    hooksChosen: values.hooks !== undefined || (values.yes as boolean) || !io.stdinIsTTY,
  };
}

function agentList(list: string): AgentId[] {
  const names = list.split(",").map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) throw new UsageError("--agent needs at least one agent");
  return names.map((name) => {
    if (!isAgentId(name)) throw new UsageError(`unknown agent "${name}" (expected ${AGENT_IDS.join(", ")}, all or detected)`);
    return name;
  });
}

/** What `guards install` installs with no --hooks: every hook but the opt-in team policies. */
export function defaultHooks(): AnyHook[] {
  return Object.values(registry).filter((hook: AnyHook) => hook.meta.optIn === undefined);
}

/**
 * `--hooks a,b` is the exact list; `--hooks +a,+b` adds to the defaults (`+git-to-gh` for the defaults
 * and a team policy). A list may not mix both forms: which one was meant would be a guess.
 */
function hookList(list: string | undefined): AnyHook[] {
  if (list === undefined) return defaultHooks();
  const words = list.split(",").map((s) => s.trim()).filter(Boolean);
  if (words.length === 0) throw new UsageError("--hooks needs at least one hook id");
  const additions = words.filter((word) => word.startsWith("+"));
  if (additions.length > 0 && additions.length < words.length) {
    throw new UsageError("--hooks takes either an exact list (a,b) or additions to the defaults (+a,+b), not both");
  }
  const named = words.map((word) => hookById(word.replace(/^\+/, "")));
  if (additions.length === 0) return named;
  const defaults = defaultHooks();
  return [...defaults, ...named.filter((hook) => !defaults.includes(hook))];
}

function hookById(id: string): AnyHook {
  if (!(id in registry)) throw new UsageError(`unknown hook "${id}" (expected one of ${Object.keys(registry).join(", ")})`);
  return registry[id as HookId];
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${flag} must be one of ${allowed.join(", ")} (got "${value}")`);
  return value as T;
}
