/**
 * Code handed to Python, Node, Perl, Ruby, PHP or awk: the calls that delete files or run a shell,
 * with their first argument read when it is a literal (or a well-known home-directory expression).
 */
import { posix } from "node:path";
import type { Arg, CodeInput } from "./types.ts";
import { groovyCalls, lispForms, perlOpens } from "./script-forms.ts";
import { decodePowerShell } from "./windows.ts";

/** Stands for the home directory in a finding's target; the caller knows what HOME is. */
export const HOME_MARK = "\0HOME";
/** Stands for the temp directory in script findings (`tempfile.mkdtemp()`, `os.tmpdir()`), resolved with the event's TMPDIR. */
export const TEMP_MARK = "\0TEMP";

export type Language = "python" | "node" | "perl" | "ruby" | "php" | "lua" | "awk" | "r" | "powershell" | "applescript" | "tcl" | "julia" | "elixir" | "lisp" | "groovy" | "erlang";

export type ScriptFinding =
  | { kind: "shell"; api: string; code: string | undefined }
  | { kind: "delete"; api: string; recursive: boolean; target: string | undefined; expression: string }
  | { kind: "exhaust"; api: string; resource: "processes" }
  | { kind: "overwrite"; api: string; target: string | undefined; expression: string };

interface Interpreter {
  language: Language;
  /** Also under a versioned name (`python3.12`, `lua5.4`). */
  versioned: boolean;
  /** The option that takes code: `-c`, `-e`, `--eval`, … */
  flag: RegExp;
}

const PYTHON: Interpreter = { language: "python", versioned: true, flag: /^-[A-Za-z]*c$/ };
const NODE: Interpreter = { language: "node", versioned: false, flag: /^(-e|--eval|-p|--print|eval)$/ };
// `-ne`, `-pe`, `-lane`: switches run together before `e`; `-rpathname` and `-Mmodule` name a library, not code.
const PERL: Interpreter = { language: "perl", versioned: true, flag: /^-(?![MmIx])[A-Za-z]*[eE]$/ };
const RUBY: Interpreter = { language: "ruby", versioned: false, flag: /^-(?![rIC])[A-Za-z]*e$/ };
const PHP: Interpreter = { language: "php", versioned: true, flag: /^-r$/ };
const LUA: Interpreter = { language: "lua", versioned: true, flag: /^-e$/ };
const AWK: Interpreter = { language: "awk", versioned: false, flag: /^$/ };
const R: Interpreter = { language: "r", versioned: false, flag: /^(-e|--expr)$/ };
// `-Command` and its abbreviations (`-c`, `-com`), also with a slash as Windows PowerShell takes them.
const POWERSHELL: Interpreter = { language: "powershell", versioned: false, flag: /^(?:[-/]c(?:o(?:m(?:m(?:a(?:n(?:d)?)?)?)?)?)?|--command)$/i };
const APPLESCRIPT: Interpreter = { language: "applescript", versioned: false, flag: /^-e$/ };
const TCL: Interpreter = { language: "tcl", versioned: true, flag: /^-c$/ };
const JULIA: Interpreter = { language: "julia", versioned: false, flag: /^(-e|--eval|-E|--print)$/ };
const ELIXIR: Interpreter = { language: "elixir", versioned: false, flag: /^(-e|--eval)$/ };
// Lisps: guile -c, racket -e, emacs --eval, sbcl --eval, clisp -x, chicken's csi -e, gauche's gosh -e, babashka and clojure -e.
const LISP: Interpreter = { language: "lisp", versioned: false, flag: /^(-c|-e|--eval|-eval|-x|-p|--expr)$/ };
const GROOVY: Interpreter = { language: "groovy", versioned: false, flag: /^-e$/ };
const ERLANG: Interpreter = { language: "erlang", versioned: false, flag: /^-eval$/ };

// A lookup, not one RegExp per interpreter: every program of every command is checked, and V8 compiles
// each RegExp on its first runs, which was a measurable part of a hook's start.
const INTERPRETERS = new Map<string, Interpreter>([
  ["python", PYTHON], ["pypy", PYTHON],
  ["node", NODE], ["nodejs", NODE], ["bun", NODE], ["deno", NODE],
  ["perl", PERL],
  ["ruby", RUBY], ["jruby", RUBY],
  ["php", PHP],
  ["lua", LUA], ["luajit", { ...LUA, versioned: false }],
  ["awk", AWK], ["gawk", AWK], ["mawk", AWK], ["nawk", AWK], ["busybox-awk", AWK],
  ["Rscript", R], ["R", R],
  ["pwsh", POWERSHELL], ["powershell", POWERSHELL], ["pwsh-preview", POWERSHELL],
  ["osascript", APPLESCRIPT],
  ["tclsh", TCL], ["wish", TCL], ["expect", TCL], ["jimsh", TCL],
  ["julia", JULIA], ["elixir", ELIXIR], ["iex", ELIXIR],
  ["guile", LISP], ["racket", LISP], ["emacs", LISP], ["sbcl", LISP], ["clisp", LISP], ["csi", LISP], ["gosh", LISP], ["bb", LISP], ["clojure", LISP], ["clj", LISP], ["chibi-scheme", LISP],
  ["groovy", GROOVY], ["erl", ERLANG],
]);

function interpreterOf(program: string): Interpreter | undefined {
  const exact = INTERPRETERS.get(program);
  if (exact) return exact;
  let end = program.length;
  while (end > 0 && ((program.charCodeAt(end - 1) >= 48 && program.charCodeAt(end - 1) <= 57) || program[end - 1] === ".")) end--;
  const versioned = end < program.length ? INTERPRETERS.get(program.slice(0, end)) : undefined;
  return versioned?.versioned ? versioned : undefined;
}

export function languageOf(program: string): Language | undefined {
  return interpreterOf(program)?.language;
}

/** The code an interpreter would run from its arguments or its stdin; undefined when it runs a file. */
export function interpreterCode(program: string, args: Arg[], input: CodeInput | undefined): { language: Language; flag: string; code: CodeInput } | undefined {
  const entry = interpreterOf(program);
  if (!entry) return undefined;
  const { language, flag } = entry;
  if (language === "awk") return awkProgram(args);
  if (language === "powershell") {
    // `-EncodedCommand BASE64` (`-enc`, `-e`, `-ec`): the script, base64 of its UTF-16LE text.
    const encoded = args.findIndex((a, i) => i > 0 && /^[-/](e|ec|en(c(o(d(e(d(c(o(m(m(a(n(d)?)?)?)?)?)?)?)?)?)?)?)?)$/i.test(a.value));
    const word = encoded > 0 ? args[encoded + 1] : undefined;
    if (word) {
      const text = word.dynamic ? undefined : decodePowerShell(word.value);
      return { language, flag: args[encoded]!.value, code: text === undefined ? { kind: "dynamic", from: word.raw } : { kind: "static", text, from: word.raw } };
    }
  }
  // `node --eval=CODE`: a long option with its value attached.
  const attached = args.findIndex((a, i) => i > 0 && a.value.startsWith("--") && a.value.includes("=") && flag.test(a.value.slice(0, a.value.indexOf("="))));
  if (attached > 0) {
    const word = args[attached]!;
    const text = word.value.slice(word.value.indexOf("=") + 1);
    return { language, flag: word.value.slice(0, word.value.indexOf("=")), code: word.dynamic ? { kind: "dynamic", from: word.raw } : { kind: "static", text, from: word.raw } };
  }
  const at = args.findIndex((a, i) => i > 0 && flag.test(a.value));
  if (at > 0) {
    const code = args[at + 1];
    if (!code) return undefined;
    // `pwsh -Command -`: the commands are read from stdin.
    if (code.value === "-" && language === "powershell") return input ? { language, flag: "(stdin)", code: input } : undefined;
    // PowerShell's -Command takes the rest of the line: `powershell -c Remove-Item -Recurse $HOME` is one command.
    const rest = language === "powershell" ? args.slice(at + 1) : [code];
    const text = rest.map((a) => a.value).join(" ");
    return { language, flag: args[at]!.value, code: rest.some((a) => a.dynamic) ? { kind: "dynamic", from: rest.map((a) => a.raw).join(" ") } : { kind: "static", text, from: rest.map((a) => a.raw).join(" ") } };
  }
  const operands = args.slice(1).filter((a) => !a.value.startsWith("-") || a.value === "-");
  // `deno run -`, `bun run -`: the script is stdin.
  const stdinScript = operands[0]?.value === "-" || (operands[0]?.value === "run" && operands[1]?.value === "-");
  if ((operands.length === 0 || stdinScript) && input) return { language, flag: "(stdin)", code: input };
  return undefined;
}

function awkProgram(args: Arg[]): { language: Language; flag: string; code: CodeInput } | undefined {
  for (let i = 1; i < args.length; i++) {
    const word = args[i]!.value;
    if (word === "-f" || word === "--file") return undefined;
    if (word === "-F" || word === "-v" || word === "--assign" || word === "--field-separator") i++;
    else if (!word.startsWith("-")) {
      const code = args[i]!;
      return { language: "awk", flag: "program", code: code.dynamic ? { kind: "dynamic", from: code.raw } : { kind: "static", text: code.value, from: code.raw } };
    }
  }
  return undefined;
}

// The call tables and awk's patterns are built on first use: only interpreter code needs them, and
// building them cost every hook process its start-up time.
let shellCallsTable: Record<Language, RegExp> | undefined;
const shellCalls = (): Record<Language, RegExp> => (shellCallsTable ??= {
  python: /\b(os\.system|os\.popen|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|os\.exec[lv]p?e?|os\.spawn[lv]p?e?|os\.posix_spawnp?|pty\.spawn)\s*\(/g,
  // `$\`rm -rf ~\``: Bun's shell and zx run a template literal as a command line.
  node: /\b(execSync|exec|execFileSync|execFile|spawnSync|spawn|\$|Deno\.Command)\s*\(|\$`/g,
  // `system "rm -rf /"`: perl and ruby calls need no parentheses before a string.
  perl: /\b(system|exec|qx)\s*[({]|\b(?:system|exec)\s+(?=["'])|`/g,
  ruby: /\b(system|exec|spawn|IO\.popen|Open3\.\w+)\s*[({]|\b(?:system|exec|spawn)\s+(?=["'])|%x[({[]|`/g,
  php: /\b(system|exec|shell_exec|passthru|popen|proc_open)\s*\(|`/g,
  awk: /\bsystem\s*\(/g,
  lua: /\b(os\.execute|io\.popen)\s*\(/g,
  r: /\b(system2?|shell|pipe)\s*\(/g,
  // `do shell script "rm -rf ~"`: the string after it is shell code.
  // JXA (`osascript -l JavaScript`): `app.doShellScript("rm -rf ~")`.
  applescript: /\bdo\s+shell\s+script\s+|\bdoShellScript\s*\(/g,
  // PowerShell and Tcl take their commands as words, not calls (powershellCommands, tclExec).
  powershell: /$^/g,
  tcl: /$^/g,
  // julia runs a backtick command literal: run(`rm -rf /`).
  julia: /\b(?:run|read|success|pipeline)\s*\(\s*`/g,
  elixir: /\b(System\.cmd|System\.shell|:os\.cmd)\s*\(/g,
  // Lisp and Groovy calls are forms and methods (script-forms.ts); erlang's `os:cmd("…")`.
  lisp: /$^/g,
  groovy: /\b(Runtime\.getRuntime\(\)\.exec)\s*\(/g,
  erlang: /\b(os:cmd)\s*\(/g,});

let deleteCallsTable: Record<Language, [RegExp, boolean][]> | undefined;
const deleteCalls = (): Record<Language, [RegExp, boolean][]> => (deleteCallsTable ??= {
  python: [[/\bshutil\.rmtree\s*\(|\brmtree\s*\(/g, true], [/\bos\.(?:remove|unlink|rmdir|removedirs)\s*\(/g, false]],
  node: [[/\b(?:rmSync|rmdirSync|removeSync|emptyDirSync|rimraf(?:\.sync)?|rm|rmdir|remove|emptyDir)\s*\(/g, true], [/\bunlink(?:Sync)?\s*\(/g, false]],
  perl: [[/\b(?:rmtree|remove_tree)\s*[( ]/g, true], [/\b(?:unlink|rmdir)\s*[( ]/g, false]],
  lua: [[/\bos\.remove\s*\(/g, false]],
  ruby: [[/\b(?:FileUtils\.)?(?:rm_rf|rm_r|remove_dir|remove_entry(?:_secure)?|rmtree)\s*[( ]/g, true], [/\b(?:File\.(?:delete|unlink)|FileUtils\.rm(?:_f)?|Dir\.(?:rmdir|delete|unlink))\s*[( ]/g, false]],
  php: [[/\b(?:unlink|rmdir)\s*\(/g, false]],
  awk: [],
  // R's unlink() recurses with `recursive = TRUE` (checked in scanScript).
  r: [[/\bunlink\s*\(/g, true], [/\bfile\.remove\s*\(/g, false]],
  applescript: [],
  powershell: [],
  tcl: [],
  // julia's rm() recurses with `recursive=true`.
  julia: [[/\brm\s*\(/g, true]],
  elixir: [[/\bFile\.rm_rf!?\s*\(/g, true], [/\bFile\.(?:rm|rmdir)!?\s*\(/g, false]],
  lisp: [],
  groovy: [],
  erlang: [[/\bfile:del_dir_r\s*\(/g, true], [/\bfile:(?:delete|del_dir)\s*\(/g, false]],});

/** Languages whose file functions expand a leading `~` themselves. */
const EXPANDS_TILDE = new Set<Language>(["r", "powershell", "tcl", "lisp"]);

/** Expressions that mean the home directory in each language. */
const HOME_EXPRESSIONS = /^(os\.path\.expanduser\(\s*['"]~['"]\s*\)|(pathlib\.)?Path\.home\(\)|os\.environ\[\s*['"]HOME['"]\s*\]|os\.getenv\(\s*['"]HOME['"]\s*\)|process\.env\.HOME|process\.env\[\s*['"]HOME['"]\s*\]|(require\(\s*['"](node:)?os['"]\s*\)|os)\.homedir\(\)|Dir\.home|ENV\[\s*['"]HOME['"]\s*\]|\$ENV\{\s*['"]?HOME['"]?\s*\}|File\.expand_path\(\s*['"]~['"]\s*\)|homedir\(\)|System\.user_home!?\(\))$/;

export function scanScript(language: Language, written: string): ScriptFinding[] {
  const findings: ScriptFinding[] = [];
  // Calls are looked for outside string literals (`print("os.system(x)")` calls nothing); their
  // arguments are read from the code itself. Blanking keeps every index where it was.
  const blanked = written.replace(/"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, (literal) => literal[0] + " ".repeat(literal.length - 2) + literal[literal.length - 1]);
  const [code, bare] = unalias(language, written, blanked);
  for (const match of bare.matchAll(shellCalls()[language])) {
    const api = match[0].replace(/\s*[({[]$/, "").trim();
    const start = (match.index ?? 0) + match[0].length;
    if (api === "%x" || api === "Deno.Command" || /^os\.(exec|spawn)[lv]|^os\.posix_spawn/.test(api) || api === "system2") {
      findings.push({ kind: "shell", api, code: programCall(api, code, start) });
      continue;
    }
    const argument = match[0].endsWith("`") ? untilBacktick(code, start) : firstArgument(code, start);
    // `system("rm", "-rf", $ENV{HOME})`: perl, ruby and php take the program and its arguments as a list.
    // node's spawn/execFile and elixir's System.cmd take the program and an array of words; exec takes a shell line.
    const listed = LIST_CALLS.has(language) && !match[0].endsWith("`") && (language !== "node" || /^(spawn|spawnSync|execFile|execFileSync)$/.test(api)) && (language !== "elixir" || api === "System.cmd");
    const list = listed ? argumentList(code, start) : undefined;
    const command = list && list.length > 1 ? list.map((item) => shellWord(item)).join(" ") : argument === undefined ? undefined : literalCommand(argument);
    findings.push({ kind: "shell", api, code: command });
  }
  if (language === "awk") findings.push(...awkPipes(code), ...awkWrites(code));
  if (language === "powershell") findings.push(...(powershellReader?.(code) ?? [{ kind: "shell", api: POWERSHELL_PENDING, code: undefined }]));
  if (language === "tcl") findings.push(...tclExec(code));
  if (language === "lisp") findings.push(...lispForms(code));
  if (language === "groovy") findings.push(...groovyCalls(code));
  if (language === "perl") findings.push(...perlOpens(code));
  if (language === "python") findings.push(...pathMethods(code, bare));
  if (language === "ruby") findings.push(...pathnameMethods(code, bare));
  if (language === "python" || language === "node" || language === "ruby" || language === "perl") findings.push(...moves(code, bare), ...chmodCalls(language, code, bare));
  // `array_map("unlink", glob("/etc/*"))`: the deletion is passed by name and runs on every match.
  if (language === "php") {
    for (const match of code.matchAll(/\barray_map\s*\(\s*(['"])(unlink|rmdir)\1\s*,\s*glob\s*\(/g)) {
      const expression = (firstArgument(code, (match.index ?? 0) + match[0].length) ?? "").trim();
      findings.push({ kind: "delete", api: `array_map ${match[2]}`, recursive: false, target: literalPath(expression, language), expression });
    }
  }
  const fork = FORK_CALL.exec(bare);
  if (fork && ENDLESS_LOOP.test(bare)) findings.push({ kind: "exhaust", api: fork[0].replace(/[\s(]+$/, ""), resource: "processes" });
  for (const [pattern, recursive] of deleteCalls()[language]) {
    for (const match of bare.matchAll(pattern)) {
      const expression = firstArgument(code, (match.index ?? 0) + match[0].length) ?? "";
      const api = match[0].replace(/\s*[( ]$/, "");
      const isRecursive = recursive && (language === "r" ? /recursive\s*=\s*T(RUE)?\b/.test(code) : language === "julia" ? /recursive\s*=\s*true/.test(code) : language !== "node" || /rmSync|rimraf|removeSync|emptyDir/.test(api) || /recursive\s*:\s*true/.test(code));
      findings.push({ kind: "delete", api, recursive: isRecursive, target: literalPath(assignedValue(code, expression.trim()), language), expression: expression.trim() || api });
    }
  }
  for (const match of bare.matchAll(openForWriting()[language] ?? NEVER)) {
    const [path = "", ...rest] = argumentList(code, (match.index ?? 0) + match[0].length);
    const mode = rest.map((a) => a.replace(/^mode\s*=\s*/, "")).map(stringLiteral).find((m) => m !== undefined);
    if (language === "python" && match[0].startsWith("open") && !/^[wx]/.test(mode ?? "")) continue;
    findings.push({ kind: "overwrite", api: match[0].replace(/\s*\($/, ""), target: literalPath(path.trim()), expression: path.trim() || match[0] });
  }
  return findings;
}

const NEVER = /$^/g;
// PHP's calls take one shell line (proc_open's array form is a literal list, read as one).
const LIST_CALLS = new Set<Language>(["perl", "ruby", "node", "elixir"]);
/**
 * Calls that replace a file's content: python's `open(P, "w")`, node's `writeFileSync(P, …)`, ruby's
 * `File.write(P, …)`. Python's `open` only with a mode that writes (`"w"`, `"x"`, `mode="wb"`).
 */
let openForWritingTable: Partial<Record<Language, RegExp>> | undefined;
const openForWriting = (): Partial<Record<Language, RegExp>> => (openForWritingTable ??= {
  python: /\b(?:open|os\.truncate)\s*\(/g,
  node: /\b(?:writeFileSync|writeFile|truncateSync|truncate|Bun\.write|Deno\.writeTextFile(?:Sync)?|Deno\.writeFile(?:Sync)?)\s*\(/g,
  ruby: /\bFile\.(?:write|truncate)\s*\(/g,});

/** Every argument of a call, up to its closing bracket. */
export function argumentList(code: string, from: number): string[] {
  const items: string[] = [];
  let at = from;
  for (let guard = 0; guard < 64 && at <= code.length; guard++) {
    const item = firstArgument(code, at);
    if (item === undefined) break;
    items.push(item.trim());
    at += item.length;
    if (code[at] !== ",") break;
    at++;
  }
  return items.filter((item) => item !== "");
}

/** One argument as a shell word: a literal quoted, the home directory as `$HOME`, anything else unknown. */
function shellWord(expression: string, nested = false): string {
  if (HOME_EXPRESSIONS.test(expression)) return '"$HOME"';
  // `spawnSync("rm", ["-rf", "/etc"])`, `System.cmd("rm", ["-rf", p])`: the array's items are the words
  // (one level: an array inside it is a value only the program knows).
  const array = nested ? null : /^\[(.*)\]$/s.exec(expression.trim());
  if (array) return argumentList(`${array[1]})`, 0).map((item) => shellWord(item, true)).join(" ");
  const literal = stringLiteral(expression);
  return literal === undefined ? '"$SCRIPT_VALUE"' : `'${literal.replace(/'/g, "'\\''")}'`;
}

/**
 * A call under another name is the same call: `const {execSync: x} = require("child_process"); x(…)`,
 * `from os import system as s; s(…)`, `r = shutil.rmtree; r(…)`. Each such call is written back under the
 * name the call tables know, in the code and in its blanked copy alike, so their indexes stay aligned.
 */
/** `s.run(…)` with `s` an alias of `subprocess` becomes `subprocess.run(…)` in both views of the code. */
function renameModules(modules: Map<string, string>, code: string, bare: string): [string, string] {
  if (modules.size === 0) return [code, bare];
  const calls = [...bare.matchAll(/(?<![\w.$])([A-Za-z_$][\w$]*)(?=\.\w+\s*\()/g)].filter((m) => modules.has(m[1]!));
  for (const m of calls.reverse()) {
    const at = m.index ?? 0;
    const original = modules.get(m[1]!)!;
    code = code.slice(0, at) + original + code.slice(at + m[1]!.length);
    bare = bare.slice(0, at) + original + bare.slice(at + m[1]!.length);
  }
  return [code, bare];
}

function unalias(language: Language, code: string, bare: string): [string, string] {
  if (language !== "python" && language !== "node") return [code, bare];
  const names = new Map<string, string>();
  if (language === "node") {
    for (const m of code.matchAll(/(?:\{([^}]*)\}\s*=\s*require\s*\(|import\s*\{([^}]*)\}\s*from\b)/g)) {
      for (const entry of (m[1] ?? m[2]!).split(",")) {
        const pair = /^\s*([A-Za-z_$][\w$]*)\s*(?::|\bas\b)\s*([A-Za-z_$][\w$]*)\s*$/.exec(entry);
        if (pair && pair[1] !== pair[2]) names.set(pair[2]!, pair[1]!);
      }
    }
    for (const m of code.matchAll(/\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\s*\([^)]*\)\s*\.\s*([A-Za-z_$][\w$]*)/g)) names.set(m[1]!, m[2]!);
    // `const p = require('path')`, `import * as p from 'node:path'`: the module under another name.
    const modules = new Map<string, string>();
    for (const m of code.matchAll(/(?:\b(?:const|let|var)\s+|,\s*)([A-Za-z_$][\w$]*)\s*=\s*require\s*\(\s*['"](?:node:)?(path|os|fs|child_process)['"]\s*\)(?!\s*\.)|\bimport\s+\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s+['"](?:node:)?(path|os|fs|child_process)['"]/g)) {
      const [alias, module] = [m[1] ?? m[3]!, m[2] ?? m[4]!];
      if (alias !== module) modules.set(alias, module);
    }
    [code, bare] = renameModules(modules, code, bare);
  } else {
    // `from os import system` needs `os.system` for the call tables; `as NAME` renames it.
    for (const m of code.matchAll(/\bfrom\s+(os|shutil|subprocess|pty)\s+import\s+([^\n;]+)/g)) {
      for (const entry of m[2]!.replace(/[()]/g, "").split(",")) {
        const pair = /^\s*(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(entry);
        if (pair) names.set(pair[2] ?? pair[1]!, `${m[1]}.${pair[1]}`);
      }
    }
    for (const m of code.matchAll(/(?:^|[;\n])\s*(\w+)\s*=\s*((?:os|shutil|subprocess|pty)\.\w+)\s*(?=$|[;\n])/g)) names.set(m[1]!, m[2]!);
    // `import subprocess as s; s.run(…)`: the module under another name.
    const modules = new Map<string, string>();
    for (const m of code.matchAll(/\bimport\s+([^\n;]+)/g)) {
      for (const entry of m[1]!.split(",")) {
        const pair = /^\s*(os|shutil|subprocess|pty|pathlib)\s+as\s+(\w+)\s*$/.exec(entry);
        if (pair && pair[1] !== pair[2]) modules.set(pair[2]!, pair[1]!);
      }
    }
    [code, bare] = renameModules(modules, code, bare);
  }
  if (names.size === 0) return [code, bare];
  const calls = [...bare.matchAll(/(?<![\w.$])([A-Za-z_$][\w$]*)(?=\s*\()/g)].filter((m) => names.has(m[1]!) && names.get(m[1]!) !== m[1]);
  for (const m of calls.reverse()) {
    const at = m.index ?? 0;
    const original = names.get(m[1]!)!;
    code = code.slice(0, at) + original + code.slice(at + m[1]!.length);
    bare = bare.slice(0, at) + original + bare.slice(at + m[1]!.length);
  }
  return [code, bare];
}

/**
 * Calls that name the program and its words apart: ruby's `%x(rm -rf ~)` (the text is a command line),
 * python's `os.execvp("rm", ["rm", "-rf", p])` / `os.execlp("rm", "rm", "-rf", p)` (the words after the
 * program, starting with its name), Deno's `new Deno.Command("rm", { args: ["-rf", p] })`.
 */
function programCall(api: string, code: string, start: number): string | undefined {
  if (api === "%x") {
    const text = firstArgument(code, start);
    return text === undefined || text.includes("#{") ? undefined : text;
  }
  // R's `system2("rm", c("-rf", "~"))`: the words in `args` go to a shell after the command.
  if (api === "system2") {
    const [command, args] = argumentList(code, start);
    const words = args === undefined ? [] : /^(?:args\s*=\s*)?c\((.*)\)$/s.exec(args)?.[1] ?? args;
    const list = typeof words === "string" ? argumentList(`${words})`, 0).map(stringLiteral) : [];
    const program = command === undefined ? undefined : stringLiteral(command);
    return program === undefined || list.some((w) => w === undefined) ? undefined : [program, ...(list as string[])].join(" ");
  }
  // `os.spawnlp(os.P_WAIT, "rm", "rm", "-rf", p)`: the mode first, then as exec*.
  const all = argumentList(code, start);
  const [program, ...rest] = /^os\.spawn/.test(api) ? all.slice(1) : /^os\.posix_spawn/.test(api) ? all.slice(0, 2) : all;
  if (program === undefined || rest.length === 0) return undefined;
  if (api === "Deno.Command") {
    const args = /\bargs\s*:\s*(\[[^\]]*\])/.exec(rest[0]!)?.[1];
    return args === undefined ? undefined : `${shellWord(program)} ${shellWord(args)}`;
  }
  // execv*/execl*: the first word listed is the program's own name.
  return /^os\.(execv|spawnv|posix_spawn)/.test(api) ? shellWord(rest[0]!) : rest.map((item) => shellWord(item)).join(" ");
}

/** pathlib's methods on a path object: `Path("x").unlink()`, `p.rmdir()`, `Path.home().joinpath("f").write_text("")`. */
const PATH_METHOD = /\.(unlink|rmdir|write_text|write_bytes)\s*\(/g;

function pathMethods(code: string, bare: string): ScriptFinding[] {
  const findings: ScriptFinding[] = [];
  for (const match of bare.matchAll(PATH_METHOD)) {
    const receiver = receiverBefore(code, match.index ?? 0);
    const literal = /^(?:pathlib\.)?(?:Pure)?(?:Posix)?Path\(\s*(['"])([^'"]*)\1\s*\)$/.exec(receiver);
    const target = /^(?:pathlib\.)?Path\.home\(\)$/.test(receiver) ? HOME_MARK : literal ? literal[2] : undefined;
    const api = `Path.${match[1]}`;
    findings.push(match[1]!.startsWith("write") ? { kind: "overwrite", api, target, expression: receiver || api } : { kind: "delete", api, recursive: false, target, expression: receiver || api });
  }
  return findings;
}

/** ruby's Pathname: `Pathname.new(Dir.home).rmtree`, `Pathname("/etc").rmtree`, `.unlink`, `.delete`. */
const PATHNAME_METHOD = /\.(rmtree|unlink|delete|rmdir)\b(?!\s*[=?!])/g;

function pathnameMethods(code: string, bare: string): ScriptFinding[] {
  const findings: ScriptFinding[] = [];
  for (const match of bare.matchAll(PATHNAME_METHOD)) {
    const receiver = receiverBefore(code, match.index ?? 0);
    // Only a Pathname: `delete` and `unlink` are also methods of hashes, arrays and strings.
    const inner = /^Pathname(?:\.new)?\((.*)\)$/s.exec(receiver)?.[1];
    if (inner === undefined) continue;
    findings.push({ kind: "delete", api: `Pathname#${match[1]}`, recursive: match[1] === "rmtree", target: literalPath(inner.trim()), expression: inner.trim() || receiver });
  }
  return findings;
}

/**
 * A move written as a call (`shutil.move(SRC, DST)`, `os.rename`, `fs.renameSync`, `FileUtils.mv`, perl's
 * `rename`): with both paths literal it is `mv SRC DST`, judged like one (`… '/dev/null'` is a delete).
 */
const MOVE_CALL = /\b(shutil\.move|os\.rename|os\.replace|renameSync|rename|FileUtils\.(?:mv|move)|File\.rename|move)\s*\(/g;

function moves(code: string, bare: string): ScriptFinding[] {
  const findings: ScriptFinding[] = [];
  for (const match of bare.matchAll(MOVE_CALL)) {
    const [source, destination] = argumentList(code, (match.index ?? 0) + match[0].length).map((a) => literalPath(a));
    if (source === undefined || destination === undefined || source.startsWith(TEMP_MARK) || destination.startsWith(TEMP_MARK)) continue;
    const word = (path: string) => (path.startsWith(HOME_MARK) ? `"$HOME"'${path.slice(HOME_MARK.length).replace(/'/g, "'\\''")}'` : `'${path.replace(/'/g, "'\\''")}'`);
    findings.push({ kind: "shell", api: match[1]!, code: `mv -- ${word(source)} ${word(destination)}` });
  }
  return findings;
}

/**
 * A mode change written as a call, with a literal path and mode: `os.chmod(P, 0)`, `fs.chmodSync(P, 0o700)`
 * (path first), ruby's `File.chmod(MODE, P)` and perl's `chmod(MODE, P)` (mode first). Judged as `chmod MODE P`.
 */
const CHMOD_CALL = /\b(os\.chmod|chmodSync|chmod|File\.chmod|FileUtils\.chmod)\s*\(|\b(chmod)\s+(?=0)/g;

/** python's `stat.S_IRUSR | stat.S_IXUSR` as an octal mode; undefined for anything else. */
const STAT_BITS: Readonly<Record<string, number>> = { S_IRWXU: 0o700, S_IRUSR: 0o400, S_IWUSR: 0o200, S_IXUSR: 0o100, S_IRWXG: 0o70, S_IRGRP: 0o40, S_IWGRP: 0o20, S_IXGRP: 0o10, S_IRWXO: 0o7, S_IROTH: 0o4, S_IWOTH: 0o2, S_IXOTH: 0o1 };
function statMode(text: string): string | undefined {
  const parts = text.split("|").map((p) => /^\s*stat\.(S_I\w+)\s*$/.exec(p)?.[1]);
  if (parts.some((p) => p === undefined || !Object.hasOwn(STAT_BITS, p))) return undefined;
  return parts.reduce((mode, p) => mode | STAT_BITS[p!]!, 0).toString(8);
}

function chmodCalls(language: Language, code: string, bare: string): ScriptFinding[] {
  const findings: ScriptFinding[] = [];
  const modeFirst = language === "ruby" || language === "perl";
  for (const match of bare.matchAll(CHMOD_CALL)) {
    // perl's list operator without parentheses: `chmod 0000, $ENV{HOME}` up to the statement's end.
    const start = (match.index ?? 0) + match[0].length;
    const args = match[2] === undefined ? argumentList(code, start).map((a) => a.trim()) : code.slice(start).split(/[;\n]/)[0]!.split(",").map((a) => a.trim());
    const [modeText, pathText] = modeFirst ? args : [args[1], args[0]];
    const mode = /^0?o?([0-7]{1,4})$/i.exec(modeText ?? "")?.[1] ?? statMode(modeText ?? "");
    const path = pathText === undefined ? undefined : literalPath(pathText, language);
    if (mode === undefined || path === undefined || path.startsWith(TEMP_MARK)) continue;
    const word = path.startsWith(HOME_MARK) ? `"$HOME"'${path.slice(HOME_MARK.length).replace(/'/g, "'\\''")}'` : `'${path.replace(/'/g, "'\\''")}'`;
    findings.push({ kind: "shell", api: match[1] ?? match[2]!, code: `chmod ${mode.padStart(3, "0")} -- ${word}` });
  }
  return findings;
}

/** The expression a method is called on: back from the dot over names, dots and balanced brackets. */
function receiverBefore(code: string, dot: number): string {
  let i = dot;
  let depth = 0;
  while (i > 0) {
    const c = code[i - 1]!;
    if (c === ")" || c === "]") depth++;
    else if (c === "(" || c === "[") {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && !/[\w.]/.test(c)) break;
    i--;
  }
  return code.slice(i, dot);
}

/** A process fork in any of the languages read here, and a loop with no end: together, a fork bomb. */
const FORK_CALL = /\b(?:os\.fork|pcntl_fork|Process\.fork|fork)\s*(?:\(|\b)|\bchild_process\b[^;]*\b(?:fork|spawn)\s*\(\s*(?:process\.(?:execPath|argv)|__filename)/;
const ENDLESS_LOOP = /\bwhile\s*\(?\s*(?:True|true|1|!0|:)\s*\)?|\bloop\s*(?:\{|do\b)|\bfor\s*\(\s*;\s*;\s*\)|\biter\s*\(\s*int\s*,\s*1\s*\)|\bitertools\.(?:count|repeat)\b|\buntil\s*\(?\s*(?:false|0)\b|\bfork\s+while\b|\bwhile\s+fork\b|\brepeat\b[^]*\buntil\s+false/;

// Bounded repeats: every `print` starts a match attempt, and an unbounded one scans to the end of the code
// each time (quadratic in a long program of prints).
const AWK_STRING = String.raw`"(?:\\.|[^"\\]){0,1000}"`;
let awkPrintPipePattern: RegExp | undefined;
const awkPrintPipe = (): RegExp => (awkPrintPipePattern ??= new RegExp(String.raw`\bprintf?\b((?:[^|;}\n"]|${AWK_STRING}){0,400})\|&?\s*(${AWK_STRING}|[A-Za-z_]\w*)`, "g"));
let awkGetlinePipePattern: RegExp | undefined;
const awkGetlinePipe = (): RegExp => (awkGetlinePipePattern ??= new RegExp(String.raw`(${AWK_STRING}|[A-Za-z_]\w*)\s*\|&?\s*getline\b`, "g"));

/**
 * awk runs commands without system(): `print … | "cmd"` feeds cmd, `"cmd" | getline` reads from it.
 * The command is a string literal or a variable assigned one; what print sends is a literal or unknown.
 */
function awkPipes(code: string): ScriptFinding[] {
  const findings: ScriptFinding[] = [];
  const command = (expression: string): string | undefined => {
    if (expression.startsWith('"')) return stringLiteral(expression);
    const assigned = new RegExp(String.raw`\b${expression}\s*=\s*(${AWK_STRING})`).exec(code);
    return assigned ? stringLiteral(assigned[1]!) : undefined;
  };
  for (const match of code.matchAll(awkPrintPipe())) {
    const target = command(match[2]!);
    const printed = match[1]!.trim().replace(/^\((.*)\)$/s, "$1");
    const literal = printed === "" ? undefined : stringLiteral(printed);
    const input = literal === undefined ? `cat -- "$AWK_OUTPUT"` : `printf '%s\\n' '${literal.replace(/'/g, "'\\''")}'`;
    findings.push({ kind: "shell", api: "awk print |", code: target === undefined ? undefined : `${input} | ${target}` });
  }
  for (const match of code.matchAll(awkGetlinePipe())) {
    if (/^(getline|print|printf)$/.test(match[1]!)) continue;
    findings.push({ kind: "shell", api: "awk | getline", code: command(match[1]!) });
  }
  return findings;
}

/**
 * PowerShell statements are read by powershell.ts, loaded only for command lines that run PowerShell
 * (`loadPowerShellReader` in shell.ts). Until it is loaded, PowerShell code is code not yet read: the caller
 * that meets it loads the reader and reads the line again.
 */
let powershellReader: ((code: string) => ScriptFinding[]) | undefined;
export const POWERSHELL_PENDING = "PowerShell code (its reader not loaded)";
export function usePowerShellReader(reader: (code: string) => ScriptFinding[]): void {
  powershellReader = reader;
}

/** Tcl's `exec PROGRAM ARGS…` (and `open "|PROGRAM …"`): the words, braces taken off, are a command line. */
function tclExec(code: string): ScriptFinding[] {
  const findings: ScriptFinding[] = [];
  // expect's `spawn` starts a program like `exec` does.
  for (const match of code.matchAll(/\b(exec|spawn)\s+((?:-\w+\s+)*)([^\n;\]]+)|\bopen\s+"\|([^"]+)"/g)) {
    const words = (match[3] ?? match[4] ?? "").trim().replace(/^--\s+/, "");
    findings.push({ kind: "shell", api: match[4] === undefined ? match[1]! : "open |", code: /[$\[]/.test(words) ? undefined : words.replace(/[{}]/g, "") });
  }
  // `file delete -force PATH…`: -force also deletes folders with what they hold.
  for (const match of code.matchAll(/\bfile\s+delete\s+((?:-\w+\s+)*)([^\n;\]]+)/g)) {
    const recursive = /-force\b/.test(match[1]!);
    for (const word of match[2]!.trim().replace(/^--\s+/, "").split(/\s+/)) {
      const path = word.replace(/^[{"]|[}"]$/g, "");
      const target = /[$\[]/.test(path) ? undefined : path === "~" || path.startsWith("~/") ? HOME_MARK + path.slice(1) : path;
      findings.push({ kind: "delete", api: "file delete", recursive, target, expression: word });
    }
  }
  return findings;
}

let awkPrintToFilePattern: RegExp | undefined;
const awkPrintToFile = (): RegExp => (awkPrintToFilePattern ??= new RegExp(String.raw`\bprintf?\b((?:[^|;}\n">]|${AWK_STRING}){0,400})>\s*(${AWK_STRING})`, "g"));

/** `print … > "FILE"` (not `>>`) empties FILE when the program starts writing to it. */
function awkWrites(code: string): ScriptFinding[] {
  const findings: ScriptFinding[] = [];
  for (const match of code.matchAll(awkPrintToFile())) {
    if (code[(match.index ?? 0) + match[0].indexOf(">") + 1] === ">") continue;
    const target = stringLiteral(match[2]!);
    findings.push({ kind: "overwrite", api: "awk print >", target, expression: match[2]! });
  }
  return findings;
}

/** The text up to the `,` or `)` that ends the first argument (nested brackets and quotes skipped). */
function firstArgument(code: string, from: number): string | undefined {
  let depth = 0;
  let quote = "";
  for (let i = from; i < code.length; i++) {
    const c = code[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) return code.slice(from, i);
      depth--;
    } else if ((c === "," || c === ";" || c === "\n") && depth === 0) return code.slice(from, i);
  }
  return code.slice(from);
}

function untilBacktick(code: string, from: number): string | undefined {
  const end = code.indexOf("`", from);
  return end < 0 ? undefined : JSON.stringify(code.slice(from, end));
}

/** A string literal, or a list of string literals (`["rm", "-rf", "/"]`), as shell text. */
function literalCommand(expression: string): string | undefined {
  const text = expression.trim();
  const single = stringLiteral(text);
  if (single !== undefined) return single;
  const list = /^\[(.*)\]$/s.exec(text);
  if (!list) return undefined;
  const items = list[1]!.split(",").map((s) => stringLiteral(s.trim()));
  if (items.some((s) => s === undefined)) return undefined;
  return items.map((s) => `'${s!.replace(/'/g, "'\\''")}'`).join(" ");
}

function literalPath(expression: string, language?: Language): string | undefined {
  if (HOME_EXPRESSIONS.test(expression)) return HOME_MARK;
  // A fresh folder made under the temp directory (`tempfile.mkdtemp()`, `fs.mkdtempSync(…)`, `Dir.mktmpdir`).
  if (FRESH_TEMP_EXPRESSIONS.test(expression)) return `${TEMP_MARK}/tmp.script`;
  if (TEMP_EXPRESSIONS.test(expression)) return TEMP_MARK;
  // `os.homedir() + '/.ssh'`, `$ENV{HOME} . "/.aws"`: a known start and a literal rest.
  const joined = /^(.+?)\s*(?:\+|\.(?=\s))\s*(["'][^"']*["'])$/s.exec(expression);
  if (joined) {
    const base = literalPath(joined[1]!.trim(), language);
    const rest = stringLiteral(joined[2]!);
    if (base !== undefined && rest !== undefined && !rest.includes("..") && !/[$@]/.test(rest) && (base === HOME_MARK || base === TEMP_MARK)) return base + (rest.startsWith("/") ? rest : `/${rest}`);
  }
  // `glob "*.tmp"`, `glob.glob('build/*.o')`, `Dir.glob("*.log")`, `Dir["x/*"]`: the literal pattern names the files.
  const glob = /^\*?(?:glob(?:\.glob)?|Dir\.glob|Dir)\s*[([]?\s*(["'][^"']*["'])\s*[)\]]?$/.exec(expression);
  if (glob) {
    const pattern = stringLiteral(glob[1]!);
    // Interpolated (`"$ENV{HOME}/*"`) or reaching up (`../*`): only run time knows it.
    if (pattern === undefined || /[$@]/.test(pattern) || pattern.includes("..")) return undefined;
    return pattern === "~" || pattern.startsWith("~/") ? HOME_MARK + pattern.slice(1) : pattern;
  }
  // `os.path.join(A, 'b')`, `path.join(A, 'b')`, `File.join(A, 'b')`: a known first part and literal names.
  const join = /^(?:os\.path|path|posixpath|File|require\(\s*['"](?:node:)?path['"]\s*\))\.join\s*\(/.exec(expression);
  if (join && expression.endsWith(")")) {
    const [first, ...rest] = argumentList(expression, join[0].length).map((a) => a.trim());
    const base = first === undefined ? undefined : literalPath(first, language);
    const names = rest.map((r) => stringLiteral(r));
    if (base === undefined || names.some((n) => n === undefined || n.includes("..") || n.startsWith("/"))) return undefined;
    return posix.join(base, ...(names as string[]));
  }
  if (language && EXPANDS_TILDE.has(language)) {
    const literal = stringLiteral(expression) ?? expression;
    if (literal === "~" || literal.startsWith("~/")) return HOME_MARK + literal.slice(1);
  }
  const expanded = /^os\.path\.expanduser\(\s*(['"])~(\/[^'"]*)?\1\s*\)$/.exec(expression);
  if (expanded) return HOME_MARK + (expanded[2] ?? "");
  const literal = stringLiteral(expression);
  if (literal === undefined) return undefined;
  // A literal path is as the program sees it: a leading `~` stays literal except where the language expands it.
  return literal;
}

const TEMP_EXPRESSIONS = /^(tempfile\.gettempdir\(\)|(require\(\s*['"](node:)?os['"]\s*\)|os)\.tmpdir\(\)|Dir\.tmpdir|File::Spec->tmpdir)$/;
const FRESH_TEMP_EXPRESSIONS = /^(tempfile\.mkdtemp\([^()]*\)|(?:fs\.|require\(\s*['"](?:node:)?fs['"]\s*\)\.)?mkdtempSync\([^;]*\bos['"]?\s*\)?\.tmpdir\(\)[^;]*\)|Dir\.mktmpdir(\([^()]*\))?)$/;

/**
 * An identifier the code assigns exactly once (`d = tempfile.mkdtemp()` then `shutil.rmtree(d)`): its
 * value expression; anything else is returned as it is.
 */
function assignedValue(code: string, expression: string): string {
  if (!/^[A-Za-z_]\w*$/.test(expression)) return expression;
  const assignments = [...code.matchAll(new RegExp(String.raw`(?:^|[;\s(,])(?:const\s+|let\s+|var\s+|my\s+\$)?${expression}\s*=(?!=)\s*`, "g"))];
  if (assignments.length !== 1) return expression;
  // Every other use must be a plain call argument: `for d in …`, `d += …`, `(d := …)`, `as d`, `a, d = …` rebind it.
  const uses = [...code.matchAll(new RegExp(String.raw`\b${expression}\b`, "g"))].length;
  const asArgument = [...code.matchAll(new RegExp(String.raw`[(,]\s*${expression}\s*(?=[,)])`, "g"))].length;
  if (uses !== asArgument + 1) return expression;
  const start = (assignments[0]!.index ?? 0) + assignments[0]![0].length;
  const end = code.slice(start).search(/[;\n]/);
  return code.slice(start, end < 0 ? undefined : start + end).trim();
}

export function stringLiteral(text: string): string | undefined {
  const m = /^[rbuf]?(['"])((?:\\.|(?!\1).)*)\1$/s.exec(text);
  return m ? m[2]!.replace(/\\(.)/g, "$1") : undefined;
}
