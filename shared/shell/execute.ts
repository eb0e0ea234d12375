/** A simple command after expansion: wrappers peeled, builtins applied, code runners followed. */
import { posix } from "node:path";
import { ELEMENT, lookupVariable, type ShellState } from "./expand.ts";
import type { Arg, CodeInput, ExecutedCommand, Redirect } from "./types.ts";
import { WRAPPERS, programName, unwrap } from "./wrappers.ts";
import { runCodeRunner } from "./runners.ts";
import { describeOutput } from "./output.ts";
import { walkCode, type Frame, type Walk } from "./walk.ts";

export interface Execution {
  state: ShellState;
  frame: Frame;
  walk: Walk;
  input: CodeInput | undefined;
  redirects: Redirect[];
  /** Assignments for this command only: `K=v cmd` and `env K=v cmd`. */
  assigned?: [string, Arg][];
}

const MAX_WRAPPERS = 32;
export const DECLARATIONS = new Set(["export", "declare", "typeset", "local", "readonly"]);

export function executeProgram(initial: Arg[], ex: Execution): CodeInput | undefined {
  let args = initial;
  const assigned = [...(ex.assigned ?? [])];
  const wrappers = [...ex.frame.wrappers];
  let cwd = ex.state.cwd;
  for (let n = 0; n < MAX_WRAPPERS; n++) {
    const name = programName(args[0]!.value);
    const spec = args[0]!.dynamic || !Object.hasOwn(WRAPPERS, name) ? undefined : WRAPPERS[name];
    if (!spec || (spec.onlyWith && !args.some((a) => spec.onlyWith!.some((o) => a.value === o || a.value.startsWith(`${o}=`))))) break;
    // `uv run CMD`: the subcommand comes first, then the wrapper's options; `uv pip …` runs nothing here.
    const sub = spec.subcommands ? args.findIndex((a, i) => i > 0 && !a.value.startsWith("-")) : 0;
    if (spec.subcommands && (sub < 0 || !spec.subcommands.includes(args[sub]!.value))) break;
    const step = unwrap(spec, spec.subcommands ? [args[0]!, ...args.slice(sub + 1)] : args);
    if (step && spec.shellUnless && step.rest.length > 0 && !spec.shellUnless.some((o) => step.options.has(o))) {
      // `watch -n 5 'rm -rf x'`: the words are joined and given to `sh -c`.
      if (step.rest.some((a) => a.dynamic)) {
        record([{ value: "sh", dynamic: false, raw: "sh" }], [...wrappers, name], cwd, ex, { kind: "dynamic", from: step.rest.map((a) => a.raw).join(" ") });
        return undefined;
      }
      walkCode(step.rest.map((a) => a.value).join(" "), { ...ex.state, cwd, vars: new Map(ex.state.vars) }, { ...ex.frame, wrappers: [...wrappers, name], depth: ex.frame.depth + 1 }, ex.walk, ex.input);
      return undefined;
    }
    const code = step && spec.shellCode?.map((o) => step.options.get(o)).find((v) => v !== undefined);
    if (code !== undefined) {
      // `flock FILE -c CODE`: the option's value is run with `sh -c`.
      const raw = args.find((a) => a.value === code);
      if (raw?.dynamic) record([{ value: "sh", dynamic: false, raw: "sh" }], [...wrappers, name], cwd, ex, { kind: "dynamic", from: raw.raw });
      else walkCode(code, { ...ex.state, cwd, vars: new Map(ex.state.vars) }, { ...ex.frame, wrappers: [...wrappers, `${name} -c`], depth: ex.frame.depth + 1 }, ex.walk, ex.input);
      return undefined;
    }
    const split = name === "env" ? step?.options.get("-S") ?? step?.options.get("--split-string") : undefined;
    if (step && split !== undefined) {
      const rest = step.rest.map((a) => a.raw).join(" ");
      walkCode(`${split} ${rest}`, { ...ex.state, cwd }, { ...ex.frame, wrappers: [...wrappers, "env -S"], depth: ex.frame.depth + 1 }, ex.walk, ex.input);
      return undefined;
    }
    if (!step || step.rest.length === 0) {
      // `sudo -s` / `sudo -i` / `doas -s` with no command start root's shell, which reads its code from stdin.
      if (step && spec.shellOptions && [...step.options.keys()].some((o) => spec.shellOptions!.test(o))) {
        wrappers.push(name);
        args = [{ value: "sh", dynamic: false, raw: "sh" }];
        break;
      }
      if (name === "command" || (name === "sudo" && args.length > 1)) return undefined;
      break;
    }
    for (const option of spec.chdir ?? []) {
      const dir = step.options.get(option);
      if (dir !== undefined) cwd = cwd || dir.startsWith("/") ? posix.resolve(cwd ?? "/", dir) : undefined;
    }
    wrappers.push(name);
    for (const assignment of step.assignments) assigned.push(splitEnvAssignment(assignment));
    if (name === "xargs") return runXargs(step.rest, step.options, wrappers, { ...ex, state: { ...ex.state, cwd } });
    args = step.rest;
  }
  const program = programName(args[0]!.value);
  const state = cwd === ex.state.cwd ? ex.state : { ...ex.state, cwd };
  // `builtin cd /` still changes directory; under sudo or xargs it would not be this shell's.
  if (wrappers.slice(ex.frame.wrappers.length).every((w) => w === "builtin" || w === "command")) applyBuiltin(program, args, ex);
  const handled = runCodeRunner(program, args, { ...ex, state, frame: { ...ex.frame, wrappers }, assigned });
  if (handled === "replaced") return undefined;
  record(args, wrappers, state.cwd, { ...ex, assigned }, handled);
  const output = describeOutput(program, args, ex.input);
  rememberWrittenFile(output, ex);
  return output;
}

export function record(args: Arg[], wrappers: string[], cwd: string | undefined, ex: Execution, opaqueCode?: CodeInput | "replaced" | undefined, api?: string): ExecutedCommand {
  const command: ExecutedCommand = {
    argv: args.map((a) => a.value),
    program: programName(args[0]?.value ?? ""),
    wrappers,
    dynamic: args.map((a) => a.dynamic),
    cwd,
    redirects: ex.redirects,
  };
  if (ex.input) command.input = ex.input;
  if (opaqueCode && opaqueCode !== "replaced") command.opaqueCode = opaqueCode;
  if (ex.frame.inFunction) command.inFunction = ex.frame.inFunction;
  if (ex.frame.mounts) command.mounts = ex.frame.mounts;
  if (api) command.api = api;
  const env = commandEnv(ex);
  if (env) command.env = env;
  ex.walk.out.commands.push(command);
  return command;
}

/** Variables set earlier in the line (state.vars), then those set for this command alone. */
function commandEnv(ex: Execution): Record<string, string | null> | undefined {
  const env: Record<string, string | null> = {};
  for (const [name, value] of ex.state.vars) env[name] = value ?? null;
  for (const [name, value] of ex.assigned ?? []) env[name] = value.dynamic ? null : value.value;
  return Object.keys(env).length ? env : undefined;
}

/** `env K=v`: the wrapper's argument split into name and value. */
function splitEnvAssignment(arg: Arg): [string, Arg] {
  const eq = arg.value.indexOf("=");
  return [arg.value.slice(0, eq), { ...arg, value: arg.value.slice(eq + 1) }];
}

/** A script written earlier in the line and then run (`echo 'rm -rf ~' > x.sh; sh x.sh`) is read like inline code. */
function rememberWrittenFile(output: CodeInput | undefined, ex: Execution): void {
  const write = ex.redirects.find((r) => (r.op === ">" || r.op === ">|" || r.op === ">>") && !r.dynamic);
  if (!write) return;
  const path = write.target.startsWith("/") ? posix.resolve(write.target) : ex.state.cwd && posix.resolve(ex.state.cwd, write.target);
  if (!path) return;
  const before = write.op === ">>" ? ex.walk.files.get(path) ?? "" : "";
  if (output?.kind === "static") ex.walk.files.set(path, before + (output.text ?? ""));
  else ex.walk.files.delete(path);
}

/** `cd`, assignments through `export`, `alias`: they change how later words read. */
function applyBuiltin(program: string, args: Arg[], ex: Execution): void {
  const state = ex.state;
  if (program === "cd" || program === "pushd") {
    const target = args.slice(1).find((a) => !a.value.startsWith("-") || a.value === "-");
    if (!target) state.cwd = ex.state.env.HOME || undefined;
    else if (target.dynamic || target.value === "-") state.cwd = undefined;
    else state.cwd = target.value.startsWith("/") ? posix.resolve(target.value) : state.cwd && posix.resolve(state.cwd, target.value);
  } else if (program === "popd") state.cwd = undefined;
  else if (DECLARATIONS.has(program)) {
    // `declare -n r=HOME`: r is another name for HOME (read here as HOME's value at this point).
    const nameref = args.some((a) => /^-[A-Za-z]*n[A-Za-z]*$/.test(a.value));
    for (const arg of args.slice(1)) {
      const eq = arg.value.indexOf("=");
      if (eq > 0 && /^[A-Za-z_][A-Za-z0-9_]*$/.test(arg.value.slice(0, eq))) {
        const value = arg.dynamic ? undefined : arg.value.slice(eq + 1);
        state.vars.set(arg.value.slice(0, eq), nameref ? (value && /^[A-Za-z_][A-Za-z0-9_]*$/.test(value) ? lookupVariable(value, state) : undefined) : value);
      }
    }
  } else if (program === "read" || program === "mapfile" || program === "readarray") readInput(program, args, ex);
  else if (program === "printf" && args[1]?.value === "-v" && args[2]) {
    // `printf -v NAME FORMAT ARGS`: the output lands in NAME instead of stdout.
    const name = args[2].value;
    const output = describeOutput("printf", [args[0]!, ...args.slice(3)], undefined);
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) state.vars.set(name, output?.kind === "static" && !args.slice(3).some((a) => a.dynamic) ? output.text : undefined);
  } else if (program === "hash" && args[1]?.value === "-p" && args[2] && args[3]) {
    // `hash -p /bin/rm ls`: the name ls now runs /bin/rm.
    if (!args[2].dynamic && !args[3].dynamic) ex.walk.aliases.set(args[3].value, args[2].value);
  } else if (program === "ln" || program === "cp" || program === "install") rememberProgramCopy(args, ex); else if (program === "set") {
    // `set -- a b c` (or `set a b`): the positional parameters `$1…`, `$@`, `$*`.
    const dash = args.findIndex((a) => a.value === "--");
    const values = dash > 0 ? args.slice(dash + 1) : args[1] && !/^[-+]/.test(args[1].value) ? args.slice(1) : undefined;
    if (!values) return;
    const known = values.every((a) => !a.dynamic);
    const joined = known ? values.map((a) => a.value).join(ELEMENT) : undefined;
    state.vars.set("@", joined);
    state.vars.set("*", joined);
    state.vars.set("#", String(values.length));
    values.slice(0, 9).forEach((a, k) => state.vars.set(String(k + 1), a.dynamic ? undefined : a.value));
  } else if (program === "unset") {
    for (const arg of args.slice(1)) state.vars.set(arg.value, undefined);
  } else if (program === "alias") {
    for (const arg of args.slice(1)) {
      const eq = arg.value.indexOf("=");
      if (eq > 0) ex.walk.aliases.set(arg.value.slice(0, eq), arg.value.slice(eq + 1));
    }
  }
}

/**
 * `read NAME… <<< TEXT`, `mapfile -t NAME <<< TEXT`: the names hold the input's first line (split on
 * blanks, the last name taking the rest) or its lines; unknown input leaves them unknown.
 */
function readInput(program: string, args: Arg[], ex: Execution): void {
  const names: string[] = [];
  for (let i = 1; i < args.length; i++) {
    const word = args[i]!.value;
    // `mapfile -C CODE`: CODE runs as lines are read (with the index and the line after it).
    if (program !== "read" && word === "-C" && args[i + 1]) {
      const callback = args[i + 1]!;
      if (callback.dynamic) record([{ value: "sh", dynamic: false, raw: "sh" }], [...ex.frame.wrappers, `${program} -C`], ex.state.cwd, { ...ex, redirects: [] }, { kind: "dynamic", from: callback.raw });
      else walkCode(`${callback.value} 0 ''`, { ...ex.state, vars: new Map(ex.state.vars) }, { ...ex.frame, wrappers: [...ex.frame.wrappers, `${program} -C`], depth: ex.frame.depth + 1 }, ex.walk);
    }
    if (/^-[dnNptuiaCcsOu]$/.test(word) && !(program === "read" && word === "-a") && word !== "-t" && word !== "-s") i++;
    else if (!word.startsWith("-") && /^[A-Za-z_][A-Za-z0-9_]*$/.test(word)) names.push(word);
  }
  const text = ex.input?.kind === "static" ? ex.input.text ?? "" : undefined;
  if (program !== "read") {
    const lines = text?.replace(/\n$/, "").split("\n");
    ex.state.vars.set(names[0] ?? "MAPFILE", lines ? lines.join(ELEMENT) : undefined);
    return;
  }
  const fields = text?.split("\n")[0]!.trim().split(/[ \t]+/);
  if (names.length === 0) names.push("REPLY");
  names.forEach((name, k) => ex.state.vars.set(name, fields === undefined ? undefined : k === names.length - 1 ? fields.slice(k).join(" ") : fields[k] ?? ""));
}

/** Folders programs are installed in: a copy or link of one of them is that program under another name. */
const PROGRAM_DIRS = /^\/(?:usr\/(?:local\/)?)?s?bin\/|^\/opt\/homebrew\/bin\//;

/**
 * `ln -s /bin/rm /tmp/ls`, `cp "$(which rm)" ./cat`: the line makes a program reachable under another
 * name; a later `ls -rf ~` or `/tmp/ls -rf ~` runs it (PATH is not followed: the name alone counts).
 */
function rememberProgramCopy(args: Arg[], ex: Execution): void {
  const operands = args.slice(1).filter((a) => !a.value.startsWith("-"));
  if (operands.length !== 2) return;
  const [source, dest] = operands as [Arg, Arg];
  const which = /^"?\$\((?:which|command -v|type -P)\s+([\w.+-]+)\s*\)"?$/.exec(source.raw)?.[1];
  const program = which ?? (!source.dynamic && PROGRAM_DIRS.test(source.value) ? source.value : undefined);
  if (program === undefined || dest.dynamic) return;
  const name = programName(dest.value.replace(/\/+$/, ""));
  if (!name || name === programName(program)) return;
  ex.walk.aliases.set(name, program);
  ex.walk.aliases.set(dest.value, program);
  if (ex.state.cwd && !dest.value.startsWith("/")) ex.walk.aliases.set(posix.resolve(ex.state.cwd, dest.value), program);
}

/** `xargs [-I R] prog args`: the input lines become arguments (static when echoed into it). */
function runXargs(rest: Arg[], options: Map<string, string>, wrappers: string[], ex: Execution): CodeInput | undefined {
  const input = ex.input;
  if (input?.find && rest.length > 0) return runOnFound(input.find, rest, options, wrappers, ex);
  const items: Arg[] =
    input?.kind === "static" && input.text !== undefined
      ? input.text.split(options.has("-0") || options.has("--null") ? /\0+/ : /\s+/).filter(Boolean).map((v) => ({ value: v, dynamic: false, raw: v }))
      : [{ value: "{xargs input}", dynamic: true, raw: "{xargs input}" }];
  const replace = options.get("-I") ?? options.get("--replace") ?? options.get("-i");
  const args = replace
    ? rest.flatMap((a) => (a.value.includes(replace) ? items.map((item) => ({ ...item, value: a.value.split(replace).join(item.value) })) : [a]))
    : [...rest, ...items];
  return executeProgram(args, { ...ex, input: undefined, frame: { ...ex.frame, wrappers } });
}

/**
 * `find ARGS | xargs CMD` runs CMD on what find selects, as `find ARGS -exec CMD {} +` does (`xargs -I R`
 * as `-exec … {} ;`): judged like it, by where find looks and what it selects.
 */
function runOnFound(find: Arg[], rest: Arg[], options: Map<string, string>, wrappers: string[], ex: Execution): CodeInput | undefined {
  const word = (value: string): Arg => ({ value, dynamic: false, raw: value });
  const replace = options.get("-I") ?? options.get("--replace") ?? options.get("-i");
  const command = replace ? rest.map((a) => (a.value.includes(replace) ? { ...a, value: a.value.split(replace).join("{}") } : a)) : [...rest, word("{}")];
  const search = find.filter((a) => a.value !== "-print" && a.value !== "-print0");
  return executeProgram([...search, word("-exec"), ...command, word(replace ? ";" : "+")], { ...ex, input: undefined, frame: { ...ex.frame, wrappers } });
}
