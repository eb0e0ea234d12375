/**
 * Which files a shell command would show the model: the operands of programs that print files (`cat`,
 * `grep`, `base64`, `xxd`, …), a file fed in with `<`, `dd if=`, members printed by `tar -O`, and files
 * copied or moved earlier in the same line (`cp .env x && cat x`). git's views are read in git-views.ts.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { basename, isAbsolute, join } from "node:path";
import { HOME_MARK, interpreterCode, languageOf, pathsInScript, type ExecutedCommand } from "../../shared/shell.ts";
import { grepLineTest, type LineTest } from "./grep-pattern.ts";

/** Programs that print the files named in their arguments (or something derived from them). */
const PRINTERS = new Set([
  "cat", "tac", "less", "more", "most", "head", "tail", "bat", "batcat", "nl", "strings", "xxd", "od", "hexdump", "hd", "base64", "base32",
  "basenc", "grep", "egrep", "fgrep", "rg", "ag", "ack", "awk", "gawk", "mawk", "sed", "cut", "sort", "uniq", "paste", "column", "jq", "yq",
  "diff", "cmp", "comm", "openssl", "python", "python3", "node", "ruby", "perl", "type", "Get-Content", "gc", "view", "vi", "vim", "nano",
  "fold", "fmt", "pr", "rev", "expand", "unexpand", "iconv", "look", "zcat", "zless", "zmore", "bzcat", "xzcat",
  "zstdcat", "uuencode", "findstr",
]);
/** Options after which grep prints no line of the file: file names, counts, exit status only. */
const GREP_QUIET = /^-(?:[a-zA-Z]*[lLcq][a-zA-Z]*)$|^--(?:files-with(?:out)?-match(?:es)?|count|quiet|silent)$/;
const GREPS = new Set(["grep", "egrep", "fgrep", "rg", "ag", "ack"]);
const SCRIPT_FIRST = new Set(["grep", "egrep", "fgrep", "rg", "ag", "ack", "sed", "awk", "gawk", "mawk"]);
/** Compressors, which print the file compressed with `-c`/`--stdout` (`gzip -c .env | zcat` shows it). */
const COMPRESSORS = new Set(["gzip", "pigz", "bzip2", "pbzip2", "xz", "lzma", "zstd", "lz4", "brotli", "lzip"]);
const TO_STDOUT = /^-[a-zA-Z0-9]*c[a-zA-Z0-9]*$|^--(?:stdout|to-stdout)$/;
/** Programs that put a copy of a file somewhere (the last operand is the destination). */
const COPIERS = new Set(["cp", "mv", "ln", "install", "rsync", "scp"]);

/** A file the command shows, and how (`rewritable`: the program's output is the file or derived from it, so a redacted copy can stand in). */
export interface ReadTarget {
  /** As written in the command (after static expansion), to swap for the copy. */
  word: string;
  path: string;
  /** Where the content comes from when it is not a plain file: tar members. */
  source?: { kind: "tar"; members: string[] };
  /** A folder given to a recursive grep: every file under it is read. */
  recursive?: boolean;
  /** The lines a grep prints; absent: the whole file is shown. */
  lines?: LineTest;
  /** Code that lists a folder and reads what it finds: when the path is a folder, its files that are secret by name are read. */
  secretFilesIn?: boolean;
}

/** Whether the program prints the files it is given. */
export function printsFiles(program: string): boolean {
  return PRINTERS.has(program);
}

/** Copies made earlier in the line: destination path → source path. */
export type CopyMap = Map<string, string>;

export function readTargets(command: ExecutedCommand, copies: CopyMap): ReadTarget[] {
  const cwd = command.cwd ?? "/";
  const at = (word: string) => resolve(copies, isAbsolute(word) ? word : join(cwd, word));
  const targets: ReadTarget[] = [];
  for (const redirect of command.redirects) {
    if (redirect.op === "<" && !redirect.dynamic) targets.push({ word: redirect.target, path: at(redirect.target) });
  }
  // A file opened on another descriptor and read from it (`exec 3< .env; cat <&3`).
  const opened = command.input?.file;
  if (opened !== undefined && !command.redirects.some((r) => r.op === "<" && r.target === opened)) targets.push({ word: opened, path: at(opened) });
  const [, ...args] = command.argv;
  const program = command.program;
  const operands = args.filter((word, i) => word !== "" && !word.startsWith("-") && !command.dynamic[i + 1]);
  // The first operand of grep, sed and awk is their pattern or script (`grep 'a.*b' f`), unless -e or -f gave it.
  if (SCRIPT_FIRST.has(program) && !args.some((word) => /^-[a-zA-Z]*[ef]$/.test(word) || word.startsWith("--regexp") || word.startsWith("--file") || word.startsWith("--expression"))) operands.shift();
  if (COPIERS.has(program)) {
    recordCopy(operands.map(at), copies);
    return targets;
  }
  if (program === "dd") {
    for (const word of args) if (word.startsWith("if=")) targets.push({ word, path: at(word.slice(3)) });
    return targets;
  }
  if (program === "git") return targets;
  if (COMPRESSORS.has(program)) {
    if (args.some((word) => TO_STDOUT.test(word))) for (const word of operands) targets.push({ word, path: at(word) });
    return targets;
  }
  // `curl file:///home/me/.env`, `wget -O- file://…`: a local file fetched and printed.
  if (program === "curl" || program === "wget") {
    for (const word of args) {
      const local = /^file:\/\/(?:localhost)?(\/[^?#]*)$/i.exec(word);
      if (local) targets.push({ word, path: decodeURIComponent(local[1]!) });
    }
    return targets;
  }
  if (program === "findstr") return [...targets, ...findstrTargets(args, at)];
  if (program === "certutil") {
    // `certutil -encode SRC DST` writes SRC's bytes as base64 to DST; `-dump SRC` prints them.
    const verb = args.find((word) => /^[-/]\w/.test(word))?.slice(1).toLowerCase();
    const files = args.filter((word) => !/^[-/]\w/.test(word) || word.includes("/", 1));
    if (verb === "dump" && files[0]) targets.push({ word: files[0], path: at(files[0]) });
    if ((verb === "encode" || verb === "decode" || verb === "encodehex" || verb === "decodehex") && files.length >= 2) recordCopy(files.slice(0, 2).map(at), copies);
    return targets;
  }
  if (program === "tar") return [...targets, ...tarTargets(args, at)];
  if (GREPS.has(program) && args.some((word) => GREP_QUIET.test(word))) return targets;
  if (GREPS.has(program) && (program !== "grep" && program !== "egrep" && program !== "fgrep" || args.some((word) => /^-[a-zA-Z]*[rR]/.test(word) || word === "--recursive" || word === "--dereference-recursive"))) {
    // Given no folder, they search the current one.
    const folders = operands.length ? operands : ["."];
    const lines = grepLineTest(program, args);
    for (const word of folders) targets.push({ word, path: at(word), recursive: true, ...(lines ? { lines } : {}) });
    return targets;
  }
  // An in-place edit prints nothing.
  if ((program === "sed" || program === "perl") && args.some((word) => /^-[a-zA-Z]*i/.test(word) || word.startsWith("--in-place"))) return targets;
  if (PRINTERS.has(program)) for (const word of operands) targets.push({ word, path: at(word) });
  return targets;
}

/** Windows' `findstr [/switches] PATTERN FILES`, or `/c:TEXT FILES`; `/m` prints file names only. */
function findstrTargets(args: string[], at: (word: string) => string): ReadTarget[] {
  const isSwitch = (word: string) => /^\/[A-Za-z?](?::.*)?$/.test(word) || /^\/[A-Za-z]{2,}$/.test(word);
  const switches = args.filter(isSwitch).map((word) => word.toLowerCase());
  if (switches.some((s) => s === "/m")) return [];
  const operands = args.filter((word) => !isSwitch(word));
  const given = switches.some((s) => s.startsWith("/c:") || s.startsWith("/g:"));
  return (given ? operands : operands.slice(1)).map((word) => ({ word, path: at(word) }));
}

/** `cp a b c dir/`, `cp a b`: each source under its destination path. */
function recordCopy(paths: string[], copies: CopyMap): void {
  if (paths.length < 2) return;
  const destination = paths[paths.length - 1]!;
  const sources = paths.slice(0, -1);
  for (const source of sources) {
    copies.set(destination, source);
    copies.set(join(destination, basename(source)), source);
  }
}

function resolve(copies: CopyMap, path: string): string {
  return copies.get(path) ?? path;
}

/** `tar -xOf a.tgz [members]`, `tar --to-stdout -xf …`: the archive's members are printed. */
function tarTargets(args: string[], at: (word: string) => string): ReadTarget[] {
  const clustered = args[0] && !args[0].startsWith("-") ? `-${args[0]}` : undefined;
  const flags = [clustered, ...args.filter((word) => word.startsWith("-"))].filter((w): w is string => !!w);
  const toStdout = flags.some((f) => f === "--to-stdout" || (!f.startsWith("--") && f.includes("O")));
  if (!toStdout) return [];
  let archive: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word.startsWith("--file=")) archive = word.slice(7);
    else if ((word === "-f" || word === "--file" || (/^-?[A-Za-z]*f$/.test(word) && (i > 0 || word.startsWith("-")))) && args[i + 1]) archive = args[++i];
    else if (i === 0 && clustered) {
      if (word.endsWith("f") && args[1]) archive = args[++i];
    }
    else if (!word.startsWith("-")) rest.push(word);
  }
  return archive ? [{ word: archive, path: at(archive), source: { kind: "tar", members: rest } }] : [];
}

/**
 * Files a printer may be handed by a substitution only run time resolves (`cat $(echo .env)`): the static
 * words of the commands inside substitutions, where they name a file.
 */
export function substitutedWords(commands: readonly ExecutedCommand[]): ReadTarget[] {
  const targets: ReadTarget[] = [];
  for (const command of commands) {
    if (!command.wrappers.some((w) => w.startsWith("$(") || w.startsWith("`"))) continue;
    const cwd = command.cwd ?? "/";
    command.argv.forEach((word, i) => {
      if (i > 0 && word && !word.startsWith("-") && !command.dynamic[i]) targets.push({ word, path: isAbsolute(word) ? word : join(cwd, word) });
    });
  }
  return targets;
}

// Calls that open or read a file, in the languages read here.
const READ_CALL = /\bopen\s*\(|\bread(?:_text|_bytes|lines|File(?:Sync)?)?\s*\(|File\.(?:read|open|foreach|readlines)|\bslurp\b|file_get_contents|\bfopen\s*\(|\bgetline\b|<\$?\w*>/;
// Calls that list a folder.
const LIST_CALL = /\b(?:listdir|scandir|iterdir|walk|glob|readdir(?:Sync)?|opendir|entries|children|each_child|Dir\b)/;
// Options of the interpreters that take a value, so that the script is the operand after them.
const VALUE_OPTIONS = /^(?:-[WXr]|--require|--import|--loader|-I|-M|--env-file)$/;
const SCRIPT_BYTES = 256 * 1024;

/**
 * Files that interpreter code may open and print (`python -c 'print(open(".env").read())'`,
 * `node -e "…readFileSync('.env')…"`, `ruby -e 'puts File.read(".env")'`, a heredoc fed to python, or a
 * script on disk: `python dump.py`): every name its string literals spell that exists. The code may do
 * anything with the file, so a secret there refuses the command; it is never rewritten.
 */
export function scriptTargets(command: ExecutedCommand, home: string | undefined, line: readonly ExecutedCommand[]): ReadTarget[] {
  const code = interpreterSource(command, line);
  if (!code) return [];
  const cwd = command.cwd ?? "/";
  const names = pathsInScript(code);
  // dotenv loads `.env` without naming it; printing the environment then shows it.
  if (/dotenv/.test(code) && /process\.env|os\.environ|getenv|ENV\[/.test(code)) names.push(".env");
  // Code that lists a folder and opens files may open each one the folder holds (`for f in os.listdir(d): open(f)`).
  const opensFiles = LIST_CALL.test(code) && READ_CALL.test(code);
  const targets: ReadTarget[] = [];
  for (const name of names) {
    const path = name.startsWith(HOME_MARK) ? home && home + name.slice(HOME_MARK.length) : isAbsolute(name) ? name : join(cwd, name);
    if (path) targets.push({ word: name, path, ...(opensFiles ? { secretFilesIn: true } : {}) });
  }
  return targets;
}

/** The code an interpreter of the line runs: `-c`/`-e` code, a heredoc, or its script file on disk. */
export function interpreterSource(command: ExecutedCommand, line: readonly ExecutedCommand[]): string | undefined {
  const language = languageOf(command.program);
  if (!language) return undefined;
  const args = command.argv.map((value, i) => ({ value, dynamic: command.dynamic[i] ?? false, raw: value }));
  const script = interpreterCode(command.program, args, command.input);
  const cwd = command.cwd ?? "/";
  const file = script || language === "awk" ? undefined : scriptFile(command);
  const onDisk = file === undefined ? undefined : readScript(isAbsolute(file) ? file : join(cwd, file));
  // A script the same line writes first (`printf '…' > x.py && python3 x.py`) is not on disk yet: what
  // the line's words and heredocs spell stands in for its code.
  return script ? (script.code.kind === "static" ? script.code.text : undefined) : onDisk ?? (file === undefined ? undefined : lineText(line));
}

/** The script file an interpreter runs (`python3 -u dump.py`); undefined for a module (`-m`) or a run-time name. */
function scriptFile(command: ExecutedCommand): string | undefined {
  for (let i = 1; i < command.argv.length; i++) {
    const word = command.argv[i]!;
    if (word === "-m" || command.dynamic[i]) return undefined;
    if (VALUE_OPTIONS.test(word)) i++;
    else if (!word.startsWith("-")) return word;
  }
  return undefined;
}

/** Every static word and heredoc of the line, one per line of text. */
function lineText(line: readonly ExecutedCommand[]): string {
  const parts: string[] = [];
  for (const command of line) {
    command.argv.forEach((word, i) => !command.dynamic[i] && parts.push(word));
    if (command.input?.kind === "static" && command.input.text) parts.push(command.input.text);
  }
  return parts.join("\n");
}

const SHELL_PROGRAMS = new Set(["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "rbash"]);

/**
 * The script a shell runs or sources from disk (`bash dump.sh`, `sh -e ./x.sh`, `source x.sh`, `. ./x.sh`):
 * its text, to be read like a command line of its own. Undefined for `-c` code (the analysis follows it).
 */
export function shellScriptOnDisk(command: ExecutedCommand): string | undefined {
  let file: string | undefined;
  if (command.program === "source" || command.program === ".") file = command.dynamic[1] ? undefined : command.argv[1];
  else if (SHELL_PROGRAMS.has(command.program)) {
    for (let i = 1; i < command.argv.length; i++) {
      const word = command.argv[i]!;
      if (command.dynamic[i] || word === "--command" || (/^-[A-Za-z]*c[A-Za-z]*$/.test(word) && !word.startsWith("--"))) return undefined;
      if (word === "-o" || word === "+o" || word === "-O" || word === "+O") i++;
      else if (!/^[-+]/.test(word)) {
        file = word;
        break;
      }
    }
  }
  if (!file) return undefined;
  return readScript(isAbsolute(file) ? file : join(command.cwd ?? "/", file));
}

/** A readable regular file of modest size, as text. */
function readScript(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > SCRIPT_BYTES) return undefined;
    const data = Buffer.alloc(stat.size);
    const n = readSync(fd, data, 0, stat.size, 0);
    return data.subarray(0, n).toString("utf8");
  } finally {
    closeSync(fd);
  }
}
