import { ShellSyntaxError } from "./errors.ts";

const OPENER: Record<string, string> = { ")": "(", "}": "{" };

/**
 * Index of the `close` that ends a construct opened just before `from` (`$(`, `${`, `<(`), skipping
 * quoted text and nested pairs. One pass over the text: unclosed input costs linear time, never more.
 */
export function scanClosing(text: string, from: number, close: ")" | "}"): number {
  const open = OPENER[close]!;
  let depth = 0;
  let i = from;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) break;
      i = end + 1;
      continue;
    }
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i++;
      continue;
    }
    if (c === open) depth++;
    else if (c === close) {
      if (depth === 0) return i;
      depth--;
    }
    i++;
  }
  throw new ShellSyntaxError(`unclosed ${open === "(" ? "$( or (" : "${"}`);
}
