/**
 * Windows command lines an agent runs from Git Bash or hands to `cmd /c` and PowerShell: their words
 * turned into a POSIX command line with the same effects, so the one analysis and policy judge them.
 * `C:\` is the root, `C:\Windows` and `C:\Program Files` system trees, `%USERPROFILE%` and
 * `$env:USERPROFILE` the home directory; `rd /s` and `del /s` are recursive deletes, `nul` is /dev/null.
 * Windows programs keep their names (`format`, `robocopy`, `Clear-Disk`): the rules know them.
 * The tables are built on first use: most command lines never name a Windows place or program.
 */
import { HOME_MARK } from "./scripts.ts";

/** Where a Windows location is on the POSIX side: under the home directory, or an absolute path. */
type Place = { home: string } | { path: string };

/** Environment variables (lower case) that name fixed places, in cmd's `%X%` and PowerShell's `$env:X`. */
let placesTable: Readonly<Record<string, Place>> | undefined;
const places = (): Readonly<Record<string, Place>> => (placesTable ??= {
  userprofile: { home: "" },
  homepath: { home: "" },
  home: { home: "" },
  onedrive: { home: "/OneDrive" },
  appdata: { home: "/AppData/Roaming" },
  localappdata: { home: "/AppData/Local" },
  systemroot: { path: "/Windows" },
  windir: { path: "/Windows" },
  systemdrive: { path: "" },
  homedrive: { path: "" },
  programfiles: { path: "/Program Files" },
  "programfiles(x86)": { path: "/Program Files (x86)" },
  programw6432: { path: "/Program Files" },
  programdata: { path: "/ProgramData" },
  allusersprofile: { path: "/ProgramData" },
  public: { path: "/Users/Public" },
  temp: { path: "/tmp" },
  tmp: { path: "/tmp" },
});

/**
 * Registry hives are files: the machine's under `C:\Windows\System32\config`, the user's in the home
 * directory (`NTUSER.DAT`). Deleting a key is judged as deleting there.
 */
let hivesTable: Readonly<Record<string, Place>> | undefined;
const hives = (): Readonly<Record<string, Place>> => (hivesTable ??= {
  hklm: { path: "/Windows/System32/config" },
  hkey_local_machine: { path: "/Windows/System32/config" },
  hkcr: { path: "/Windows/System32/config" },
  hkey_classes_root: { path: "/Windows/System32/config" },
  hku: { path: "/Windows/System32/config" },
  hkey_users: { path: "/Windows/System32/config" },
  hkcc: { path: "/Windows/System32/config" },
  hkey_current_config: { path: "/Windows/System32/config" },
  hkcu: { home: "/NTUSER.DAT" },
  hkey_current_user: { home: "/NTUSER.DAT" },
});

/** `C:\x`, `%APPDATA%\x`, `$env:USERPROFILE\x`, `HKLM:\x`, `.\x`: the place it names; undefined for other words. */
export function windowsPlace(word: string): Place | undefined {
  const slashed = word.replace(/\\/g, "/");
  // `D:` alone is the current folder of drive D (and `format D:` names the drive): not a path here.
  const drive = /^[A-Za-z]:(?=\/)/.exec(slashed);
  if (drive) return { path: clean(slashed.slice(2)) || "/" };
  const variable = /^(?:%([A-Za-z_()0-9]+)%|\$env:([A-Za-z_()0-9]+)|\$\{env:([A-Za-z_()0-9]+)\}|(\$HOME|~)(?=\/|$))/i.exec(slashed);
  if (variable) {
    const name = (variable[1] ?? variable[2] ?? variable[3] ?? "home").toLowerCase();
    const place = Object.hasOwn(places(), name) ? places()[name]! : undefined;
    return place && join(place, slashed.slice(variable[0].length));
  }
  // PowerShell's certificate drive: the stores and their private keys are files, the machine's under
  // ProgramData, the user's in the roaming profile (`Cert:\CurrentUser\My`).
  const store = /^cert:(?:\/(currentuser|localmachine))?(?=\/|$)/i.exec(slashed);
  if (store) return join(store[1]?.toLowerCase() === "currentuser" ? { home: "/AppData/Roaming/Microsoft/SystemCertificates" } : { path: "/ProgramData/Microsoft/Crypto" }, slashed.slice(store[0].length));
  const hive = /^([A-Za-z_]+):?(?=\/|$)/.exec(slashed);
  const hivePlace = hive && Object.hasOwn(hives(), hive[1]!.toLowerCase()) ? hives()[hive[1]!.toLowerCase()] : undefined;
  if (hivePlace) return join(hivePlace, slashed.slice(hive![0].length));
  if (/^\.\.?\//.test(slashed) && word.includes("\\")) return { path: slashed };
  return undefined;
}

function join(place: Place, rest: string): Place {
  const tail = clean(rest);
  return "home" in place ? { home: place.home + tail } : { path: (place.path + tail) || "/" };
}

/** `\x\` → `/x`: one leading slash, none trailing. */
function clean(rest: string): string {
  const trimmed = rest.replace(/\/+$/, "");
  return trimmed === "" ? "" : trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

/** A place as a path for script findings, the home directory marked. */
export function placeTarget(place: Place): string {
  return "home" in place ? HOME_MARK + place.home : place.path;
}

/** A word as POSIX shell text: places translated (`~` left bare so the shell expands it), the rest single-quoted. */
function posixWord(word: string): string {
  if (/^nul$/i.test(word)) return "/dev/null";
  const place = windowsPlace(word);
  // `%X%` set earlier in the line (`set X=…`) or only known at run time; `%%x` a loop variable.
  // `!X!` is the same variable under delayed expansion (`cmd /v:on`).
  const variable = place === undefined ? /^%([A-Za-z_]\w*)%(.*)$/s.exec(word) ?? /^!([A-Za-z_]\w*)!(.*)$/s.exec(word) ?? /^%%?([A-Za-z])()$/.exec(word) : undefined;
  if (variable) return `"$${variable[1]}"${variable[2] ? quote(variable[2].replace(/\\/g, "/")) : ""}`;
  // `config\app.yml`: a relative path, its backslashes Windows' separators.
  if (place === undefined) return quote(/^[\w.~-]+(?:\\[\w .~*?-]+)+\\?$/.test(word) ? word.replace(/\\/g, "/") : word);
  if ("home" in place) return place.home ? `~/${quote(place.home.slice(1))}` : "~";
  return quote(place.path);
}

function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** `/MIR`, `//r`, `/grant:r`, not `/tmp` or `/home/dev`: Windows switches are letters, and no POSIX top folder. */
export const isSwitch = (word: string): boolean => /^\/{1,2}(?:[A-Za-z]+(?::\S*)?|\?)$/.test(word) && !posixTop().has(word.slice(1).replace(/:.*$/, ""));
let posixTopSet: Set<string> | undefined;
const posixTop = (): Set<string> => (posixTopSet ??= new Set(["tmp", "home", "etc", "usr", "var", "opt", "srv", "mnt", "media", "root", "bin", "sbin", "boot", "dev", "lib", "proc", "run", "sys", "snap", "nix", "Users", "Windows", "Volumes", "Library", "System", "Applications", "private"]));

/** cmd's builtins, as the POSIX commands with their effects; other programs keep their names. */
function cmdCommand(given: string[]): string[] {
  // `/s/q`: switches run together.
  const words = given.flatMap((w, i) => (i > 0 && /^(\/[A-Za-z?]+){2,}$/.test(w) ? w.match(/\/[A-Za-z?]+/g)! : [w]));
  const [name = "", ...rest] = words;
  const lower = name.toLowerCase();
  const switches = rest.filter(isSwitch).map((w) => w.toLowerCase());
  const operands = rest.filter((w) => !isSwitch(w));
  if (switches.includes("/?")) return ["true"];
  if (lower === "rd" || lower === "rmdir") return [switches.includes("/s") ? "rm -rf --" : "rmdir --", ...operands.map(posixWord)];
  // `del /s NAMES` deletes the matching files in every folder below: `find DIR -name PATTERN -delete` for a
  // pattern (`*.pyc`; `*` is everything), a recursive delete of a folder named outright.
  if ((lower === "del" || lower === "erase") && switches.includes("/s")) {
    return operands.flatMap((operand, k) => {
      // `C:x` (bash ate the separators) keeps the older reading: the whole word is the target.
      const pattern = /^[A-Za-z]:[^\\/]/.test(operand) ? null : /^(.*?)([^\\/]*[*?][^\\/]*)$/.exec(operand);
      const folder = pattern?.[1]!.replace(/(?<![A-Za-z]:)[\\/]$/, "") || ".";
      // In Windows `*.*` matches every name, with a dot or not.
      const name = pattern?.[2] === "*.*" ? "*" : pattern?.[2];
      const command = pattern ? `find ${posixWord(folder)} -name ${quote(name!)} -type f -delete` : `rm -rf -- ${posixWord(operand)}`;
      return k === 0 ? [command] : [";", command];
    });
  }
  if (lower === "del" || lower === "erase") return ["rm -f --", ...operands.map(posixWord)];
  if (lower === "move") return ["mv --", ...operands.map(posixWord)];
  // `copy FILE con`: the console device is the destination, so the file is printed.
  if (lower === "copy" && operands.length >= 2 && /^con:?$/i.test(operands[operands.length - 1]!)) return ["cat --", ...operands.slice(0, -1).map(posixWord)];
  if (lower === "copy" || lower === "xcopy") return ["cp --", ...operands.map(posixWord)];
  if (lower === "type") return ["cat --", ...operands.map(posixWord)];
  // `find "TEXT" FILES` prints the lines of FILES holding TEXT, as findstr does (`/c` counts them).
  if (lower === "find") return ["findstr", ...switches.map((s) => (s === "/c" ? "/m" : s)), ...operands.map((w, i) => (i === 0 ? quote(`/c:${w}`) : posixWord(w)))];
  if (lower === "cd" || lower === "chdir" || lower === "pushd") return ["cd", ...operands.map(posixWord)];
  if (lower === "echo") return ["echo", ...rest.map(quote)];
  // `set X=VALUE`: later `%X%` stand for VALUE (cmd expands a line at once; judging the new value is the stricter reading).
  const assigned = lower === "set" ? /^([A-Za-z_]\w*)=(.*)$/s.exec(rest.join(" ")) : null;
  if (assigned) return [`${assigned[1]}=${posixWord(assigned[2]!)}`];
  if (lower === "set" || lower === "rem" || lower === "title" || lower === "cls") return ["true"];
  if (lower === "call") return cmdCommand(rest);
  if (lower === "start") return cmdCommand(startedProgram(rest));
  // A nested cmd reads its own line: its words are handed on as they are.
  if (programWord(name).toLowerCase() === "cmd") return ["cmd", ...rest.map(quote)];
  return [programWord(name), ...rest.map(posixWord)];
}

/** `start [/b] [/wait] [/d DIR] ["title"] PROGRAM ARGS…`: the program and its words. */
export function startedProgram(words: string[]): string[] {
  let i = 0;
  while (i < words.length && /^\/[A-Za-z]+$/.test(words[i]!)) i += /^\/d$/i.test(words[i]!) ? 2 : 1;
  return words.slice(i);
}

/** `C:\Windows\System32\format.com` → `format`; `shutdown.exe` → `shutdown`. */
function programWord(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf("\\"), name.lastIndexOf("/")) + 1).replace(/\.(exe|com|bat|cmd)$/i, "");
  return quote(base);
}

/**
 * A cmd.exe command line as POSIX shell text. `&`, `&&`, `||` and `|` join commands as in sh; `"…"`
 * groups a word, `^` escapes a character; `>` and `>>` redirect.
 */
export function cmdToPosix(code: string): string {
  const out: string[] = [];
  let words: string[] = [];
  let word = "";
  let quoted = false;
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(word);
    word = "";
    inWord = false;
  };
  const endCommand = (joiner: string) => {
    endWord();
    const redirects: string[] = [];
    const kept: string[] = [];
    // `set /p X=<FILE`: X takes FILE's first line.
    const input = words.indexOf("<");
    if (input === 3 && words[0]!.toLowerCase() === "set" && words[1]!.toLowerCase() === "/p" && /^[A-Za-z_]\w*=$/.test(words[2]!) && words.length === 5) {
      out.push(`${words[2]}"$(head -n 1 -- ${posixWord(words[4]!)})"`);
      if (joiner) out.push(joiner);
      words = [];
      return;
    }
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (/^\d?>>?$/.test(w) && words[i + 1] !== undefined) redirects.push(`${w} ${posixWord(words[++i]!)}`);
      else if (/^\d?>>?./.test(w)) redirects.push(`${/^\d?>>?/.exec(w)![0]} ${posixWord(w.replace(/^\d?>>?/, ""))}`);
      else if (w === "<" && words[i + 1] !== undefined) redirects.push(`< ${posixWord(words[++i]!)}`);
      else kept.push(w);
    }
    if (kept.length) out.push([...cmdCommand(kept), ...redirects].join(" "));
    else if (redirects.length) out.push(redirects.join(" "));
    if (joiner) out.push(joiner);
    words = [];
  };
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    // `for [/d|/r DIR] %x in (ITEMS) do BODY`: the body runs for each item, to the end of the line.
    const loop = !quoted && !inWord && words.length === 0 && (c === "f" || c === "F") ? FOR_LOOP.exec(code.slice(i)) : null;
    if (loop) {
      out.push(forLoop(loop));
      break;
    }
    if (c === "\"") {
      quoted = !quoted;
      inWord = true;
    } else if (quoted) word += c;
    else if (c === "^" && i + 1 < code.length) {
      word += code[++i];
      inWord = true;
    } else if (c === " " || c === "\t") endWord();
    else if (c === "&" || c === "|" || c === "\n") {
      const doubled = code[i + 1] === c;
      if (doubled) i++;
      endCommand(c === "\n" ? ";" : doubled ? c + c : c === "&" ? ";" : "|");
    } else if ((c === ">" && !inWord) || c === "<") {
      endWord();
      const op = c === ">" && code[i + 1] === ">" ? ">>" : c;
      i += op.length - 1;
      words.push(op);
    } else {
      word += c;
      inWord = true;
    }
  }
  endCommand("");
  while (out.length && /^(;|\||&&|\|\|)$/.test(out[out.length - 1]!)) out.pop();
  return out.join(" ");
}

const FOR_LOOP = /^for\s+((?:\/[A-Za-z]\s+)*)(?:(?!%)(\S+)\s+)?%%?([A-Za-z])\s+in\s*\(([^)]*)\)\s*do\s+(.*)$/is;

/** cmd's `for` as sh's: items are words (a folder's contents with `/r DIR` or a glob), `/f` reads run-time text. */
function forLoop(match: RegExpExecArray): string {
  const [, switches = "", root, name, items = "", body = ""] = match;
  const parsed = /\/f/i.test(switches) || /^\s*['`"]/.test(items);
  // `for /f %l in (FILE) do …` reads FILE line by line.
  const file = /\/f/i.test(switches) && !/^\s*['`"]/.test(items) && items.trim() !== "";
  // `for /f %l in ('COMMAND') do …` (`usebackq`: in backquotes) runs COMMAND and reads its output.
  const command = /\/f/i.test(switches) ? /^\s*'([^']*)'\s*$|^\s*`([^`]*)`\s*$/.exec(items) : null;
  const words = file ? [`$(cat -- ${(items.match(/\S+/g) ?? []).map(posixWord).join(" ")})`] : command ? [`$(${cmdToPosix(command[1] ?? command[2] ?? "")})`] : parsed ? [`"$${name}_items"`] : /\/r/i.test(switches) ? [`${posixWord(root ?? ".").replace(/\/?$/, "")}/*`] : (items.match(/"[^"]*"|\S+/g) ?? []).map((w) => posixWord(w.replace(/^"|"$/g, "")));
  const inner = body.replace(new RegExp(`%%?${name}(?![A-Za-z%])`, "g"), `%${name}%`);
  return `for ${name} in ${words.join(" ")}; do ${cmdToPosix(inner) || "true"}; done`;
}

/** PowerShell programs and cmdlets with effects the rules judge, by their lower-case names and aliases. */
let powershellTable: Readonly<Record<string, string>> | undefined;
const powershellPrograms = (): Readonly<Record<string, string>> => (powershellTable ??= {
  "clear-disk": "Clear-Disk",
  "format-volume": "Format-Volume",
  "initialize-disk": "Initialize-Disk",
  "remove-partition": "Remove-Partition",
  "stop-computer": "Stop-Computer",
  "restart-computer": "Restart-Computer",
  "stop-process": "Stop-Process",
  spps: "Stop-Process",
  kill: "Stop-Process",
  "remove-itemproperty": "Remove-ItemProperty",
  "disable-netadapter": "Disable-NetAdapter",
  "set-netfirewallprofile": "Set-NetFirewallProfile",
  "stop-service": "Stop-Service",
  "set-service": "Set-Service",
  "suspend-service": "Suspend-Service",
  "disable-localuser": "Disable-LocalUser",
  "remove-localgroupmember": "Remove-LocalGroupMember",
  "clear-eventlog": "Clear-EventLog",
  "remove-eventlog": "Remove-EventLog",
  "invoke-sqlcmd": "Invoke-Sqlcmd",
});
/** Cloud and Hyper-V modules' deletes (`Remove-AzResourceGroup`, `Remove-S3Bucket`, `Remove-VM`): handed on under their own name. */
const CLOUD_CMDLET = /^remove-(az|azurerm|azuread|mg|s3|ddb|ec2|rds|cfn|lm|sqs|sns|ecr|eks|kms|sec|cwl|efs|gcs|gce|gcsql|vm)/;

/**
 * One PowerShell pipeline element naming a program outside PowerShell (`cmd /c …`, `robocopy`, `reg`),
 * or a cmdlet the rules know, as POSIX shell text; undefined for everything else. `-WhatIf` runs nothing.
 * `Get-Process | Stop-Process` stops every process: written `Stop-Process -Name *`.
 */
export function powershellToPosix(segment: string, previous: string | undefined): string | undefined {
  const words = segment.trim().match(/"(?:`.|[^"`])*"|'(?:''|[^'])*'|\S+/g) ?? [];
  const [name = "", ...rest] = words.map(unquotePowerShell);
  if (rest.some((w) => /^-whatif(:\$true)?$/i.test(w))) return undefined;
  const base = name.slice(Math.max(name.lastIndexOf("\\"), name.lastIndexOf("/")) + 1).replace(/\.(exe|com)$/i, "").toLowerCase();
  const cmdlet = Object.hasOwn(powershellPrograms(), base) ? powershellPrograms()[base]! : undefined;
  if (cmdlet === "Stop-Process") {
    const all = previous !== undefined && /^\s*(get-process|gps|ps)\s*(-\w+\s*)*$/i.test(previous) && !rest.some((w) => /^-(id|name|inputobject)$/i.test(w) || !w.startsWith("-"));
    return all ? "Stop-Process -Name '*'" : ["Stop-Process", ...rest.map(posixWord)].join(" ");
  }
  if (cmdlet) return [cmdlet, ...rest.map(posixWord)].join(" ");
  if (CLOUD_CMDLET.test(base)) return [quote(name), ...rest.map(posixWord)].join(" ");
  if (base === "cmd") return ["cmd", ...rest.map(quote)].join(" ");
  if (windowsPrograms().has(base)) return [quote(base), ...rest.map(posixWord)].join(" ");
  return undefined;
}

/** Programs run alike from cmd, PowerShell and Git Bash whose effects the rules judge. */
let windowsProgramSet: Set<string> | undefined;
const windowsPrograms = (): Set<string> => (windowsProgramSet ??= new Set(["format", "diskpart", "robocopy", "takeown", "icacls", "reg", "vssadmin", "wbadmin", "bcdedit", "wmic", "shutdown", "taskkill", "wsl", "cipher", "fsutil"]));

export function unquotePowerShell(word: string): string {
  if (word.length >= 2 && word.startsWith("'") && word.endsWith("'")) return word.slice(1, -1).replace(/''/g, "'");
  if (word.length >= 2 && word.startsWith("\"") && word.endsWith("\"")) return word.slice(1, -1).replace(/`(.)/g, "$1");
  return word;
}

/** `-EncodedCommand BASE64`: the script as UTF-16LE text. */
export function decodePowerShell(encoded: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined;
  return Buffer.from(encoded, "base64").toString("utf16le");
}
