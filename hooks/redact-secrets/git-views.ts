/**
 * git's own views as reads: `git diff`, `show`, `log -p`, `grep`, `blame`, `cat-file`, `stash show -p`,
 * `format-patch`, `archive`. The hook asks git, hardened (git-run.ts), for what the view would print,
 * without running the agent's command, and examines each file it shows like any read: by content, and by
 * name (a staged private key, a `.p12`). A view cannot be pointed at a redacted copy, so one that would
 * show a secret is refused; where leaving the secret files out of it (`':(exclude)config.env'`) gives a
 * view that passes, the refusal says so.
 */
import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, relative } from "node:path";
import type { HookContext } from "../../shared/hook.ts";
import type { ExecutedCommand } from "../../shared/shell.ts";
import { gitBlob } from "./git-blob.ts";
import { batchContents, blameLines, grepParts, patchParts, type ShownFile } from "./git-output.ts";
import { parse } from "shell-quote";
import { gitConfigValue, runGit, type GitAnswer, type GitPlace } from "./git-run.ts";
import { commandCode, GIT_COMMANDS, gitCall, viewPlan, type GitCall, type ViewPlan } from "./git-view-args.ts";
import { examineFile, type Scanner, type Verdict } from "./scan.ts";

/** Each call to git gets this long; a view git cannot answer in time is refused. */
const GIT_TIMEOUT_MS = 5000;

export interface GitViewCheck {
  verdicts: Verdict[];
  /** The same view with the flagged files left out, when that view passes: offered in the refusal. */
  suggestion?: string;
  /** Shell code the command has git run (a `!` alias, `-c diff.external=…`, `GIT_PAGER=…`): to be read as commands. */
  shellCode: string[];
}

/** Aliases of aliases are followed this deep. */
const MAX_ALIASES = 5;

interface Examined {
  verdicts: Verdict[];
  /** Flagged files a pathspec can leave out, from the top of the repository; undefined when something else was flagged. */
  excludable: string[] | undefined;
  /** Whether every call to git answered. */
  answered: boolean;
}

export async function examineGitView(command: ExecutedCommand, scanner: Scanner, ctx: HookContext, depth = 0): Promise<GitViewCheck> {
  const call = gitCall(command);
  if (!call) return { verdicts: [], shellCode: [] };
  const shellCode = [...call.programs, ...commandCode(call)];
  if (call.sub && !GIT_COMMANDS.has(call.sub) && depth < MAX_ALIASES) {
    // An alias runs what it names: a `!` alias is shell code, any other a git command with the same arguments.
    const place: GitPlace = { cwd: call.cwd, env: { ...ctx.env, ...call.env }, timeoutMs: GIT_TIMEOUT_MS, maxBytes: 64 * 1024 };
    const alias = call.aliases[call.sub] ?? (await gitConfigValue(call.top, `alias.${call.sub}`, place));
    if (alias?.startsWith("!")) return { verdicts: [], shellCode: [...shellCode, [alias.slice(1), ...call.args.map(shellWord)].join(" ")] };
    if (alias) {
      const words = parse(alias).filter((word): word is string => typeof word === "string");
      const subAt = command.argv.length - call.args.length - 1;
      const argv = [...command.argv.slice(0, subAt), ...words, ...call.args];
      const expanded = await examineGitView({ ...command, argv, dynamic: argv.map(() => false) }, scanner, ctx, depth + 1);
      return { ...expanded, shellCode: [...shellCode, ...expanded.shellCode] };
    }
  }
  const plan = viewPlan(call);
  if (!plan) return { verdicts: [], shellCode };
  const first = await examinePlan(call, plan, scanner, ctx);
  const flagged = first.verdicts.filter((v) => v.status !== "clean");
  if (flagged.length === 0 || !first.excludable?.length) return { verdicts: first.verdicts, shellCode };
  return { verdicts: first.verdicts, shellCode, ...(await verifiedExclusion(command, call, first.excludable, scanner, ctx)) };
}

async function examinePlan(call: GitCall, plan: ViewPlan, scanner: Scanner, ctx: HookContext): Promise<Examined> {
  const label = `git ${call.sub}`;
  if (plan.kind === "unchecked") return { verdicts: [{ status: "refused", path: label, rule: "git-view-unchecked", reason: plan.reason }], excludable: undefined, answered: false };
  const top = call.located || ctx.env.GIT_DIR ? call.cwd : repositoryTop(call.cwd);
  const outsideRepository = top === undefined;
  // Outside a repository git prints nothing, except `diff --no-index` (two plain files).
  if (outsideRepository && !(plan.kind === "patch" && plan.args.includes("--no-index"))) return { verdicts: [], excludable: [], answered: true };
  const root = top ?? call.cwd;
  const place: GitPlace = { cwd: call.cwd, env: { ...ctx.env, ...call.env }, timeoutMs: GIT_TIMEOUT_MS, maxBytes: scanner.options.maxBytes };
  const verdicts: Verdict[] = [];
  const excludable: string[] = [];
  let answered = true;
  let onlyFiles = true;
  const examineShown = async (files: ShownFile[], base: string) => {
    for (const file of files) {
      let verdict = await examineFile(scanner, join(base, file.path), file.text);
      if (verdict.status === "clean" && KEY_BODY_LINE.test(file.text)) verdict = await examineWholeBlobs(file, join(base, file.path), call, place, scanner, verdict);
      verdicts.push(verdict);
      if (verdict.status !== "clean") excludable.push(relative(root, join(base, file.path)));
    }
  };
  const examineWhole = async (text: string, name: string) => {
    if (!text.trim()) return;
    const verdict = await examineFile(scanner, name, text);
    verdicts.push(verdict);
    if (verdict.status !== "clean") onlyFiles = false;
  };
  const unanswered = (answer: Exclude<GitAnswer, { status: "ok" }>): void => {
    if (answer.status === "failed" || answer.status === "absent") {
      // git printed nothing: an error, an unknown revision, no git at all.
      answered = false;
      return;
    }
    answered = false;
    onlyFiles = false;
    verdicts.push(
      answer.status === "unsafe"
        ? { status: "refused", path: label, rule: "git-view-unchecked", reason: answer.reason }
        : answer.status === "timeout"
        ? { status: "refused", path: label, rule: "git-timeout", reason: `git did not answer within ${GIT_TIMEOUT_MS / 1000} s, so what it would print could not be checked (narrow it: -n, a revision range, paths)` }
        : { status: "refused", path: label, rule: "too-large", reason: `what it would print is larger than ${scanner.options.maxBytes} bytes (maxBytes), too large to check in time (narrow it: -n, a revision range, paths)` },
    );
  };
  const blobs = plan.kind === "blobs" ? plan.objects : plan.kind === "patch" ? plan.blobs ?? [] : [];
  for (const object of blobs) {
    onlyFiles = false;
    const blob = await gitBlob(call.top, object, place);
    if (blob === undefined) continue;
    if (!Buffer.isBuffer(blob)) {
      unanswered(blob);
      continue;
    }
    verdicts.push(await examineBytes(scanner, blobPath(object, root, call.cwd), blob));
  }
  if (plan.kind === "patch" || plan.kind === "grep" || plan.kind === "blame" || plan.kind === "whole") {
    const answer = await runGit(call.top, [call.sub, ...plan.args], place);
    if (answer.status !== "ok") unanswered(answer);
    else {
      const output = answer.stdout.toString("utf8");
      if (plan.kind === "patch") {
        const parts = patchParts(output);
        // `diff --no-index` names the files as given, from the current folder.
        await examineShown(parts.files, plan.args.includes("--no-index") ? call.cwd : root);
        await examineWhole(parts.rest, `${label} output`);
      } else if (plan.kind === "grep") {
        const base = plan.args.includes("--no-index") ? call.cwd : root;
        for (const file of grepParts(output, plan.revisions)) {
          const verdict = await examineGrepped(file, join(base, file.path), plan.args.includes("--cached"), call, place, scanner);
          verdicts.push(verdict);
          if (verdict.status !== "clean") excludable.push(relative(root, join(base, file.path)));
        }
      } else if (plan.kind === "blame") {
        const text = blameLines(output);
        const path = isAbsolute(plan.file) ? plan.file : join(call.cwd, plan.file);
        let verdict = await examineFile(scanner, path, text);
        // `blame -L` over part of a key: the file on disk, examined whole, stands in for the blamed version.
        if (verdict.status === "clean" && KEY_BODY_LINE.test(text)) verdict = await examineWholeBlobs({ path: plan.file, text }, path, call, place, scanner, verdict);
        verdicts.push(verdict);
        onlyFiles = false;
      } else {
        await examineWhole(output, `${label} output`);
      }
    }
  }
  if (plan.kind === "archive") {
    const archived = await examineArchive(call, plan, root, place, scanner);
    verdicts.push(...archived.verdicts);
    excludable.push(...(archived.excludable ?? []));
    if (!archived.answered) answered = false;
    if (archived.verdicts.some((v) => v.status === "refused" && v.rule !== "key-store" && v.rule !== "denied-path" && v.rule !== "binary-secret-file")) onlyFiles = false;
  }
  return { verdicts, excludable: onlyFiles ? excludable : undefined, answered };
}

/** `git archive` prints every file of a tree: asked for as a plain tar, each member examined as a file. */
async function examineArchive(call: GitCall, plan: Extract<ViewPlan, { kind: "archive" }>, root: string, place: GitPlace, scanner: Scanner): Promise<Examined> {
  const answer = await runGit(call.top, ["archive", ...plan.args], place);
  if (answer.status === "failed" || answer.status === "absent") return { verdicts: [], excludable: [], answered: false };
  if (answer.status !== "ok") {
    const reason =
      answer.status === "too-large" ? `it is larger than ${scanner.options.maxBytes} bytes (maxBytes), too large to check in time` : answer.status === "unsafe" ? answer.reason : `git did not answer within ${GIT_TIMEOUT_MS / 1000} s`;
    const rule = answer.status === "too-large" ? "too-large" : answer.status === "unsafe" ? "git-view-unchecked" : "git-timeout";
    return { verdicts: [{ status: "refused", path: "git archive", rule, reason }], excludable: undefined, answered: false };
  }
  const { tarMembers } = await import("./archives.ts");
  const verdicts: Verdict[] = [];
  const excludable: string[] = [];
  let count = 0;
  for (const member of tarMembers(answer.stdout)) {
    if (++count > scanner.options.maxFiles) {
      return { verdicts: [{ status: "refused", path: "git archive", rule: "too-many-files", reason: `it holds more than ${scanner.options.maxFiles} files (maxFiles), too many to check in time` }], excludable: undefined, answered: true };
    }
    // Names are from the folder git runs in.
    const path = join(call.cwd, member.name);
    const verdict = await examineBytes(scanner, path, member.data);
    verdicts.push(verdict);
    if (verdict.status !== "clean") excludable.push(relative(root, path));
  }
  return { verdicts, excludable, answered: true };
}

/**
 * The lines grep prints of one file. A key block's lines alone (`grep -A3 BEGIN`) are not a key to the
 * scanner, so the whole file (worktree, index or revision, as grep read it) is examined, and its findings
 * on a printed line count; the printed lines alone stand in when the whole file cannot be had.
 */
async function examineGrepped(file: ShownFile, path: string, cached: boolean, call: GitCall, place: GitPlace, scanner: Scanner): Promise<Verdict> {
  const shown = await examineFile(scanner, path, file.text);
  let whole: Verdict;
  if (file.revision !== undefined || cached) {
    const blob = await gitBlob(call.top, `${file.revision ?? ""}:${file.path}`, place);
    if (!Buffer.isBuffer(blob)) return shown;
    whole = await examineBytes(scanner, path, blob);
  } else {
    whole = await examineFile(scanner, path);
  }
  if (whole.status !== "secrets") return shown;
  // A key's armour line alone (`git grep OPENSSH`) shows no part of the key.
  const printed = new Set(file.text.split("\n").filter((line) => !ARMOUR.test(line.trim())));
  const findings = whole.findings.filter((f) => linesOf(whole.text, f.start, f.end).some((line) => printed.has(line)));
  return findings.length ? { ...whole, findings } : shown;
}

const ARMOUR = /^-----(?:BEGIN|END) [A-Z0-9 ]+-----$/;

// A line of a key's base64 body: a hunk may show some of them without the armour around them.
const KEY_BODY_LINE = /^[A-Za-z0-9+/]{40,}={0,2}$/m;

/**
 * A file a patch shows only part of (`-U0`, `log -L`, a key edited in place): the versions it compares,
 * each examined whole, and their findings on a shown line kept. A version only the worktree holds is read
 * from disk.
 */
async function examineWholeBlobs(file: ShownFile, path: string, call: GitCall, place: GitPlace, scanner: Scanner, shown: Verdict): Promise<Verdict> {
  const wholes: Verdict[] = [];
  const ids = file.blobs ?? [];
  const batch = ids.length ? await runGit(call.top, ["cat-file", "--batch"], place, ids.join("\n") + "\n") : undefined;
  const contents = batch?.status === "ok" ? batchContents(batch.stdout) : [];
  for (const content of contents) if (content) wholes.push(await examineBytes(scanner, path, content));
  if (ids.length === 0 || contents.length < ids.length || contents.some((content) => content === undefined)) wholes.push(await examineFile(scanner, path));
  const printed = new Set(file.text.split("\n").filter((line) => !ARMOUR.test(line.trim())));
  for (const whole of wholes) {
    if (whole.status !== "secrets") continue;
    const findings = whole.findings.filter((f) => linesOf(whole.text, f.start, f.end).some((line) => printed.has(line)));
    if (findings.length) return { ...whole, findings };
  }
  return shown;
}

/** The whole lines a span touches. */
function linesOf(text: string, start: number, end: number): string[] {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  const to = text.indexOf("\n", end);
  return text.slice(from, to === -1 ? text.length : to).split("\n");
}

/** A blob examined as a file read would examine it: a binary one is refused only when it is a credential file. */
async function examineBytes(scanner: Scanner, path: string, data: Buffer): Promise<Verdict> {
  if (data.subarray(0, 8192).includes(0)) {
    const pathClass = scanner.classify(path, scanner.projectRoot, scanner.home);
    if (pathClass === "binary-secret") return { status: "refused", path, rule: "key-store", reason: "it is a binary key store, which cannot be redacted" };
    if (pathClass === "secret") return { status: "refused", path, rule: "binary-secret-file", reason: "it is a binary credential file, which cannot be redacted" };
    if (pathClass === "denied") return { status: "refused", path, rule: "denied-path", reason: "its path is in denyPaths" };
    return { status: "clean", path };
  }
  return examineFile(scanner, path, data.toString("utf8"));
}

/** `HEAD:config.env`, `:0:config.env`, `HEAD:./x` → the file it names; a bare object name names none. */
function blobPath(object: string, root: string, cwd: string): string {
  const named = /^(?::[0-3])?[^:]*:(.*)$/.exec(object);
  if (!named) return `git object ${object}`;
  const path = named[1]!;
  return path.startsWith("./") || path.startsWith("../") ? join(cwd, path) : join(root, path);
}

/** The folder holding `.git` (a folder, or a file in a worktree or submodule), from `cwd` up; undefined outside any. */
function repositoryTop(cwd: string): string | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The command again with the flagged files left out by pathspec, offered only when git answers it and
 * nothing in it is flagged.
 */
async function verifiedExclusion(command: ExecutedCommand, call: GitCall, paths: string[], scanner: Scanner, ctx: HookContext): Promise<{ suggestion?: string }> {
  const top = call.located ? call.cwd : repositoryTop(call.cwd);
  if (top === undefined) return {};
  const atTop = relative(top, call.cwd) === "";
  const excludes = [...new Set(paths)].map((path) => (atTop ? `:(exclude)${path}` : `:(top,exclude)${path}`));
  const argv = withPathspecs(command.argv, call, excludes);
  if (!argv) return {};
  const again = gitCall({ ...command, argv, dynamic: argv.map(() => false) });
  const plan = again && viewPlan(again);
  if (!again || !plan) return {};
  const check = await examinePlan(again, plan, scanner, ctx);
  if (!check.answered || check.verdicts.some((v) => v.status !== "clean")) return {};
  return { suggestion: ["git", ...argv.slice(1)].map(shellWord).join(" ") };
}

/** The argv with pathspecs added after `--`; the command's own paths, when it names some without `--`, moved after it. */
function withPathspecs(argv: readonly string[], call: GitCall, pathspecs: string[]): string[] | undefined {
  const subAt = argv.indexOf(call.sub);
  if (subAt < 0) return undefined;
  const head = argv.slice(0, subAt + 1);
  const args = argv.slice(subAt + 1);
  if (args.includes("--")) return [...head, ...args, ...pathspecs];
  // Without `--`, trailing words that name files on disk are paths (git decides the same way).
  let firstPath = args.length;
  while (firstPath > 0 && !args[firstPath - 1]!.startsWith("-") && existsSync(isAbsolute(args[firstPath - 1]!) ? args[firstPath - 1]! : join(call.cwd, args[firstPath - 1]!))) firstPath--;
  return [...head, ...args.slice(0, firstPath), "--", ...args.slice(firstPath), ...pathspecs];
}

/** A word as the shell reads it back. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_\-.,/=@%+]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
