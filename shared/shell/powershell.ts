/**
 * PowerShell statements and pipelines, as the findings of a script (scripts.ts): deletes, overwrites and
 * the programs they run. Loaded only for command lines that run PowerShell (shell.ts), so that other
 * lines never read or compile it.
 */
import { posix } from "node:path";
import { HOME_MARK, argumentList, type ScriptFinding } from "./scripts.ts";
import { placeTarget, powershellToPosix, unquotePowerShell, windowsPlace } from "./windows.ts";

const POWERSHELL_REMOVE = /^(Remove-Item|rm|del|ri|rmdir|rd|erase)$/i;
const POWERSHELL_LIST = /^(Get-ChildItem|gci|ls|dir)$/i;
/** Cmdlets that write a file's whole content: `Clear-Content P`, `Set-Content P`, `… | Out-File P`. */
const POWERSHELL_WRITE = /^(Clear-Content|clc|Set-Content|Out-File)$/i;
// A comma list of items is one argument (`-ArgumentList '/c','rd /s /q C:\'`, `Remove-Item 'a', 'b'`).
const POWERSHELL_ITEM = "(?:\"(?:`.|[^\"`])*\"|'(?:''|[^'])*'|[^\\s,'\"]+)";
// Built on first use: most processes never read PowerShell.
let powershellPatterns: { word: RegExp; item: RegExp; list: RegExp } | undefined;
const powershellPattern = () => (powershellPatterns ??= {
  // `-Path:"C:\Program Files"`: a parameter bound to a quoted value is one word.
  word: new RegExp(`-\\w+:(?:"(?:\`.|[^"\`])*"|'(?:''|[^'])*')|${POWERSHELL_ITEM}(?:\\s*,\\s*${POWERSHELL_ITEM})+|"(?:\`.|[^"\`])*"|'(?:''|[^'])*'|\\S+`, "g"),
  item: new RegExp(POWERSHELL_ITEM, "g"),
  list: new RegExp(`^${POWERSHELL_ITEM}(?:\\s*,\\s*${POWERSHELL_ITEM})+$`),
});

/**
 * What a PowerShell variable holds, when the line assigned it: strings, a listing (`Get-ChildItem …`), or
 * unknown. A loop variable over a listing (`foreach ($d in gci X)`, `$_` in `ForEach-Object`) is each
 * item: `X\*`, read through `.FullName`.
 */
type PowerShellValue = { strings: string[]; item?: boolean } | { listing: string } | undefined;

/**
 * PowerShell statements and pipeline elements (split on `;`, `|`, newlines, braces, `&&`, `||`). Deletes:
 * `Remove-Item PATH -Recurse` (and its aliases `rm`, `del`, `ri`, `rd`), also fed by `Get-ChildItem PATH |`
 * or by strings (`"a", "b" | Remove-Item`); `C:\`, `$env:USERPROFILE`, `~`, `HKLM:\` are places
 * (windows.ts). Variables assigned a string, an array of strings, `Join-Path` of known parts or a listing
 * earlier in the line stand for their value; .NET file calls (`[IO.Directory]::Delete(P, $true)`,
 * `[IO.File]::WriteAllText(P, …)`) and the content cmdlets (`Clear-Content`, `Set-Content`, `Out-File`)
 * are deletes and overwrites. Programs outside PowerShell and the cmdlets the rules know (disks, power,
 * processes, network adapters) are handed on as shell code. `-WhatIf` runs nothing.
 */
export function powershellCommands(written: string): ScriptFinding[] {
  const code = powershellText(written);
  const findings: ScriptFinding[] = [...dotNetCalls(code)];
  // Shadow copies deleted through WMI/CIM objects: `vssadmin delete shadows` by another name.
  if (/win32_shadowcopy/i.test(code) && /\bRemove-(?:CimInstance|WmiObject)\b|\.Delete\s*\(\s*\)/i.test(code)) findings.push({ kind: "shell", api: "Win32_ShadowCopy", code: "vssadmin delete shadows /all /quiet" });
  const elements = powershellElements(code);
  const vars = new Map<string, PowerShellValue>();
  let previous: string | undefined;
  // `Set-Location DIR`/`cd DIR` moves where relative paths point (a folder only run time knows: undefined).
  let location: string | undefined = "";
  for (let k = 0; k < elements.length; k++) {
    const element = elements[k]!.trim();
    if (element === "|") continue;
    const piped = elements[k - 1] === "|" ? previous : undefined;
    previous = element;
    const assignment = /^\$(\w+)\s*=\s*(.+)$/s.exec(element);
    if (assignment) {
      vars.set(assignment[1]!.toLowerCase(), powershellValue(assignment[2]!, vars));
      if (/^(iex|Invoke-Expression)\b/i.test(assignment[2]!.trim())) findings.push(...powershellCommands(assignment[2]!));
      continue;
    }
    // `foreach ($d in SOURCE)`, `SOURCE | ForEach-Object { … $_ … }`: the variable is each item of SOURCE.
    const loop = /^foreach\s*\(\s*\$(\w+)\s+in\s+(.+)\)$/is.exec(element);
    if (loop || (piped !== undefined && /^(ForEach-Object|foreach|%)$/i.test(element))) {
      vars.set(loop ? loop[1]!.toLowerCase() : "_", itemOf(powershellValue(loop ? loop[2]! : piped!, vars)));
      continue;
    }
    const words = powershellWords(element);
    const name = words[0] ?? "";
    if (/^(cd|chdir|sl|Set-Location|pushd|Push-Location)$/i.test(name) && words.length > 1) {
      const dir = unquotePowerShell(words[words.length - 1]!);
      const place = windowsPlace(dir);
      location = place ? placeTarget(place) : /[$(]/.test(dir) || location === undefined ? undefined : dir.startsWith("/") ? dir : posix.join(location || ".", dir.replace(/\\/g, "/"));
      continue;
    }
    // `iex 'CODE'`, `Invoke-Expression "CODE"`: the string is PowerShell code (a variable's value is not known).
    if (/^(iex|Invoke-Expression)$/i.test(name) && words.length > 1) {
      const text = words.length === 2 ? unquotePowerShell(words[1]!) : words.slice(1).join(" ");
      if (/^\$\w+$/.test(text) || words[1]!.startsWith("$")) findings.push({ kind: "shell", api: name, code: undefined });
      else findings.push(...powershellCommands(text));
      continue;
    }
    // `Start-Process PROGRAM -ArgumentList 'a','b'`: the program with those words.
    if (/^(Start-Process|saps|start)$/i.test(name) && words.length > 1) {
      const started = startedCommand(words.slice(1));
      if (started) findings.push({ kind: "shell", api: name, code: started });
      continue;
    }
    if (words.some((w) => /^-whatif(:\$true)?$/i.test(w))) continue;
    if (POWERSHELL_WRITE.test(name)) {
      const append = words.some((w) => /^-append$/i.test(w));
      let path: string | undefined;
      for (let i = 1; i < words.length; i++) {
        if (/^-(path|literalpath|filepath|lp)$/i.test(words[i]!)) path ??= words[++i];
        else if (/^-(value|encoding|inputobject|width|stream|erroraction|ea)$/i.test(words[i]!)) i++;
        else if (!words[i]!.startsWith("-")) path ??= words[i];
      }
      if (!append && path !== undefined) for (const value of powershellStrings(path, vars) ?? [undefined]) findings.push({ kind: "overwrite", api: name, target: value === undefined ? undefined : powershellTarget(value, location), expression: path });
      continue;
    }
    if (!POWERSHELL_REMOVE.test(name)) {
      const posix = powershellToPosix(element, piped);
      if (posix !== undefined) findings.push({ kind: "shell", api: name, code: posix });
      continue;
    }
    let path: string | undefined;
    let recursive = /^(rmdir|rd)$/i.test(name);
    for (let i = 1; i < words.length; i++) {
      const word = words[i]!;
      if (/^-(path|literalpath|lp)$/i.test(word) && !words[i + 1]?.startsWith("(")) path ??= words[++i];
      else if (/^-r(e(c(u(r(s(e)?)?)?)?)?)?$/i.test(word)) recursive = true;
      else if (/^-(include|exclude|filter|erroraction|ea|stream)$/i.test(word)) i++;
      else if (/^-(path|literalpath|lp)$/i.test(word)) continue;
      else if (word.startsWith("(")) {
        // A parenthesised expression (`(Join-Path $d.FullName 'dist')`) is one argument.
        let group = word;
        while (!balancedParens(group) && i + 1 < words.length) group += ` ${words[++i]}`;
        path ??= group;
      } else if (!word.startsWith("-")) path ??= word;
    }
    // What flows in: a listing (`Get-ChildItem PATH -Recurse |`, also through a variable) or strings.
    const pipedValue = path === undefined && piped !== undefined ? powershellValue(piped, vars) : undefined;
    const listing = pipedValue && "listing" in pipedValue ? listedPath(pipedValue.listing) : undefined;
    if (listing) recursive ||= listing.recursive;
    const expressions = path !== undefined ? [path] : listing ? [listing.path] : pipedValue && "strings" in pipedValue ? pipedValue.strings.map((v) => `'${v.replace(/'/g, "''")}'`) : [];
    for (const expression of expressions) {
      for (const literal of powershellStrings(expression, vars) ?? [expression]) {
        const target = powershellTarget(literal, location, listing);
        findings.push({ kind: "delete", api: name, recursive: recursive && !(listing?.pattern), target, expression });
      }
    }
  }
  return findings;
}

/**
 * The text PowerShell runs: a backtick at a line's end continues the line, `$($x)` is `$x`, and
 * `[Environment]::GetFolderPath('UserProfile')` is the home directory.
 */
function powershellText(code: string): string {
  return code.replace(/`\r?\n/g, " ").replace(/\$\((\$[\w:]+)\)/g, "$1").replace(/\[(?:System\.)?Environment\]::GetFolderPath\(\s*(['"]?)UserProfile\1\s*\)/gi, "$HOME");
}

/** An element's words, parameters bound with a colon taken apart: `-Path:X` is `-Path X`, `-Recurse:$true` is `-Recurse`, `-Recurse:$false` nothing. */
function powershellWords(element: string): string[] {
  return (element.match(powershellPattern().word) ?? []).flatMap((word) => {
    const bound = /^(-\w+):(.+)$/s.exec(word);
    if (!bound) return [word];
    if (/^\$true$/i.test(bound[2]!)) return [bound[1]!];
    return /^\$false$/i.test(bound[2]!) ? [] : [bound[1]!, bound[2]!];
  });
}

/**
 * A path word's place: `C:\x`, `$HOME\x`, `$PWD\x`, relative names from the current location; undefined
 * when only run time knows it. A listing stands for what it yields below the folder (`PATH/*`, or
 * `PATH/PATTERN` with `-Filter`/`-Include`).
 */
function powershellTarget(literal: string, location: string | undefined, listing?: { pattern?: string }): string | undefined {
  const relative = literal.replace(/^\$pwd(?=[\\/]|$)[\\/]?/i, "");
  const place = windowsPlace(relative);
  const below = listing ? `/${listing.pattern ?? "*"}` : "";
  // `C:` alone is wherever drive C's current folder is.
  const target = place ? placeTarget(place) + below : /[$(]/.test(relative) || /^[A-Za-z]:$/.test(relative) ? undefined : listing ? `${(relative || ".").replace(/[\\/]$/, "")}${below}` : relative.replace(/\\/g, "/") || ".";
  if (target === undefined || location === "" || target.startsWith("/") || target.startsWith(HOME_MARK)) return target;
  return location === undefined ? undefined : joinLocation(location, target);
}

/** A word's strings: a quoted or bare literal, or a variable the line assigned (`$p`, `"$p"`, `"$p\x"`); undefined when unknown. */
function powershellStrings(word: string, vars: Map<string, PowerShellValue>): string[] | undefined {
  if (word.startsWith("(") && word.endsWith(")")) {
    const value = powershellValue(word, vars);
    return value && "strings" in value ? value.strings : undefined;
  }
  const items = word.match(powershellPattern().item) ?? [];
  if (items.length > 1 && powershellPattern().list.test(word)) {
    const all = items.map((item) => powershellStrings(item, vars));
    return all.every((v) => v !== undefined) ? all.flat() as string[] : undefined;
  }
  const literal = unquotePowerShell(word);
  const variable = /^\$(\w+)(?![:\w])(.*)$/s.exec(literal);
  if (variable && vars.has(variable[1]!.toLowerCase())) {
    const value = vars.get(variable[1]!.toLowerCase());
    // An item is read through its full path; other properties (`.Name`, `.Length`) are not paths.
    const rest = value && "item" in value ? /^\.(FullName|PSPath)\b(.*)$/is.exec(variable[2]!)?.[2] ?? (variable[2] === "" ? "" : undefined) : variable[2];
    return value && "strings" in value && rest !== undefined ? value.strings.map((v) => v + rest) : undefined;
  }
  return [literal];
}

/** The value of an assignment's right side, or of a piped element: strings, an array of them, `Join-Path`, a listing. */
function powershellValue(expression: string, vars: Map<string, PowerShellValue>): PowerShellValue {
  const text = expression.trim().replace(/^\(\s*(.*?)\s*\)$/s, "$1");
  if (POWERSHELL_LIST.test(/^\S+/.exec(text)?.[0] ?? "")) return { listing: text };
  // `Get-Item P`, `Resolve-Path P`, `Convert-Path P`: P itself.
  const item = /^(?:Get-Item|gi|Resolve-Path|rvpa|Convert-Path|cvpa)\s+(?:-(?:Path|LiteralPath)\s+)?(\S+)(?:\s+-Force)?$/i.exec(text);
  if (item) return powershellValue(item[1]!, vars);
  const variable = /^\$(\w+)$/.exec(text);
  if (variable && vars.has(variable[1]!.toLowerCase())) return vars.get(variable[1]!.toLowerCase());
  const join = /^Join-Path\s+(?:-Path\s+)?(\S+)\s+(?:-ChildPath\s+)?(\S+)$/i.exec(text);
  if (join) {
    const [parent, child] = [powershellStrings(join[1]!, vars), powershellStrings(join[2]!, vars)];
    return parent?.length === 1 && child?.length === 1 ? { strings: [`${parent[0]!.replace(/[\\/]$/, "")}\\${child[0]}`] } : undefined;
  }
  const items = text.replace(/^@\(\s*(.*?)\s*\)$/s, "$1").split(/\s*,\s*/);
  const strings: string[] = [];
  for (const item of items) {
    if (!/^("(?:`.|[^"`])*"|'(?:''|[^'])*'|[^\s"'$()]+|\$(?:HOME|env:\w+|pwd)\S*)$/i.test(item)) return undefined;
    strings.push(...(powershellStrings(item, vars) ?? []));
  }
  return strings.length ? { strings } : undefined;
}

/** Each item of a listing (`X\*`) or of strings; unknown stays unknown. */
function itemOf(value: PowerShellValue): PowerShellValue {
  if (value === undefined) return undefined;
  if ("strings" in value) return { strings: value.strings, item: true };
  const listing = listedPath(value.listing);
  return listing ? { strings: [`${unquotePowerShell(listing.path).replace(/[\\/]$/, "")}\\${listing.pattern ?? "*"}`], item: true } : undefined;
}

function balancedParens(text: string): boolean {
  let depth = 0;
  for (const c of text) depth += c === "(" ? 1 : c === ")" ? -1 : 0;
  return depth <= 0;
}

/**
 * `Start-Process [-FilePath] PROG [-ArgumentList] 'a','b' …` as POSIX shell words for the shell analysis
 * (the program is an executable: `cmd`, `powershell`, `robocopy`).
 */
function startedCommand(words: string[]): string | undefined {
  let program: string | undefined;
  let args: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (/^-(filepath|file|f)$/i.test(word)) program = words[++i];
    else if (/^-(argumentlist|args|a)$/i.test(word)) args = argumentItems(words[++i] ?? "");
    else if (/^-(verb|workingdirectory|wd|windowstyle|credential|redirectstandard\w+)$/i.test(word)) i++;
    else if (word.startsWith("-")) continue;
    else if (program === undefined) program = word;
    else if (args.length === 0) args = argumentItems(word);
  }
  // Windows joins the arguments into one command line and the program splits it again ("…" groups).
  const line = args.join(" ").match(/"[^"]*"|\S+/g)?.map((w) => w.replace(/^"(.*)"$/s, "$1")) ?? [];
  return program === undefined ? undefined : [unquotePowerShell(program), ...line].map((w) => `'${w.replace(/'/g, "'\\''")}'`).join(" ");
}

function argumentItems(word: string): string[] {
  return (word.match(powershellPattern().item) ?? []).map(unquotePowerShell);
}

/**
 * .NET file calls with literal (or assigned) paths: `[IO.Directory]::Delete(P, $true)` deletes P and what it
 * holds, `[IO.File]::Delete(P)` one file, `[IO.File]::WriteAllText(P, …)` and its kin replace P's content.
 */
function dotNetCalls(code: string): ScriptFinding[] {
  const findings: ScriptFinding[] = [];
  for (const match of code.matchAll(/\[(?:System\.)?IO\.(Directory|File)\]::(Delete|WriteAll(?:Text|Bytes|Lines)|Create)\s*\(/gi)) {
    const [path, second] = argumentList(code, (match.index ?? 0) + match[0].length);
    if (path === undefined) continue;
    const literal = /^\s*("(?:`.|[^"`])*"|'(?:''|[^'])*'|\$(?:HOME|env:\w+)\S*)\s*$/i.exec(path)?.[1];
    const target = literal === undefined ? undefined : powershellTarget(unquotePowerShell(literal), "");
    const api = `[IO.${match[1]}]::${match[2]}`;
    if (/^delete$/i.test(match[2]!)) findings.push({ kind: "delete", api, recursive: /^directory$/i.test(match[1]!) && /^\s*\$true\s*$/i.test(second ?? ""), target, expression: path.trim() });
    else findings.push({ kind: "overwrite", api, target, expression: path.trim() });
  }
  // `[Environment]::SetEnvironmentVariable(NAME, VALUE, 'Machine')` writes the machine's registry hive.
  for (const match of code.matchAll(/\[(?:System\.)?Environment\]::SetEnvironmentVariable\s*\(([^)]*)\)/gi)) {
    if (/['"]?Machine['"]?\s*$/i.test(match[1]!)) findings.push({ kind: "overwrite", api: "[Environment]::SetEnvironmentVariable", target: "/Windows/System32/config/SYSTEM", expression: match[0] });
  }
  return findings;
}

/** A relative path from a PowerShell location (`..`, `/x`, or under the home mark). */
function joinLocation(location: string, target: string): string {
  if (location.startsWith(HOME_MARK)) return HOME_MARK + posix.join(location.slice(HOME_MARK.length) || "/", target);
  return posix.join(location, target);
}

/** Statements and pipeline elements, with `|` kept between the elements it joins. */
function powershellElements(code: string): string[] {
  const elements: string[] = [];
  let current = "";
  const end = (joiner?: string) => {
    if (current.trim()) elements.push(current);
    current = "";
    if (joiner) elements.push(joiner);
  };
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === "\"" || c === "'") {
      const close = c === "'" ? /'(?:''|[^'])*'/y : /"(?:`.|[^"`])*"/y;
      close.lastIndex = i;
      const literal = close.exec(code)?.[0] ?? code.slice(i);
      current += literal;
      i += literal.length - 1;
    } else if (c === "|" && code[i + 1] !== "|") end("|");
    else if (c === ";" || c === "\n" || c === "{" || c === "}" || c === "|" || c === "&") {
      if ((c === "|" || c === "&") && code[i + 1] === c) i++;
      end();
    } else current += c;
  }
  end();
  return elements;
}

/**
 * `Get-ChildItem [-Path] PATH [-Recurse] [-Filter|-Include PATTERN]`: the folder listed (`.` when none),
 * whether it goes down, and the pattern that narrows it (`*` and `*.*` narrow nothing).
 */
function listedPath(element: string): { path: string; recursive: boolean; pattern?: string } | undefined {
  const words = powershellWords(element);
  if (!POWERSHELL_LIST.test(words[0] ?? "")) return undefined;
  let path: string | undefined;
  let recursive = false;
  let pattern: string | undefined;
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (/^-(path|literalpath|lp)$/i.test(word)) path ??= words[++i];
    else if (/^-(filter|include)$/i.test(word)) {
      const value = unquotePowerShell(words[++i] ?? "*");
      if (!/^\*(\.\*)?$/.test(value) && !/[,$(]/.test(value)) pattern = value;
    } else if (/^-(exclude|depth|attributes|erroraction|ea)$/i.test(word)) i++;
    else if (/^-r(e(c(u(r(s(e)?)?)?)?)?)?$/i.test(word)) recursive = true;
    else if (!word.startsWith("-")) path ??= word;
  }
  // `Get-ChildItem -Recurse *.tmp`: a wildcard in the path's last part is a pattern within its folder.
  const wildcard = path === undefined ? undefined : /^(.*?)[\\/]?([^\\/]*[*?][^\\/]*)$/.exec(unquotePowerShell(path));
  if (wildcard && pattern === undefined && !/^\*(\.\*)?$/.test(wildcard[2]!)) return { path: wildcard[1] || ".", recursive, pattern: wildcard[2]! };
  return { path: path ?? ".", recursive, ...(pattern === undefined ? {} : { pattern }) };
}
