/** Shell commands that print files (`cat .env`, `head id_rsa`, `source .env && echo $KEY`) for agents without a read tool. */
import { quote } from "shell-quote";
import { isAbsolute, join } from "node:path";
import type { Decision, ShellBefore } from "../../shared/event.ts";
import { pass } from "../../shared/event.ts";
import type { HookContext } from "../../shared/hook.ts";
import { tempDirectory } from "../../shared/system-dirs.ts";
import { analyzeShell } from "../../shared/shell.ts";
import { writeRedactedCopy } from "./copies.ts";
import { denyShell, redactedCommand } from "./messages.ts";
import { redactText } from "./redact.ts";
import { examineFile, type Scanner, type Verdict } from "./scan.ts";

/** Programs that print the files named in their arguments. */
const PRINTERS = new Set([
  "cat", "tac", "less", "more", "most", "head", "tail", "bat", "batcat", "nl", "strings", "xxd", "od", "hexdump", "base64",
  "grep", "egrep", "fgrep", "rg", "ag", "awk", "gawk", "sed", "cut", "sort", "uniq", "paste", "column", "jq", "yq",
  "diff", "openssl", "python", "python3", "node", "ruby", "perl", "type", "Get-Content", "gc",
]);
/** Printers whose output is only the file, so a rewrite to a redacted copy keeps the command's meaning. */
const PLAIN_PRINTERS = new Set(["cat", "tac", "head", "tail", "nl", "bat", "batcat", "less", "more"]);
/** Loading a file into the shell is only a leak when something then prints the variables. */
const LOADERS = new Set(["source", "."]);
const ENV_PRINTERS = new Set(["echo", "printf", "printenv", "env", "export", "set", "declare", "typeset"]);

export async function guardShell(event: ShellBefore, ctx: HookContext, scanner: Scanner): Promise<Decision> {
  const { commands } = analyzeShell(event.command);
  const printsEnv = commands.some((c) => ENV_PRINTERS.has(c.program));
  const flagged: Exclude<Verdict, { status: "clean" }>[] = [];
  const replaced = new Map<string, Extract<Verdict, { status: "secrets" }>>();
  for (const command of commands) {
    const reads = PRINTERS.has(command.program) || (LOADERS.has(command.program) && printsEnv);
    if (!reads) continue;
    for (const word of command.argv.slice(1)) {
      if (word.startsWith("-") || word === "") continue;
      const path = isAbsolute(word) ? word : join(event.cwd, word);
      const verdict = await examineFile(scanner, path);
      if (verdict.status === "clean") continue;
      flagged.push(verdict);
      if (verdict.status === "secrets") replaced.set(word, verdict);
    }
  }
  if (flagged.length === 0) return pass();
  const only = commands[0];
  const rewritable =
    commands.length === 1 && only && only.wrappers.length === 0 && PLAIN_PRINTERS.has(only.program) &&
    flagged.every((v) => v.status === "secrets") && ctx.canRewrite?.("command");
  if (!rewritable) return denyShell(flagged);
  const place = { tmpRoot: tempDirectory(ctx.env), now: ctx.now(), keepMinutes: scanner.options.keepCopiesMinutes };
  const argv = only.argv.map((word) => {
    const verdict = replaced.get(word);
    return verdict ? writeRedactedCopy(verdict.path, redactText(verdict.text, verdict.findings), place) : word;
  });
  return redactedCommand(quote(argv), [...replaced.values()]);
}
