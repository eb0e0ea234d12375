/**
 * Programs that are not shells but run a shell command they are given: in an option (`tar
 * --checkpoint-action=exec=CMD`, `zip -TT CMD`, `ssh -o ProxyCommand=CMD`, `rsync -e CMD`), or in the
 * script they read (`m4`'s `esyscmd(CMD)`, `sqlite3`'s `.shell CMD`, `psql`'s `\! CMD`, `ed`'s `!CMD`).
 * The command is judged like `sh -c CMD`.
 */
import type { Arg, CodeInput } from "./types.ts";
import { record, type Execution } from "./execute.ts";
import { walkCode } from "./walk.ts";

/** Programs read here; every other command returns at once. */
export const ESCAPING = new Set(["crontab", "tar", "bsdtar", "gtar", "zip", "ssh", "scp", "sftp", "rsync", "m4", "sqlite3", "psql", "mysql", "mariadb", "ed", "red", "capsh"]);

/** Options whose value is a command line, per program: `--opt=CMD`, `--opt CMD`, and for tar `exec=CMD`. Built on first use. */
let optionCodeTable: Record<string, RegExp> | undefined;
const optionCode = (): Record<string, RegExp> => (optionCodeTable ??= {
  // tar runs these with `sh -c`; `--checkpoint-action=exec=CMD` after its `exec=`.
  tar: /^(--checkpoint-action|--to-command|--use-compress-program|-I|--info-script|--new-volume-script|-F|--rsh-command)$/,
  zip: /^(-TT|--unzip-command)$/,
  // ssh runs ProxyCommand, LocalCommand and KnownHostsCommand with the user's shell.
  ssh: /^-o$/,
  // rsync runs the `-e` program itself (words split like a shell's), and `--rsync-path` with the remote shell.
  rsync: /^(-e|--rsh|--rsync-path)$/,
});
const SSH_CODE = /^(ProxyCommand|LocalCommand|KnownHostsCommand)\s*[= ]\s*(.+)$/is;

export function runEscapes(program: string, args: Arg[], ex: Execution): void {
  if (program === "capsh") return runCapsh(args, ex);
  if (program === "crontab") return runCrontab(args, ex);
  const family = program === "bsdtar" || program === "gtar" ? "tar" : program === "scp" || program === "sftp" ? "ssh" : program;
  const pattern = Object.hasOwn(optionCode(), family) ? optionCode()[family] : undefined;
  if (pattern) {
    for (let i = 1; i < args.length; i++) {
      const word = args[i]!;
      const eq = word.value.startsWith("--") ? word.value.indexOf("=") : -1;
      const name = eq > 0 ? word.value.slice(0, eq) : /^-o./.test(word.value) && family === "ssh" ? "-o" : word.value;
      if (!pattern.test(name)) continue;
      const value: Arg | undefined = eq > 0 ? { ...word, value: word.value.slice(eq + 1) } : name === "-o" && word.value.length > 2 ? { ...word, value: word.value.slice(2) } : args[++i];
      if (!value) continue;
      const code = family === "ssh" ? SSH_CODE.exec(value.value)?.[2] : name === "--checkpoint-action" ? /^exec=(.*)$/s.exec(value.value)?.[1] : value.value;
      if (code !== undefined) runCode({ ...value, value: code }, `${program} ${name}`, ex);
    }
    return;
  }
  const text = scriptOf(family, args, ex.input);
  if (text === undefined) return;
  // A script only run time knows (`sqlite3 db < "$F"`) is not read, like a script on disk.
  for (const match of text.matchAll(scriptEscapes()[family]!)) {
    const code = (match[1] ?? match[2] ?? match[3] ?? "").replace(/^`(.*)'$/s, "$1");
    runCode({ value: code, dynamic: false, raw: code }, `${program} ${match[0].trim().split(/\s|\(/)[0]}`, ex);
  }
}

/** The escapes each program's own script language has; `(.*)` is the command. Built on first use. */
let scriptEscapesTable: Record<string, RegExp> | undefined;
const scriptEscapes = (): Record<string, RegExp> => (scriptEscapesTable ??= {
  // m4: `esyscmd(CMD)` and `syscmd(CMD)`, the argument possibly quoted `` `CMD' ``.
  m4: /\b(?:esyscmd|syscmd)\s*\(([^)]*)\)/g,
  // sqlite3's dot-commands: `.shell CMD`, `.system CMD`, and output piped to a command (`.once |CMD`).
  sqlite3: /(?:^|[\n;])\s*\.(?:shell|system)\s+([^\n]+)|(?:^|[\n;])\s*\.(?:once|output)\s+(?:-\w+\s+)*['"]?\|([^\n'"]+)/g,
  // psql: `\! CMD`, `\o |CMD`, `\g |CMD`, and COPY … TO/FROM PROGRAM 'CMD'.
  psql: /\\!\s*([^\n\\]+)|\\[og]\s+\|([^\n\\]+)|\bprogram\s+'([^']*)'/gi,
  // mysql's client: `\! CMD` and `system CMD`.
  mysql: /\\!\s*([^\n;]+)|(?:^|[\n;])\s*system\s+([^\n;]+)/gi,
  // ed: `!CMD`, and `r !CMD` / `w !CMD` read from or write to a command.
  ed: /(?:^|\n)\s*(?:[\d,.$]*\s*[rw]\s*)?!([^\n]+)/g,
  mariadb: /\\!\s*([^\n;]+)|(?:^|[\n;])\s*system\s+([^\n;]+)/gi,
  red: /$^/g,
});

/** The script: SQL or m4 given as arguments, or what stdin carries. */
function scriptOf(family: string, args: Arg[], input: CodeInput | undefined): string | undefined {
  if (!Object.hasOwn(scriptEscapes(), family)) return undefined;
  const pieces: string[] = [];
  if (family === "psql" || family === "mysql" || family === "mariadb") {
    for (let i = 1; i < args.length; i++) {
      if (/^(-c|--command|-e|--execute)$/.test(args[i]!.value) && args[i + 1]) pieces.push(args[++i]!.value);
      else if (/^(--command|--execute)=/.test(args[i]!.value)) pieces.push(args[i]!.value.replace(/^[^=]*=/, ""));
    }
  } else if (family === "sqlite3") {
    // `sqlite3 DB SQL…`: the words after the database are statements and dot-commands.
    const operands = args.slice(1).filter((a) => !a.value.startsWith("-"));
    pieces.push(...operands.slice(1).map((a) => a.value));
  }
  if (input?.kind === "static") pieces.push(input.text ?? "");
  return pieces.length ? pieces.join("\n") : undefined;
}

/**
 * `crontab -` (or no file) installs its input as the user's table; each job's command runs later with
 * `sh`. Known lines count even when others are not (`(crontab -l; echo '* * * * * CMD') | crontab -`).
 */
function runCrontab(args: Arg[], ex: Execution): void {
  const operands: Arg[] = [];
  for (let i = 1; i < args.length; i++) {
    const word = args[i]!.value;
    if (/^-[A-Za-z]*[lre]$/.test(word)) return;
    if (word === "-u") i++;
    else if (!word.startsWith("-") || word === "-") operands.push(args[i]!);
  }
  const file = operands[0];
  const text = !file || file.value === "-" ? (ex.input?.kind === "static" ? ex.input.text : ex.input?.known) : file.dynamic ? undefined : ex.walk.files.get(file.value.startsWith("/") ? file.value : `${ex.state.cwd ?? ""}/${file.value}`);
  for (const line of (text ?? "").split("\n")) {
    const job = /^\s*(?:@\w+|(?:\S+\s+){5})(.+)$/.exec(line);
    if (!job || /^\s*#/.test(line) || /^\s*[A-Za-z_]\w*\s*=/.test(line)) continue;
    runCode({ value: job[1]!, dynamic: false, raw: job[1]! }, "crontab job", ex);
  }
}

/** `capsh [OPTIONS] -- ARGS`: ARGS are given to bash (`capsh -- -c 'CODE'`). */
function runCapsh(args: Arg[], ex: Execution): void {
  const dashes = args.findIndex((a) => a.value === "--");
  if (dashes < 0 || dashes === args.length - 1) return;
  const rest = args.slice(dashes + 1);
  const at = rest.findIndex((a) => a.value === "-c");
  const code = at >= 0 ? rest[at + 1] : undefined;
  if (code) runCode(code, "capsh -- -c", ex);
}

function runCode(code: Arg, wrapper: string, ex: Execution): void {
  if (code.dynamic) {
    record([{ value: "sh", dynamic: false, raw: "sh" }], [...ex.frame.wrappers, wrapper], ex.state.cwd, { ...ex, redirects: [] }, { kind: "dynamic", from: code.raw });
    return;
  }
  walkCode(code.value, { ...ex.state, vars: new Map(ex.state.vars) }, { ...ex.frame, wrappers: [...ex.frame.wrappers, wrapper], depth: ex.frame.depth + 1 }, ex.walk);
}
