/**
 * The changes a shell command would make to guarded places: the file effects the shell analysis reports
 * (redirections, rm, mv, cp, ln, truncate, tee, dd, chmod, chown, interpreter deletions, all behind any
 * wrapper or nested shell), plus the programs that edit a file in place, git commands that rewrite
 * working files, the guards installer itself, and interpreter code that names a guarded file.
 */
import { readFileSync } from "node:fs";
import { posix } from "node:path";
import type { ExecutedCommand } from "../../shared/shell.ts";
import { pathEffects, splitOptions, type PathEffect } from "../../shared/shell/effects.ts";
import { languageOf } from "../../shared/shell/scripts.ts";
import { shellPatchedFiles } from "../../shared/dialects/patch.ts";
import type { GuardedPlace } from "../../shared/guarded-places.ts";
import { placeOf, placeUnder, realForms } from "./places.ts";

export interface GuardedChange {
  /** What the command would do, in words: "overwrite", "delete", "edit in place", … */
  verb: string;
  /** The path as the command names it. */
  target: string;
  place: GuardedPlace;
}

const VERBS: Record<PathEffect["kind"], string> = { delete: "delete", overwrite: "overwrite", write: "write to", move: "move", chmod: "change the permissions of", chown: "change the owner of" };

/** Edits their file operands in place when the option says so (`sed -i`, `perl -pi -e`, `yq -i`). */
const IN_PLACE_WITH_OPTION: Record<string, RegExp> = {
  sed: /^(-[A-Za-z]*i.*|--in-place(=.*)?)$/,
  gsed: /^(-[A-Za-z]*i.*|--in-place(=.*)?)$/,
  perl: /^-[A-Za-z]*i.*$/,
  ruby: /^-[A-Za-z]*i.*$/,
  yq: /^(-i|--inplace)$/,
};
/** Always write their file operands. */
/** Always write their file operands; an editor started on a file is there to change it (`vim -es -c '%d|x' f`). */
const WRITES_OPERANDS = new Set(["sponge", "ed", "ex", "dos2unix", "unix2dos", "patch", "vi", "vim", "nvim", "emacs", "nano"]);
/** git subcommands that rewrite, remove or move the working files they name. */
const GIT_FILE_WRITERS = new Set(["rm", "mv", "checkout", "restore", "apply"]);
/** Downloaders' options that name the file they write. */
const OUTPUT_OPTION: Record<string, RegExp> = {
  curl: /^(-o|--output)$/,
  wget: /^(-O|--output-document)$/,
};
/** Inline interpreter code that names a guarded file and one of these is taken to change it. */
const CODE_WRITES = /\b(write\w*|append\w*|unlink\w*|remove\w*|rmtree|rename\w*|replace|truncate\w*|chmod\w*|chown\w*|symlink\w*|copy\w*|move|dump|rm\w*|cp\w*|mv|delete|FileUtils)\b|open\([^)]*,\s*['"][^'"]*[wax+]/;

/** `places`: the guarded places, worked out on first use (most commands change no file, and never ask). */
export function guardedChange(command: ExecutedCommand, places: () => readonly GuardedPlace[]): GuardedChange | undefined {
  for (const effect of pathEffects(command)) {
    if (effect.path === undefined) continue;
    const hit = effectHit(effect, places());
    if (hit) return { verb: VERBS[effect.kind], target: effect.raw, place: hit };
  }
  const resolve = (word: string) => (command.cwd === undefined && !word.startsWith("/") ? undefined : posix.resolve(command.cwd ?? "/", word));
  /** `below`: the word names a folder put in place as a whole, which may hold guarded files (`cp -r evil/.claude .`). */
  const operandHit = (verb: string, words: readonly string[], below = false): GuardedChange | undefined => {
    for (const word of words) {
      const path = resolve(word);
      if (path === undefined) continue;
      const place = realForms(path).map((p) => placeOf(p, places()) ?? (below ? placeUnder(p, places()) : undefined)).find(Boolean);
      if (place) return { verb, target: word, place };
    }
    return undefined;
  };
  const { options, operands } = splitOptions(command);
  const words = operands.filter((o) => !o.dynamic).map((o) => o.value);
  const program = command.program;
  // `git apply x.patch`, `patch -p1 < x.patch`: the files the patch names; a patch that cannot be read is not trusted.
  const git = program === "git" ? gitSubcommand(command) : undefined;
  const patchFiles = git?.sub === "apply" ? git.operands : program === "patch" ? [...valuesOf(command, /^(-i|--input)$/), ...command.redirects.filter((r) => r.op === "<" && !r.dynamic).map((r) => r.target)] : [];
  for (const file of patchFiles) {
    const path = resolve(file);
    const named = path === undefined ? undefined : patchedFiles(path);
    if (named === undefined) return { verb: "apply a patch that cannot be read beforehand:", target: file, place: places()[0]! };
    const hit = operandHit("patch", named);
    if (hit) return hit;
  }
  const inPlace = IN_PLACE_WITH_OPTION[program];
  if (inPlace && options.some((o) => inPlace.test(o))) return operandHit("edit in place", words);
  if (WRITES_OPERANDS.has(program)) return operandHit("rewrite", words);
  // `awk -i inplace '…' f` (gawk's in-place extension) rewrites its file operands.
  if ((program === "awk" || program === "gawk") && command.argv.some((a, i) => a === "-iinplace" || a === "--include=inplace" || ((a === "-i" || a === "--include") && command.argv[i + 1] === "inplace"))) {
    return operandHit("edit in place", words.filter((w) => w !== "inplace"));
  }
  // Downloaders write where their output option says (`curl -o f`, `wget -O f`).
  const output = OUTPUT_OPTION[program];
  if (output) {
    const hit = operandHit("download over", valuesOf(command, output));
    if (hit) return hit;
  }
  if (git && GIT_FILE_WRITERS.has(git.sub)) return operandHit(`run git ${git.sub} on`, git.operands);
  // `ln -s .claude/settings.json x` makes a second name for a guarded file, through which it can be written.
  if (program === "ln") {
    const hit = operandHit("make a link to", words.slice(0, -1));
    if (hit) return hit;
  }
  // rsync and scp write their destination (without --delete the analysis reports no effect for them).
  if ((program === "rsync" || program === "scp") && words.length >= 2) {
    const hit = operandHit("replace", words.slice(-1), true);
    if (hit) return hit;
  }
  // cp/mv/install/rsync into a folder write `folder/<name of the source>`; `-t folder` names it first.
  if (["cp", "mv", "install", "rsync", "ln"].includes(program)) {
    const [targetFolder] = valuesOf(command, /^(-t|--target-directory)$/);
    const folder = targetFolder ?? (words.length >= 2 ? words[words.length - 1]! : undefined);
    const sources = targetFolder === undefined ? words.slice(0, -1) : words.filter((w) => w !== targetFolder);
    const hit = folder === undefined ? undefined : operandHit("replace", sources.map((source) => posix.join(folder, posix.basename(source))), true);
    if (hit) return hit;
  }
  // A patch tool run as a command writes the files its envelope names.
  const patched = shellPatchedFiles(program, command.argv.slice(1), command.input?.text);
  if (patched) {
    const hit = operandHit("patch", patched);
    if (hit) return hit;
  }
  if (isGuardsInstaller(command)) {
    const place = places()[0];
    if (place) return { verb: "rewrite the hook configs through", target: command.argv.slice(0, 3).join(" "), place: { ...place, what: "the guards installer, which rewrites the agents' hook configs" } };
  }
  if (languageOf(program) !== undefined) {
    const code = [...command.argv.slice(1), command.input?.text ?? ""].join("\n");
    const named = places().find((place) => code.toLowerCase().includes(marker(place)));
    if (named && CODE_WRITES.test(code)) return { verb: "change (from interpreter code)", target: marker(named), place: named };
  }
  return undefined;
}

/** git's global options that take a value, before the subcommand (`git -C dir rm f`). */
const GIT_VALUED = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env"]);

/** The subcommand and its static operands, as paths from where git runs (`-C dir` moves it). */
function gitSubcommand(command: ExecutedCommand): { sub: string; operands: string[] } {
  const argv = command.argv;
  let dir = "";
  let i = 1;
  for (; i < argv.length && argv[i]!.startsWith("-"); i++) {
    if (argv[i] === "-C") dir = posix.join(dir, argv[i + 1] ?? "");
    if (GIT_VALUED.has(argv[i]!)) i++;
  }
  const operands = argv.slice(i + 1).filter((word, j) => !command.dynamic[i + 1 + j] && !word.startsWith("-"));
  return { sub: argv[i] ?? "", operands: operands.map((word) => (word.startsWith("/") || dir === "" ? word : posix.join(dir, word))) };
}

/** The files a unified or git diff names, with and without their `a/` `b/` prefix; undefined when unreadable. */
function patchedFiles(path: string): string[] | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8").slice(0, 1_000_000);
  } catch {
    return undefined;
  }
  const names = [...text.matchAll(/^(?:--- |\+\+\+ |rename to |copy to |diff --git )(\S+)(?: (\S+))?/gm)].flatMap((m) => [m[1]!, ...(m[0].startsWith("diff") && m[2] ? [m[2]] : [])]);
  return [...new Set(names.flatMap((name) => [name, name.replace(/^[ab]\//, "")]))].filter((name) => name !== "/dev/null");
}

/** The static values of an option, spelled `-o v`, `--output v`, `--output=v` or `-ov`. */
function valuesOf(command: ExecutedCommand, option: RegExp): string[] {
  const values: string[] = [];
  command.argv.forEach((word, i) => {
    if (i === 0 || command.dynamic[i]) return;
    const next = command.argv[i + 1];
    if (option.test(word) && next !== undefined && !command.dynamic[i + 1]) values.push(next);
    const long = /^(--[\w-]+)=(.*)$/.exec(word);
    if (long && option.test(long[1]!)) values.push(long[2]!);
    const short = /^(-\w)(.+)$/.exec(word);
    if (short && !word.startsWith("--") && option.test(short[1]!)) values.push(short[2]!);
  });
  return values;
}

/** A write lands in a place; a delete, move or permission change also reaches every place under its folder. */
function effectHit(effect: PathEffect, places: readonly GuardedPlace[]): GuardedPlace | undefined {
  for (const path of realForms(effect.path!)) {
    const inside = placeOf(path, places);
    if (inside) return inside;
    const reachesBelow = effect.kind === "delete" || effect.kind === "move" || effect.kind === "chmod" || effect.kind === "chown" || effect.contents;
    if (reachesBelow) {
      const below = placeUnder(path, places);
      if (below) return below;
    }
  }
  return undefined;
}

/** `guards install|uninstall`, `npx agent-guards uninstall`, `node …/cli.mjs uninstall`; a dry run changes nothing. */
function isGuardsInstaller(command: ExecutedCommand): boolean {
  const argv = command.argv;
  const at = argv.findIndex((word, i) => word.endsWith("guards") && (word === "agent-guards" || word.slice(word.lastIndexOf("/") + 1) === "guards") || (i > 0 && word.endsWith("cli.mjs") && /(^|\/)(dist\/cli\.mjs|agent-guards\/.*cli\.mjs)$/.test(word)));
  if (at < 0) return false;
  const sub = argv[at + 1];
  return (sub === "install" || sub === "uninstall") && !argv.includes("--dry-run");
}

/** The part of a place's path that code would spell out: `.guards`, `.claude/settings.json`, `guards-code-cache-`. */
function marker(place: GuardedPlace): string {
  const segments = place.path.toLowerCase().split("/");
  const last = segments[segments.length - 1]!;
  return last.startsWith(".") || place.prefix ? last : segments.slice(-2).join("/");
}
