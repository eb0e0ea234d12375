/** Walks a token stream into simple commands: segments, pipes, subshells, groups, function bodies. */
import { substitutionsIn } from "./expansion.ts";
import { lex, type Token, type Word } from "./lexer.ts";
import { ShellLimitError, ShellSyntaxError } from "./errors.ts";
import { ELEMENT, expandWord, type ShellState } from "./expand.ts";
import type { CodeInput, CommandAnalysis, Mount } from "./types.ts";
import { isAssignment, runSimpleCommand, type RedirectToken } from "./simple.ts";

export const LIMITS = { depth: 8, length: 100_000, tokens: 20_000, commands: 2_000, calls: 2_000 };

/** Shared by every nested walk of one analysis. */
export interface Walk {
  out: CommandAnalysis;
  aliases: Map<string, string>;
  /** Files this command line writes with known content (`echo … > x.sh`, `cat > x.py <<EOF`), by absolute path. */
  files: Map<string, string>;
  /** Functions defined in the line: their body, judged where they are called (or, if never, where defined). */
  functions: Map<string, { body: Token[]; called: boolean }>;
  /** Functions whose body is being walked for a call: a call from inside is not followed again. */
  calling: Set<string>;
  /** package.json scripts the line sets (`npm pkg set scripts.x=CODE`), by name; undefined where run time knows the code. */
  scripts?: Map<string, string | undefined>;
  /** Coprocesses running a shell (`coproc sh`), by array name: what is written to `${NAME[1]}` is code. */
  coprocs?: Set<string>;
  /** Function bodies walked so far, shared with scratch walks: calls fan out (`f1() { f2; f2; }`), and their number is bounded. */
  calls: { count: number };
}

/** Where this code runs: wrappers already peeled, nesting depth, function body. */
export interface Frame {
  wrappers: string[];
  depth: number;
  inFunction?: string;
  /** Inside a container: the host folders it mounts. */
  mounts?: Mount[];
}

const SKIPPED_WORDS = new Set(["!", "if", "then", "else", "elif", "fi", "do", "done", "while", "until", "esac", "in"]);
const HEADER_WORDS = new Set(["for", "select", "case"]);

/** Walks `text` as shell code; returns what it writes to stdout when that is known (for `<(…)` and pipes). */
export function walkCode(text: string, state: ShellState, frame: Frame, walk: Walk, stdin?: CodeInput): CodeInput | undefined {
  if (walk.out.limit) return undefined;
  if (frame.depth > LIMITS.depth) {
    walk.out.limit = `code nested deeper than ${LIMITS.depth} levels`;
    return undefined;
  }
  let tokens: Token[];
  try {
    tokens = lex(text, LIMITS.tokens);
  } catch (error) {
    if (error instanceof ShellLimitError) {
      walk.out.limit = error.message;
      return undefined;
    }
    if (!(error instanceof ShellSyntaxError)) throw error;
    walk.out.unresolved.push(`${error.message} in \`${text.slice(0, 80)}\``);
    return undefined;
  }
  if (tokens.length > LIMITS.tokens) {
    walk.out.limit = `more than ${LIMITS.tokens} words`;
    return undefined;
  }
  return walkTokens(tokens, state, frame, walk, stdin, text);
}

/** walkCode on tokens already read (a function body at its call). */
export function walkTokens(tokens: Token[], state: ShellState, frame: Frame, walk: Walk, stdin?: CodeInput, text = "a function body"): CodeInput | undefined {
  if (walk.out.limit) return undefined;
  if (frame.depth > LIMITS.depth) {
    walk.out.limit = `code nested deeper than ${LIMITS.depth} levels`;
    return undefined;
  }
  const defined: string[] = [];
  const outputs: CodeInput[] = [];
  const scopes: ShellState[] = [];
  let braceDepth = 0;
  let pendingFunction: string | undefined;
  let words: Word[] = [];
  let redirects: RedirectToken[] = [];
  let pipeInput: CodeInput | undefined = stdin;
  let skipHeader = false;
  // `case WORD in PATTERN) BODY ;; … esac`: patterns are skipped like a header, bodies are code.
  let inCase = false;
  let casePattern = false;
  // `for NAME in WORDS`: the body is read once, with NAME standing for every word (see ShellState.loops).
  let loop: { name?: string; inSeen: boolean; known: boolean; values: string[] } | undefined;
  let current = state;
  // `(a; b) | c`, `{ a; b; } | c`: what a group prints feeds the pipe after it.
  const groupStarts: number[] = [];
  let groupOutput: CodeInput | undefined;

  const flush = (): CodeInput | undefined => {
    if (words.length === 0 && redirects.length === 0) return undefined;
    const output = runSimpleCommand(words, redirects, current, frame, walk, pipeInput);
    words = [];
    redirects = [];
    return output;
  };

  try {
    for (let t = 0; t < tokens.length && !walk.out.limit; t++) {
      const token = tokens[t]!;
      if (token.type === "redirect") {
        redirects.push(token);
        if (token.heredoc?.expands) walkHeredoc(token.heredoc.body, current, frame, walk);
        continue;
      }
      if (token.type === "word") {
        const bare = token.word.parts.length === 1 && token.word.parts[0]!.kind === "text" && !token.word.parts[0]!.quoted ? token.word.raw : undefined;
        if (skipHeader) {
          walkSubstitutions(token.word.parts, current, frame, walk);
          if (inCase && !casePattern && bare === "in") casePattern = true;
          else if (casePattern && bare === "esac") casePattern = inCase = skipHeader = false;
          else if (loop && loop.name === undefined) loop.name = bare;
          else if (loop && !loop.inSeen && bare === "in") loop.inSeen = true;
          else if (loop?.inSeen) {
            const expanded = expandWord(token.word, current);
            loop.known &&= !expanded.dynamic;
            loop.values.push(...expanded.values);
          }
          continue;
        }
        if (words.length === 0 && bare !== undefined) {
          if (bare === "{") {
            if (pendingFunction) {
              // The body is kept, and judged with its arguments where the function is called.
              const end = closingBrace(tokens, t);
              walk.functions.set(pendingFunction, { body: tokens.slice(t + 1, end), called: false });
              defined.push(pendingFunction);
              pendingFunction = undefined;
              t = end;
              continue;
            }
            braceDepth++;
            groupStarts.push(outputs.length);
            continue;
          }
          if (bare === "}") {
            braceDepth = Math.max(0, braceDepth - 1);
            const start = groupStarts.pop();
            if (start !== undefined) groupOutput = joinOutputs(outputs.slice(start), text);
            continue;
          }
          if (bare === "function") {
            const name = tokens[t + 1];
            if (name?.type === "word") pendingFunction = name.word.raw;
            t++;
            if (tokens[t + 1]?.type === "op" && (tokens[t + 1] as { op: string }).op === "(") t += 2;
            continue;
          }
          if (SKIPPED_WORDS.has(bare)) {
            if (bare === "esac") inCase = false;
            continue;
          }
          if (HEADER_WORDS.has(bare)) {
            skipHeader = true;
            loop = bare === "for" ? { inSeen: false, known: true, values: [] } : undefined;
            inCase = bare === "case";
            continue;
          }
        }
        words.push(token.word);
        continue;
      }
      const op = token.op;
      // `arr=(rm -rf /)`: the words in the parentheses are the array's elements, not a subshell.
      if (op === "(" && words.length > 0 && words.every(isAssignment) && /\+?=$/.test(words[words.length - 1]!.raw)) {
        const name = words[words.length - 1]!.raw.replace(/\+?=$/, "");
        const elements: string[] = [];
        let known = true;
        for (t++; t < tokens.length; t++) {
          const inner = tokens[t]!;
          if (inner.type === "op" && inner.op === ")") break;
          if (inner.type !== "word") continue;
          walkSubstitutions(inner.word.parts, current, frame, walk);
          const expanded = expandWord(inner.word, current);
          known &&= !expanded.dynamic;
          elements.push(...expanded.values);
        }
        words.pop();
        if (words.length) flush();
        current.vars.set(name, known ? elements.join(ELEMENT) : undefined);
        continue;
      }
      if (op === "(" && words.length === 1 && redirects.length === 0 && tokens[t + 1]?.type === "op" && (tokens[t + 1] as { op: string }).op === ")") {
        pendingFunction = words[0]!.raw;
        words = [];
        t++;
        continue;
      }
      if (casePattern) {
        // `a|b)` ends the pattern; a newline or `(` inside the pattern list changes nothing.
        if (op === ")") casePattern = skipHeader = false;
        continue;
      }
      const output = flush();
      if (op === ";;" && inCase) {
        casePattern = skipHeader = true;
        continue;
      }
      if (op === "\n" || op === ";" || op === "&&" || op === "||" || op === "&" || op === ";;") {
        if (skipHeader && loop?.name && /^[A-Za-z_][A-Za-z0-9_]*$/.test(loop.name)) {
          // A glob (`for f in *.txt`) stands for file names only run time knows.
          const known = loop.inSeen && loop.known && loop.values.length > 0 && loop.values.every((v) => !/[*?[]/.test(v));
          current.vars.set(loop.name, known ? loop.values.join(ELEMENT) : undefined);
          if (known) current.loops = new Set([...(current.loops ?? []), loop.name]);
          else current.loops?.delete(loop.name);
        }
        loop = undefined;
        skipHeader = false;
      }
      const piped = op === "|" || op === "|&";
      pipeInput = piped ? output ?? groupOutput ?? { kind: "dynamic", from: "a pipe" } : undefined;
      if (!piped && output) outputs.push(output);
      groupOutput = undefined;
      if (op === "(") {
        if (skipHeader) continue;
        scopes.push(current);
        groupStarts.push(outputs.length);
        current = { ...current, vars: new Map(current.vars) };
      } else if (op === ")") {
        current = scopes.pop() ?? current;
        const start = groupStarts.pop();
        if (start !== undefined) groupOutput = joinOutputs(outputs.slice(start), text);
      }
    }
    const last = flush();
    if (last) outputs.push(last);
    // A function never called here may still run (a trap, an export, a later line): its body is judged
    // as it stands, with `$1…` unknown.
    for (const name of defined) {
      const fn = walk.functions.get(name);
      if (!fn || fn.called || walk.calling.has(name)) continue;
      fn.called = true;
      if (!countCall(walk)) break;
      const vars = new Map(current.vars);
      for (const p of ["1", "2", "3", "4", "5", "6", "7", "8", "9", "@", "*", "#"]) vars.set(p, undefined);
      walk.calling.add(name);
      walkTokens(fn.body, { ...current, vars }, { ...frame, inFunction: name, depth: frame.depth + 1 }, walk);
      walk.calling.delete(name);
    }
  } catch (error) {
    if (!(error instanceof ShellLimitError)) throw error;
    walk.out.limit = error.message;
  }
  return joinOutputs(outputs, text);
}

/** False, with the analysis stopped, once more function bodies were walked than LIMITS.calls. */
export function countCall(walk: Walk): boolean {
  if (++walk.calls.count <= LIMITS.calls) return true;
  walk.out.limit = `more than ${LIMITS.calls} function calls`;
  return false;
}

const COMMAND_STARTERS = new Set(["!", "if", "then", "else", "elif", "do", "while", "until", "{"]);

/** The index of the `}` that closes the `{` at `open`: braces count only where a command starts. */
function closingBrace(tokens: Token[], open: number): number {
  let depth = 1;
  let atStart = true;
  for (let k = open + 1; k < tokens.length; k++) {
    const token = tokens[k]!;
    if (token.type === "op") {
      atStart = true;
      continue;
    }
    if (token.type !== "word") continue;
    const bare = token.word.parts.length === 1 && token.word.parts[0]!.kind === "text" && !token.word.parts[0]!.quoted ? token.word.raw : undefined;
    if (atStart && bare === "}" && --depth === 0) return k;
    if (atStart && bare === "{") depth++;
    atStart = bare !== undefined && COMMAND_STARTERS.has(bare);
  }
  return tokens.length;
}

/** The stdout of several commands in a row: static only when every one of them is. */
function joinOutputs(outputs: CodeInput[], text: string): CodeInput | undefined {
  if (outputs.length === 0) return undefined;
  if (outputs.every((o) => o.kind === "static")) return { kind: "static", text: outputs.map((o) => o.text ?? "").join(""), from: text.slice(0, 120) };
  const unknown = outputs.find((o) => o.kind === "download") ?? outputs.find((o) => o.kind !== "static")!;
  const known = outputs.map((o) => (o.kind === "static" ? o.text ?? "" : o.known ?? "")).join("");
  return known.trim() ? { ...unknown, known } : unknown;
}

/** An unquoted heredoc runs the `$(…)` and backticks in its body. */
function walkHeredoc(body: string, state: ShellState, frame: Frame, walk: Walk): void {
  try {
    walkSubstitutions(substitutionsIn(body), state, frame, walk);
  } catch (error) {
    if (!(error instanceof ShellSyntaxError)) throw error;
    walk.out.unresolved.push(`${error.message} in a heredoc`);
  }
}

/** `$(…)`, backticks and `<(…)` run before the command that holds them. */
export function walkSubstitutions(parts: Word["parts"], state: ShellState, frame: Frame, walk: Walk): void {
  for (const part of parts) {
    // `${x:-$(CODE)}`, `${x/a/$(CODE)}`: the word after the operator expands too, and its `$(…)` runs.
    if (part.kind === "var" && part.name.startsWith("{") && (part.name.includes("$(") || part.name.includes("`"))) {
      try {
        walkSubstitutions(substitutionsIn(part.name.slice(1, -1)), state, frame, walk);
      } catch (error) {
        if (!(error instanceof ShellSyntaxError)) throw error;
        walk.out.unresolved.push(`${error.message} in \`${part.raw.slice(0, 80)}\``);
      }
      continue;
    }
    if (part.kind === "subst") {
      walkCode(part.code, { ...state, vars: new Map(state.vars) }, { ...frame, wrappers: [...frame.wrappers, part.raw.startsWith("`") ? "`…`" : part.raw.startsWith("$") ? "$(…)" : "<(…)"], depth: frame.depth + 1 }, walk);
    }
  }
}
