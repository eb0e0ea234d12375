/**
 * Interpreter code whose calls are not `name(arg, …)`: Lisp forms (`(system* "rm" "-rf" "/etc")` in guile,
 * racket, emacs, sbcl, clisp, babashka), Groovy's `"CMD".execute()` and `new File(P).deleteDir()`, and
 * perl's `open` of a pipe or of a file for writing. Findings are the same as the call tables' (scripts.ts).
 */
import { HOME_MARK, argumentList, stringLiteral, type ScriptFinding } from "./scripts.ts";

// ---- Lisp ---------------------------------------------------------------------------------------

/** Forms that run a shell line (their first string), or a program with its words (every string). Built on first use. */
let lispTables: { shell: ReadonlySet<string>; program: ReadonlySet<string> } | undefined;
const lisp = () => (lispTables ??= { shell: new Set(["system", "shell-command", "shell-command-to-string", "call-process-shell-command", "process", "uiop:run-program", "shell", "babashka.process/shell", "p/shell", "process/shell", "ext:shell", "ext:run-shell-command"]), program: new Set(["system*", "process*", "call-process", "sb-ext:run-program", "ext:run-program", "sh", "clojure.java.shell/sh", "shell/sh", "run-program"]) });
/** Forms that delete; the flag says whether they take a folder with what it holds. */
const LISP_DELETE: Record<string, (args: string[]) => boolean> = {
  "delete-file": () => false,
  "delete-directory": (a) => a.length > 1 && a[1] !== "nil" && a[1] !== "#f",
  "delete-directory/files": () => true,
  "fs/delete-tree": () => true,
  "babashka.fs/delete-tree": () => true,
  "uiop:delete-directory-tree": () => true,
  "delete-tree": () => true,
  "fs/delete": () => false,
};
const LISP_FORM = /\(\s*([A-Za-z][\w*/.:-]*)\s/g;

export function lispForms(code: string): ScriptFinding[] {
  const findings: ScriptFinding[] = [];
  for (const match of code.matchAll(LISP_FORM)) {
    const name = match[1]!;
    const program = lisp().program.has(name);
    const deletes = Object.hasOwn(LISP_DELETE, name);
    if (!program && !deletes && !lisp().shell.has(name)) continue;
    const args = lispArguments(code, (match.index ?? 0) + match[0].length);
    if (deletes) {
      const raw = args[0] ?? "";
      findings.push({ kind: "delete", api: name, recursive: LISP_DELETE[name]!(args), target: lispPath(raw), expression: raw || name });
      continue;
    }
    const strings = args.filter((a) => a !== "nil" && a !== "t" && a !== "#f" && a !== "#t" && !a.startsWith(":"));
    const literals = strings.map((a) => lispString(a.replace(/^'\(|\)$/g, "")));
    if (program) {
      // `(sb-ext:run-program "rm" '("-rf" "/etc"))`: the quoted list holds the words.
      const words = strings.flatMap((a) => (a.startsWith("'(") ? lispArguments(a.slice(2), 0) : /^\(\s*list\s/.test(a) ? lispArguments(a.slice(a.indexOf("list") + 4), 0) : [a])).map(lispString);
      findings.push({ kind: "shell", api: name, code: words.length && words.every((w) => w !== undefined) ? words.map((w) => `'${w!.replace(/'/g, "'\\''")}'`).join(" ") : undefined });
    } else findings.push({ kind: "shell", api: name, code: literals[0] });
  }
  return findings;
}

/** The arguments of a form up to its closing parenthesis: strings, symbols and nested forms as written. */
function lispArguments(code: string, from: number): string[] {
  const args: string[] = [];
  let i = from;
  for (let guard = 0; guard < 64 && i < code.length; guard++) {
    while (/\s/.test(code[i] ?? "")) i++;
    const c = code[i];
    if (c === undefined || c === ")" || c === "]") break;
    const start = i;
    if (c === '"') {
      for (i++; i < code.length && code[i] !== '"'; i++) if (code[i] === "\\") i++;
      i++;
    } else if (c === "(" || c === "[" || (c === "'" && code[i + 1] === "(")) {
      let depth = 0;
      for (; i < code.length; i++) {
        if (code[i] === "(" || code[i] === "[") depth++;
        else if (code[i] === ")" || code[i] === "]") if (--depth === 0) break;
      }
      i++;
    } else while (i < code.length && !/[\s()[\]]/.test(code[i]!)) i++;
    args.push(code.slice(start, i));
  }
  return args;
}

function lispString(token: string): string | undefined {
  const m = /^#?p?"((?:\\.|[^"\\])*)"$/s.exec(token.trim());
  return m ? m[1]!.replace(/\\(.)/g, "$1") : undefined;
}

/** A literal path; `~` stands for home (emacs and most Lisp file functions expand it). */
function lispPath(token: string): string | undefined {
  if (/^\(\s*(?:getenv\s+"HOME"|user-homedir-pathname|System\/getProperty\s+"user\.home"|fs\/home|find-system-path\s+(?:'|\(quote\s+)home-dir\)?)\s*\)$/.test(token.trim())) return HOME_MARK;
  const literal = lispString(token);
  if (literal === undefined) return undefined;
  return literal === "~" || literal.startsWith("~/") ? HOME_MARK + literal.slice(1) : literal;
}

// ---- Groovy ---------------------------------------------------------------------------------------

const GROOVY_EXECUTE = /("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\[[^\]]*\])\s*\.\s*execute\s*\(/g;
const GROOVY_DELETE = /new\s+File\s*\(\s*("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')\s*\)\s*\.\s*(deleteDir|delete)\s*\(/g;

/** `"rm -rf ~".execute()`, `["rm", "-rf", "/"].execute()`, `new File("/etc").deleteDir()`. */
export function groovyCalls(code: string): ScriptFinding[] {
  const findings: ScriptFinding[] = [];
  for (const match of code.matchAll(GROOVY_EXECUTE)) {
    const receiver = match[1]!;
    // A string is split on blanks into words (no shell); a list is the words.
    const words = receiver.startsWith("[") ? argumentList(`${receiver.slice(1, -1)})`, 0).map(stringLiteral) : [stringLiteral(receiver)];
    findings.push({ kind: "shell", api: "execute()", code: words.every((w) => w !== undefined) ? words.join(" ") : undefined });
  }
  for (const match of code.matchAll(GROOVY_DELETE)) {
    findings.push({ kind: "delete", api: match[2]!, recursive: match[2] === "deleteDir", target: stringLiteral(match[1]!), expression: match[1]! });
  }
  return findings;
}

// ---- Perl's open ---------------------------------------------------------------------------------

const PERL_OPEN = /\bopen\s*\(?\s*(my\s+)?([$\w]+)\s*,\s*("[^"]*"|'[^']*')\s*(?:,\s*("[^"]*"|'[^']*'))?/g;

/**
 * `open(my $f, "|-", "sh")` then `print $f "CMD"`: what is printed runs in that program; `open(F, "-|",
 * "CMD")` and `open(F, "CMD |")` run CMD; `open(F, ">", P)` and `open(F, ">P")` empty P.
 */
export function perlOpens(code: string): ScriptFinding[] {
  const findings: ScriptFinding[] = [];
  for (const match of code.matchAll(PERL_OPEN)) {
    const handle = match[2]!;
    const second = stringLiteral(match[3]!) ?? "";
    const third = match[4] === undefined ? undefined : stringLiteral(match[4]);
    const [mode, target] = third === undefined ? twoArgumentOpen(second) : [second.trim(), third];
    if (mode === ">" || mode === "+>") findings.push({ kind: "overwrite", api: "open >", target, expression: target ?? handle });
    else if (mode === "-|") findings.push({ kind: "shell", api: "open -|", code: target });
    else if (mode === "|-") {
      // Literal prints to the handle are the program's input.
      const printed = [...code.matchAll(new RegExp(String.raw`\b(?:print|printf|say)\s*\(?\s*\{?\s*${handle.replace(/\$/g, "\\$")}\s*\}?\s+("[^"]*"|'[^']*')`, "g"))].map((m) => stringLiteral(m[1]!.startsWith('"') ? m[1]!.replace(/\\n/g, "\n") : m[1]!));
      const input = printed.length && printed.every((p) => p !== undefined) ? `printf '%s' '${printed.join("").replace(/'/g, "'\\''")}'` : `cat -- "$PERL_OUTPUT"`;
      findings.push({ kind: "shell", api: "open |-", code: target === undefined ? undefined : `${input} | ${target}` });
    }
  }
  return findings;
}

/** The mode and target of perl's two-argument open: `">FILE"`, `"| CMD"`, `"CMD |"`. */
function twoArgumentOpen(spec: string): [string, string | undefined] {
  const text = spec.trim();
  if (/^\+?>(?!>)/.test(text)) return [text.startsWith("+") ? "+>" : ">", text.replace(/^\+?>\s*/, "")];
  if (text.startsWith("|")) return ["|-", text.slice(1).trim()];
  if (text.endsWith("|")) return ["-|", text.slice(0, -1).trim()];
  return ["<", undefined];
}
