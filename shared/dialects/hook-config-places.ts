/**
 * Every file and folder from which a supported agent loads hooks or a switch that turns them off, for
 * project, user and managed scope, on every platform. The installer's targets write into a subset of
 * these (test/hooks/guard-files.test.ts checks that each one is covered); the guard-files hook keeps the
 * agent from changing any of them. Sources: each dialect's file here and README "Which agents run which file".
 */
import { homeDirectory } from "../system-dirs.ts";

export interface GuardedPlace {
  /** Absolute, with forward slashes. */
  path: string;
  /** The whole folder, or only this file. */
  folder: boolean;
  /** What it is, for messages: "Claude Code's hook config". */
  what: string;
  /** Every path that starts with `path` (a folder name with a per-user suffix). */
  prefix?: boolean;
  /** Sets the environment later sessions, and their guards, start with (shared/startup-places.ts). */
  environment?: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

/** [agent, folder?, path relative to the project root]. */
const PROJECT: readonly [string, boolean, string][] = [
  ["Claude Code", false, ".claude/settings.json"],
  ["Claude Code", false, ".claude/settings.local.json"],
  ["Cursor", false, ".cursor/hooks.json"],
  ["Windsurf", false, ".windsurf/hooks.json"],
  ["GitHub Copilot", true, ".github/hooks"],
  ["GitHub Copilot", false, ".github/copilot/settings.json"],
  ["GitHub Copilot", false, ".github/copilot/settings.local.json"],
  ["Gemini CLI", false, ".gemini/settings.json"],
  ["Codex", false, ".codex/hooks.json"],
  ["Codex", false, ".codex/config.toml"],
  ["Qwen Code", false, ".qwen/settings.json"],
  ["Factory Droid", false, ".factory/hooks.json"],
  ["Factory Droid", false, ".factory/settings.json"],
  ["Factory Droid", false, ".factory/settings.local.json"],
  ["Devin", false, ".devin/config.json"],
  ["Devin", false, ".devin/config.local.json"],
  ["Devin", false, ".devin/hooks.v1.json"],
  ["Kiro", true, ".kiro/hooks"],
  ["Goose", true, ".agents/plugins/guards"],
  ["Crush", false, ".crush.json"],
  ["Crush", false, "crush.json"],
  ["Augment", false, ".augment/settings.json"],
  ["Augment", false, ".augment/settings.local.json"],
  ["Cline", true, ".clinerules/hooks"],
  // In-process plugins: every file in these folders is loaded.
  ["OpenCode", true, ".opencode/plugins"],
  ["Amp", true, ".amp/plugins"],
  // chat.hookFilesLocations and chat.useClaudeHooks decide which hook files VS Code runs.
  ["VS Code", false, ".vscode/settings.json"],
];

/** Relative to the home folder, or to a folder an environment variable moves. */
function userPlaces(env: Env): [string, boolean, string][] {
  const home = homeDirectory(env).replace(/\\/g, "/");
  const xdg = (env.XDG_CONFIG_HOME || `${home}/.config`).replace(/\\/g, "/");
  const claude = (env.CLAUDE_CONFIG_DIR || `${home}/.claude`).replace(/\\/g, "/");
  const codex = (env.CODEX_HOME || `${home}/.codex`).replace(/\\/g, "/");
  const copilot = (env.COPILOT_HOME || `${home}/.copilot`).replace(/\\/g, "/");
  const appData = env.APPDATA?.replace(/\\/g, "/");
  return [
    ["Claude Code", false, `${claude}/settings.json`],
    ["Claude Code", false, `${claude}/settings.local.json`],
    ["Cursor", false, `${home}/.cursor/hooks.json`],
    ["Windsurf", false, `${home}/.codeium/windsurf/hooks.json`],
    ["Windsurf", false, `${home}/.codeium/hooks.json`],
    ["GitHub Copilot", true, `${copilot}/hooks`],
    ["GitHub Copilot", false, `${copilot}/settings.json`],
    ["GitHub Copilot", false, `${copilot}/config.json`],
    ["Gemini CLI", false, `${home}/.gemini/settings.json`],
    ["Codex", false, `${codex}/hooks.json`],
    ["Codex", false, `${codex}/config.toml`],
    ["Qwen Code", false, `${home}/.qwen/settings.json`],
    ["Factory Droid", false, `${home}/.factory/hooks.json`],
    ["Factory Droid", false, `${home}/.factory/settings.json`],
    ["Devin", false, `${xdg}/devin/config.json`],
    ["Kiro", true, `${home}/.kiro/hooks`],
    ["Goose", true, `${home}/.agents/plugins/guards`],
    ["Crush", false, `${xdg}/crush/crush.json`],
    ["Augment", false, `${home}/.augment/settings.json`],
    ["Cline", true, `${home}/Documents/Cline/Hooks`],
    ["OpenCode", true, `${xdg}/opencode/plugins`],
    ["Amp", true, `${xdg}/amp/plugins`],
    ...(appData ? ([["Devin", false, `${appData}/devin/config.json`], ["Crush", false, `${appData}/crush/crush.json`]] as [string, boolean, string][]) : []),
  ];
}

/** Managed (system) scope, every platform's location: a path of another OS names nothing here and costs nothing. */
const MANAGED: readonly [string, boolean, string][] = [
  ["Claude Code", true, "/etc/claude-code"],
  ["Claude Code", true, "/Library/Application Support/ClaudeCode"],
  ["Claude Code", true, "C:/Program Files/ClaudeCode"],
  ["Cursor", false, "/etc/cursor/hooks.json"],
  ["Cursor", false, "/Library/Application Support/Cursor/hooks.json"],
  ["Cursor", false, "C:/ProgramData/Cursor/hooks.json"],
  ["Windsurf", false, "/etc/windsurf/hooks.json"],
  ["Windsurf", false, "/Library/Application Support/Windsurf/hooks.json"],
  ["Windsurf", false, "C:/ProgramData/Windsurf/hooks.json"],
  ["GitHub Copilot", true, "/etc/github-copilot"],
  ["GitHub Copilot", true, "C:/ProgramData/GitHub/Copilot"],
  ["Gemini CLI", true, "/etc/gemini-cli"],
  ["Gemini CLI", true, "/Library/Application Support/GeminiCli"],
  ["Gemini CLI", true, "C:/ProgramData/gemini-cli"],
  ["Codex", true, "/etc/codex"],
  ["Qwen Code", true, "/etc/qwen-code"],
  ["Qwen Code", true, "/Library/Application Support/QwenCode"],
  ["Qwen Code", true, "C:/ProgramData/qwen-code"],
  ["Factory Droid", true, "/etc/factory"],
  ["Factory Droid", true, "/Library/Application Support/Factory"],
  ["Factory Droid", true, "C:/Program Files/Factory"],
  ["Augment", false, "/etc/augment/settings.json"],
  ["Augment", false, "C:/ProgramData/Augment/settings.json"],
];

/**
 * Every agent's hook config for this project and user, and the managed locations. Built at every shell
 * command and edit the guard-files hook judges: plain loops, since destructuring in callbacks runs slowly
 * in the interpreter a fresh process starts in.
 */
export function hookConfigPlaces(projectRoot: string, env: Env): GuardedPlace[] {
  const root = projectRoot.replace(/\\/g, "/").replace(/\/+$/, "");
  const places: GuardedPlace[] = [];
  const add = (entries: readonly (readonly [string, boolean, string])[], scope: string, under: string) => {
    for (const entry of entries) places.push({ path: under + entry[2], folder: entry[1], what: `${entry[0]}'s ${scope} hook config` });
  };
  if (root) add(PROJECT, "project", `${root}/`);
  add(userPlaces(env), "user", "");
  add(MANAGED, "managed", "");
  return places;
}
