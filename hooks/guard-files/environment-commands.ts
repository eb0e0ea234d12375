/**
 * Commands that set the environment of later sessions without writing a startup file the shell analysis
 * sees: Windows' user and machine variables (`setx`, `reg add …\Environment`, PowerShell's
 * `SetEnvironmentVariable(…, 'User')`), launchd's and systemd's session environment, fish's universal
 * variables, direnv's allow-list, and a write to PowerShell's `$PROFILE`. Each would hand a variable
 * (`NODE_OPTIONS`, `GUARDS_*`, `OTEL_*`, `PATH`) to the agent's next session and so to its guards.
 */
import type { ExecutedCommand } from "../../shared/shell.ts";
import type { GuardedPlace } from "../../shared/guarded-places.ts";
import { pathEffects } from "../../shared/shell/effects.ts";
import { STARTUP_FILE_NAMES } from "../../shared/startup-places.ts";
import type { GuardedChange } from "./shell-writes.ts";

const place = (what: string, path: string): GuardedPlace => ({ path, folder: false, what, environment: true });
const WINDOWS = place("the environment Windows gives every later process", "HKCU\\Environment");
const LAUNCHD = place("the environment launchd gives every app started later", "launchctl setenv");
const SYSTEMD = place("the environment systemd gives every later user service and session", "systemctl --user set-environment");
const FISH = place("fish's universal variables, which every later fish shell starts with", "fish_variables");
const DIRENV = place("direnv's allow-list, which lets an .envrc set the environment of every shell that enters its folder", "direnv allow");
const PROFILE = place("PowerShell's profile, which every later PowerShell runs", "$PROFILE");

/** PowerShell code that sets a user or machine variable: the .NET call, or the registry key behind it. */
const POWERSHELL_VARIABLE = /SetEnvironmentVariable\s*\([^)]*\b(User|Machine)\b|EnvironmentVariableTarget\]::(User|Machine)|(HKCU|HKLM):\\[^'"\s]*Environment\b/i;
/** PowerShell code that writes its profile. */
const POWERSHELL_PROFILE = /\$profile\b[\s\S]*?(Add-Content|Set-Content|Out-File|Copy-Item|>)|(Add-Content|Set-Content|Out-File|Copy-Item)[^|;]*\$profile\b/i;
const POWERSHELL = /^(pwsh|powershell)(\.exe)?$/i;
const PROFILE_WRITERS = /^(Add-Content|Set-Content|Out-File|ac|sc|New-Item|Copy-Item|Move-Item|cpi|copy|move)$/i;

export function environmentChange(command: ExecutedCommand): GuardedChange | undefined {
  // A write whose folder only run time knows (`>> "$ZDOTDIR/.zshrc"`, `tee -a "$RC_DIR/.bashrc"`), judged by the file's name.
  for (const effect of pathEffects(command)) {
    if (effect.path !== undefined || effect.kind === "delete") continue;
    const name = effect.raw.slice(effect.raw.lastIndexOf("/") + 1).replace(/["'}]/g, "").toLowerCase();
    if (STARTUP_FILE_NAMES.has(name)) return { verb: "write to", target: effect.raw, place: place("a shell startup file, by its name", effect.raw) };
  }
  const argv = command.argv;
  const program = command.program;
  const words = argv.slice(1);
  const as = (verb: string, p: GuardedPlace): GuardedChange => ({ verb, target: "", place: p });
  if (/^setx(\.exe)?$/i.test(program) && words.length > 0 && !words.includes("/?")) return as("set a variable for later sessions", WINDOWS);
  // `reg add HKCU\Environment` (the backslash may arrive eaten by a POSIX parse); `reg import x.reg`: a file whose keys are not read here, which may hold the Environment key.
  const reg = /^reg(\.exe)?$/i.test(program) ? (words[0] ?? "").toLowerCase() : undefined;
  if ((reg === "add" && /^(HKCU|HKLM|HKEY_CURRENT_USER|HKEY_LOCAL_MACHINE).*environment$/i.test(words[1] ?? "")) || reg === "import") return as("change the environment in the registry", WINDOWS);
  if (program === "launchctl" && /^(setenv|config)$/.test(words[0] ?? "")) return as("set a variable for later apps", LAUNCHD);
  if (program === "systemctl" && words.some((w) => w === "set-environment" || w === "import-environment")) return as("set a variable for later services", SYSTEMD);
  if (program === "dbus-update-activation-environment" && words.length > 0) return as("set a variable for later services", SYSTEMD);
  // fish: `set -U`/`-Ux`/`--universal` and fish_add_path (universal unless -g or -P) persist for every later fish.
  if (program === "set" && words.some((w) => w === "--universal" || /^-[a-zA-Z]*U/.test(w))) return as("set a universal variable", FISH);
  if (program === "fish_add_path" && !words.some((w) => /^(-[a-zA-Z]*[gP]|--global|--path)$/.test(w))) return as("change every later fish's PATH", FISH);
  if (program === "direnv" && /^(allow|permit|grant|edit)$/.test(words[0] ?? "")) return as("trust an .envrc", DIRENV);
  // A shell that is itself PowerShell (Copilot or VS Code on Windows) hands its words here as written.
  if (PROFILE_WRITERS.test(program) && words.some((w) => /^\$profile\b/i.test(w))) return as("write to $PROFILE", PROFILE);
  if (command.redirects.some((r) => r.op !== "<" && /^\$profile\b/i.test(r.target))) return as("write to $PROFILE", PROFILE);
  if (POWERSHELL.test(program)) {
    const code = words.join(" ");
    if (POWERSHELL_VARIABLE.test(code)) return as("set a variable for later sessions", WINDOWS);
    if (POWERSHELL_PROFILE.test(code)) return as("write to $PROFILE", PROFILE);
  }
  return undefined;
}
