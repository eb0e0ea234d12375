/**
 * Where a JSON text first goes wrong, as line and column. JSON.parse tells the position on some Node
 * versions only (Node 24 quotes a snippet instead), so the text is scanned here.
 */

export interface SyntaxProblem {
  line: number;
  column: number;
  message: string;
}

export function jsonSyntaxProblem(text: string): SyntaxProblem | undefined {
  let i = 0;
  const fail = (message: string): never => {
    throw Object.assign(new Error(message), { offset: i });
  };
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const literal = (word: string) => (text.startsWith(word, i) ? void (i += word.length) : fail(`unexpected ${describe(text[i])}`));
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") i++;
      else if (text.charCodeAt(i) < 0x20) fail("control character in a string");
      i++;
    }
    if (i >= text.length) fail("unterminated string");
    i++;
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match) fail(`unexpected ${describe(text[i])}`);
    i += match![0].length;
  };
  const container = (close: "}" | "]") => {
    i++;
    space();
    if (text[i] === close) return void i++;
    for (;;) {
      if (close === "}") {
        if (text[i] !== '"') fail(`expected a property name, found ${describe(text[i])}`);
        string();
        space();
        if (text[i] !== ":") fail(`expected ":", found ${describe(text[i])}`);
        i++;
      }
      value();
      space();
      if (text[i] === ",") {
        i++;
        space();
        continue;
      }
      if (text[i] === close) return void i++;
      fail(`expected "," or "${close}", found ${describe(text[i])}`);
    }
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === "{") return container("}");
    if (c === "[") return container("]");
    if (c === '"') return string();
    if (c === "t") return literal("true");
    if (c === "f") return literal("false");
    if (c === "n") return literal("null");
    return number();
  };
  try {
    if (text.charCodeAt(0) === 0xfeff) i = 1;
    value();
    space();
    if (i < text.length) fail(`unexpected ${describe(text[i])} after the end`);
    return undefined;
  } catch (error) {
    const offset = (error as { offset: number }).offset;
    const lines = text.slice(0, offset).split("\n");
    return { line: lines.length, column: lines.at(-1)!.length + 1, message: (error as Error).message };
  }
}

function describe(char: string | undefined): string {
  return char === undefined ? "end of file" : JSON.stringify(char);
}
