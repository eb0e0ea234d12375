/** Programs that run code or other programs given as data: shells, eval, source, interpreters, find, parallel. */
import { posix } from "node:path";
import type { Arg, CodeInput } from "./types.ts";
import { HOME_MARK, TEMP_MARK, interpreterCode, languageOf, scanScript, type ScriptFinding } from "./scripts.ts";
import { executeProgram, record, type Execution } from "./execute.ts";
import { walkCode, walkSubstitutions } from "./walk.ts";
import { substitutionsIn } from "./expansion.ts";
import { ELEMENT } from "./expand.ts";
import { substitutionOutput } from "./simple.ts";
import { CONTAINER_RUNNERS, execInPod, runContainer } from "./containers.ts";
import { ESCAPING, runEscapes } from "./escapes.ts";
import { FLEET, runFleet } from "./fleet.ts";
import { PACKAGE_RUNNERS, runPackageScripts } from "./package-scripts.ts";
import { cmdToPosix, startedProgram } from "./windows.ts";

// Shells of other families (csh, nushell, xonsh, elvish, Oil) run simple commands the same way: `-c CODE` is read as a command line.
export const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "yash", "posh", "rbash", "csh", "tcsh", "nu", "xonsh", "elvish", "osh", "ysh", "oksh", "loksh", "hush"]);
const DOWNLOADERS = /\b(curl|wget|fetch|http|aria2c|iwr|Invoke-WebRequest)\b/;

/** "replaced": the nested analysis stands for this command; a CodeInput: it runs code nobody can read here. */
export type RunnerResult = "replaced" | CodeInput | undefined;

export function runCodeRunner(program: string, args: Arg[], ex: Execution): RunnerResult {
  if (SHELLS.has(program) || (args[0]!.raw.includes("SHELL") && /^\$\{?SHELL\}?$/.test(args[0]!.raw)) || program === "su" || program === "runuser") return runShell(program, args, ex);
  if (program === "eval") {
    const rest = args.slice(1);
    if (rest.some((a) => a.dynamic)) return localOutput(rest) ? undefined : opaque(rest.map((a) => a.raw).join(" "));
    return nested(rest.map((a) => a.value).join(" "), "eval", ex);
  }
  if (program === "source" || program === ".") {
    const file = args[1];
    return file ? runScriptFile(file, program, ex) : undefined;
  }
  if (program === "trap") return runTrap(args, ex);
  if (program === "cmd") return runCmd(args, ex);
  if (program === "start" && args.length > 1) return runStart(args, ex);
  if (program === "forfiles") return runForfiles(args, ex);
  // Checked before the runners below: `ssh -o ProxyCommand=CMD HOST CMD2` runs both.
  if (ESCAPING.has(program)) runEscapes(program, args, ex);
  if (FLEET.has(program)) return runFleet(program, args, ex);
  if (PACKAGE_RUNNERS.has(program)) runPackageScripts(program, args, ex);
  if (program === "at" || program === "batch") {
    // `at -f FILE TIME`: the job is the file (read when this line wrote it), not stdin.
    const file = args.findIndex((a, i) => i > 0 && a.value === "-f");
    return file > 0 && args[file + 1] ? runScriptFile(args[file + 1]!, `${program} -f`, ex) : runStdinCode(program, ex);
  }
  if (program === "ssh") return runSsh(args, ex);
  if (program === "git") return runGitAliases(args, ex);
  if (program === "find") return runFind(args, ex);
  if (program === "sed" || program === "gsed") return runSedExecute(args, ex);
  if ((program === "gpg" || program === "gpg2") && args.some((a) => /^--delete-secret-(?:keys?|and-public-keys?)$/.test(a.value))) return deleteSecretKeys(program, ex);
  if (program === "parallel") return runParallel(args, ex);
  if (program === "fd" || program === "fdfind") return runFd(args, ex);
  if (program === "script") return runScriptCommand(args, ex);
  if (program === "make" || program === "gmake" || program === "just") return runMakefile(program, args, ex);
  if (program === "tmux") return runTmux(args, ex);
  if (program === "sg" || program === "nix-shell") return runCodeOption(program, args, program === "sg" ? ["-c"] : ["--run", "--command"], ex);
  if (program === "nix") return runNix(args, ex);
  if (EDITORS.has(program) || program === "gdb") return runEditorCommands(program, args, ex);
  if (CONTAINER_RUNNERS.has(program)) return runContainer(args, ex);
  if (program === "kubectl" || program === "oc") execInPod(args, ex);
  const script = interpreterCode(program, args, ex.input) ?? writtenScript(program, args, ex);
  if (script) {
    if (script.code.kind !== "static") return script.code;
    for (const finding of scanScript(script.language, script.code.text ?? "")) applyFinding(finding, `${program} ${script.flag}`, ex);
  }
  return undefined;
}

function runShell(program: string, args: Arg[], ex: Execution): RunnerResult {
  runStartupVariables(program, args, ex);
  for (let i = 1; i < args.length; i++) {
    const word = args[i]!.value;
    const takesCode = word === "--command" || (/^-[A-Za-z]*c[A-Za-z]*$/.test(word) && !word.startsWith("--"));
    if (takesCode) {
      const code = args[i + 1];
      if (!code) return undefined;
      if (code.dynamic) return localOutput([code]) ? undefined : opaque(code.raw);
      // `sh -c 'rm -rf "$1"' _ DIR`: the words after the code are `$0`, `$1`, … inside it.
      return nested(code.value, `${program} -c`, ex, args.slice(i + 2));
    }
    if (word === "-o" || word === "+o" || word === "-O" || word === "+O") i++;
    else if (word === "--" || !/^[-+]/.test(word)) {
      // `su root -c CODE`: the user name comes before the code.
      if (program === "su" || program === "runuser") continue;
      return runScriptFile(args[i]!, `${program} ${word}`, ex);
    }
  }
  return runStdinCode(program, ex);
}

/**
 * Variables a starting shell runs: `BASH_ENV` (bash, before its script) and `ENV` (an interactive or POSIX
 * shell) name a file it sources; `PS4` is expanded before every traced line (`-x`), so a `$(…)` in it
 * runs; `PROMPT_COMMAND` runs before an interactive prompt.
 */
function runStartupVariables(program: string, args: Arg[], ex: Execution): void {
  const value = (name: string): Arg | undefined => {
    const assigned = [...(ex.assigned ?? [])].reverse().find(([n]) => n === name)?.[1];
    if (assigned) return assigned;
    const known = ex.state.vars.get(name);
    return ex.state.vars.has(name) ? (known === undefined ? { value: `$${name}`, dynamic: true, raw: `$${name}` } : { value: known, dynamic: false, raw: known }) : undefined;
  };
  const flags = args.slice(1).filter((a) => /^-[A-Za-z]+$/.test(a.value)).map((a) => a.value).join("");
  for (const name of ["BASH_ENV", "ENV"]) {
    const file = value(name);
    if (!file) continue;
    const substitution = /^<\((.*)\)$/s.exec(file.raw);
    runScriptFile(substitution ? { value: file.raw, dynamic: true, raw: file.raw, code: substitution[1]! } : file, `${name}=… ${program}`, ex);
  }
  const ps4 = value("PS4");
  if (ps4 && flags.includes("x")) walkSubstitutions(substitutionsIn(ps4.raw), ex.state, { ...ex.frame, wrappers: [...ex.frame.wrappers, `PS4=… ${program} -x`] }, ex.walk);
  const prompt = value("PROMPT_COMMAND");
  if (prompt && flags.includes("i")) {
    if (prompt.dynamic) record([{ value: "sh", dynamic: false, raw: "sh" }], [...ex.frame.wrappers, "PROMPT_COMMAND"], ex.state.cwd, { ...ex, redirects: [] }, { kind: "dynamic", from: prompt.raw });
    else nested(prompt.value, `PROMPT_COMMAND=… ${program} -i`, ex);
  }
}

/** No -c and no script: the shell (or `at`) reads its code from stdin: a pipe, a here-string, a heredoc. */
function runStdinCode(program: string, ex: Execution): RunnerResult {
  const input = ex.input;
  if (!input) return undefined;
  if (input.kind !== "static") return input;
  return nested(input.text ?? "", `${input.from} | ${program}`, ex);
}

/** `python3 x.py` where this line wrote x.py: its content is read like `-c` code. */
function writtenScript(program: string, args: Arg[], ex: Execution): ReturnType<typeof interpreterCode> {
  const language = languageOf(program);
  const file = args.slice(1).find((a) => !a.value.startsWith("-"));
  if (!language || language === "awk" || !file || (file.dynamic && file.code === undefined)) return undefined;
  const text = scriptText(file, ex);
  if (typeof text === "object") return { language, flag: file.raw, code: text };
  return text === undefined ? undefined : { language, flag: file.value, code: { kind: "static", text, from: file.value } };
}

/**
 * A script file is read when this same command line wrote it with known content, or when it is a
 * process substitution (`bash <(echo …)`) whose output is known. Code produced by a local program
 * (`source <(kubectl completion bash)`) is like a script on disk: not read; downloaded code is asked about.
 */
function runScriptFile(file: Arg, wrapper: string, ex: Execution): RunnerResult {
  const text = scriptText(file, ex);
  // Text echoed or decoded from run-time values (`source <(echo "$CMD")`) is built code, not a local script.
  if (typeof text === "object") {
    if (file.code !== undefined && DOWNLOADERS.test(file.code)) return { kind: "download", from: file.raw };
    return text.kind === "download" || (file.code !== undefined && ECHOED.test(file.code)) ? text : undefined;
  }
  return text === undefined ? undefined : nested(text, wrapper, ex);
}

const ECHOED = /^\s*(echo|printf|base64|xxd|rev|tr|cat\s*<<)\b|\|\s*(base64|xxd|rev|tr)\b/;
const STDIN_FILES = new Set(["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]);

function scriptText(file: Arg, ex: Execution): string | CodeInput | undefined {
  // `bash /dev/stdin <<< CODE`, `. /dev/stdin`: the script is what stdin carries.
  if (!file.dynamic && STDIN_FILES.has(file.value)) return ex.input?.kind === "static" ? ex.input.text ?? "" : ex.input;
  // `bash /dev/fd/3 3<<<CODE`: the script is what descriptor 3 was opened on.
  const fd = file.dynamic ? undefined : /^\/(?:dev\/fd|proc\/self\/fd)\/(\d+)$/.exec(file.value)?.[1];
  const opened = fd === undefined ? undefined : ex.state.fds?.get(Number(fd));
  if (opened) return opened.kind === "static" ? opened.text ?? "" : opened;
  if (file.code !== undefined) {
    const output = substitutionOutput(file.code, ex.state, ex.frame, ex.walk);
    return output.kind === "static" ? output.text ?? "" : output;
  }
  const path = file.dynamic ? undefined : file.value.startsWith("/") ? file.value : ex.state.cwd && `${ex.state.cwd}/${file.value}`;
  return path === undefined ? undefined : ex.walk.files.get(posix.normalize(path));
}

/**
 * `eval "$(pyenv init -)"`, `bash -c "$(./gen.sh)"`: code printed by a local program with fixed arguments
 * is a script on disk by another name (not read; see the README's residual risks). Output of echo,
 * printf, decoders or downloads, and anything with a run-time value in it, is built code and asks.
 */
function localOutput(words: Arg[]): boolean {
  return words.every((w) => {
    if (!w.dynamic) return true;
    const m = /^"?\$\(([^]*)\)"?$/.exec(w.raw);
    // Plain words only (`pyenv init -`, `ssh-agent -s`): no quotes, no code given to the program.
    const words = m?.[1]!.trim().split(/\s+/);
    if (!m || !/^[\w./ =:-]+$/.test(m[1]!) || !words?.[0]) return false;
    const program = words[0].slice(words[0].lastIndexOf("/") + 1);
    return !ECHOED.test(m[1]!) && !DOWNLOADERS.test(m[1]!) && !SHELLS.has(program) && !languageOf(program) && !/^(eval|xargs|cat|head|tail|sed|cut|tee|dd|env|sudo|base64|xxd|rev|tr|printf|echo|yes)$/.test(program);
  });
}

/** `trap 'CODE' EXIT`: the handler runs later in the same shell. */
function runTrap(args: Arg[], ex: Execution): RunnerResult {
  const first = args[1]?.value === "--" ? 2 : 1;
  const handler = args[first];
  if (!handler || args.length <= first + 1 || handler.value === "-" || /^-[lp]$/.test(handler.value)) return undefined;
  if (handler.dynamic) return opaque(handler.raw);
  nested(handler.value, "trap", ex);
  return undefined;
}

/**
 * `make -f -` / `just --justfile FILE` with the makefile on stdin, in a heredoc, written earlier in
 * the line or given as `<(…)`: each recipe line is shell code.
 */
function runMakefile(program: string, args: Arg[], ex: Execution): RunnerResult {
  const at = args.findIndex((a, i) => i > 0 && /^(-f|--file|--makefile|--justfile)$/.test(a.value));
  const attached = args.find((a) => /^(--file|--makefile|--justfile)=/.test(a.value) || /^-f./.test(a.value));
  const file = at > 0 ? args[at + 1] : attached && { ...attached, value: attached.value.replace(/^(-f|--[a-z]+=)/, "") };
  // `make --eval 'all: ; CODE'`: a rule given on the command line.
  const evals = args.flatMap((a, i) => (a.value === "-E" || a.value === "--eval" ? [args[i + 1]] : a.value.startsWith("--eval=") ? [{ ...a, value: a.value.slice(7) }] : [])).filter((a): a is Arg => a !== undefined);
  const inline = evals.map((a) => a.value).join("\n");
  if (!file && !inline) return undefined;
  if (!file) {
    runRecipes(program, inline, ex);
    return undefined;
  }
  let text: string | CodeInput | undefined;
  if (file.value === "-" || file.value === "/dev/stdin") text = ex.input?.kind === "static" ? ex.input.text ?? "" : ex.input;
  else text = scriptText(file, ex);
  if (text === undefined) return undefined;
  if (typeof text === "object") return text.kind === "static" ? undefined : text;
  runRecipes(program, `${text}\n${inline}`, ex);
  return undefined;
}

/** Recipe lines: tab-indented (make) or indented (just), and `target: ; CODE` on a rule line. */
function runRecipes(program: string, text: string, ex: Execution): void {
  const recipe = program === "just" ? /^[ \t]+(.+)$/ : /^\t+(.+)$/;
  const lines = text.split("\n").flatMap((line) => {
    const m = recipe.exec(line) ?? /^[^\t#=:][^=:]*::?[^=;]*;(.+)$/.exec(line);
    return m ? [m[1]!.trim().replace(/^[@+-]+/, "").replace(/\$\$/g, "$")] : [];
  });
  if (lines.length) nested(lines.join("\n"), `${program} -f`, ex);
}

const SSH_VALUED = new Set(["-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O", "-o", "-p", "-Q", "-R", "-S", "-W", "-w", "-B"]);

/** `ssh HOST COMMAND…`: the command runs in the remote user's shell; it is judged the same way. */
function runSsh(args: Arg[], ex: Execution): RunnerResult {
  let i = 1;
  while (i < args.length && args[i]!.value.startsWith("-")) i += SSH_VALUED.has(args[i]!.value) ? 2 : 1;
  const host = args[i];
  const command = args.slice(i + 1);
  if (!host || command.length === 0) return undefined;
  if (command.some((a) => a.dynamic)) return opaque(command.map((a) => a.raw).join(" "));
  walkCode(command.map((a) => a.value).join(" "), { ...ex.state, vars: new Map(ex.state.vars), cwd: undefined }, { ...ex.frame, wrappers: [...ex.frame.wrappers, `ssh ${host.value}`], depth: ex.frame.depth + 1 }, ex.walk);
  return undefined;
}

const GIT_VALUED = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env"]);
/** Settings whose value git runs as a command (`core.pager`, `core.sshCommand`, filters and tools). */
const GIT_COMMAND_SETTING = /^(core\.(sshcommand|pager|editor|fsmonitor|askpass|gitproxy|alternaterefscommand)|sequence\.editor|interactive\.difffilter|diff\.external|gpg\.(\w+\.)?program|gpg\.ssh\.defaultkeycommand|pager\..+|credential\.(.+\.)?helper|sendemail\.\w*cmd|imap\.tunnel|uploadpack\.packobjectshook|remote\..+\.(uploadpack|receivepack)|merge\..+\.driver|.+\.(textconv|command|cmd|clean|smudge|process))=/i;

/**
 * git runs shell code it is given: `!` aliases and command settings (`-c alias.x='!…'`, `-c core.pager=…`,
 * `git config alias.x '!…'`), `submodule foreach CMD`, `rebase --exec CMD`, `bisect run CMD`.
 */
/** Variables whose value git (or a program it starts) runs as a shell command. */
const GIT_COMMAND_VARIABLES = ["GIT_PAGER", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_SSH_COMMAND", "GIT_SSH", "GIT_EXTERNAL_DIFF", "GIT_ASKPASS", "PAGER", "EDITOR", "VISUAL"];

function runGitAliases(args: Arg[], ex: Execution): RunnerResult {
  for (const name of GIT_COMMAND_VARIABLES) {
    const assigned = ex.assigned?.find(([n]) => n === name)?.[1];
    const value = assigned ? (assigned.dynamic ? undefined : assigned.value) : ex.state.vars.get(name);
    if (value && !/^(cat|less|more|vim?|nvim|nano|emacs|code( --wait)?|true|:)$/.test(value.trim())) nested(value, `${name}=… git`, ex);
  }
  // `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0=CODE git log`: the same as `-c`.
  const variable = (name: string) => {
    const assigned = ex.assigned?.find(([n]) => n === name)?.[1];
    return assigned ? (assigned.dynamic ? undefined : assigned.value) : ex.state.vars.get(name);
  };
  for (let n = 0; n < 16; n++) {
    const key = variable(`GIT_CONFIG_KEY_${n}`);
    if (key === undefined) break;
    const value = variable(`GIT_CONFIG_VALUE_${n}`)?.replace(/^!/, "");
    if (value && GIT_COMMAND_SETTING.test(`${key}=`) && !/^(true|false)$/i.test(value)) nested(value, `GIT_CONFIG_KEY_${n}=${key} git`, ex);
  }
  // `git --config-env=core.pager=VAR log`: the setting's value is the variable's.
  args.forEach((arg, i) => {
    const spec = arg.value.startsWith("--config-env=") ? arg.value.slice(13) : args[i - 1]?.value === "--config-env" ? arg.value : undefined;
    const at = spec?.lastIndexOf("=") ?? -1;
    if (spec === undefined || at < 0 || !GIT_COMMAND_SETTING.test(spec.slice(0, at + 1))) return;
    const value = variable(spec.slice(at + 1))?.replace(/^!/, "");
    if (value && !/^(true|false)$/i.test(value)) nested(value, `git --config-env=${spec}`, ex);
  });
  // `git config [--global] core.pager 'CODE'` stores a command git runs later.
  const config = args.findIndex((a) => a.value === "config");
  if (config > 0) {
    const words = args.slice(config + 1).filter((a) => !a.value.startsWith("-"));
    if (words.length >= 2 && GIT_COMMAND_SETTING.test(`${words[0]!.value}=`)) nested(words[1]!.value.replace(/^!/, ""), `git config ${words[0]!.value}`, ex);
  }
  args.forEach((arg, i) => {
    const setting = arg.value.startsWith("alias.") && arg.value.includes("=!") ? arg.value.slice(arg.value.indexOf("=!") + 2) : arg.value.startsWith("alias.") && args[i + 1]?.value.startsWith("!") ? args[i + 1]!.value.slice(1) : undefined;
    if (setting !== undefined) nested(setting, "git alias", ex);
    else if (args[i - 1]?.value === "-c" && GIT_COMMAND_SETTING.test(arg.value)) {
      const value = arg.value.slice(arg.value.indexOf("=") + 1).replace(/^!/, "");
      if (!/^(true|false|)$/i.test(value)) nested(value, `git -c ${arg.value.slice(0, arg.value.indexOf("="))}`, ex);
    }
  });
  let i = 1;
  while (i < args.length && args[i]!.value.startsWith("-")) i += GIT_VALUED.has(args[i]!.value) ? 2 : 1;
  const sub = args[i]?.value;
  const rest = args.slice(i + 1);
  // `git -c alias.nuke='clean -fdx' nuke`: a plain alias stands for git with its words.
  const alias = args.find((a, k) => args[k - 1]?.value === "-c" && sub !== undefined && a.value.toLowerCase().startsWith(`alias.${sub.toLowerCase()}=`) && !a.value.includes("=!"));
  if (alias && ex.frame.depth < 4) {
    if (alias.dynamic) return opaque(alias.raw);
    const words = alias.value.slice(alias.value.indexOf("=") + 1).trim().split(/\s+/).filter(Boolean).map((w) => ({ value: w, dynamic: false, raw: w }));
    if (words.length && words[0]!.value !== sub) {
      executeProgram([args[0]!, ...words, ...rest], { ...ex, frame: { ...ex.frame, wrappers: [...ex.frame.wrappers, `git alias ${sub}`], depth: ex.frame.depth + 1 } });
      return "replaced";
    }
  }
  if (sub === "submodule") {
    const foreach = rest.findIndex((a) => a.value === "foreach");
    if (foreach < 0) return undefined;
    const command = rest.slice(foreach + 1).filter((a, k, all) => !(a.value.startsWith("--") && all.slice(0, k).every((b) => b.value.startsWith("--"))));
    if (command.some((a) => a.dynamic)) return opaque(command.map((a) => a.raw).join(" "));
    if (command.length) nested(command.map((a) => a.value).join(" "), "git submodule foreach", ex);
  } else if (sub === "rebase") {
    rest.forEach((a, k) => {
      const code = a.value === "--exec" || a.value === "-x" ? rest[k + 1] : a.value.startsWith("--exec=") ? { ...a, value: a.value.slice(7) } : undefined;
      if (code && !code.dynamic) nested(code.value, "git rebase --exec", ex);
    });
  } else if (sub === "difftool" || sub === "mergetool") {
    // `git difftool -x CMD`: CMD runs for every changed file.
    rest.forEach((a, k) => {
      const code = a.value === "-x" || a.value === "--extcmd" ? rest[k + 1] : a.value.startsWith("--extcmd=") ? { ...a, value: a.value.slice(9) } : undefined;
      if (code && code.dynamic) record([{ value: "sh", dynamic: false, raw: "sh" }], [...ex.frame.wrappers, `git ${sub} -x`], ex.state.cwd, { ...ex, redirects: [] }, { kind: "dynamic", from: code.raw });
      else if (code) nested(code.value, `git ${sub} -x`, ex);
    });
  } else if (sub === "bisect" && rest[0]?.value === "run" && rest.length > 1) {
    executeProgram(rest.slice(1), { ...ex, input: undefined, frame: { ...ex.frame, wrappers: [...ex.frame.wrappers, "git bisect run"] } });
  }
  return undefined;
}

/**
 * `cmd /c CODE` (`/k`, and `//c` as Git Bash passes it): the rest of the words are one cmd.exe command
 * line, read as the POSIX commands with the same effects (windows.ts).
 */
function runCmd(args: Arg[], ex: Execution): RunnerResult {
  const at = args.findIndex((a, i) => i > 0 && /^\/{1,2}[ckCK]$/.test(a.value));
  if (at < 0) return undefined;
  const rest = args.slice(at + 1);
  if (rest.some((a) => a.dynamic)) return opaque(rest.map((a) => a.raw).join(" "));
  return nested(cmdToPosix(rest.map((a) => a.value).join(" ")), "cmd /c", ex);
}

/** Git Bash's `start [/b] [/wait] [/d DIR] PROGRAM ARGS…` (cmd's `start`): the program runs. */
function runStart(args: Arg[], ex: Execution): RunnerResult {
  const rest = startedProgram(args.slice(1).map((a) => a.value));
  if (rest.length === 0) return undefined;
  executeProgram(args.slice(args.length - rest.length), { ...ex, frame: { ...ex.frame, wrappers: [...ex.frame.wrappers, "start"] } });
  return "replaced";
}

/** `forfiles /p DIR [/s] /c "cmd /c del @path"`: the command runs on what is in DIR (`@path`, `@file`). */
function runForfiles(args: Arg[], ex: Execution): RunnerResult {
  const value = (name: RegExp) => args.find((a, i) => i > 0 && name.test(args[i - 1]!.value));
  const command = value(/^\/{1,2}c$/i);
  const dir = value(/^\/{1,2}p$/i);
  if (command?.dynamic || dir?.dynamic) return opaque(args.map((a) => a.raw).join(" "));
  const base = dir?.value ?? ".";
  const each = `"${base.replace(/[\\/]$/, "")}${base.includes("\\") ? "\\" : "/"}*"`;
  const code = (command?.value ?? "cmd /c echo @file").replace(/@path|@file|@fname/gi, each);
  return nested(cmdToPosix(code), "forfiles", ex);
}

function opaque(raw: string): CodeInput {
  return DOWNLOADERS.test(raw) ? { kind: "download", from: raw } : { kind: "dynamic", from: raw };
}

function nested(code: string, wrapper: string, ex: Execution, positional?: Arg[]): RunnerResult {
  const vars = new Map(ex.state.vars);
  if (positional) bindPositional(vars, positional);
  walkCode(code, { ...ex.state, vars }, { ...ex.frame, wrappers: [...ex.frame.wrappers, wrapper], depth: ex.frame.depth + 1 }, ex.walk);
  return "replaced";
}

/** `$0 $1 …` bound to words, `$@` and `$*` to all but `$0`; an unknown word stays unknown. */
export function bindPositional(vars: Map<string, string | undefined>, words: Arg[]): void {
  words.slice(0, 10).forEach((a, k) => vars.set(String(k), a.dynamic ? undefined : a.value));
  const rest = words.slice(1);
  const joined = rest.every((a) => !a.dynamic) ? rest.map((a) => a.value).join(ELEMENT) : undefined;
  for (const name of ["@", "*"]) vars.set(name, rest.length ? joined : undefined);
  vars.set("#", String(rest.length));
}

function applyFinding(finding: ScriptFinding, wrapper: string, ex: Execution): void {
  const frame = { ...ex.frame, wrappers: [...ex.frame.wrappers, wrapper] };
  if (finding.kind === "shell") {
    if (finding.code === undefined) record([{ value: "sh", dynamic: false, raw: "sh" }], frame.wrappers, ex.state.cwd, { ...ex, frame }, { kind: "dynamic", from: finding.api });
    else walkCode(finding.code, { ...ex.state, vars: new Map(ex.state.vars) }, { ...frame, depth: ex.frame.depth + 1 }, ex.walk);
    return;
  }
  if (finding.kind === "exhaust") {
    const command = record([{ value: finding.api, dynamic: false, raw: finding.api }], frame.wrappers, ex.state.cwd, { ...ex, frame, redirects: [] }, undefined, finding.api);
    command.exhausts = finding.resource;
    return;
  }
  if (finding.kind === "overwrite") {
    // Opening a file for writing empties it first: the equivalent of `truncate -s 0 FILE`.
    const home = ex.state.env.HOME;
    const path = finding.target?.startsWith(HOME_MARK) ? (home ? home + finding.target.slice(HOME_MARK.length) : undefined) : tempResolved(finding.target, ex);
    const target: Arg = path === undefined ? { value: finding.expression, dynamic: true, raw: finding.expression } : { value: path, dynamic: false, raw: path };
    record([{ value: "truncate", dynamic: false, raw: "truncate" }, { value: "-s", dynamic: false, raw: "-s" }, { value: "0", dynamic: false, raw: "0" }, target], frame.wrappers, ex.state.cwd, { ...ex, frame, redirects: [] }, undefined, finding.api);
    return;
  }
  const home = ex.state.env.HOME;
  if (finding.target?.startsWith(HOME_MARK)) finding = { ...finding, target: home ? home + finding.target.slice(HOME_MARK.length) : undefined, expression: "the home directory" };
  else if (finding.target?.startsWith(TEMP_MARK)) finding = { ...finding, target: tempResolved(finding.target, ex) };
  const target: Arg = finding.target === undefined ? { value: finding.expression, dynamic: true, raw: finding.expression } : { value: finding.target, dynamic: false, raw: finding.target };
  const flags = finding.recursive ? "-rf" : "-f";
  record([{ value: "rm", dynamic: false, raw: "rm" }, { value: flags, dynamic: false, raw: flags }, target], frame.wrappers, ex.state.cwd, { ...ex, frame, redirects: [] }, undefined, finding.api);
}

/** The temp directory's mark in a script finding, as the event's TMPDIR (or /tmp). */
function tempResolved(target: string | undefined, ex: Execution): string | undefined {
  if (!target?.startsWith(TEMP_MARK)) return target;
  return posix.join((ex.state.env.TMPDIR || "/tmp").replace(/\/+$/, "") || "/", target.slice(TEMP_MARK.length) || ".");
}

/** `find PATH… -delete` deletes under PATH; `-exec CMD {} ;` runs CMD on what it finds there. */
function runFind(args: Arg[], ex: Execution): RunnerResult {
  let i = 1;
  const paths: Arg[] = [];
  while (i < args.length && !/^[-(!]/.test(args[i]!.value)) paths.push(args[i++]!);
  if (paths.length === 0) paths.push({ value: ".", dynamic: false, raw: "." });
  // With a test (-name, -type, -mtime…) find deletes what it selects under PATH, written PATH/**.
  // `-name '*'` selects everything and `-type f` every file: neither narrows what goes.
  const filtered = args.slice(i).some((a, k, rest) => /^-(i?name|i?path|i?regex|mtime|mmin|atime|amin|ctime|cmin|newer|size|empty|user|group|perm|links|inum|i?wholename|lname)$/.test(a.value) && rest[k + 1]?.value !== "*");
  // `-name .git` (a literal name) selects exactly the entries of that name: PATH/**/.git.
  const names = args.slice(i).flatMap((a, k, rest) => (/^-i?name$/.test(a.value) && rest[k + 1] && !rest[k + 1]!.dynamic && !/[*?[\]\\]/.test(rest[k + 1]!.value) ? [rest[k + 1]!.value] : []));
  const under = (p: Arg) => p.value.replace(/\/+$/, "");
  // Each folder with each name: bounded, past that the folders' whole trees stand for them (PATH/**).
  const selected = !filtered ? paths : names.length && names.length * paths.length <= 64 ? paths.flatMap((p) => names.map((name) => ({ ...p, value: `${under(p)}/**/${name}` }))) : paths.map((p) => ({ ...p, value: `${under(p)}/**` }));
  for (; i < args.length; i++) {
    const word = args[i]!.value;
    if (word === "-delete") {
      record([{ value: "rm", dynamic: false, raw: "rm" }, { value: "-rf", dynamic: false, raw: "-rf" }, ...selected], [...ex.frame.wrappers, "find -delete"], ex.state.cwd, { ...ex, redirects: [] });
    } else if (word === "-exec" || word === "-execdir" || word === "-ok" || word === "-okdir") {
      const end = args.findIndex((a, k) => k > i && (a.value === ";" || a.value === "+"));
      const command = args.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? args.length : end;
      if (command.length === 0) continue;
      const withPaths = command.flatMap((a) => (a.value.includes("{}") ? selected.map((p) => ({ ...p, value: a.value.split("{}").join(p.value) })) : [a]));
      executeProgram(withPaths, { ...ex, input: undefined, frame: { ...ex.frame, wrappers: [...ex.frame.wrappers, `find ${word}`] } });
    }
  }
  return undefined;
}

const FD_VALUED = new Set(["-e", "--extension", "-t", "--type", "-E", "--exclude", "-d", "--max-depth", "--min-depth", "--exact-depth", "-S", "--size", "-o", "--owner", "-j", "--threads", "-c", "--color", "--changed-within", "--changed-before", "--base-directory", "--search-path", "--ignore-file"]);

/** `fd PATTERN PATH… -x CMD` / `-X CMD`: CMD runs on what fd finds below PATH (`{}` or appended). */
function runFd(args: Arg[], ex: Execution): RunnerResult {
  const at = args.findIndex((a) => /^(-x|-X|--exec|--exec-batch)$/.test(a.value));
  if (at < 0) return undefined;
  const end = args.findIndex((a, k) => k > at && a.value === ";");
  const command = args.slice(at + 1, end < 0 ? undefined : end);
  const positional = args.slice(1, at).filter((a, k, all) => !a.value.startsWith("-") && !FD_VALUED.has(all[k - 1]?.value ?? ""));
  // The first word is the pattern; the rest are the folders searched (the current one by default).
  const roots = positional.length > 1 ? positional.slice(1) : [{ value: ".", dynamic: false, raw: "." }];
  // A pattern, an extension or a glob narrows what is found (PATH/**); `.` or none finds everything.
  const pattern = positional[0];
  const narrowed = (pattern !== undefined && !/^(\.|\.\*|\^|)$/.test(pattern.value)) || args.slice(1, at).some((a) => /^(-e|--extension|-g|--glob)$/.test(a.value) || a.value.startsWith("--extension="));
  const found = narrowed ? roots.map((p) => ({ ...p, value: `${p.value.replace(/\/+$/, "")}/**` })) : roots;
  if (command.length === 0) return undefined;
  const withPaths = command.some((a) => a.value.includes("{}")) ? command.flatMap((a) => (a.value.includes("{}") ? found.map((p) => ({ ...p, value: a.value.split("{}").join(p.value) })) : [a])) : [...command, ...found];
  executeProgram(withPaths, { ...ex, input: undefined, frame: { ...ex.frame, wrappers: [...ex.frame.wrappers, "fd --exec"] } });
  return undefined;
}

const TMUX_VALUED = new Set(["-s", "-n", "-t", "-c", "-x", "-y", "-e", "-F", "-l", "-L", "-S", "-f", "-N", "-T"]);
/** Key names send-keys types that are not text. */
const TMUX_KEYS = /^(Enter|C-m|KPEnter|C-j|Escape|Tab|BSpace|C-[a-z])$/;

/**
 * `tmux new-session 'CODE'`, `split-window CODE`, `run-shell CODE`: a shell runs CODE; `send-keys 'CODE' Enter`
 * types CODE into the shell of a pane.
 */
function runTmux(args: Arg[], ex: Execution): RunnerResult {
  let i = 1;
  while (i < args.length && args[i]!.value.startsWith("-")) i += TMUX_VALUED.has(args[i]!.value) ? 2 : 1;
  const sub = args[i]?.value ?? "";
  const typing = sub === "send-keys" || sub === "send";
  if (!typing && !/^(new-session|new|new-window|neww|split-window|splitw|respawn-pane|respawnp|respawn-window|respawnw|run-shell|run)$/.test(sub)) return undefined;
  let k = i + 1;
  while (k < args.length && args[k]!.value.startsWith("-")) k += TMUX_VALUED.has(args[k]!.value) ? 2 : 1;
  // Typed keys: `Space` is a blank, Enter and the other key names are not text.
  const words = args.slice(k).map((a) => (typing && a.value === "Space" ? { ...a, value: " " } : a)).filter((a) => !(typing && TMUX_KEYS.test(a.value)));
  if (words.length === 0) return undefined;
  if (words.some((a) => a.dynamic)) return opaque(words.map((a) => a.raw).join(" "));
  return nested(words.map((a) => a.value).join(typing ? "" : " "), `tmux ${sub}`, ex);
}

/** `sg GROUP -c CODE`, `nix-shell --run CODE`: CODE runs in a shell. */
function runCodeOption(program: string, args: Arg[], flags: string[], ex: Execution): RunnerResult {
  const at = args.findIndex((a, i) => i > 0 && flags.includes(a.value));
  const code = at > 0 ? args[at + 1] : undefined;
  if (!code) return undefined;
  if (code.dynamic) return opaque(code.raw);
  return nested(code.value, `${program} ${args[at]!.value}`, ex);
}

/** `nix develop -c CMD …`, `nix shell PKGS -c CMD …`: CMD runs with its words. */
function runNix(args: Arg[], ex: Execution): RunnerResult {
  const at = args.findIndex((a, i) => i > 1 && (a.value === "-c" || a.value === "--command"));
  if (at < 0 || !/^(develop|shell)$/.test(args[1]?.value ?? "") || args.length <= at + 1) return undefined;
  executeProgram(args.slice(at + 1), { ...ex, frame: { ...ex.frame, wrappers: [...ex.frame.wrappers, `nix ${args[1]!.value} -c`] } });
  return "replaced";
}

const EDITORS = new Set(["vim", "vi", "nvim", "ex", "view", "gvim"]);

/** `vim -c '!CODE'`, `vim +'!CODE'`, `gdb -ex 'shell CODE'`: the editor's or debugger's shell escape runs CODE. */
function runEditorCommands(program: string, args: Arg[], ex: Execution): RunnerResult {
  // `ex -sc '%d|x' FILE`, `vim -c '%d' -c wq FILE`: every line deleted, then saved: the file is emptied.
  const takesCommand = (word: string | undefined) => word !== undefined && (/^-[A-Za-z]*c$/.test(word) || word === "--cmd");
  const commands = args.flatMap((a, i) => (takesCommand(args[i - 1]?.value) ? [a.value] : a.value.startsWith("+") ? [a.value.slice(1)] : []));
  if (program !== "gdb" && commands.some((c) => /^\s*:?\s*(%|1,\$)\s*d(elete)?\b/.test(c)) && commands.some((c) => /(^|\|)\s*:?\s*(x|wq?|exit|update)!?\s*$/.test(c))) {
    const files = args.slice(1).filter((a, i) => !a.value.startsWith("-") && !a.value.startsWith("+") && !takesCommand(args[i]?.value));
    for (const file of files) record([{ value: "truncate", dynamic: false, raw: "truncate" }, { value: "-s", dynamic: false, raw: "-s" }, { value: "0", dynamic: false, raw: "0" }, file], [...ex.frame.wrappers, `${program} -c`], ex.state.cwd, { ...ex, redirects: [] });
  }
  args.forEach((a, i) => {
    const command = program === "gdb" ? (args[i - 1]?.value === "-ex" || args[i - 1]?.value === "--eval-command" ? a.value : undefined) : takesCommand(args[i - 1]?.value) ? a.value : a.value.startsWith("+") ? a.value.slice(1) : undefined;
    const code = command === undefined ? undefined : /^\s*:?\s*(?:!|shell\s+|silent!?\s*!|call\s+system\()/.exec(command) ? command.replace(/^\s*:?\s*(?:!|shell\s+|silent!?\s*!|call\s+system\()/, "").replace(/\)\s*$/, "").replace(/^['"]|['"]$/g, "") : undefined;
    if (code === undefined) return;
    if (a.dynamic) record([{ value: "sh", dynamic: false, raw: "sh" }], [...ex.frame.wrappers, program], ex.state.cwd, { ...ex, redirects: [] }, { kind: "dynamic", from: a.raw });
    else walkCode(code, { ...ex.state, vars: new Map(ex.state.vars) }, { ...ex.frame, wrappers: [...ex.frame.wrappers, `${program} !`], depth: ex.frame.depth + 1 }, ex.walk);
  });
  return undefined;
}

/** `script -c CODE [FILE]`: CODE runs in a shell under a recorded terminal. */
function runScriptCommand(args: Arg[], ex: Execution): RunnerResult {
  const at = args.findIndex((a) => a.value === "--command" || /^-[A-Za-z]*c$/.test(a.value));
  const attached = args.find((a) => a.value.startsWith("--command="));
  const code = at > 0 ? args[at + 1] : attached && { ...attached, value: attached.value.slice(10) };
  if (!code) return undefined;
  if (code.dynamic) return opaque(code.raw);
  return nested(code.value, "script -c", ex);
}

/** `parallel CMD ::: a b`: CMD runs once per input. */
/** `gpg --delete-secret-keys`: a private key leaves the keyring, reported as the delete of the key store it is in. */
function deleteSecretKeys(program: string, ex: Execution): RunnerResult {
  const home = ex.state.vars.get("GNUPGHOME") ?? ex.state.env.GNUPGHOME ?? (ex.state.env.HOME ? `${ex.state.env.HOME}/.gnupg` : undefined);
  const store: Arg = home ? { value: `${home}/private-keys-v1.d`, dynamic: false, raw: "the private key store" } : { value: "~/.gnupg/private-keys-v1.d", dynamic: true, raw: "the private key store" };
  record([{ value: "rm", dynamic: false, raw: "rm" }, { value: "-f", dynamic: false, raw: "-f" }, store], [...ex.frame.wrappers, program], ex.state.cwd, { ...ex, redirects: [] }, undefined, `${program} --delete-secret-keys`);
  return undefined;
}

/**
 * GNU sed's `e COMMAND` runs COMMAND with a shell (`sed -n '1e rm -rf ~' f`). Scripts come from `-e`,
 * `--expression=`, or the first operand; a script file (`-f`) is not read.
 */
function runSedExecute(args: Arg[], ex: Execution): RunnerResult {
  const scripts: Arg[] = [];
  let operand: Arg | undefined;
  for (let i = 1; i < args.length; i++) {
    const word = args[i]!.value;
    if (word === "-e" || word === "--expression") scripts.push(args[++i] ?? { value: "", dynamic: false, raw: "" });
    else if (word.startsWith("--expression=")) scripts.push({ ...args[i]!, value: word.slice(13) });
    else if (word === "-f" || word === "--file") return undefined;
    else if (word === "-l" || word === "--line-length") i++;
    else if (!word.startsWith("-") && operand === undefined) operand = args[i];
  }
  if (scripts.length === 0 && operand) scripts.push(operand);
  for (const script of scripts) {
    if (!script.value.includes("e")) continue;
    for (const command of substituteExecuted(script, ex)) {
      if (command === undefined) record([{ value: "sh", dynamic: false, raw: "sh" }], [...ex.frame.wrappers, "sed s///e"], ex.state.cwd, { ...ex, redirects: [] }, { kind: "dynamic", from: script.raw });
      else nested(command, "sed s///e", ex);
    }
    for (const line of script.value.split("\n")) {
      const command = SED_EXECUTE.exec(line)?.[1];
      if (command === undefined) continue;
      if (script.dynamic) record([{ value: "sh", dynamic: false, raw: "sh" }], [...ex.frame.wrappers, "sed e"], ex.state.cwd, { ...ex, redirects: [] }, { kind: "dynamic", from: script.raw });
      else nested(command, "sed e", ex);
    }
  }
  return undefined;
}

/**
 * `s/PATTERN/REPLACEMENT/e`: the pattern space after the substitution runs as a command. With the input
 * known (`sed 's/^/rm -rf /e' <<< /etc`) and a plain pattern, each line's result is the command; with a
 * pattern that takes the whole line (`.*`, `^.*$`), the replacement is; otherwise it is input only run
 * time knows (undefined: asked about).
 */
function substituteExecuted(script: Arg, ex: Execution): (string | undefined)[] {
  const commands: (string | undefined)[] = [];
  for (const m of script.value.matchAll(SED_SUBSTITUTE)) {
    const [, delimiter, pattern = "", replacement = "", flags = ""] = m;
    if (!flags.includes("e") || delimiter === undefined) continue;
    if (script.dynamic) {
      commands.push(undefined);
      continue;
    }
    const unescape = (text: string) => text.split(`\\${delimiter}`).join(delimiter);
    const source = basicRegex(unescape(pattern));
    const input = ex.input?.kind === "static" ? ex.input.text : undefined;
    if (source !== undefined && input !== undefined) {
      const regex = new RegExp(source, flags.includes("g") ? "g" : "");
      const jsReplacement = unescape(replacement).replace(/\$/g, "$$$$").replace(/(^|[^\\])&/g, "$1$$&").replace(/\\([1-9])/g, "$$$1").replace(/\\&/g, "&");
      for (const line of input.replace(/\n$/, "").split("\n")) commands.push(line.replace(regex, jsReplacement));
    } else if (/^\^?\.\*\$?$/.test(pattern) && !/(^|[^\\])&|\\[1-9]/.test(replacement)) commands.push(unescape(replacement));
    else commands.push(undefined);
  }
  return commands;
}

/** `s` commands: a delimiter, the pattern, the replacement, the flags (`e` among them to run it). */
const SED_SUBSTITUTE = /(?:^|[;\n{}]|^\s*\d+\s*|\/[^/]*\/\s*)\s*s([^\w\s\\])((?:\\.|(?!\1).)*)\1((?:\\.|(?!\1).)*)\1([gpeiImM0-9w]*)/gs;

/** A basic regular expression of literal characters, `^`, `$`, `.` and `*` as JavaScript source; undefined for anything else. */
function basicRegex(pattern: string): string | undefined {
  if (!/^[\w\s^$.*\/~:=,@%+-]*$/.test(pattern)) return undefined;
  return pattern.replace(/[/+]/g, "\\$&");
}

/** An address (a line, `$`, a /regex/, a range, `!`), then `e` and the command to the end of the line. */
const SED_EXECUTE = /^\s*(?:(?:\d+|\$|\/(?:\\.|[^/])*\/)(?:\s*,\s*(?:\d+|\$|\/(?:\\.|[^/])*\/))?\s*!?\s*)?e\s+(\S.*)$/;

/** parallel's options that take the next word (`-j 4`), so the command is found after them. */
let parallelValuedSet: ReadonlySet<string> | undefined;
const parallelValued = (): ReadonlySet<string> => (parallelValuedSet ??= new Set(["-j", "--jobs", "-P", "--max-procs", "-S", "--sshlogin", "--joblog", "--results", "--res", "--delay", "--timeout", "-N", "-n", "--max-args", "-L", "--max-lines", "-d", "--delimiter", "-C", "--colsep", "--tagstring", "--wd", "--workdir", "-a", "--arg-file", "--memfree", "--load", "--retries", "--halt", "--env", "--tmpdir", "--basefile", "--bf", "--return", "--sshloginfile", "--slf", "-E", "--eof"]));

function runParallel(args: Arg[], ex: Execution): RunnerResult {
  let i = 1;
  for (; i < args.length && args[i]!.value.startsWith("-"); i++) {
    // `--dry-run` prints the commands instead of running them.
    if (args[i]!.value === "--dry-run" || args[i]!.value === "--dryrun") return undefined;
    if (parallelValued().has(args[i]!.value)) i++;
  }
  const sep = args.findIndex((a) => a.value === ":::" || a.value === "::::");
  const command = args.slice(i, sep < 0 ? undefined : sep);
  const stdin = ex.input?.kind === "static" ? (ex.input.text ?? "").split("\n").filter(Boolean).map((v) => ({ value: v, dynamic: false, raw: v })) : undefined;
  const inputs = sep >= 0 && args[sep]!.value === ":::" ? args.slice(sep + 1) : stdin ?? [{ value: "{parallel input}", dynamic: true, raw: "{parallel input}" }];
  // `parallel ::: 'rm -rf ~'`: with no command, each input is a command line.
  if (command.length === 0) {
    for (const line of inputs) {
      if (line.dynamic) record([{ value: "sh", dynamic: false, raw: "sh" }], [...ex.frame.wrappers, "parallel"], ex.state.cwd, { ...ex, redirects: [] }, { kind: "dynamic", from: line.raw });
      else nested(line.value, "parallel", ex);
    }
    return "replaced";
  }
  const withInputs = command.some((a) => a.value.includes("{}"))
    ? command.flatMap((a) => (a.value.includes("{}") ? inputs.map((p) => ({ ...p, value: a.value.split("{}").join(p.value) })) : [a]))
    : [...command, ...inputs];
  executeProgram(withInputs, { ...ex, input: undefined, frame: { ...ex.frame, wrappers: [...ex.frame.wrappers, "parallel"] } });
  return "replaced";
}
