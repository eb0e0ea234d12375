/**
 * The files that set the environment a later session starts with: shell startup files, login
 * environment files, per-user service managers' environment, PowerShell profiles, direnv's trust store.
 * A hook inherits the agent's environment, so a line planted there for the next session
 * (`NODE_OPTIONS=--require /tmp/x.js`, `GUARDS_STATE_DIR=…`, `OTEL_SDK_DISABLED=true`, a `PATH` that puts
 * another `node` first) reaches every guard of that session. Whole files, whatever the line says: a
 * text rule is evaded by `source /tmp/x`, `eval`, an alias of the agent's launcher or a base64 line.
 */
import type { GuardedPlace } from "./dialects/hook-config-places.ts";
import { homeDirectory } from "./system-dirs.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** Read at every login or interactive shell, bash, zsh, ksh, csh and X sessions, or by npm for every script it runs. */
const HOME_FILES = [
  ".bashrc", ".bash_profile", ".bash_login", ".profile", ".bash_aliases",
  ".zshrc", ".zshenv", ".zprofile", ".zlogin",
  ".kshrc", ".mkshrc", ".cshrc", ".tcshrc", ".login",
  ".xprofile", ".xsessionrc", ".xsession", ".xinitrc",
  ".pam_environment",
  // npm puts `node-options=` into NODE_OPTIONS for every script and `npx` it starts, an agent launched that way included.
  ".npmrc",
  ".MacOSX/environment.plist",
];
/** Folders whose every file is sourced: Fedora's bashrc reads ~/.bashrc.d, oh-my-zsh its custom folder; launchd starts every agent plist at login. */
const HOME_FOLDERS = [".bashrc.d", ".oh-my-zsh/custom", "Library/LaunchAgents"];
/** Under $XDG_CONFIG_HOME: fish (config, conf.d, functions, universal variables), systemd's environment.d, KDE's login scripts, direnv's rc and allow-list. */
const CONFIG_FOLDERS = ["fish", "environment.d", "plasma-workspace/env", "direnv", "systemd/user.conf.d"];
const CONFIG_FILES = ["nushell/env.nu", "nushell/config.nu", "systemd/user.conf"];
/** PowerShell's per-user profiles, in each folder it reads them from (Windows PowerShell 5.1, PowerShell 7, PowerShell on Unix). */
const POWERSHELL_PROFILES = ["profile.ps1", "Microsoft.PowerShell_profile.ps1", "Microsoft.VSCode_profile.ps1"];
const SYSTEM_FILES = [
  "/etc/profile", "/etc/environment", "/etc/bash.bashrc", "/etc/bashrc",
  "/etc/zshenv", "/etc/zshrc", "/etc/zprofile", "/etc/zlogin", "/etc/csh.cshrc", "/etc/csh.login",
  "/etc/security/pam_env.conf", "/etc/paths", "/etc/launchd.conf", "/etc/systemd/user.conf", "/etc/systemd/system.conf",
];
const SYSTEM_FOLDERS = ["/etc/profile.d", "/etc/zsh", "/etc/fish", "/etc/environment.d", "/etc/paths.d", "/etc/X11/Xsession.d", "/etc/systemd/user.conf.d", "/Library/LaunchAgents"];

/** Names that are a startup file wherever they are written through a variable (`>> "$ZDOTDIR/.zshrc"`): a project file would not be named so behind a variable the analysis cannot read. */
export const STARTUP_FILE_NAMES: ReadonlySet<string> = new Set([...HOME_FILES.filter((name) => !name.includes("/")), "config.fish", "env.nu", ...POWERSHELL_PROFILES].map((name) => name.toLowerCase()));

/** The names a shell finds `node` by: Windows' PATH (`;`-separated) takes the extensions. */
const NODE_NAMES = ["node", "nodejs"];
const WINDOWS_NODE_NAMES = ["node.exe", "node.cmd", "node.bat", "node.ps1"];

const slashed = (path: string) => path.replace(/\\/g, "/").replace(/(.)\/+$/, "$1");

export function startupPlaces(projectRoot: string, env: Env): GuardedPlace[] {
  const home = slashed(homeDirectory(env));
  const xdg = slashed(env.XDG_CONFIG_HOME || `${home}/.config`);
  const data = slashed(env.XDG_DATA_HOME || `${home}/.local/share`);
  const places: GuardedPlace[] = [];
  const add = (path: string, folder: boolean, what: string) => places.push({ path, folder, what, environment: true });
  for (const name of HOME_FILES) add(`${home}/${name}`, false, "a shell startup file");
  for (const name of HOME_FOLDERS) add(`${home}/${name}`, true, "a folder of startup files");
  if (env.ZDOTDIR) for (const name of [".zshrc", ".zshenv", ".zprofile", ".zlogin"]) add(`${slashed(env.ZDOTDIR)}/${name}`, false, "a shell startup file");
  for (const name of CONFIG_FOLDERS) add(`${xdg}/${name}`, true, "a folder of startup or environment files");
  for (const name of CONFIG_FILES) add(`${xdg}/${name}`, false, "a startup or environment file");
  // direnv's record of which .envrc files may run: a hash written there loads an .envrc nobody allowed.
  add(`${data}/direnv`, true, "direnv's allow-list");
  for (const folder of [`${home}/Documents/PowerShell`, `${home}/Documents/WindowsPowerShell`, `${xdg}/powershell`]) {
    for (const name of POWERSHELL_PROFILES) add(`${folder}/${name}`, false, "a PowerShell profile");
  }
  // The entries run `node` from PATH: another `node` in a folder on it, or in those login profiles add (~/.local/bin, ~/bin), runs instead of every guard.
  const sep = env.PATH?.includes(";") ? ";" : ":";
  // Not the project's own folders (`node_modules/.bin`, an activated `.venv/bin`): removing those is everyday work, and a
  // place there would make `rm -rf .venv` ask.
  const root = slashed(projectRoot);
  const own = (dir: string) => (root.length > 1 && (dir === root || dir.startsWith(`${root}/`))) || dir.includes("/node_modules/") || (env.VIRTUAL_ENV !== undefined && dir.startsWith(slashed(env.VIRTUAL_ENV)));
  const pathDirs = new Set([...(env.PATH ?? "").split(sep).filter((dir) => dir.length > 1).map(slashed).filter((dir) => !own(dir)), `${home}/.local/bin`, `${home}/bin`]);
  const names = sep === ";" ? WINDOWS_NODE_NAMES : NODE_NAMES;
  for (const dir of pathDirs) for (const name of names) add(`${dir}/${name}`, false, "the `node` the guards' entries run, found on PATH");
  for (const path of SYSTEM_FILES) add(path, false, "a system-wide startup or environment file");
  for (const path of SYSTEM_FOLDERS) add(path, true, "a folder of system-wide startup files");
  return places;
}
