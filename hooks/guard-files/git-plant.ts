/**
 * Code planted in git: a write that sets a git setting holding code (`core.fsmonitor`, `core.pager`,
 * `alias.x = !…`, a filter driver, `core.hooksPath`, `include.path`, …) or puts a hook script in place.
 * Once planted, an everyday `git status` or `git commit` runs it, outside any guard and also in the
 * person's own terminal. The guard sees the write, not the later run, so the write is what it judges:
 * `git config`, `git clone -c`, redirections, `tee`, `cp`, `mv`, `install`, `ln`, `sed -i`, interpreter
 * code, and the agents' edit tools.
 */
import { posix } from "node:path";
import type { FileEditBefore } from "../../shared/event.ts";
import type { ExecutedCommand } from "../../shared/shell.ts";
import { pathEffects, splitOptions, type PathEffect } from "../../shared/shell/effects.ts";
import { languageOf } from "../../shared/shell/scripts.ts";
import { CODE_NAME_IN_TEXT, holdsCode, lastSection, normalKey, parseGitConfig, plantedSettings, plantsCode, type GitSetting } from "./git-config.ts";
import { gitPlaceOf, isHooksFolder, readSettings, readText, type GitPlace, type GitPlaces } from "./git-places.ts";
import { realForms } from "./places.ts";
import { substituted } from "./sed-substitute.ts";

export interface Plant {
  /** A hook script in a tracked folder (`.husky/`, `.githooks/`) asks: it is reviewed like other project code. */
  action: "deny" | "ask";
  rule: "git-planted-code" | "git-hook-script";
  /** What would be planted, in words: "set core.fsmonitor to `rm -rf ~`". */
  what: string;
  /** Where: the file or the command. */
  where: string;
  /** What is planted: a git setting, a hook script or an ssh command (the safer way differs). */
  about: "setting" | "hook" | "ssh";
}

const PLANT = (what: string, where: string, about: Plant["about"] = "setting"): Plant => ({ action: "deny", rule: "git-planted-code", what, where, about });
const describe = (s: GitSetting) => `set ${s.key} to \`${s.value.length > 80 ? `${s.value.slice(0, 77)}…` : s.value}\``;

/** git's global options that take a value, before the subcommand. */
const GIT_VALUED = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env", "--super-prefix"]);
/** `git config` options that take a value. */
const CONFIG_VALUED = new Set(["-f", "--file", "--blob", "--type", "--default", "--comment", "--value", "-t"]);
/** `git config` modes that read, remove or rename: they set nothing. */
const CONFIG_READS = /^(--get|--get-all|--get-regexp|--get-urlmatch|-l|--list|--unset|--unset-all|--rename-section|--remove-section|-e|--edit|--get-color|--get-colorbool)$/;
const CONFIG_ACTIONS_THAT_READ = new Set(["get", "list", "unset", "rename-section", "remove-section", "edit"]);
/** Programs whose words are the text they write (`echo … >> .git/config`). */
const PRINTERS = new Set(["echo", "printf"]);
/** Programs that copy their input through to the file (`cat <<EOF > f`, `… | tee -a f`). */
const PASSERS = new Set(["cat", "tee", "", "sponge"]);
/** Programs whose non-last operands are copied to the last (`cp SRC DST`). */
const COPIERS = new Set(["cp", "mv", "install", "ln", "rsync", "scp", "ditto"]);
/** Interpreter code that writes files. */
const CODE_WRITES = /\b(write\w*|append\w*|rename\w*|replace|copy\w*|move|symlink\w*|chmod\w*|dump|cp\w*|mv|FileUtils|Set-Content|Add-Content|Out-File)\b|open\([^)]*,\s*['"][^'"]*[wax+]/;
/** How interpreter code names git's code places. */
const CODE_NAMES_CONFIG = /\.git[/\\]+config|gitconfig|git[/\\]+config/i;
const CODE_NAMES_HOOKS = /\.git[/\\]+hooks[/\\]/i;

/** ssh options that run a command (`ProxyCommand`, `LocalCommand`, `KnownHostsCommand`, `Match exec`) or read another file (`Include`). */
const SSH_RUNS = /^\s*(proxycommand|localcommand|knownhostscommand|include)\b(?!\s*=?\s*none\s*$)|^\s*match\b.*\bexec\b/im;

/** The lines of `after` that make ssh run a command and were not in `before`. */
function sshPlant(before: string, after: string, where: string): Plant | undefined {
  const had = new Set(before.split(/\r?\n/).map((l) => l.trim()));
  const line = after.split(/\r?\n/).find((l) => SSH_RUNS.test(l) && !had.has(l.trim()));
  return line === undefined ? undefined : { action: "deny", rule: "git-planted-code", what: `add \`${line.trim().slice(0, 80)}\` to ssh's config`, where, about: "ssh" };
}

/** Built-in attribute drivers and git-lfs's: naming them runs nothing the repository configured. */
const BUILTIN_DRIVERS = new Set(["lfs", "text", "binary", "union", "ada", "bash", "bibtex", "cpp", "csharp", "css", "dts", "elixir", "fortran", "fountain", "golang", "html", "java", "kotlin", "markdown", "matlab", "objc", "pascal", "perl", "php", "python", "ruby", "rust", "scheme", "tex"]);

/**
 * The plants a command line would make. The line as a whole matters once: a value set by `git config` in
 * one command can be rewritten by a `sed -i` in the next, before either runs.
 */
export function shellPlants(commands: readonly ExecutedCommand[], places: GitPlaces, projectRoot: string): Plant[] {
  places.gitDirs.push(...commands.flatMap(namedGitDirs));
  const lineSettings = commands.flatMap((c) => (c.program === "git" ? gitCommandSettings(c) : []));
  const lineSetsCode = lineSettings.some((s) => holdsCode(s.key));
  return commands
    .map((command) => shellPlant(command, places, projectRoot, lineSetsCode) ?? renamePlant(command, places, projectRoot, lineSettings))
    .filter((p): p is Plant => p !== undefined);
}

/** The git folders a git command names or makes: `--git-dir`, `GIT_DIR=`, `init|clone --bare|--mirror DIR`, `--separate-git-dir`. */
function namedGitDirs(command: ExecutedCommand): string[] {
  if (command.program !== "git") return [];
  const argv = command.argv;
  const dirs: string[] = [];
  argv.forEach((word, i) => {
    if (command.dynamic[i]) return;
    if ((argv[i - 1] === "--git-dir" || argv[i - 1] === "--separate-git-dir") && !command.dynamic[i]) dirs.push(word);
    const joined = /^--(?:git-dir|separate-git-dir)=(.+)$/.exec(word);
    if (joined) dirs.push(joined[1]!);
  });
  if (typeof command.env?.GIT_DIR === "string") dirs.push(command.env.GIT_DIR);
  const bare = argv.some((w) => w === "--bare" || w === "--mirror");
  const sub = argv.find((w, i) => i > 0 && (w === "init" || w === "clone"));
  if (bare && sub) {
    const operands = argv.slice(argv.indexOf(sub) + 1).filter((w, k, all) => !w.startsWith("-") && !/^(--template|--separate-git-dir|-b|--initial-branch|-o|--origin|--depth|-c|--config)$/.test(all[k - 1] ?? ""));
    const last = operands[sub === "clone" ? 1 : 0];
    if (last !== undefined) dirs.push(last);
  }
  return dirs.map((dir) => posix.resolve(command.cwd ?? "/", dir).toLowerCase());
}

/**
 * `git config --rename-section foo core` after `git config foo.pager 'sh x'`: the settings of the renamed
 * section, from the config files it may name and from the same line, judged under their new name.
 */
function renamePlant(command: ExecutedCommand, places: GitPlaces, projectRoot: string, lineSettings: readonly GitSetting[]): Plant | undefined {
  if (command.program !== "git") return undefined;
  const argv = command.argv;
  const at = argv.findIndex((w, i) => i > 0 && (w === "--rename-section" || w === "rename-section"));
  if (at < 0 || !argv.slice(1, at).includes("config")) return undefined;
  const [from, to] = argv.slice(at + 1).filter((w) => !w.startsWith("-"));
  if (from === undefined || to === undefined) return undefined;
  const section = (name: string) => normalKey(`${name}.x`).slice(0, -2);
  const old = section(from);
  const renamed = section(to);
  const file = argv.find((w, i) => argv[i - 1] === "-f" || argv[i - 1] === "--file") ?? argv.find((w) => w.startsWith("--file="))?.slice(7);
  const root = projectRoot.replace(/\/+$/, "");
  const files = file !== undefined ? [posix.resolve(command.cwd ?? root, file)] : [`${root}/.git/config`, `${places.home}/.gitconfig`, `${places.xdg}/git/config`];
  const settings = [...files.flatMap((f) => readSettings(f)), ...lineSettings];
  const moved = settings.filter((s) => s.key.startsWith(`${old}.`) && s.key.lastIndexOf(".") === old.length).map((s) => ({ key: `${renamed}.${s.key.slice(old.length + 1)}`, value: s.value }));
  const planted = moved.filter(plantsCode);
  return planted.length ? PLANT(`${describe(planted[0]!)} by renaming the section ${from}`, `\`${argv.slice(0, 5).join(" ")}\``) : undefined;
}

/** The plant one command would make, if any. */
function shellPlant(command: ExecutedCommand, places: GitPlaces, projectRoot: string, lineSetsCode: boolean): Plant | undefined {
  const shown = command.argv.slice(0, 4).join(" ");
  if (command.program === "git") {
    const planted = gitCommandSettings(command).filter(plantsCode);
    if (planted.length) return PLANT(describe(planted[0]!), `\`${shown}\``);
    const editor = scriptedConfigEditor(command);
    if (editor !== undefined) return PLANT(`edit a git config through the editor \`${editor}\`, which writes what it likes`, `\`${shown}\``);
  }
  for (const effect of [...pathEffects(command), ...operandWrites(command)]) {
    if (effect.path === undefined) continue;
    const plant = effectPlant(command, effect, places, projectRoot, lineSetsCode);
    if (plant) return plant;
  }
  if (languageOf(command.program) !== undefined) {
    const code = [...command.argv.slice(1), command.input?.text ?? ""].join("\n");
    if (CODE_WRITES.test(code)) {
      if (CODE_NAMES_HOOKS.test(code)) return PLANT("write a git hook", `interpreter code (\`${shown}\`)`, "hook");
      if (CODE_NAMES_CONFIG.test(code) && CODE_NAME_IN_TEXT.test(code.replace(/\\n/g, "\n").replace(/\\t/g, "\t"))) return PLANT("write a git setting that runs a command", `interpreter code (\`${shown}\`)`);
    }
  }
  return undefined;
}

/** The plant an edit tool would make, if any. */
export function editPlant(event: FileEditBefore, places: GitPlaces, projectRoot: string): Plant | undefined {
  const tool = event.toolName ? `the ${event.toolName} tool` : "an edit";
  for (const file of event.filePaths.length ? event.filePaths : [event.filePath]) {
    const place = realForms(file).map((path) => gitPlaceOf(path, places)).find(Boolean);
    if (!place) continue;
    const where = `${file} (${tool})`;
    if (place.kind === "hooks") return hookPlant(place, where);
    const texts = event.content !== undefined ? [event.content] : event.edits.map((e) => e.newText);
    if (texts.every((t) => t === "") && event.edits.every((e) => e.oldText === "")) {
      // A patch whose text the event does not carry: what it writes cannot be judged.
      if (place.kind === "config") return PLANT("change git settings in a way that cannot be read beforehand", where);
      continue;
    }
    if (place.kind === "attributes") {
      const plant = attributesPlant(texts.join("\n"), projectRoot, where);
      if (plant) return plant;
      continue;
    }
    const before = readText(file) ?? "";
    if (place.kind === "ssh") {
      const plant = sshPlant(before, texts.join("\n"), where);
      if (plant) return plant;
      continue;
    }
    let after = before;
    const loose: string[] = [];
    if (event.content !== undefined) after = event.content;
    else {
      for (const edit of event.edits) {
        if (edit.oldText === "" && before === "") after = edit.newText;
        else if (edit.oldText !== "" && after.includes(edit.oldText)) after = after.replace(edit.oldText, () => edit.newText);
        else loose.push(edit.newText);
      }
    }
    const planted = plantedSettings(parseGitConfig(before), parseGitConfig(after));
    if (planted.length) return PLANT(describe(planted[0]!), where);
    // An edit that does not apply to the file as it is now: its text is judged on its own.
    if (loose.some((text) => CODE_NAME_IN_TEXT.test(text))) return PLANT("write a git setting that runs a command", where);
  }
  return undefined;
}

function hookPlant(place: GitPlace, where: string): Plant {
  return place.tracked
    ? { action: "ask", rule: "git-hook-script", what: "write a git hook script", where, about: "hook" }
    : PLANT("write a git hook script", where, "hook");
}

/**
 * `GIT_EDITOR="sed -i …" git config --edit`: the editor the line names for `git config -e` (an editor that
 * is not an everyday one writes the config unseen). Undefined when git would open the person's own editor.
 */
function scriptedConfigEditor(command: ExecutedCommand): string | undefined {
  const argv = command.argv;
  let i = 1;
  let editor: string | null | undefined;
  for (; i < argv.length && argv[i]!.startsWith("-"); i += GIT_VALUED.has(argv[i]!) ? 2 : 1) {
    const setting = argv[i] === "-c" ? argv[i + 1] : undefined;
    if (setting && /^core\.editor=/i.test(setting)) editor = setting.slice(setting.indexOf("=") + 1);
  }
  if (argv[i] !== "config") return undefined;
  const rest = argv.slice(i + 1);
  if (!rest.some((w) => w === "-e" || w === "--edit") && rest.find((w) => !w.startsWith("-")) !== "edit") return undefined;
  const env = command.env ?? {};
  for (const name of ["GIT_EDITOR", "VISUAL", "EDITOR"]) if (name in env) editor ??= env[name];
  if (editor === undefined) return undefined;
  if (editor === null) return "<only known when it runs>";
  return plantsCode({ key: "core.editor", value: editor }) ? editor : undefined;
}

/** The settings a git command stores: `git config K V` (every spelling), `git clone|init -c K=V`, `--template`. */
function gitCommandSettings(command: ExecutedCommand): GitSetting[] {
  const argv = command.argv;
  let i = 1;
  while (i < argv.length && argv[i]!.startsWith("-")) i += GIT_VALUED.has(argv[i]!) ? 2 : 1;
  const sub = argv[i];
  const rest = argv.slice(i + 1);
  const dyn = command.dynamic.slice(i + 1);
  const value = (k: number) => (dyn[k] ? "<a value only known when it runs>" : rest[k]!);
  if (sub === "config") {
    // Options come first; from the first other word on, every word is an operand (`alias.s '-c x=y log'` sets that text).
    const words: number[] = [];
    for (let k = 0; k < rest.length; k++) {
      const word = rest[k]!;
      if (words.length || dyn[k] || !word.startsWith("-")) words.push(k);
      else if (word === "--") continue;
      else if (CONFIG_READS.test(word)) return [];
      else if (CONFIG_VALUED.has(word)) k++;
    }
    if (words.length && CONFIG_ACTIONS_THAT_READ.has(rest[words[0]!]!)) return [];
    if (words.length && rest[words[0]!] === "set") {
      // `git config set [--append] [--global] KEY VALUE`: options again, then the operands.
      words.shift();
      while (words.length && rest[words[0]!]!.startsWith("-") && !dyn[words[0]!]) words.splice(0, CONFIG_VALUED.has(rest[words[0]!]!) ? 2 : 1);
    }
    if (words.length < 2) return [];
    return [{ key: normalKey(rest[words[0]!]!), value: value(words[1]!) }];
  }
  if (sub === "clone" || sub === "init" || sub === "submodule") {
    const settings: GitSetting[] = [];
    rest.forEach((word, k) => {
      const pair = word === "-c" || word === "--config" ? value(k + 1) : word.startsWith("--config=") ? word.slice(9) : /^-c./.test(word) ? word.slice(2) : undefined;
      if (pair !== undefined && pair.includes("=")) settings.push({ key: normalKey(pair.slice(0, pair.indexOf("="))), value: pair.slice(pair.indexOf("=") + 1) });
      const template = word === "--template" ? value(k + 1) : word.startsWith("--template=") ? word.slice(11) : undefined;
      if (template !== undefined) settings.push({ key: "init.templatedir", value: template });
    });
    return settings;
  }
  return [];
}

/** Editors and filters that rewrite the files they are given (`ex -sc '…' -cx f`, `sponge f`). */
const REWRITES_OPERANDS = new Set(["ed", "ex", "vi", "vim", "nvim", "emacs", "nano", "sponge", "dos2unix", "unix2dos"]);

/**
 * Writes the shell analysis does not report as file effects: an editor's operands (rewritten in place:
 * its script is what is judged) and the destination of `rsync`/`scp` (a copy of the sources).
 */
function operandWrites(command: ExecutedCommand): PathEffect[] {
  const resolve = (word: string) => (command.cwd === undefined && !word.startsWith("/") ? undefined : posix.resolve(command.cwd ?? "/", word));
  const effect = (raw: string, extra: Partial<PathEffect>): PathEffect => ({ kind: "write", path: resolve(raw), raw, contents: false, recursive: false, selective: false, replaces: true, ...extra });
  const { operands } = splitOptions(command);
  const words = operands.filter((o) => !o.dynamic && !o.value.includes(":")).map((o) => o.value);
  if (REWRITES_OPERANDS.has(command.program)) return words.map((w) => effect(w, { inPlace: true }));
  if ((command.program === "rsync" || command.program === "scp") && words.length >= 2) return [effect(words[words.length - 1]!, {})];
  return [];
}

/** What a file effect plants in a git place. */
function effectPlant(command: ExecutedCommand, effect: PathEffect, places: GitPlaces, projectRoot: string, lineSetsCode: boolean): Plant | undefined {
  if (effect.kind === "delete" || effect.kind === "chown" || effect.kind === "move") return undefined;
  const shown = `\`${command.argv.slice(0, 4).join(" ") || command.redirects.map((r) => `${r.op} ${r.target}`).join(" ")}\``;
  // `cp x .git/hooks/` lands in the folder under the source's name.
  if (effect.kind === "write" && COPIERS.has(command.program) && isHooksFolder(effect.path!, places)) {
    const place = copySources(command).map((s) => gitPlaceOf(`${effect.path}/${posix.basename(s)}`, places)).find(Boolean);
    if (place) return hookPlant(place, shown);
  }
  const place = realForms(effect.path!).map((path) => gitPlaceOf(path, places)).find(Boolean);
  if (!place) return undefined;
  if (place.kind === "hooks") {
    if (effect.kind === "chmod") return addsExecute(effect.mode ?? "") ? hookPlant(place, shown) : undefined;
    if (effect.emptying) return undefined;
    return hookPlant(place, shown);
  }
  if (effect.kind === "chmod" || effect.emptying) return undefined;
  // A link stays open: whatever is written to its target later is the config.
  if (command.program === "ln" && (place.kind === "config" || place.kind === "ssh")) return PLANT(`make ${effect.raw} a link to another file, through which it can be written unseen`, shown);
  const written = writtenText(command, effect);
  if (place.kind === "attributes") return written.text === undefined ? undefined : attributesPlant(written.text, projectRoot, shown);
  const before = readText(effect.path!) ?? "";
  if (place.kind === "ssh") {
    // An in-place script that names a command option: what it leaves behind is not followed.
    if (written.scan !== undefined) return /proxycommand|localcommand|knownhostscommand|include|\bexec\b/i.test(written.scan) ? { ...PLANT("add a command to ssh's config", shown), about: "ssh" } : undefined;
    if (written.text === undefined) return PLANT(`write ${effect.raw} with text that cannot be read beforehand`, shown);
    return sshPlant(before, written.text, shown);
  }
  if (written.scan !== undefined) return inPlacePlant(command, written.scan, before, lineSetsCode, shown);
  if (written.text === undefined) return PLANT(`write ${effect.raw} with text that cannot be read beforehand`, shown);
  const appended = effect.kind === "write" && !effect.replaces;
  const after = appended ? parseGitConfig(written.text, lastSection(before)) : parseGitConfig(written.text);
  const planted = plantedSettings(parseGitConfig(before), after);
  return planted.length ? PLANT(describe(planted[0]!), shown) : undefined;
}

/**
 * An in-place edit of a git config (`sed -i`, `perl -pi`, `ex`): a script that names a command setting,
 * a substitution whose result sets one, or, when the script cannot be followed, any rewrite of a config
 * that holds command settings now or gets one earlier in the same line (`s/less/sh x/` after
 * `git config core.pager less`).
 */
function inPlacePlant(command: ExecutedCommand, script: string, before: string, lineSetsCode: boolean, shown: string): Plant | undefined {
  if (CODE_NAME_IN_TEXT.test(script)) return PLANT("write a git setting that runs a command", shown);
  if (lineSetsCode) return PLANT("rewrite a git config after setting a command in it on the same line", shown);
  const after = substituted(command, before);
  if (after !== undefined) {
    const planted = plantedSettings(parseGitConfig(before), parseGitConfig(after));
    return planted.length ? PLANT(describe(planted[0]!), shown) : undefined;
  }
  return parseGitConfig(before).some((s) => holdsCode(s.key)) ? PLANT("rewrite a git config that holds command settings with a script that cannot be followed", shown) : undefined;
}

/** The text a command writes to a file: known text, a script to scan (`sed -i`), or neither. */
function writtenText(command: ExecutedCommand, effect: PathEffect): { text?: string; scan?: string } {
  const { program } = command;
  if (effect.inPlace || ((program === "sed" || program === "gsed") && !command.redirects.some((r) => r.target === effect.raw))) {
    return { scan: unescape([...command.argv.slice(1), command.input?.text ?? ""].join("\n")) };
  }
  const redirected = command.redirects.some((r) => r.target === effect.raw && !r.dynamic);
  if (PRINTERS.has(program) && redirected && !command.dynamic.some(Boolean)) {
    const words = command.argv.slice(1).filter((w, k) => !(k === 0 && program === "echo" && /^-[neE]+$/.test(w)));
    return { text: unescape(words.join(program === "echo" ? " " : "\n")) };
  }
  if (PASSERS.has(program)) {
    if (command.input?.kind === "static" && command.input.text !== undefined) return { text: command.input.text };
    const { operands } = splitOptions(command);
    if (program === "cat" && operands.length && operands.every((o) => !o.dynamic)) return textOfFiles(operands.map((o) => o.value), command.cwd);
    return {};
  }
  if (COPIERS.has(program) || program === "dd") {
    const sources = program === "dd" ? command.argv.filter((a) => a.startsWith("if=")).map((a) => a.slice(3)) : copySources(command);
    if (sources.length) return textOfFiles(sources, command.cwd);
  }
  return {};
}

function textOfFiles(files: string[], cwd: string | undefined): { text?: string } {
  const texts = files.map((f) => (f.startsWith("/") || cwd ? readText(posix.resolve(cwd ?? "/", f)) : undefined));
  return texts.every((t): t is string => t !== undefined) ? { text: texts.join("\n") } : {};
}

/** The static source operands of cp, mv, install, ln, rsync (all but the destination). */
function copySources(command: ExecutedCommand): string[] {
  const { operands } = splitOptions(command);
  const valued = new Set(["-m", "--mode", "-o", "-g", "--owner", "--group", "-S", "--suffix"]);
  const words = operands.filter((o) => !o.dynamic && !valued.has(command.argv[o.index - 1] ?? "")).map((o) => o.value);
  const target = command.argv.findIndex((a) => a === "-t" || a === "--target-directory");
  if (target > 0) return words.filter((w) => w !== command.argv[target + 1]);
  return words.slice(0, -1);
}

/** `+x`, `u+rx`, `a=rwx`, `755`, `0700`: the mode lets a file run (git runs a hook only then). */
function addsExecute(mode: string): boolean {
  if (/^[0-7]+$/.test(mode)) return /[1357]/.test(mode.slice(-3));
  return mode.split(",").some((part) => /[+=][rwXst]*[xX]/.test(part));
}

/** `\n` and `\t` as printf, `echo -e` and sed scripts write them. */
function unescape(text: string): string {
  return text.replace(/\\n/g, "\n").replace(/\\t/g, "\t");
}

/**
 * An attributes text that names a driver the repository has configured to run a command. A driver
 * nobody configured runs nothing, and setting one up is a config write judged on its own.
 */
function attributesPlant(text: string, projectRoot: string, where: string): Plant | undefined {
  const named = [...text.matchAll(/(?:^|\s)(filter|diff|merge)=([^\s]+)/g)].filter((m) => !BUILTIN_DRIVERS.has(m[2]!.toLowerCase()));
  if (!named.length) return undefined;
  const root = projectRoot.replace(/\/+$/, "");
  const configured = [...readSettings(`${root}/.git/config`), ...readSettings(`${root}/.git/config.worktree`)].filter(plantsCode);
  for (const m of named) {
    const hit = configured.find((s) => s.key.startsWith(`${m[1]}.${m[2]}.`));
    if (hit) return PLANT(`name the ${m[1]} driver \`${m[2]}\`, which runs \`${hit.value}\` (${hit.key})`, where);
  }
  return undefined;
}
