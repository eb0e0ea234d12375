/**
 * Which files a PowerShell line would show the model: the cmdlets that print files and their aliases
 * (`Get-Content`/`gc`/`cat`/`type`, `Select-String`/`sls`, `Format-Hex`, `Import-Csv`, `more`), the programs
 * PowerShell runs alike (`findstr`, `find "…"`, `certutil -dump`), .NET's file reads
 * (`[IO.File]::ReadAllText(".env")`, `[IO.StreamReader]::new(…)`), wherever they sit in the line (`(gc .env) -join`,
 * `$(Get-Content .env)`, `$c = gc .env; $c`), and copies made earlier in the line (`Copy-Item .env x; gc x`,
 * `certutil -encode .env x`). Loaded for PowerShell lines only.
 *
 * A path only run time knows (`Get-Content $p`, `(Join-Path $HOME x)`) makes every path-like word of the line
 * a target: the line is refused when one of them is a secret, and left alone otherwise.
 */
import { isAbsolute, join } from "node:path";
import { windowsPlace } from "../../shared/shell/windows.ts";
import type { CopyMap, ReadTarget } from "./shell-read-targets.ts";

/** A read target with where its path is written in the line, for pointing it at a redacted copy. */
export interface PowerShellTarget extends ReadTarget {
  at?: { start: number; end: number };
}

export interface PowerShellReads {
  targets: PowerShellTarget[];
  /** Every read is a cmdlet given a literal path, and the line only views what they print: the paths may be swapped for copies. */
  rewritable: boolean;
}

interface Token {
  text: string;
  start: number;
  end: number;
  kind: "word" | "string" | "separator";
}

/** Reader cmdlets: the parameters that name files, those that take another value, and what their first positional word is. */
interface Reader {
  paths: string[];
  values: string[];
  patternFirst?: "pattern";
  /** Switches after which nothing of the file is printed (`Select-String -Quiet`). */
  quiet?: string[];
}
const CONTENT: Reader = { paths: ["path", "literalpath", "lp", "pspath"], values: ["encoding", "totalcount", "head", "first", "tail", "last", "readcount", "delimiter", "filter", "include", "exclude", "credential", "stream"] };
const SEARCH: Reader = { paths: ["path", "literalpath", "lp"], values: ["pattern", "context", "encoding", "include", "exclude", "culture", "inputobject"], patternFirst: "pattern", quiet: ["quiet"] };
const HEX: Reader = { paths: ["path", "literalpath", "lp"], values: ["encoding", "count", "offset", "inputobject"] };
const CSV: Reader = { paths: ["path", "literalpath", "lp"], values: ["delimiter", "header", "encoding"] };
const DATA: Reader = { paths: ["path", "literalpath", "lp"], values: [] };
const PAGER: Reader = { paths: [], values: [] };

let readerTable: Readonly<Record<string, Reader>> | undefined;
const readers = (): Readonly<Record<string, Reader>> => (readerTable ??= {
  "get-content": CONTENT, gc: CONTENT, cat: CONTENT, type: CONTENT,
  "select-string": SEARCH, sls: SEARCH,
  "format-hex": HEX, fhx: HEX,
  "import-csv": CSV, ipcsv: CSV,
  "import-powershelldatafile": DATA,
  more: PAGER,
});
const COPIERS = new Set(["copy-item", "cp", "copy", "cpi", "move-item", "mv", "move", "mi"]);
/** Cmdlets that only shape or show what they are piped: a line of these after a reader shows the reader's output and writes nothing. */
const VIEWERS = new Set(["select-object", "select", "out-string", "out-host", "oh", "sort-object", "sort", "convertfrom-json", "convertfrom-stringdata", "format-list", "fl", "format-table", "ft", "measure-object", "measure", "out-default"]);
/** .NET calls that read a file named by their first argument. */
const DOTNET_READ = /\[(?:System\.)?IO\.(?:File\]::(?:ReadAllText|ReadAllLines|ReadAllBytes|ReadLines|OpenText|OpenRead|Open)|StreamReader\]::new|FileStream\]::new)\s*\(\s*|New-Object\s+(?:-TypeName\s+)?(?:System\.)?IO\.StreamReader\s*(?:\(\s*|-ArgumentList\s+|\s+)/gi;

/** File reads PowerShell does through objects, script blocks over listings, and its drive-variable syntax. */
const OPAQUE_READ = /\.(?:OpenText|OpenRead|ReadToEnd|ReadAllText|ReadAllLines|ReadAllBytes|ReadLines)\s*\(|\$\{[A-Za-z]:[^}\s]|(?:ForEach-Object|foreach|%)\s*\{[^}]*\b(?:Get-Content|gc|cat|type|Select-String|sls|Format-Hex)\b/i;

export function powershellReads(code: string, cwd: string, home: string | undefined, copies: CopyMap): PowerShellReads {
  const tokens = tokenize(code);
  const variables = assignments(code);
  const targets: PowerShellTarget[] = [];
  let rewritable = !tokens.some((t) => t.kind === "separator" && t.text !== "|") && !/(?:^|\s)\d?>/.test(code.replace(/'(?:''|[^'])*'|"(?:`.|[^"`])*"/g, "''"));
  let dynamic = false;
  const at = (path: string) => copies.get(path) ?? path;
  const place = (token: Token): { path: string } | undefined => {
    const text = literal(token, variables, cwd, home);
    return text === undefined ? undefined : { path: at(resolvePath(text, cwd, home)) };
  };
  for (const element of elements(tokens)) {
    // `& gc x`, `. gc x`; `foreach ($l in Get-Content x)`: the command after the loop variable's `in`.
    const called = element[0]?.text === "&" || element[0]?.text === "." ? element.slice(1) : element;
    const words = called[0]?.text.startsWith("$") && called[1]?.text.toLowerCase() === "in" ? called.slice(2) : called;
    const name = commandName(words[0]);
    if (name === undefined) continue;
    const reader = Object.hasOwn(readers(), name) ? readers()[name]! : undefined;
    if (reader) {
      const read = readerPaths(reader, words.slice(1));
      if (read.quiet) continue;
      // No path in its words: a piped one (`ls .env* | gc`) or a bracketed one (`gc -Path (Resolve-Path .env)`).
      if (read.paths.length === 0 || read.open) dynamic = true;
      for (const token of read.paths) {
        const found = place(token);
        if (found) targets.push({ word: token.text, path: found.path, at: { start: token.start, end: token.end } });
        else dynamic = true;
      }
      continue;
    }
    // `iex 'gc .env'`, `Invoke-Expression "…"`: the string is PowerShell code; built at run time, it could read anything.
    if (name === "iex" || name === "invoke-expression") {
      rewritable = false;
      const inner = words[1]?.kind === "string" && words.length === 2 ? literal(words[1], variables, cwd, home) : undefined;
      if (inner === undefined) dynamic = true;
      else targets.push(...powershellReads(inner, cwd, home, copies).targets.map(({ at: _at, ...target }) => target));
      continue;
    }
    if (name === "findstr" || (name === "find" && words.slice(1).some((w) => w.kind === "string" || /^\/[a-z]+$/i.test(w.text)))) {
      const operands = words.slice(1).filter((w) => !/^\/\w/.test(w.text));
      const given = words.some((w) => /^\/[cg]:/i.test(w.text));
      const quiet = words.some((w) => /^\/[mc]$/i.test(w.text) && !(name === "findstr" && /^\/c$/i.test(w.text)));
      if (quiet) continue;
      rewritable = false;
      for (const token of given ? operands : operands.slice(1)) {
        const found = place(token);
        if (found) targets.push({ word: token.text, path: found.path });
        else dynamic = true;
      }
      continue;
    }
    if (name === "certutil") {
      const args = words.slice(1);
      const verb = args.find((w) => /^[-/]/.test(w.text))?.text.slice(1).toLowerCase();
      const operands = args.filter((w) => !/^[-/]/.test(w.text)).map(place);
      if ((verb === "encode" || verb === "decode" || verb === "encodehex" || verb === "decodehex") && operands[0] && operands[1]) copies.set(operands[1].path, operands[0].path);
      else if (verb === "dump" && operands[0]) {
        rewritable = false;
        targets.push({ word: args.find((w) => !/^[-/]/.test(w.text))!.text, path: operands[0].path });
      }
      continue;
    }
    if (COPIERS.has(name)) {
      const paths = copyOperands(words.slice(1)).map(place);
      if (paths.length === 2 && paths[0] && paths[1]) {
        copies.set(paths[1].path, paths[0].path);
        copies.set(join(paths[1].path, basename(paths[0].path)), paths[0].path);
      }
      continue;
    }
    if (!VIEWERS.has(name)) rewritable = false;
  }
  for (const match of code.matchAll(DOTNET_READ)) {
    rewritable = false;
    const token = tokens.find((t) => t.start >= match.index! + match[0].length);
    const found = token && token.start === match.index! + match[0].length && token.kind !== "separator" ? place(token) : undefined;
    if (found) targets.push({ word: token!.text, path: found.path });
    else dynamic = true;
  }
  // Code that reads through objects or script blocks (`Get-Item .env | % { $_.OpenText().ReadToEnd() }`,
  // `${C:\keys\x.txt}`, `${c:.env}`): which file it reads is not spelled where a reader's path would be.
  if (OPAQUE_READ.test(code)) dynamic = true;
  if (dynamic) {
    // Where the line reads a path only run time knows, any path it spells may be the one.
    rewritable = false;
    // The words of strings too: code built from them (`'Get-' + 'Content .env'`) names its file inside one.
    const words = tokens.flatMap((t) => (t.kind === "separator" ? [] : t.kind === "string" ? t.text.slice(1, -1).split(/\s+/).map((text) => ({ ...t, text })) : [t]));
    for (const token of words) {
      if (token.text.startsWith("-") || !/[./\\]/.test(token.text)) continue;
      // `${c:.env}`: a path relative to the drive's current folder (the one the line runs in).
      const text = token.text.replace(/^[A-Za-z]:(?=[^\\/])/, "").replace(/^\$(?:HOME|env:USERPROFILE)(?=[\\/])/i, "~");
      if (!/^[~\w.\\/:*?-]+$/.test(text)) continue;
      // A folder counts by the files in it that are secret by their name (`ls ~/.ssh | % { gc $_ }`).
      targets.push({ word: token.text, path: at(resolvePath(text, cwd, home)), secretFilesIn: true });
      if (home && !isAbsolute(text) && !text.startsWith("~")) targets.push({ word: token.text, path: join(home, text.replace(/\\/g, "/")), secretFilesIn: true });
    }
  }
  return { targets, rewritable };
}

/** The paths a reader cmdlet is given, by parameter or position; `quiet` when it prints nothing of them. */
function readerPaths(reader: Reader, args: Token[]): { paths: Token[]; quiet: boolean; open?: boolean } {
  const paths: Token[] = [];
  const positional: Token[] = [];
  let patternGiven = false;
  // `gc a.txt, .env`: a comma goes on with the list the word before it started.
  let list: Token[] | undefined;
  for (let i = 0; i < args.length; i++) {
    const token = args[i]!;
    if (token.text === ",") {
      const next = args[++i];
      if (next && list) list.push(next);
      continue;
    }
    list = undefined;
    const parameter = token.kind === "word" && /^-[A-Za-z]/.test(token.text) ? /^-([A-Za-z]+)(:?)(.*)$/.exec(token.text) : null;
    if (!parameter) {
      positional.push(token);
      list = positional;
      continue;
    }
    const name = parameter[1]!.toLowerCase();
    if (reader.quiet?.some((q) => q.startsWith(name) && name.length >= 1)) return { paths: [], quiet: true };
    // `-Path:.env`: the value is glued on.
    const value = parameter[2] ? (parameter[3] ? { ...token, text: parameter[3], start: token.end - parameter[3].length } : args[++i]) : undefined;
    const isPath = reader.paths.includes(name) || (!reader.values.includes(name) && reader.paths.some((p) => p.startsWith(name)) && !reader.values.some((v) => v.startsWith(name)));
    const takesValue = isPath || reader.values.includes(name) || reader.values.some((v) => v.startsWith(name) && name.length >= 2);
    if (isPath) {
      const next = value ?? args[++i];
      if (!next) return { paths, quiet: false, open: true };
      paths.push(next);
      list = paths;
    } else if (takesValue && !parameter[2]) {
      if (name.startsWith("pa") && reader.patternFirst) patternGiven = true;
      i++;
    }
  }
  const operands = reader.patternFirst && !patternGiven ? positional.slice(1) : positional;
  // `Import-Csv FILE ','`: the second positional is the delimiter.
  return { paths: [...paths, ...(reader === CSV ? operands.slice(0, 1) : operands)], quiet: false };
}

/** `Copy-Item [-Path] SRC [-Destination] DST`: the source and destination words. */
function copyOperands(args: Token[]): Token[] {
  let source: Token | undefined;
  let destination: Token | undefined;
  const rest: Token[] = [];
  for (let i = 0; i < args.length; i++) {
    const token = args[i]!;
    if (token.kind === "word" && /^-(path|literalpath|lp)$/i.test(token.text)) source = args[++i];
    else if (token.kind === "word" && /^-d(e(s(t(i(n(a(t(i(o(n)?)?)?)?)?)?)?)?)?)?$/i.test(token.text)) destination = args[++i];
    else if (token.kind === "word" && token.text.startsWith("-")) continue;
    else rest.push(token);
  }
  source ??= rest.shift();
  destination ??= rest.shift();
  return source && destination ? [source, destination] : [];
}

/** The command an element runs, in lower case without folder or `.exe`; undefined for values and expressions. */
function commandName(token: Token | undefined): string | undefined {
  if (!token || token.kind !== "word" || /^[$[(@0-9-]/.test(token.text)) return undefined;
  return token.text.slice(Math.max(token.text.lastIndexOf("\\"), token.text.lastIndexOf("/")) + 1).replace(/\.(exe|com)$/i, "").toLowerCase();
}

/** `$name = 'text'` and `$name = "text"` in the line: what later `$name` stand for. */
function assignments(code: string): Map<string, Token> {
  const variables = new Map<string, Token>();
  for (const match of code.matchAll(/\$(\w+)\s*=\s*('(?:''|[^'])*'|"(?:`.|[^"`])*")\s*(?=;|\r?\n|$)/g)) {
    const start = match.index! + match[0].indexOf(match[2]!, match[1]!.length + 1);
    variables.set(match[1]!.toLowerCase(), { text: match[2]!, start, end: start + match[2]!.length, kind: "string" });
  }
  return variables;
}

/** The text a word or string stands for, with `$PWD`, `$HOME`, `$env:X` and assigned variables filled in; undefined when only run time knows it. */
function literal(token: Token, variables: Map<string, Token>, cwd: string, home: string | undefined, depth = 0): string | undefined {
  if (token.kind === "separator") return undefined;
  if (token.kind === "string" && token.text.startsWith("'")) return token.text.slice(1, -1).replace(/''/g, "'");
  let text = token.kind === "string" ? token.text.slice(1, -1) : token.text;
  if (/^[(@{]/.test(text)) return undefined;
  let unknown = false;
  text = text.replace(/\$\{?(env:)?(\w+)\}?/gi, (whole, env: string | undefined, name: string) => {
    const lower = name.toLowerCase();
    if (env) return windowsPlace(`$env:${name}`) ? `$env:${name}` : ((unknown = true), whole);
    if (lower === "pwd") return cwd;
    if (lower === "home") return home ?? ((unknown = true), whole);
    const assigned = variables.get(lower);
    const value = assigned && depth < 4 ? literal(assigned, variables, cwd, home, depth + 1) : undefined;
    if (value === undefined) unknown = true;
    return value ?? whole;
  });
  if (unknown || /\$\(/.test(text)) return undefined;
  return token.kind === "string" ? text.replace(/`(.)/g, "$1") : text;
}

/** A PowerShell path on this machine: `~`, `$env:USERPROFILE`, `C:\…` and `.\x` as windows.ts reads them, else from the current folder. */
function resolvePath(text: string, cwd: string, home: string | undefined): string {
  const bare = text.replace(/^Microsoft\.PowerShell\.Core\\FileSystem::/i, "");
  const place = windowsPlace(bare);
  // `.\x` is a place relative to the current folder.
  if (place) return "home" in place ? (home ?? "~") + place.home : isAbsolute(place.path) ? place.path : join(cwd, place.path);
  const slashed = bare.replace(/\\/g, "/");
  if (slashed === "~" || slashed.startsWith("~/")) return (home ?? "~") + slashed.slice(1);
  return isAbsolute(slashed) ? slashed : join(cwd, slashed);
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Words, strings (quotes kept) and the separators between commands: `;`, `|`, `||`, `&&`, brackets, `$(`, `@(`, `=`, new lines. */
function tokenize(code: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    if (c === " " || c === "\t" || c === "\r") {
      i++;
      continue;
    }
    const start = i;
    if (c === "'" || c === "\"") {
      const close = c === "'" ? /'(?:''|[^'])*'/y : /"(?:`.|[^"`])*"/y;
      close.lastIndex = i;
      const text = close.exec(code)?.[0] ?? code.slice(i);
      i += text.length;
      tokens.push({ text, start, end: i, kind: "string" });
      continue;
    }
    const separator = /^(?:\|\||&&|\$\(|@\(|@\{|[;|(){}\n=,])/.exec(code.slice(i, i + 2));
    if (separator && !(c === "=" && code[i + 1] === "=")) {
      i += separator[0].length;
      tokens.push({ text: separator[0], start, end: i, kind: "separator" });
      continue;
    }
    // A word runs to a blank or a separator; `[IO.File]::X(` keeps its brackets apart from the call's `(`.
    while (i < code.length && !/[\s;|(){}=,'"]/.test(code[i]!)) i++;
    if (i === start) i++;
    tokens.push({ text: code.slice(start, i), start, end: i, kind: "word" });
  }
  return tokens;
}

/** Runs of words between separators: each a command and its arguments, or an expression. */
function elements(tokens: Token[]): Token[][] {
  const out: Token[][] = [];
  let current: Token[] = [];
  for (const token of tokens) {
    if (token.kind === "separator" && token.text !== ",") {
      if (current.length) out.push(current);
      current = [];
    } else current.push(token);
  }
  if (current.length) out.push(current);
  return out;
}
