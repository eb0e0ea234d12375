/** What a command writes to stdout, as far as known statically: it matters when it is piped into a shell. */
import type { Arg, CodeInput } from "./types.ts";

const DOWNLOADERS = new Set(["curl", "wget", "fetch", "http", "https", "aria2c", "lwp-request", "GET"]);
/** find's actions and formats that print something other than the paths (or nothing): built when find is first met. */
let findOtherOutput: ReadonlySet<string> | undefined;
const findActions = (): ReadonlySet<string> => (findOtherOutput ??= new Set(["-exec", "-execdir", "-ok", "-okdir", "-delete", "-printf", "-fprintf", "-ls", "-fls", "-fprint", "-fprint0"]));

export function describeOutput(program: string, args: Arg[], input: CodeInput | undefined): CodeInput | undefined {
  const from = args.map((a) => a.raw).join(" ").slice(0, 120);
  if (DOWNLOADERS.has(program)) return { kind: "download", from };
  const operands = args.slice(1);
  if (operands.some((a) => a.dynamic)) return { kind: "dynamic", from };
  if (program === "echo") {
    const words = operands.filter((a, i) => !(i === 0 && /^-[neE]+$/.test(a.value)));
    return { kind: "static", text: `${words.map((a) => a.value).join(" ")}\n`, from };
  }
  if (program === "printf" && operands.length > 0) {
    const [format, ...rest] = operands.map((a) => a.value);
    let k = 0;
    // `printf '%s\0' a b`: NUL-separated names for `xargs -0`; the format is used again for each further argument.
    const once = () => format!.replace(/%[sdb]/g, () => rest[k++] ?? "").replace(/\\n/g, "\n").replace(/\\t/g, "\t").replace(/\\0/g, "\0");
    let text = once();
    while (k > 0 && k < rest.length && /%[sdb]/.test(format!)) text += once();
    return { kind: "static", text: k < rest.length ? `${text}${rest.slice(k).join(" ")}` : text, from };
  }
  if (program === "cat" && operands.length === 0 && input) return input;
  // `find DIR … -print0`: names of what find selects under DIR (not with actions or formats that print other text).
  if (program === "find" && !operands.some((a) => findActions().has(a.value))) return { kind: "dynamic", from, find: args };
  // `yes` repeats its words (or `y`) forever; one line stands for the answer it gives every prompt.
  if (program === "yes") return { kind: "static", text: `${operands.length ? operands.map((a) => a.value).join(" ") : "y"}\n`, from };
  if (program === "base64" && operands.some((a) => a.value === "-d" || a.value === "--decode" || a.value === "-D") && input?.kind === "static") {
    return { kind: "static", text: Buffer.from(input.text ?? "", "base64").toString("utf8"), from };
  }
  if ((program === "base64" || program === "xxd" || program === "rev" || program === "tr") && input) return { ...input, kind: input.kind === "download" ? "download" : "dynamic", from: `${input.from} | ${program}` };
  // Whatever a program makes of downloaded input (`curl … | gunzip`) is still downloaded code.
  return { kind: input?.kind === "download" ? "download" : "dynamic", from };
}
