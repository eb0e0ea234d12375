/** One simple command: assignments, expansion, redirects, aliases, then the program itself. */
import { expandWord, type ShellState } from "./expand.ts";
import type { Heredoc, Word } from "./lexer.ts";
import type { Arg, CodeInput, Redirect } from "./types.ts";
import { DECLARATIONS, executeProgram } from "./execute.ts";
import { LIMITS, countCall, walkCode, walkSubstitutions, walkTokens, type Frame, type Walk } from "./walk.ts";
import { SHELLS, bindPositional } from "./runners.ts";

export interface RedirectToken {
  type: "redirect";
  op: string;
  target: Word;
  heredoc?: Heredoc;
  fd?: number;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

/** Runs one simple command through the analysis; returns what it writes to stdout, for a pipe. */
export function runSimpleCommand(words: Word[], redirectTokens: RedirectToken[], state: ShellState, frame: Frame, walk: Walk, stdin: CodeInput | undefined): CodeInput | undefined {
  if (walk.out.commands.length >= LIMITS.commands) {
    walk.out.limit = `more than ${LIMITS.commands} commands`;
    return undefined;
  }
  for (const word of words) walkSubstitutions(word.parts, state, frame, walk);
  for (const r of redirectTokens) walkSubstitutions(r.target.parts, state, frame, walk);

  let first = 0;
  const assignments: [string, Arg][] = [];
  while (first < words.length && isAssignment(words[first]!)) {
    assignments.push(splitAssignment(words[first]!, state));
    first++;
  }
  // `export X=~`: a declaration's assignment words expand like assignments (`~` after `=` is home).
  const declares = first < words.length && DECLARATIONS.has(words[first]!.raw);
  const args = words.slice(first).flatMap((word, k) => (declares && k > 0 && isAssignment(word) ? [declarationArg(word, state)] : expandArgs(word, state)));
  const redirects: Redirect[] = [];
  let input = stdin;
  // `exec 3<<<CODE` opens descriptor 3 for the rest of the line; `CMD 3<<<CODE` for CMD alone.
  const opensOnly = args.length === 1 && args[0]!.value === "exec";
  for (const r of redirectTokens) {
    const target = expandArgs(r.target, state)[0]!;
    if (r.op === "<&") {
      input = state.fds?.get(Number(target.value)) ?? { kind: "dynamic", from: `<&${target.value}` };
      continue;
    }
    if (r.fd !== undefined && r.fd > 2 && (r.op === "<" || r.op === "<<<" || r.heredoc)) {
      const opened: CodeInput = r.heredoc ? { kind: "static", text: r.heredoc.body, from: "a heredoc" } : r.op === "<<<" ? (target.dynamic ? { kind: "dynamic", from: `<<< ${target.raw}` } : { kind: "static", text: `${target.value}\n`, from: "a here-string" }) : target.code !== undefined ? substitutionOutput(target.code, state, frame, walk) : { kind: "dynamic", from: `the file ${target.value}`, ...(target.dynamic ? {} : { file: target.value }) };
      if (!opensOnly) state = { ...state, fds: new Map(state.fds) };
      (state.fds ??= new Map()).set(r.fd, opened);
      continue;
    }
    if (r.heredoc) input = { kind: "static", text: r.heredoc.body, from: "a heredoc" };
    else if (r.op === "<<<") input = target.dynamic ? { kind: "dynamic", from: `<<< ${target.raw}` } : { kind: "static", text: `${target.value}\n`, from: "a here-string" };
    else if (r.op === "<" && target.code !== undefined) input = substitutionOutput(target.code, state, frame, walk);
    else if (r.op === "<" && target.value === "/dev/null" && !target.dynamic) input = { kind: "static", text: "", from: "/dev/null" };
    else if (r.op === "<") {
      input = { kind: "dynamic", from: `the file ${target.value}`, ...(target.dynamic ? {} : { file: target.value }) };
      // Also a redirect, so a guard can tell which file feeds the command (`base64 < .env`).
      redirects.push({ op: r.op, target: target.value, dynamic: target.dynamic });
    }
    else redirects.push({ op: r.op, target: target.value, dynamic: target.dynamic });
  }
  if (args.length === 0) {
    for (const [name, value] of assignments) state.vars.set(name, value.dynamic ? undefined : value.value);
    if (redirects.length) walk.out.commands.push({ argv: [], program: "", wrappers: frame.wrappers, dynamic: [], cwd: state.cwd, redirects, ...(frame.inFunction ? { inFunction: frame.inFunction } : {}) });
    return undefined;
  }
  const called = args[0]!.dynamic ? undefined : walk.functions.get(args[0]!.value);
  // A function defined earlier in the line runs its body with these words as `$1…` (a call from inside
  // itself is left as a command: the fork-bomb rule knows it).
  if (called && !walk.calling.has(args[0]!.value)) {
    const name = args[0]!.value;
    called.called = true;
    if (!countCall(walk)) return undefined;
    walk.calling.add(name);
    const vars = new Map(state.vars);
    bindPositional(vars, args);
    // What the body prints is the call's output (`f | sh`).
    const output = walkTokens(called.body, { ...state, vars }, { ...frame, inFunction: name, wrappers: [...frame.wrappers, `${name}()`], depth: frame.depth + 1 }, walk, input);
    walk.calling.delete(name);
    return output;
  }
  const alias = args[0]!.dynamic ? undefined : walk.aliases.get(args[0]!.value);
  if (alias !== undefined) {
    const rest = words.slice(first + 1).map((w) => w.raw).join(" ");
    walkCode(`${alias} ${rest}`, state, { ...frame, wrappers: [...frame.wrappers, `alias ${args[0]!.value}`], depth: frame.depth + 1 }, walk, input);
    return undefined;
  }
  // `coproc sh`: a shell reading its code from the COPROC descriptors.
  if (args[0]!.value === "coproc" && args[1] && !args[1].dynamic && SHELLS.has(args[1].value.slice(args[1].value.lastIndexOf("/") + 1)) && args.length === 2) (walk.coprocs ??= new Set()).add("COPROC");
  const output = executeProgram(args, { state, frame, walk, input, redirects, assigned: assignments });
  // `echo CODE >&"${COPROC[1]}"`: the output is that shell's input.
  const toCoproc = walk.coprocs && redirectTokens.find((r) => (r.op === ">&" || r.op === ">") && /^"?\$\{(\w+)\[1\]\}"?$/.test(r.target.raw) && walk.coprocs!.has(/\$\{(\w+)/.exec(r.target.raw)![1]!));
  if (toCoproc) walkCode(output?.kind === "static" ? output.text ?? "" : '"$COPROC_INPUT"', { ...state, vars: new Map(state.vars) }, { ...frame, wrappers: [...frame.wrappers, "coproc sh"], depth: frame.depth + 1 }, walk);
  // `tee >(bash) <<< CODE`, `echo CODE > >(sh)`: the code in `>(…)` reads tee's input or the command's output.
  const teeInput = args[0]!.value.endsWith("tee") ? input : undefined;
  for (const word of words.slice(first)) if (teeInput) feedOutputSubstitution(word, teeInput, state, frame, walk);
  for (const r of redirectTokens) if (r.op === ">" || r.op === ">>" || r.op === ">|") feedOutputSubstitution(r.target, output ?? { kind: "dynamic", from: args[0]!.raw }, state, frame, walk);
  return output;
}

function feedOutputSubstitution(word: Word, stdin: CodeInput, state: ShellState, frame: Frame, walk: Walk): void {
  const only = word.parts.length === 1 ? word.parts[0]! : undefined;
  if (only?.kind !== "subst" || !only.raw.startsWith(">(")) return;
  walkCode(only.code, { ...state, vars: new Map(state.vars) }, { ...frame, wrappers: [...frame.wrappers, ">(…)"], depth: frame.depth + 1 }, walk, stdin);
}

/** `NAME=value` after `export`: one argument, its value expanded as an assignment's. */
function declarationArg(word: Word, state: ShellState): Arg {
  const [name, value] = splitAssignment(word, state);
  const plus = word.raw.startsWith(`${name}+=`) ? "+" : "";
  return { value: `${name}${plus}=${value.value}`, dynamic: value.dynamic, raw: word.raw };
}

export function isAssignment(word: Word): boolean {
  const first = word.parts[0];
  // includes() first: every word of every command comes here, and most have no "=".
  return first?.kind === "text" && !first.quoted && first.text.includes("=") && ASSIGNMENT.test(first.text);
}

export function splitAssignment(word: Word, state: ShellState): [string, Arg] {
  const first = word.parts[0] as { text: string };
  const eq = first.text.indexOf("=");
  const name = first.text.slice(0, eq).replace(/\+$/, "");
  const valueWord: Word = { parts: [{ kind: "text", text: first.text.slice(eq + 1), quoted: false }, ...word.parts.slice(1)], raw: word.raw.slice(eq + 1) };
  const expanded = expandWord(valueWord, state);
  return [name, { value: expanded.values.join(" "), dynamic: expanded.dynamic, raw: valueWord.raw }];
}

export function expandArgs(word: Word, state: ShellState): Arg[] {
  const expanded = expandWord(word, state);
  const only = word.parts.length === 1 ? word.parts[0]! : undefined;
  const code = only?.kind === "subst" && only.raw.startsWith("<(") ? only.code : undefined;
  return expanded.values.map((value) => (code === undefined ? { value, dynamic: expanded.dynamic, raw: word.raw } : { value, dynamic: expanded.dynamic, raw: word.raw, code }));
}

const ECHO_CODE = /^\s*(echo|printf)\s/;
// What describeOutput reads exactly: echo without escapes, printf with `%s`, `\n` and `\t` only.
const UNSURE_ECHO = /\\/;
const UNSURE_PRINTF = /\\[^nt]|%[^s]/;

/**
 * `$(echo rm)`, `$(printf '%s' /)`: the output of echo or printf of known words, trailing newlines
 * removed, is known before the line runs. Anything else (or anything nested) stays a run-time value.
 */
export function echoedOutput(code: string, state: ShellState): string | undefined {
  const program = ECHO_CODE.exec(code)?.[1];
  if (!program || code.includes("$(") || code.includes("`") || code.length > 1000 || (program === "echo" ? UNSURE_ECHO : UNSURE_PRINTF).test(code)) return undefined;
  const scratch: Walk = { out: { commands: [], unresolved: [] }, aliases: new Map(), files: new Map(), functions: new Map(), calling: new Set(), calls: { count: 0 } };
  const output = walkCode(code, { ...state, vars: new Map(state.vars) }, { wrappers: [], depth: LIMITS.depth }, scratch);
  if (scratch.out.limit || scratch.out.unresolved.length || scratch.out.commands.length !== 1 || output?.kind !== "static") return undefined;
  return (output.text ?? "").replace(/\n+$/, "");
}

/** What the code of a process substitution writes: read in a scratch walk, its commands are already judged. */
export function substitutionOutput(code: string, state: ShellState, frame: Frame, walk: Walk): CodeInput {
  const scratch: Walk = { out: { commands: [], unresolved: [] }, aliases: walk.aliases, files: new Map(walk.files), functions: walk.functions, calling: walk.calling, calls: walk.calls };
  const output = walkCode(code, { ...state, vars: new Map(state.vars) }, { ...frame, depth: frame.depth + 1 }, scratch);
  if (scratch.out.limit) walk.out.limit = scratch.out.limit;
  return output ?? { kind: "static", text: "", from: `<(${code.slice(0, 80)})` };
}
