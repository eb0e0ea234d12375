/** Walks a token stream into simple commands: segments, pipes, subshells, groups, function bodies. */
import { substitutionsIn } from "./expansion.ts";
import { lex, type Token, type Word } from "./lexer.ts";
import { ShellLimitError, ShellSyntaxError } from "./errors.ts";
import type { ShellState } from "./expand.ts";
import type { CodeInput, CommandAnalysis } from "./types.ts";
import { runSimpleCommand, type RedirectToken } from "./simple.ts";

export const LIMITS = { depth: 8, length: 100_000, tokens: 20_000, commands: 2_000 };

/** Shared by every nested walk of one analysis. */
export interface Walk {
  out: CommandAnalysis;
  aliases: Map<string, string>;
  /** Files this command line writes with known content (`echo … > x.sh`, `cat > x.py <<EOF`), by absolute path. */
  files: Map<string, string>;
}

/** Where this code runs: wrappers already peeled, nesting depth, function body. */
export interface Frame {
  wrappers: string[];
  depth: number;
  inFunction?: string;
}

const SKIPPED_WORDS = new Set(["!", "if", "then", "else", "elif", "fi", "do", "done", "while", "until", "esac", "in"]);
const HEADER_WORDS = new Set(["for", "select", "case"]);

export function walkCode(text: string, state: ShellState, frame: Frame, walk: Walk, stdin?: CodeInput): void {
  if (walk.out.limit) return;
  if (frame.depth > LIMITS.depth) {
    walk.out.limit = `code nested deeper than ${LIMITS.depth} levels`;
    return;
  }
  let tokens: Token[];
  try {
    tokens = lex(text, LIMITS.tokens);
  } catch (error) {
    if (error instanceof ShellLimitError) {
      walk.out.limit = error.message;
      return;
    }
    if (!(error instanceof ShellSyntaxError)) throw error;
    walk.out.unresolved.push(`${error.message} in \`${text.slice(0, 80)}\``);
    return;
  }
  if (tokens.length > LIMITS.tokens) {
    walk.out.limit = `more than ${LIMITS.tokens} words`;
    return;
  }
  const scopes: ShellState[] = [];
  const functions: { name: string; braceDepth: number }[] = [];
  let braceDepth = 0;
  let pendingFunction: string | undefined;
  let words: Word[] = [];
  let redirects: RedirectToken[] = [];
  let pipeInput: CodeInput | undefined = stdin;
  let skipHeader = false;
  let current = state;

  const flush = (): CodeInput | undefined => {
    if (words.length === 0 && redirects.length === 0) return undefined;
    const inFunction = functions[functions.length - 1]?.name ?? frame.inFunction;
    const output = runSimpleCommand(words, redirects, current, { ...frame, inFunction }, walk, pipeInput);
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
          continue;
        }
        if (words.length === 0 && bare !== undefined) {
          if (bare === "{") {
            braceDepth++;
            if (pendingFunction) functions.push({ name: pendingFunction, braceDepth });
            pendingFunction = undefined;
            continue;
          }
          if (bare === "}") {
            if (functions[functions.length - 1]?.braceDepth === braceDepth) functions.pop();
            braceDepth = Math.max(0, braceDepth - 1);
            continue;
          }
          if (bare === "function") {
            const name = tokens[t + 1];
            if (name?.type === "word") pendingFunction = name.word.raw;
            t++;
            if (tokens[t + 1]?.type === "op" && (tokens[t + 1] as { op: string }).op === "(") t += 2;
            continue;
          }
          if (SKIPPED_WORDS.has(bare)) continue;
          if (HEADER_WORDS.has(bare)) {
            skipHeader = true;
            continue;
          }
        }
        words.push(token.word);
        continue;
      }
      const op = token.op;
      if (op === "(" && words.length === 1 && redirects.length === 0 && tokens[t + 1]?.type === "op" && (tokens[t + 1] as { op: string }).op === ")") {
        pendingFunction = words[0]!.raw;
        words = [];
        t++;
        continue;
      }
      const output = flush();
      if (op === "\n" || op === ";" || op === "&&" || op === "||" || op === "&" || op === ";;") skipHeader = false;
      pipeInput = op === "|" || op === "|&" ? output ?? { kind: "dynamic", from: "a pipe" } : undefined;
      if (op === "(") {
        if (skipHeader) continue;
        scopes.push(current);
        current = { ...current, vars: new Map(current.vars) };
      } else if (op === ")") {
        current = scopes.pop() ?? current;
      }
    }
    flush();
  } catch (error) {
    if (!(error instanceof ShellLimitError)) throw error;
    walk.out.limit = error.message;
  }
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
    if (part.kind === "subst") {
      walkCode(part.code, { ...state, vars: new Map(state.vars) }, { ...frame, wrappers: [...frame.wrappers, part.raw.startsWith("`") ? "`…`" : part.raw.startsWith("$") ? "$(…)" : "<(…)"], depth: frame.depth + 1 }, walk);
    }
  }
}
