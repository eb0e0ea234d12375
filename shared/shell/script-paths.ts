/**
 * The file names a piece of interpreter code may open, read statically: its string literals, and the
 * names it assembles from them (`".e" + "nv"`, `path.join(os.homedir(), ".ssh", "id_rsa")`,
 * `Path.home() / ".aws" / "credentials"`). A guard checks each name that exists; the code itself is not run.
 */
import { HOME_MARK } from "./scripts.ts";

// Quoted strings of Python, JavaScript, Ruby, Perl and PHP; template literals without `${…}`.
const LITERAL = /"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\$])*`/g;
// Between two pieces of one name: concatenation (`+`, `.`, nothing: Python's adjacent literals) or a path join (`,` `/`).
const JOINED = /^\s*[+.]?\s*$/;
const PATH_JOINED = /^\s*[,/]\s*$/;
// The home directory, just before a name built on it.
const HOME_BEFORE = /(?:homedir\(\s*\)|Path\.home\(\s*\)|expanduser\(\s*["']~["']\s*\)|\benv(?:iron)?\s*(?:\.|\[\s*["']|\{\s*["']?)HOME["']?\s*[\]}]?|getenv\(\s*["']HOME["']\s*\)|Dir\.home|\$HOME)\s*[,/+.]\s*$/;

const MAX_NAMES = 128;
const MAX_PIECES = 4;

export function pathsInScript(code: string): string[] {
  const pieces: { text: string; start: number; end: number }[] = [];
  for (const match of code.matchAll(LITERAL)) {
    const text = unescapeLiteral(match[0].slice(1, -1));
    if (text !== undefined) pieces.push({ text, start: match.index, end: match.index + match[0].length });
  }
  const names = new Set<string>();
  for (let first = 0; first < pieces.length && names.size < MAX_NAMES; first++) {
    let name = "";
    for (let last = first; last < pieces.length && last < first + MAX_PIECES; last++) {
      if (last > first) {
        const gap = code.slice(pieces[last - 1]!.end, pieces[last]!.start);
        if (JOINED.test(gap)) name += pieces[last]!.text;
        else if (PATH_JOINED.test(gap)) name += `/${pieces[last]!.text}`;
        else break;
      } else name = pieces[first]!.text;
      add(names, name, HOME_BEFORE.test(code.slice(Math.max(0, pieces[first]!.start - 80), pieces[first]!.start)));
    }
  }
  return [...names];
}

/** `name`, and under the home directory too when code for it came just before (`os.homedir(), ".ssh"`). */
function add(names: Set<string>, name: string, underHome: boolean): void {
  const clean = name.replace(/\/{2,}/g, "/");
  // A file name: no line break, not empty, not a sentence.
  if (!clean || clean.length > 4096 || /[\n\0]/.test(clean) || /\s{2}/.test(clean)) return;
  names.add(clean.startsWith("~/") ? HOME_MARK + clean.slice(1) : clean);
  if (underHome) names.add(`${HOME_MARK}/${clean.replace(/^\/+/, "")}`);
}

/** The common escapes of the languages read here (`\x2e`, `\u002e`, `\056`, `\\`, `\"`); undefined for others. */
function unescapeLiteral(body: string): string | undefined {
  if (!body.includes("\\")) return body;
  let out = "";
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== "\\") {
      out += body[i];
      continue;
    }
    const rest = body.slice(i + 1);
    const escape = /^(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|u\{([0-9a-fA-F]{1,6})\}|([0-7]{1,3})|(.))/s.exec(rest);
    if (!escape) return undefined;
    const [whole, hex, unicode, braced, octal, other] = escape;
    if (hex ?? unicode ?? braced) out += String.fromCodePoint(Number.parseInt((hex ?? unicode ?? braced)!, 16));
    else if (octal) out += String.fromCharCode(Number.parseInt(octal, 8));
    else out += other === "n" || other === "t" || other === "r" ? " " : other;
    i += whole.length;
  }
  return out;
}
