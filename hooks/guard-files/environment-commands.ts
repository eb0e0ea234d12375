/**
 * Commands that set the environment of later sessions without writing a startup file the shell analysis
 * sees: Windows' user and machine variables (`setx`, `reg add …\Environment`, PowerShell's
 * `SetEnvironmentVariable(…, 'User')`), cmd's AutoRun (code every later `cmd /C` runs first), launchd's and systemd's session environment, fish's universal
 * variables, direnv's allow-list, and a write to PowerShell's `$PROFILE`. Each would hand a variable
 * (`NODE_OPTIONS`, `GUARDS_*`, `OTEL_*`, `PATH`) to the agent's next session and so to its guards.
 */
import type { ExecutedCommand } from "../../shared/shell.ts";
import type { GuardedPlace } from "../../shared/guarded-places.ts";
import { posix } from "node:path";
import { pathEffects } from "../../shared/shell/effects.ts";
import { languageOf } from "../../shared/shell/scripts.ts";
import { STARTUP_FILE_NAMES } from "../../shared/startup-places.ts";
import { placeUnder } from "./places.ts";
import type { GuardedChange } from "./shell-writes.ts";

const place = (what: string, path: string): GuardedPlace => ({ path, folder: false, what, environment: true });
const WINDOWS = place("the environment Windows gives every later process", "HKCU\\Environment");
// cmd.exe runs the AutoRun value of this key before the command of every `cmd /C` without /D: Codex starts
// its Windows hook commands that way (codex-rs/hooks/src/engine/command_runner.rs), so it runs before the guards.
const CMD_AUTORUN = place("cmd's AutoRun, which every later cmd /C runs before its command, the guards' entries included", "HKCU\\Software\\Microsoft\\Command Processor");
const LAUNCHD = place("the environment launchd gives every app started later", "launchctl setenv");
const SYSTEMD = place("the environment systemd gives every later user service and session", "systemctl --user set-environment");
const FISH = place("fish's universal variables, which every later fish shell starts with", "fish_variables");
const DIRENV = place("direnv's allow-list, which lets an .envrc set the environment of every shell that enters its folder", "direnv allow");
const PROFILE = place("PowerShell's profile, which every later PowerShell runs", "$PROFILE");

/** PowerShell code that sets a user or machine variable: the .NET call, or the registry key behind it. */
/** PowerShell code that writes cmd's AutoRun (Set-ItemProperty / New-ItemProperty on the key). */
const POWERSHELL_AUTORUN = /(HKCU|HKLM|HKEY_CURRENT_USER|HKEY_LOCAL_MACHINE):?\\+Software\\+(Wow6432Node\\+)?Microsoft\\+Command Processor/i;
const POWERSHELL_VARIABLE = /SetEnvironmentVariable\s*\([^)]*\b(User|Machine)\b|EnvironmentVariableTarget\]::(User|Machine)|(HKCU|HKLM):\\[^'"\s]*Environment\b/i;
/** PowerShell code that writes its profile. */
const POWERSHELL_PROFILE = /\$profile\b[\s\S]*?(Add-Content|Set-Content|Out-File|Copy-Item|>)|(Add-Content|Set-Content|Out-File|Copy-Item)[^|;]*\$profile\b/i;
const POWERSHELL = /^(pwsh|powershell)(\.exe)?$/i;
const PROFILE_WRITERS = /^(Add-Content|Set-Content|Out-File|ac|sc|New-Item|Copy-Item|Move-Item|cpi|copy|move)$/i;

/** Interpreter code that writes (a broader net than shell-writes.ts's: `File.open(…,"a")`, perl's `open(F,">>…")`, `puts`, `print F`). */
const CODE_WRITES = /write|append|puts|print\s+[A-Z]\w*\s|>>|["']a\+?["']|["']w\+?["']|rename|copy|symlink|replace|move|\bmv\b|\bcp\b|Set-Content|Add-Content|Out-File/i;
/** How interpreter code names a startup or environment file. */
const CODE_NAMES = new RegExp(`(^|[/\\\\'"\\s])(${[...STARTUP_FILE_NAMES].map((n) => n.replace(/\./g, "\\.")).join("|")}|environment\\.d|profile\\.d|etc/environment|conf\\.d/\\S*\\.fish|launchagents)\\b`, "i");
/** Archive extraction: [program, its extract mode, the option naming the folder it writes]. */
const EXTRACTS: Record<string, { mode: (argv: readonly string[]) => boolean; folder: RegExp }> = {
  tar: { mode: (argv) => argv.some((a, i) => a === "--extract" || a === "--get" || /^-[A-Za-z]*x/.test(a) || (i === 1 && /^[A-Za-z]*x[A-Za-z]*$/.test(a))), folder: /^(-C|--directory)$/ },
  bsdtar: { mode: (argv) => argv.some((a) => a === "--extract" || /^-[A-Za-z]*x/.test(a)), folder: /^(-C|--directory)$/ },
  unzip: { mode: () => true, folder: /^-d$/ },
  "7z": { mode: (argv) => argv[1] === "x" || argv[1] === "e", folder: /^-o/ },
};

/** `places`: the guarded places, worked out on first use. */
export function environmentChange(command: ExecutedCommand, places: () => readonly GuardedPlace[] = () => []): GuardedChange | undefined {
  // A write whose folder only run time knows (`>> "$ZDOTDIR/.zshrc"`, `tee -a "$RC_DIR/.bashrc"`), judged by the file's name.
  for (const effect of pathEffects(command)) {
    if (effect.path !== undefined || effect.kind === "delete") continue;
    const name = effect.raw.slice(effect.raw.lastIndexOf("/") + 1).replace(/["'}]/g, "").toLowerCase();
    if (STARTUP_FILE_NAMES.has(name)) return { verb: "write to", target: effect.raw, place: place("a shell startup file, by its name", effect.raw) };
  }
  // `cmd /c setx …`: cmd's own words are not peeled by the POSIX analysis.
  const slashC = /^cmd(\.exe)?$/i.test(command.program) ? command.argv.findIndex((a) => /^\/[ck]$/i.test(a)) : -1;
  if (slashC > 0 && command.argv.length > slashC + 1) {
    const rest = command.argv.slice(slashC + 1);
    return environmentChange({ ...command, argv: rest, program: posix.basename(rest[0]!.replace(/\\/g, "/")), dynamic: command.dynamic.slice(slashC + 1), redirects: [] }, places);
  }
  const argv = command.argv;
  const program = command.program;
  // An archive unpacked where startup files live (`tar -xf dots.tar -C ~`) writes them, whatever it holds.
  const extract = EXTRACTS[program];
  if (extract?.mode(argv)) {
    const named = argv.findIndex((a, i) => i > 0 && (extract.folder.test(a) || a.startsWith("--directory=")));
    const word = argv[named] ?? "";
    const folderWord = named < 0 ? undefined : word.startsWith("--directory=") ? word.slice(12) : word.length > 2 && word.startsWith("-o") ? word.slice(2) : argv[named + 1];
    const folder = folderWord === undefined ? command.cwd : command.cwd === undefined && !folderWord.startsWith("/") ? undefined : posix.resolve(command.cwd ?? "/", folderWord);
    const place = folder === undefined ? undefined : placeUnder(folder, places().filter((p) => p.environment));
    if (place) return { verb: "unpack an archive over", target: folder!, place };
  }
  // Interpreter code that names a startup file and writes.
  if (languageOf(program) !== undefined) {
    const code = [...argv.slice(1), command.input?.text ?? ""].join("\n");
    const name = CODE_NAMES.exec(code);
    if (name && CODE_WRITES.test(code)) return { verb: "change (from interpreter code)", target: name[2]!, place: place("a shell startup or environment file", name[2]!) };
  }
  const words = argv.slice(1);
  const as = (verb: string, p: GuardedPlace): GuardedChange => ({ verb, target: "", place: p });
  if (/^setx(\.exe)?$/i.test(program) && words.length > 0 && !words.includes("/?")) return as("set a variable for later sessions", WINDOWS);
  // `reg add HKCU\Environment` (the backslash may arrive eaten by a POSIX parse); `reg import x.reg`: a file whose keys are not read here, which may hold the Environment key.
  const reg = /^reg(\.exe)?$/i.test(program) ? (words[0] ?? "").toLowerCase() : undefined;
  if ((reg === "add" && /^(HKCU|HKLM|HKEY_CURRENT_USER|HKEY_LOCAL_MACHINE).*environment$/i.test(words[1] ?? "")) || reg === "import") return as("change the environment in the registry", WINDOWS);
  if (reg === "add" && /^(HKCU|HKLM|HKEY_CURRENT_USER|HKEY_LOCAL_MACHINE)\\*Software\\*(Wow6432Node\\*)?Microsoft\\*Command Processor$/i.test(words.slice(1, 3).join(" ").replace(/ \/.*$/, ""))) return as("set what every later cmd runs first", CMD_AUTORUN);
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
  // The same from a shell that is itself PowerShell, or from inside `powershell -c`.
  if (/^(Set-ItemProperty|New-ItemProperty|sp)$/i.test(program) && POWERSHELL_AUTORUN.test(words.join(" ")) && /AutoRun/i.test(words.join(" "))) return as("set what every later cmd runs first", CMD_AUTORUN);
  if (POWERSHELL.test(program)) {
    const code = words.join(" ");
    if (POWERSHELL_VARIABLE.test(code)) return as("set a variable for later sessions", WINDOWS);
    if (POWERSHELL_AUTORUN.test(code) && /AutoRun/i.test(code)) return as("set what every later cmd runs first", CMD_AUTORUN);
    if (POWERSHELL_PROFILE.test(code)) return as("write to $PROFILE", PROFILE);
  }
  return undefined;
}
