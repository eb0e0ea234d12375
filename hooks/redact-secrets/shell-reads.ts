/**
 * Shell commands that would show files (`cat .env`, `base64 < id_rsa`, `cp .env x && head x`,
 * `git diff`, `git show HEAD:.env`, `source .env && echo $KEY`), for agents without a read tool and for
 * every agent's shell. One plain printer of files is pointed at redacted copies where the agent takes a new
 * command; anything else that would show a secret is refused with the masked finding.
 */
import { quote } from "shell-quote";
import { readdirSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { Decision, ShellBefore } from "../../shared/event.ts";
import { pass } from "../../shared/event.ts";
import type { HookContext } from "../../shared/hook.ts";
import { tempDirectory } from "../../shared/system-dirs.ts";
import { analyzeShell, languageOf, type ExecutedCommand } from "../../shared/shell.ts";
import { writeRedactedCopy } from "./copies.ts";
import { environmentRead, environmentText } from "./environment-reads.ts";
import { denyEnvironment, denyShell, redactedCommand } from "./messages.ts";
import { redactText } from "./redact.ts";
import { examineFile, examineText, type Scanner, type Verdict } from "./scan.ts";
import { isGlob } from "./globs.ts";
import { interpreterSource, printsFiles, readTargets, scriptTargets, shellScriptOnDisk, substitutedWords, type CopyMap, type ReadTarget } from "./shell-read-targets.ts";
import { filesUnder } from "./tree.ts";

/** Printers whose output is the file or derived from it line by line, so a redacted copy keeps the command's meaning. */
const REWRITABLE = new Set([
  "cat", "tac", "head", "tail", "nl", "bat", "batcat", "less", "more", "grep", "egrep", "fgrep", "base64", "xxd", "od", "strings", "sed", "awk",
  "cut", "sort", "uniq", "rev", "fold", "paste", "column", "pr", "expand", "fmt",
]);
/** Loading a file into the shell is only a leak when something then prints the variables. */
const LOADERS = new Set(["source", "."]);
const ENV_PRINTERS = new Set(["echo", "printf", "printenv", "env", "export", "set", "declare", "typeset"]);
/** Scripts on disk read for one command line, nested ones included. */
const MAX_SCRIPTS = 8;

type Flagged = Exclude<Verdict, { status: "clean" }>;

export async function guardShell(event: ShellBefore, ctx: HookContext, scanner: Scanner): Promise<Decision> {
  const commands = [...analyzeShell(event.command, { cwd: event.cwd, env: ctx.env }).commands];
  // A shell script on disk (`bash dump.sh`, `source x.sh`) is read like the line's own commands; so are the
  // scripts it runs, a few levels down.
  let scripts = 0;
  for (let i = 0; i < commands.length && scripts < MAX_SCRIPTS; i++) {
    const script = shellScriptOnDisk(commands[i]!);
    if (script === undefined) continue;
    scripts++;
    commands.push(...analyzeShell(script, { cwd: commands[i]!.cwd, env: ctx.env }).commands);
  }
  // PowerShell code: the agent's PowerShell tool, a line that is PowerShell whatever tool ran it, and
  // `pwsh -Command …` run from sh. Its reads are found by powershell-reads.ts, loaded for such lines only.
  const powershell: { code: string; cwd: string; own: boolean }[] = [];
  if (event.shell === "powershell" || looksLikePowerShell(event.command)) powershell.push({ code: event.command, cwd: event.cwd, own: event.shell === "powershell" });
  for (const command of commands) {
    if (languageOf(command.program) !== "powershell") continue;
    const code = interpreterSource(command, commands);
    if (code) powershell.push({ code, cwd: command.cwd ?? event.cwd, own: false });
  }
  const printsEnv = commands.some((c) => ENV_PRINTERS.has(c.program));
  const copies: CopyMap = new Map();
  const flagged: Flagged[] = [];
  const replaced = new Map<string, Extract<Verdict, { status: "secrets" }>>();
  let rewritable = commands.length === 1;
  // A safer command is offered only when one git view is all that was flagged.
  const suggestions: { command: string; covers: number }[] = [];
  for (const command of commands) {
    if (command.program === "git") {
      // Loaded only for git: its views are asked of git itself (git-views.ts), never rewritten.
      const { examineGitView } = await import("./git-views.ts");
      const view = await examineGitView(command, scanner, ctx);
      // Code git is told to run (an alias, an external diff, a pager) is read like the line's own commands.
      for (const code of new Set(view.shellCode)) {
        rewritable = false;
        commands.push(...analyzeShell(code, { cwd: command.cwd, env: ctx.env }).commands);
      }
      const shown = view.verdicts.filter((v): v is Flagged => v.status !== "clean");
      if (shown.length > 0) {
        flagged.push(...shown);
        rewritable = false;
        if (view.suggestion) suggestions.push({ command: view.suggestion, covers: shown.length });
      }
    }
    // PowerShell code is read by powershell-reads.ts, which knows its readers; other interpreters' by the paths their code spells.
    const code = languageOf(command.program) === "powershell" ? [] : scriptTargets(command, scanner.home, commands);
    const targets: ReadTarget[] = [...readTargets(command, copies), ...code];
    if (LOADERS.has(command.program) && printsEnv) targets.push(...loaded(command));
    if (printsFiles(command.program) && command.dynamic.some((dynamic, i) => dynamic && i > 0)) {
      targets.push(...substitutedWords(commands));
      // `ls -A | grep env | xargs cat`: names only run time gives, most often of the folder the line is in.
      if (command.wrappers.includes("xargs")) targets.push({ word: ".", path: command.cwd ?? "/", secretFilesIn: true });
    }
    for (const target of targets) {
      const folder = target.secretFilesIn === true && isDirectory(target.path);
      const several = target.recursive || isGlob(target.path) || folder;
      const verdicts = folder ? await examineSecretFilesIn(target.path, scanner) : several ? await examineMany(target, scanner) : [await examineTarget(target, scanner)];
      for (const verdict of verdicts) {
        if (verdict.status === "clean") continue;
        flagged.push(verdict);
        if (!several && verdict.status === "secrets" && !target.source && command.argv.includes(target.word)) replaced.set(target.word, verdict);
        else rewritable = false;
      }
    }
  }
  // A PowerShell line's own reads may be pointed at redacted copies (`Get-Content .env` → `Get-Content 'copy'`).
  let powershellRewrite: { code: string; swaps: { start: number; end: number; verdict: Extract<Verdict, { status: "secrets" }> }[] } | undefined;
  if (powershell.length > 0) {
    const { powershellReads } = await import("./powershell-reads.ts");
    for (const { code, cwd, own } of powershell) {
      const reads = powershellReads(code, cwd, scanner.home, copies);
      const swaps: NonNullable<typeof powershellRewrite>["swaps"] = [];
      let swappable = own && reads.rewritable;
      for (const target of reads.targets) {
        const folder = target.secretFilesIn === true && isDirectory(target.path);
        const several = folder || isGlob(target.path);
        const verdicts = folder ? await examineSecretFilesIn(target.path, scanner) : several ? await examineMany(target, scanner) : [await examineTarget(target, scanner)];
        for (const verdict of verdicts) {
          if (verdict.status === "clean") continue;
          if (!flagged.some((f) => f.path === verdict.path)) flagged.push(verdict);
          if (!several && verdict.status === "secrets" && target.at) swaps.push({ ...target.at, verdict });
          else swappable = false;
        }
      }
      if (own && swappable && swaps.length > 0) powershellRewrite = { code, swaps };
    }
  }
  // The environment the command would print is checked before any file is offered as a redacted copy.
  const environment = environmentRead(event.command, commands);
  if (environment) {
    const { text, names } = environmentText(ctx.env, environment);
    const findings = text ? await examineText(text, ".env", scanner.options, false) : [];
    if (findings.length > 0) return denyEnvironment(text, findings, names, flagged);
  }
  if (flagged.length === 0) return pass();
  if (event.shell === "powershell") {
    // Every flagged file must be one of the swapped paths: anything else would still be shown.
    const swapped = new Set(powershellRewrite?.swaps.map((s) => s.verdict.path));
    if (!powershellRewrite || !flagged.every((f) => swapped.has(f.path)) || !ctx.canRewrite?.("command")) return denyShell(flagged);
    return redactedPowerShell(powershellRewrite, { tmpRoot: tempDirectory(ctx.env), now: ctx.now(), keepMinutes: scanner.options.keepCopiesMinutes });
  }
  const only = commands[0];
  if (!only || !rewritable || only.wrappers.length > 0 || !REWRITABLE.has(only.program) || only.redirects.length > 0 || !ctx.canRewrite?.("command")) {
    const suggestion = suggestions.length === 1 && suggestions[0]!.covers === flagged.length ? suggestions[0]!.command : undefined;
    return denyShell(flagged, suggestion);
  }
  const place = { tmpRoot: tempDirectory(ctx.env), now: ctx.now(), keepMinutes: scanner.options.keepCopiesMinutes };
  const argv = only.argv.map((word, i) => {
    const verdict = i > 0 ? replaced.get(word) : undefined;
    return verdict ? writeRedactedCopy(verdict.path, redactText(verdict.text, verdict.findings), place) : word;
  });
  return redactedCommand(quote(argv), [...replaced.values()]);
}

/**
 * Words only PowerShell has: a `Verb-Noun` cmdlet where a command starts, `[Type]::Member`, `$env:X`, the aliases
 * that read files, and a drive's variable notation (`${c:.env}`, `${C:\keys\x.txt}`: the file's content).
 */
const POWERSHELL_WORDS = /(?:^|[;|({&=]\s*|\$\(\s*)(?:[A-Z][a-z]+-[A-Z][a-z]|(?:gc|sls|fhx|ipcsv|iex)\s)|\[[\w.]+\]::|\$env:|\$\{[A-Za-z]:[.\\/~]/;

function looksLikePowerShell(line: string): boolean {
  // Plain searches first: most lines (`ls`, `npm test`) hold none of what the pattern needs, and it is compiled on first use.
  const may = line.includes("-") || line.includes("]::") || line.includes("$env:") || line.includes("gc ") || line.includes("sls ") || line.includes("fhx ") || line.includes("ipcsv ") || line.includes("iex ") || line.includes("${");
  return may && POWERSHELL_WORDS.test(line);
}

/** The PowerShell line with each flagged path swapped for a redacted copy, as a PowerShell literal. */
function redactedPowerShell(rewrite: { code: string; swaps: { start: number; end: number; verdict: Extract<Verdict, { status: "secrets" }> }[] }, place: Parameters<typeof writeRedactedCopy>[2]): Decision {
  let code = rewrite.code;
  const copies = new Map<string, string>();
  for (const swap of [...rewrite.swaps].sort((a, b) => b.start - a.start)) {
    const copy = copies.get(swap.verdict.path) ?? writeRedactedCopy(swap.verdict.path, redactText(swap.verdict.text, swap.verdict.findings), place);
    copies.set(swap.verdict.path, copy);
    code = code.slice(0, swap.start) + `'${copy.replace(/'/g, "''")}'` + code.slice(swap.end);
  }
  const verdicts = [...new Map(rewrite.swaps.map((s) => [s.verdict.path, s.verdict])).values()];
  return redactedCommand(code, verdicts);
}

/** `source .env`, `. ./.env`: the file named first. */
function loaded(command: ExecutedCommand): ReadTarget[] {
  const word = command.argv[1];
  if (!word) return [];
  return [{ word, path: isAbsolute(word) ? word : join(command.cwd ?? "/", word) }];
}

/** A file on disk, or what tar would print from one. */
async function examineTarget(target: ReadTarget, scanner: Scanner): Promise<Verdict> {
  if (!target.source) return examineFile(scanner, target.path);
  const { examineArchive } = await import("./archives.ts");
  return examineArchive(scanner, target.path, target.source.members);
}

// Files in a folder or a glob are checked as a folder read checks them: large ones only when read alone.
const FOLDER_FILE_BYTES = 1024 * 1024;

/** The files a glob (`cat .e*`, `cat ~/.ssh/*`) or a recursive grep's folder reaches, each examined. */
async function examineMany(target: ReadTarget, scanner: Scanner): Promise<Verdict[]> {
  let files: string[];
  if (target.recursive && !isGlob(target.path)) {
    files = isDirectory(target.path) ? filesUnder(target.path, scanner.options.maxFiles).files : [target.path];
  } else {
    const { default: picomatch } = await import("picomatch");
    const parts = target.path.split("/");
    const fixed = parts.findIndex((part) => isGlob(part));
    const root = parts.slice(0, fixed).join("/") || "/";
    // The shell's * skips dot files; matching them too costs a check, never a leak.
    if (fixed === parts.length - 1) {
      // The usual glob, in the last name only (`.e*`, `~/.ssh/*`): one folder listed.
      const matches = picomatch(parts[fixed]!, { dot: true });
      files = filesIn(root).filter((name) => matches(name)).slice(0, scanner.options.maxFiles).map((name) => join(root, name));
    } else {
      const matches = picomatch(parts.slice(fixed).join("/"), { dot: true });
      files = filesUnder(root, scanner.options.maxFiles).files.filter((file) => matches(file.slice(root.length + 1)));
    }
  }
  const verdicts: Verdict[] = [];
  for (const file of files) {
    const verdict = await examineFile(scanner, file, undefined, FOLDER_FILE_BYTES);
    if (verdict.status === "refused" && verdict.rule === "too-large") continue;
    // A grep shows only the lines its pattern matches: a secret on another line stays where it is.
    if (verdict.status === "secrets" && target.lines && !verdict.findings.some((f) => linesOf(verdict.text, f.start, f.end).some(target.lines!))) continue;
    verdicts.push(verdict);
  }
  return verdicts;
}

/** The files directly in a folder that are secret by their name (`.env`, `id_ed25519`, `credentials`), each examined. */
async function examineSecretFilesIn(dir: string, scanner: Scanner): Promise<Verdict[]> {
  const verdicts: Verdict[] = [];
  for (const name of filesIn(dir).slice(0, scanner.options.maxFiles)) {
    const path = join(dir, name);
    const pathClass = scanner.classify(path, scanner.projectRoot, scanner.home);
    if (pathClass !== "secret" && pathClass !== "binary-secret" && pathClass !== "denied") continue;
    const verdict = await examineFile(scanner, path, undefined, FOLDER_FILE_BYTES);
    if (!(verdict.status === "refused" && verdict.rule === "too-large")) verdicts.push(verdict);
  }
  return verdicts;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile() || entry.isSymbolicLink()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** The whole lines a span touches. */
function linesOf(text: string, start: number, end: number): string[] {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  const to = text.indexOf("\n", end);
  return text.slice(from, to === -1 ? text.length : to).split("\n");
}
