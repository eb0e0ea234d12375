/**
 * Commands that print the environment the agent's shell inherits: `env`, `printenv`, `export -p`, `set`,
 * `echo $GITHUB_TOKEN`, `/proc/self/environ`, PowerShell's `Get-ChildItem env:`, `$env:NAME` and
 * `[Environment]::GetEnvironmentVariables()`, cmd's `echo %NAME%`. The hook runs in the environment the
 * agent hands its shell, so the values such a command would show are the hook's own, and they are checked
 * as the lines of a `.env` file would be.
 */
import type { ExecutedCommand } from "../../shared/shell.ts";
import { interpreterSource } from "./shell-read-targets.ts";

/** What a command line would print of the environment: all of it, or some variables by name. */
export interface EnvironmentRead {
  all: boolean;
  names: Set<string>;
  /** PowerShell wildcards over the names (`gci env:*TOKEN*`). */
  globs?: string[];
}

/** Programs that print their arguments (PowerShell's cmdlets in lower case). */
const PRINTERS = new Set(["echo", "printf", "print", "write-output", "write-host", "write", "out-host"]);
/** PowerShell's item cmdlets and their aliases: given `env:` they list or show variables. */
const ITEM_READERS = new Set(["get-childitem", "gci", "ls", "dir", "get-item", "gi", "get-content", "gc", "cat", "type", "get-itemproperty", "gp"]);
/** `env:`, `Env:\`, `-Path:env:` (every variable) or `env:NAME` (one). */
const ENV_DRIVE = /^(?:-\w+:)?env:[\\/]?(\*|[A-Za-z_]\w*)?$/i;
/** `env:*TOKEN*`, `env:GH_*`: the variables whose names match; `env:$name`: one only run time knows. */
const ENV_DRIVE_GLOB = /^(?:-\w+:)?env:[\\/]?([\w*?]*[*?][\w*?]*)$/i;
const ENV_DRIVE_DYNAMIC = /^(?:-\w+:)?env:[\\/]?\$/i;
const PROC_ENVIRON = /^\/proc\/[^/\s]+\/environ$/;
const ALL_VARIABLES = /\[(?:System\.)?Environment\]::GetEnvironmentVariables\(/i;
const ONE_VARIABLE = /\[(?:System\.)?Environment\]::GetEnvironmentVariable\(\s*['"]([A-Za-z_]\w*)['"]/gi;
/** `GetEnvironmentVariable($name)`, `("GH_" + "TOKEN")`: a name put together at run time, so any variable. */
const BUILT_VARIABLE = /\[(?:System\.)?Environment\]::GetEnvironmentVariable\(\s*(?!['"][A-Za-z_]\w*['"]\s*[,)])/i;
const POWERSHELL_VARIABLE = /\$\{?env:([A-Za-z_]\w*)/gi;
const BRACED_VARIABLE = /\$\{env:([A-Za-z_]\w*)\}/gi;
/** `"env:$name"`, `Get-Item env:$n`: the env drive with a name only run time knows. */
const DYNAMIC_DRIVE = /\benv:\$\w/i;
/** bash's `${!name}`: the variable whose name another holds. */
const INDIRECT = /\$\{!\w+(?:[@*])?\}/;
/** `$NAME`, `${NAME}`, `${NAME:-x}`; not `${#NAME}`, which is its length. */
const SHELL_VARIABLE = /\$\{?([A-Za-z_]\w*)/g;
const CMD_VARIABLE = /%([A-Za-z_]\w*)%/g;

/**
 * What the commands of `line` would print of the environment, or undefined when they print none of it.
 * PowerShell's .NET calls are looked for in the line as written: a POSIX reading splits them apart.
 */
export function environmentRead(line: string, commands: readonly ExecutedCommand[]): EnvironmentRead | undefined {
  const read: EnvironmentRead = { all: false, names: new Set() };
  for (const command of commands) {
    readOf(command, read);
    const code = interpreterSource(command, commands);
    if (code) codeReadOf(code, read);
  }
  // Plain searches first: V8 compiles each pattern on its first use, and most lines hold none of these.
  const lower = line.toLowerCase();
  if (lower.includes("environment]::")) {
    if (ALL_VARIABLES.test(line) || BUILT_VARIABLE.test(line)) read.all = true;
    for (const match of line.matchAll(ONE_VARIABLE)) read.names.add(match[1]!);
  }
  if (lower.includes("env:$") && DYNAMIC_DRIVE.test(line)) read.all = true;
  // PowerShell's `${env:NAME}` is split apart by a POSIX reading.
  if (lower.includes("${env:")) for (const match of line.matchAll(BRACED_VARIABLE)) read.names.add(match[1]!);
  return read.all || read.names.size > 0 || read.globs?.length ? read : undefined;
}

function readOf(command: ExecutedCommand, read: EnvironmentRead): void {
  const program = command.program.toLowerCase();
  const operands = command.argv.slice(1);
  const options = operands.filter((word) => word.startsWith("-"));
  // `env` with no command to run (the analysis peels `env X=1 cmd` down to cmd) prints the environment.
  if (program === "env") read.all = true;
  if (program === "printenv") {
    const names = operands.filter((word) => !word.startsWith("-"));
    if (names.length === 0) read.all = true;
    for (const name of names) read.names.add(name);
  }
  // `export`, `export -p`, `declare -px`, `typeset`; not `export A=1` or `declare -f` (functions). With -p,
  // the names that follow are printed with their values (`declare -p GITHUB_TOKEN`).
  if (["export", "declare", "typeset"].includes(program) && !options.some((o) => /^-[fF]+$/.test(o))) {
    if (options.length === operands.length) read.all = true;
    else if (options.some((o) => /^-\w*p/.test(o))) for (const name of operands.filter((w) => /^[A-Za-z_]\w*$/.test(w))) read.names.add(name);
  }
  if (program === "set" && operands.length === 0) read.all = true;
  if (ITEM_READERS.has(program)) {
    for (const word of operands) {
      if (!word.toLowerCase().includes("env:")) continue;
      const glob = ENV_DRIVE_GLOB.exec(word);
      if (glob && glob[1] !== "*") (read.globs ??= []).push(glob[1]!);
      if (ENV_DRIVE_DYNAMIC.test(word)) read.all = true;
      const drive = ENV_DRIVE.exec(word);
      if (!drive) continue;
      if (!drive[1] || drive[1] === "*") read.all = true;
      else read.names.add(drive[1]);
    }
  }
  const words = [...command.argv, ...command.redirects.map((r) => r.target)];
  if (words.some((word) => PROC_ENVIRON.test(word))) read.all = true;
  // A here-string hands the program the value itself (`cat <<< "$GITHUB_TOKEN"`, `base64 <<< $X`).
  const fed = command.input?.from.startsWith("<<<") ? command.input.from : "";
  for (const match of fed.matchAll(SHELL_VARIABLE)) if (!fed.includes(`\${#${match[1]}`)) read.names.add(match[1]!);
  // PowerShell shows the value of a bare `$env:NAME`; the printers show what their arguments expand to.
  const printer = PRINTERS.has(program);
  command.argv.forEach((word, i) => {
    const shown = printer ? i > 0 : i === 0;
    if (!shown) return;
    for (const match of word.matchAll(POWERSHELL_VARIABLE)) read.names.add(match[1]!);
    if (!printer) return;
    if (command.dynamic[i]) for (const match of word.matchAll(SHELL_VARIABLE)) if (!word.includes(`\${#${match[1]}`)) read.names.add(match[1]!);
    if (command.dynamic[i] && word.includes("${!") && INDIRECT.test(word)) read.all = true;
    for (const match of word.matchAll(CMD_VARIABLE)) read.names.add(match[1]!);
  });
}

/** The environment as interpreters hand it out: Python, Node, Ruby, Perl, PHP, Go and Java spellings. */
const CODE_ENVIRONMENT = /os\.environ|process\.env|\bENV\b|%ENV|\$ENV\{|\$_ENV|\bgetenv\b|os\.Environ\(|System\.getenv/;
/** One variable by a literal name: `os.environ["X"]`, `.get("X")`, `getenv("X")`, `process.env.X`, `ENV.fetch("X")`, `$ENV{X}`. */
const CODE_VARIABLE = /(?:environ(?:\.get)?|getenv|ENV(?:\.fetch)?|\$_ENV|System\.getenv)\s*[([]\s*['"]([A-Za-z_]\w*)['"]|process\.env\.([A-Za-z_]\w*)|process\.env\[\s*['"]([A-Za-z_]\w*)['"]|\$ENV\{\s*['"]?([A-Za-z_]\w*)/g;
/** The whole environment: the object itself passed on, iterated or dumped. */
const CODE_ALL = /os\.environ(?![\w.]*\s*[([]|\.get)|process\.env(?![.\[\w])|\bENV\b(?![\w.]*\s*[([]|\.fetch)|%ENV|\$_ENV(?!\s*\[)|os\.Environ\(|System\.getenv\(\s*\)/;
/** Code that shows something: a print, a log, a write to stdout. */
const CODE_PRINTS = /\b(?:print|printf|println|puts|p|pp|say|echo|console\.\w+|write|dump|var_dump|print_r|json\.dumps|JSON\.stringify)\b/;

/** A variable by a name only run time knows: `os.environ[n]`, `getenv("GH_" + "TOKEN")`, `process.env[k]`, `ENV.fetch(name)`. */
const CODE_BUILT_NAME = /(?:environ(?:\.get)?|getenv|ENV(?:\.fetch)?|\$_ENV|System\.getenv|process\.env)\s*[([]\s*(?!['"][A-Za-z_]\w*['"]\s*[,)\]])(?=[^\s)\]])/;

/** What interpreter code would print of the environment, when it both reads it and prints. */
function codeReadOf(code: string, read: EnvironmentRead): void {
  if (!CODE_ENVIRONMENT.test(code) || !CODE_PRINTS.test(code)) return;
  for (const match of code.matchAll(CODE_VARIABLE)) read.names.add((match[1] ?? match[2] ?? match[3] ?? match[4])!);
  if (CODE_ALL.test(code) || CODE_BUILT_NAME.test(code)) read.all = true;
}

/** The environment's lines (`NAME=value`) that `read` would print, as the text of a `.env` file. */
export function environmentText(env: Readonly<Record<string, string | undefined>>, read: EnvironmentRead): { text: string; names: string[] } {
  // PowerShell's wildcards: `*` any run, `?` one character, case-insensitive.
  const globs = (read.globs ?? []).map((glob) => new RegExp(`^${glob.replace(/\*/g, ".*").replace(/\?/g, ".")}$`, "i"));
  const names = Object.keys(env)
    .filter((name) => env[name] !== undefined && (read.all || [...read.names].some((wanted) => wanted.toLowerCase() === name.toLowerCase()) || globs.some((glob) => glob.test(name))))
    .sort();
  return { text: names.map((name) => `${name}=${env[name]}\n`).join(""), names };
}
