/**
 * What a command does to files, whatever it is spelled like: which paths it deletes, empties or
 * overwrites, writes, moves, or re-permissions. Paths are absolute on this machine (a container's
 * paths are mapped through its mounts); `path` is undefined where only run time knows it.
 *
 * Guards query this instead of knowing programs: dangerous-command judges the effects, and any hook
 * that protects files can ask which paths a command touches.
 */
import { posix } from "node:path";
import type { ExecutedCommand } from "./types.ts";
import { isSwitch, windowsPlace } from "./windows.ts";

export type PathEffectKind = "delete" | "overwrite" | "write" | "move" | "chmod" | "chown";

export interface PathEffect {
  kind: PathEffectKind;
  /** Absolute, normalized; for `dir/*` the directory. Undefined when it depends on run time. */
  path: string | undefined;
  /** The argument as the program received it, for messages. */
  raw: string;
  /** `dir/*`, `dir/**`: what is inside, not the directory itself. */
  contents: boolean;
  /** Reaches everything below the path (`rm -r`, `chmod -R`, find over a tree). */
  recursive: boolean;
  /** Only what `find` selects below the path (`find ~ -name '*.bak' -delete`). */
  selective: boolean;
  /** selective: the literal name selected (`find . -name .git …`), which hits PATH/NAME if it is there. */
  named?: string;
  /** move: where it goes (absolute when known). */
  to?: string | undefined;
  /** chmod: the mode; chown: the owner. */
  mode?: string;
  /** write: the destination is replaced, not added to (`cp x f`, `mv x f`, `ln -sf x f`). */
  replaces?: boolean;
  /** write: the file is edited in place (`sed -i`, `perl -pi`, `gawk -i inplace`): its old content is rewritten. */
  inPlace?: boolean;
  /** overwrite: the file is left empty or filled with zeros/garbage (`: > f`, `truncate -s 0`, `cp /dev/null f`). */
  emptying?: boolean;
}

const DELETERS = new Set(["rm", "unlink", "shred", "srm", "rimraf", "del-cli", "trash-put"]);
/** Deleters that always recurse. */
const ALWAYS_RECURSIVE = new Set(["rimraf", "del-cli"]);
const PERMISSIONS = new Set(["chmod", "chown", "chgrp", "setfacl", "chattr"]);
/** Sources that make a copy empty or garbage. */
const EMPTY_SOURCES = new Set(["/dev/null", "/dev/zero", "/dev/urandom", "/dev/random"]);
/** Redirect targets that are not files. */
const NOT_FILES = /^\/dev\/(null|stdout|stderr|tty|fd\/\d+)$/;
// sed scripts that delete every line (`d`, `1,$d`, `/^/d`, `/.*/d`) or blank it (`s/^.*$//`, `s/^.*$//g`).
const DELETE_EVERY_LINE = /^\s*(?:(?:[01]\s*,\s*\$|\/\^?\/|\/\.\*\/|\/\$\/)?\s*d|s(.)\^?\.\*\$?\1\1g?)\s*;?\s*$/;
/**
 * In-place programs that print nothing back: awk `NR<0`, `0`, `BEGIN{}`, `{}`; perl/ruby `-n` code that
 * never prints, or `-p` code that blanks each line (`s/^.*$//s`, `$_ = ""`).
 */
const AWK_PRINTS_NOTHING = /^\s*(?:0|NR\s*(?:<=?|==)\s*0|BEGIN\s*\{[^}]*\}|\{\s*\}|\{\s*next\s*\})?\s*$/;
const BLANKS_EACH_LINE = /^\s*(?:s(.)\^?\.\*\$?\1\1[gs]*|\$_\s*=\s*(?:""|''|nil|undef)|undef\s+\$_)\s*;?\s*$/;
const CLOBBERING = new Set([">", ">|", "&>"]);
const CONTAINER_TEMP = ["/tmp", "/var/tmp", "/dev/shm", "/run"];
/** Folders a running app keeps scratch data in (`/app/tmp`, `/srv/.cache`, `node_modules`): deleting them inside a container passes. */
const SCRATCH_FOLDER = /\/(tmp|temp|cache|\.cache|node_modules|__pycache__|build|dist)\/?$/;
const IN_PLACE_EDITORS = new Set(["perl", "ruby", "gawk", "awk"]);
/** perl's and ruby's `-i[SUFFIX]` (also in a cluster, `-pi`, `-i.bak`), gawk's `-i inplace`. */
const inPlace = (command: ExecutedCommand): boolean => command.argv.some((a, i) => (command.program.endsWith("awk") ? (a === "-i" || a === "--include") && command.argv[i + 1] === "inplace" : /^-[A-Za-z]*i/.test(a) && !a.startsWith("--")));
const APPENDING = new Set([">>", "&>>", "<>"]);

/** Every file effect of one command (redirections included). */
export function pathEffects(command: ExecutedCommand): PathEffect[] {
  const effects: PathEffect[] = [];
  const viaFind = command.wrappers.some(isFinder);
  const add = (kind: PathEffectKind, raw: string, dynamic: boolean, extra: Partial<PathEffect> = {}) => {
    // `find ~ -name '*.py' -exec sed -i d {} +`: files emptied are the ones find selects.
    const effect = toEffect(kind, raw, dynamic, command, viaFind && extra.emptying ? { ...extra, selective: true, recursive: true } : extra);
    if (effect) effects.push(effect);
  };
  // A redirect alone (`> f`, `: > f`, `true > f`) writes nothing into the file it empties.
  const silent = command.program === "" || command.program === ":" || command.program === "true" || (command.program === "cat" && command.argv.slice(1).every((a) => EMPTY_SOURCES.has(a)) && command.argv.length > 1)
    // `echo -n`, `printf ''`, `printf '%s' ''`: nothing printed.
    || (command.program === "echo" && command.argv.slice(1).every((a) => /^-[neE]+$/.test(a) || a === "") && command.argv.includes("-n")) || (command.program === "printf" && command.argv.slice(1).every((a) => a === "" || a === "%s"));
  for (const r of command.redirects) {
    if (CLOBBERING.has(r.op)) add("overwrite", r.target, r.dynamic, { emptying: silent });
    else if (APPENDING.has(r.op)) add("write", r.target, r.dynamic);
  }
  const { program } = command;
  const { options, operands } = splitOptions(command);
  if (DELETERS.has(program)) {
    const recursive = ALWAYS_RECURSIVE.has(program) || viaFind || options.some((o) => o === "--recursive" || /^-[A-Za-z]*[rR]/.test(o));
    for (const o of operands) add("delete", o.value, o.dynamic, { recursive });
  } else if (program === "truncate") {
    const sized = command.argv.findIndex((a, i) => i > 0 && (a === "-s" || a === "--size"));
    for (const o of operands.filter((o) => o.index !== sized + 1 || sized < 0)) add("overwrite", o.value, o.dynamic, { emptying: true });
  } else if (program === "dd" || program === "dcfldd" || program === "dc3dd") {
    const of = command.argv.find((a) => a.startsWith("of="));
    const from = command.argv.find((a) => a.startsWith("if="))?.slice(3);
    if (of) add(command.argv.some((a) => /^conv=.*notrunc/.test(a)) ? "write" : "overwrite", of.slice(3), command.dynamic[command.argv.indexOf(of)] ?? false, { emptying: from === undefined || EMPTY_SOURCES.has(from) });
  } else if (program === "tee") {
    const append = options.some((o) => o === "--append" || /^-[A-Za-z]*a/.test(o));
    const input = command.input;
    const emptying = input ? (input.kind === "static" ? !input.text?.trim() : /\/dev\/(null|zero)\b/.test(input.from)) : false;
    for (const o of operands) add(append ? "write" : "overwrite", o.value, o.dynamic, { emptying });
  } else if (Object.hasOwn(outputOptions(), program)) {
    outputFileEffects(command, outputOptions()[program]!, add);
  } else if (program === "cp" || program === "install" || program === "ln" || program === "rsync" || program === "mv") {
    copyEffects(command, add);
  } else if ((program === "sed" || program === "gsed") && options.some((o) => /^(-[A-Za-z]*i|--in-place)/.test(o))) {
    // `sed -i d FILE`, `sed -i '1,$d' FILE`: a script that deletes every line empties the file in place;
    // any other script rewrites it (judged where that replaces a file the machine needs).
    const scripts = command.argv.flatMap((a, i) => (command.argv[i - 1] === "-e" || command.argv[i - 1] === "--expression" ? [a] : []));
    const files = scripts.length ? operands.filter((o) => !scripts.includes(o.value)) : operands.slice(1);
    const all = scripts.length ? scripts : operands.slice(0, 1).map((o) => o.value);
    const emptying = all.length > 0 && all.every((text) => DELETE_EVERY_LINE.test(text));
    for (const o of files) add(emptying ? "overwrite" : "write", o.value, o.dynamic, emptying ? { emptying: true } : { replaces: true, inPlace: true });
  } else if (IN_PLACE_EDITORS.has(program) && inPlace(command)) {
    // `perl -pi -e CODE FILE`, `gawk -i inplace PROG FILE`, `ruby -i -pe CODE FILE`: the files are rewritten.
    const code = command.argv.findIndex((a, i) => i > 0 && (/^-[A-Za-z]*e$/.test(a) || (program.endsWith("awk") && !a.startsWith("-") && command.argv[i - 1] !== "-i" && command.argv[i - 1] !== "-v" && command.argv[i - 1] !== "-F")));
    const files = operands.filter((o) => o.index > code + (program.endsWith("awk") ? 0 : 1) && o.value !== "inplace");
    const text = command.argv[program.endsWith("awk") ? code : code + 1] ?? "";
    const printing = command.argv.some((a) => /^-[A-Za-z]*p/.test(a) && !a.startsWith("--"));
    const emptying = program.endsWith("awk") ? AWK_PRINTS_NOTHING.test(text) : printing ? BLANKS_EACH_LINE.test(text) : !/\b(print|printf|say|puts|syswrite)\b/.test(text);
    for (const o of files) add(emptying ? "overwrite" : "write", o.value, o.dynamic, emptying ? { emptying: true } : { replaces: true, inPlace: true });
  } else if (program === "find") {
    // `find … -fprint FILE`: the list of what find selects replaces FILE.
    command.argv.forEach((a, i) => {
      if (/^-f(print0?|printf|ls)$/.test(a) && command.argv[i + 1] !== undefined) add("overwrite", command.argv[i + 1]!, command.dynamic[i + 1] ?? false);
    });
  } else if ((program === "userdel" || program === "deluser") && options.some((o) => o === "--remove" || o === "--remove-home" || o === "--remove-all-files" || /^-[A-Za-z]*r/.test(o) && program === "userdel")) {
    // `userdel -r dev`, `deluser --remove-home dev`: the account goes with its home directory (`~dev`).
    const user = operands[0];
    if (user) add("delete", user.value === "root" ? "/root" : `/home/${user.value}`, user.dynamic, { recursive: true });
  } else if (WINDOWS_FILE_PROGRAMS.has(program)) {
    windowsFileEffects(command, add);
  } else if (teardownReader !== undefined && TEARDOWN_FILE_PROGRAMS.has(program)) {
    teardownReader.pathEffects(command, add);
  } else if (PERMISSIONS.has(program)) {
    const recursive = viaFind || options.some((o) => o === "--recursive" || /^-[A-Za-z]*R/.test(o));
    // `chattr +i` (immutable) locks files as surely as a mode does.
    const kind = program === "chmod" || program === "setfacl" || program === "chattr" ? "chmod" : "chown";
    // chmod/chown take the mode or owner first; setfacl takes it as an option's value.
    const [mode, ...paths] = program === "setfacl" ? [{ value: setfaclSpec(command), dynamic: false, index: 0 }, ...operands] : operands;
    // Through find it reaches what find selects, which may be files only (`-type f`).
    for (const o of paths) add(kind, o.value, o.dynamic, { recursive, selective: viaFind, mode: program === "chgrp" ? `:${mode?.value ?? ""}` : mode?.value ?? "" });
  }
  return effects;
}

const WINDOWS_FILE_PROGRAMS = new Set(["robocopy", "takeown", "icacls", "reg"]);

/**
 * Archivers and sync tools (`tar --remove-files`, `unzip -d DIR`, `rclone sync`, `unison -force`) are read by
 * a section loaded only for lines that run them (shared/shell/teardown.ts, `loadTeardownReader` in
 * shared/shell.ts); until it is loaded they have no file effects here.
 */
export const TEARDOWN_FILE_PROGRAMS = new Set(["tar", "bsdtar", "gtar", "zip", "unzip", "7z", "7za", "7zz", "rar", "rclone", "unison"]);
export interface TeardownReader {
  pathEffects(command: ExecutedCommand, add: Add): void;
  actionEffect(command: ExecutedCommand, args: string[], words: string[]): RemoteDestroyEffectLike | undefined;
  /** Whole-resource deletes per program: the words that name one, what goes, and whether it is all of it. */
  cloud(): Readonly<Record<string, readonly [string[], string, boolean][]>>;
}
/** The remote-destroy shape, named here to keep this module free of actions.ts. */
export type RemoteDestroyEffectLike = { kind: "remote-destroy"; target: string; what: string; whole: boolean };
let teardownReader: TeardownReader | undefined;
export function useTeardownReader(reader: TeardownReader): void {
  teardownReader = reader;
}
export const teardownReaderLoaded = (): TeardownReader | undefined => teardownReader;
/**
 * `robocopy SRC DST /MIR` (or `/PURGE`) deletes what DST has and SRC lacks; `takeown /f P /r` takes
 * ownership, `icacls P /grant … /t` changes rights below P; `reg delete KEY` deletes a registry key
 * (its hive is a file, windows.ts). `/l` only lists.
 */
function windowsFileEffects(command: ExecutedCommand, add: Add): void {
  const { program, argv, dynamic } = command;
  const switches = argv.slice(1).filter(isSwitch).map((a) => a.replace(/^\/+/, "/").toLowerCase());
  const operands = argv.map((value, index) => ({ value, index, dynamic: dynamic[index] ?? false })).filter((o, i) => i > 0 && !isSwitch(o.value));
  const at = (o: { value: string; dynamic: boolean }) => windowsArgument(o.value, o.dynamic);
  if (switches.includes("/?") || switches.includes("/l")) return;
  if (program === "robocopy" && (switches.includes("/mir") || switches.includes("/purge")) && operands.length >= 2) {
    const to = at(operands[1]!);
    add("delete", to.dynamic ? to.value : `${to.value.replace(/\/?$/, "")}/*`, to.dynamic, { recursive: true });
  } else if (program === "takeown") {
    const file = argv.findIndex((a) => /^\/{1,2}f$/i.test(a));
    const target = file > 0 ? operands.find((o) => o.index === file + 1) : undefined;
    if (target) add("chown", at(target).value, at(target).dynamic, { recursive: switches.includes("/r"), mode: "takeown" });
  } else if (program === "icacls" && operands[0] && switches.some((w) => /^\/(grant|deny|reset|setowner|remove|setintegritylevel|restore)/.test(w))) {
    const grants = argv.slice(1).filter((a, i) => /^\/{1,2}(grant|deny|setowner)/i.test(argv[i] ?? "")).join(" ");
    add("chmod", at(operands[0]).value, at(operands[0]).dynamic, { recursive: switches.includes("/t"), mode: grants || "icacls" });
  } else if (program === "reg" && /^delete$/i.test(operands[0]?.value ?? "") && operands[1]) {
    const key = windowsArgument(operands[1].value, operands[1].dynamic);
    add("delete", key.value, key.dynamic, { recursive: !switches.includes("/v") });
  }
}

const TOP_FOLDERS: Readonly<Record<string, string>> = { windows: "Windows", programfiles: "Program Files", "programfiles(x86)": "Program Files (x86)", programdata: "ProgramData" };

/** A Windows path as written in Git Bash (`C:\x`, `C:x` after bash ate the backslash, `HKLM\x`): its place here. */
function windowsArgument(value: string, dynamic: boolean): { value: string; dynamic: boolean } {
  if (dynamic) return { value, dynamic };
  // `C:\Windows\System32` typed unquoted reaches the program as `C:WindowsSystem32`: the separators are gone,
  // but the system folder it was aimed at still leads the word (the command meant it, and a quoted retry works).
  const eaten = /^[A-Za-z]:(Windows|Program ?Files(?: ?\(x86\))?|ProgramData)(.*)$/i.exec(value);
  if (eaten) return { value: `/${TOP_FOLDERS[eaten[1]!.toLowerCase().replace(/ /g, "")] ?? eaten[1]}${eaten[2] ? `/${eaten[2]}` : ""}`, dynamic: false };
  const place = windowsPlace(value) ?? windowsPlace(value.replace(/^([A-Za-z]:)(?=[^\\/])/, "$1/").replace(/^(HKLM|HKCU|HKCR|HKU|HKCC|HKEY_[A-Z_]+)(?=[^:\\/])/i, "$1/"));
  if (place === undefined) return { value, dynamic };
  // The home directory's own name is not known here: a place under it is only known at run time.
  return "home" in place ? { value, dynamic: true } : { value: place.path, dynamic: false };
}

let outputTable: Readonly<Record<string, readonly string[]>> | undefined;

/**
 * Programs that write their result over the file an option names (`sort -o F`, `openssl rand -out F`,
 * `curl -o F`): the file is replaced. Built on first use, as most commands are none of these.
 */
const outputOptions = (): Readonly<Record<string, readonly string[]>> =>
  (outputTable ??= {
    sort: ["-o", "--output"],
    openssl: ["-out"],
    curl: ["-o", "--output"],
    wget: ["-O", "--output-document"],
    gpg: ["-o", "--output"],
    "ssh-keygen": ["-f"],
  });

function outputFileEffects(command: ExecutedCommand, names: readonly string[], add: Add): void {
  const { argv, dynamic } = command;
  // ssh-keygen writes over an existing key only when told `y` at its prompt, and not when it only reads one.
  if (command.program === "ssh-keygen" && !(command.input?.kind === "static" && /^\s*y/i.test(command.input.text ?? "") && !argv.some((a) => /^-[A-Za-z]*[lyeiFRDBH]/.test(a)))) return;
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    // `-o F`, `-oF`, `--output=F`, and short flags run together (`curl -fsSLo F`).
    const clustered = names.find((n) => n.length === 2 && /^-[A-Za-z]{2,}$/.test(word) && word.endsWith(n[1]!) && command.program !== "openssl");
    const name = clustered ?? names.find((n) => word === n || (n.startsWith("--") && word.startsWith(`${n}=`)) || (!n.startsWith("--") && n.length === 2 && word.startsWith(n) && word.length > 2 && command.program !== "openssl"));
    if (name === undefined) continue;
    const attached = clustered === undefined && word !== name;
    const value = attached ? word.slice(word.startsWith(`${name}=`) ? name.length + 1 : name.length) : argv[i + 1];
    if (value === undefined || value === "-") continue;
    // `sort -o F /dev/null` leaves F empty.
    const emptying = command.program === "sort" && argv.slice(1).filter((a) => !a.startsWith("-") && a !== value).every((a) => EMPTY_SOURCES.has(a));
    add("overwrite", value, attached ? dynamic[i]! : dynamic[i + 1] ?? false, { emptying });
    if (!attached) i++;
  }
}

/** `find … -exec`, `fd … --exec`: the command runs on what a search selects below a folder. */
function isFinder(wrapper: string): boolean {
  return wrapper.startsWith("find -") || wrapper === "fd --exec";
}

export type Add = (kind: PathEffectKind, raw: string, dynamic: boolean, extra?: Partial<PathEffect>) => void;
export interface Operand {
  value: string;
  dynamic: boolean;
  index: number;
}

/** Options of cp, mv, install and ln that take a value (`-t DIR` names the destination). */
const COPY_VALUED = new Set(["-t", "--target-directory", "-S", "--suffix", "-m", "--mode", "-o", "--owner", "-g", "--group", "--backup", "--reflink", "--sparse", "--preserve", "--no-preserve", "--context", "-Z"]);

/** cp/install/ln write their destination; mv moves its sources there; `rsync --delete` deletes in it. */
function copyEffects(command: ExecutedCommand, add: Add): void {
  const { program } = command;
  const options: string[] = [];
  const operands: Operand[] = [];
  let target: Operand | undefined;
  let ended = false;
  for (let index = 1; index < command.argv.length; index++) {
    const value = command.argv[index]!;
    const dynamic = command.dynamic[index] ?? false;
    if (!ended && value === "--") ended = true;
    else if (!ended && value.startsWith("-") && value.length > 1 && !dynamic) {
      options.push(value);
      const valued = program !== "rsync" && COPY_VALUED.has(value) && !(value === "--backup" || value === "--reflink" || value === "--sparse" || value === "--preserve" || value === "--no-preserve" || value === "--context");
      if (valued) {
        const next = { value: command.argv[index + 1] ?? "", dynamic: command.dynamic[index + 1] ?? false, index: index + 1 };
        if (value === "-t" || value === "--target-directory") target = next;
        index++;
      } else if (value.startsWith("--target-directory=")) target = { value: value.slice(19), dynamic, index };
    } else operands.push({ value, dynamic, index });
  }
  if (target) operands.push(target);
  if (operands.length < 2) return;
  const destination = operands[operands.length - 1]!;
  const sources = operands.slice(0, -1);
  if (program === "rsync") {
    const dryRun = options.some((o) => o === "--dry-run" || /^-[A-Za-z]*n/.test(o) && !o.startsWith("--"));
    // `--del` is rsync's short name for `--delete-during`.
    const deletes = options.some((o) => o.startsWith("--delete") || o === "--del");
    if (deletes && !dryRun && !/^[^/]*:/.test(destination.value)) add("delete", destination.value.replace(/\/?$/, "/*"), destination.dynamic, { recursive: true });
    // `--remove-source-files` deletes each file it sent: the sources are moved away, to another machine perhaps.
    if (options.includes("--remove-source-files") && !dryRun) for (const s of sources) if (!/^[^/]*:/.test(s.value)) add("delete", s.value.endsWith("/") ? `${s.value}*` : s.value, s.dynamic, { recursive: true });
    return;
  }
  if (program === "mv") {
    const to = toPath(destination.value, command);
    for (const s of sources) add("move", s.value, s.dynamic, { recursive: true, to: destination.dynamic ? undefined : to });
    add("write", destination.value, destination.dynamic, { replaces: true });
    return;
  }
  const emptying = sources.every((s) => EMPTY_SOURCES.has(s.value));
  // `ln` without -f refuses to replace an existing file.
  const replaces = program !== "ln" || options.some((o) => o === "--force" || /^-[A-Za-z]*f/.test(o));
  add(emptying ? "overwrite" : "write", destination.value, destination.dynamic, { emptying, replaces });
}

/** `setfacl -m u:x:--- PATH`: the ACL spec, standing for the mode. */
function setfaclSpec(command: ExecutedCommand): string {
  const at = command.argv.findIndex((a) => a === "-m" || a === "-x" || a === "--modify" || a === "-M" || a === "--set");
  return at > 0 ? command.argv[at + 1] ?? "" : command.argv.find((a) => a === "-b" || a === "-k") ?? "";
}

function toEffect(kind: PathEffectKind, raw: string, dynamic: boolean, command: ExecutedCommand, extra: Partial<PathEffect>): PathEffect | undefined {
  if ((kind === "write" || kind === "overwrite") && NOT_FILES.test(raw)) return undefined;
  const globAt = firstGlobCharacter(raw);
  // `dir/*`, `dir/**/x`: the directory whose contents are hit is the part before the first glob.
  const base = globAt < 0 ? raw : raw.slice(0, raw.lastIndexOf("/", globAt) + 1) || ".";
  const finder = command.wrappers.some(isFinder);
  const named = finder ? /\/\*\*\/([^/*?[]+)$/.exec(raw)?.[1] : undefined;
  const selective = finder && (raw.endsWith("/**") || named !== undefined);
  const effect: PathEffect = { kind, path: dynamic ? undefined : toPath(base, command), raw, contents: globAt >= 0, recursive: false, selective, ...extra };
  if (named !== undefined) effect.named = named;
  if (command.mounts && effect.path !== undefined) {
    // In a container only what is under a mount is this machine's; the rest is the container's own.
    const mount = command.mounts.filter((m) => isWithin(effect.path!, m.container)).sort((a, b) => b.container.length - a.container.length)[0];
    if (!mount) return undefined;
    // A running container's folders: a recursive delete outside its temp folders may hit a mount.
    if (mount.running) return (kind === "delete" || kind === "move") && effect.recursive && !CONTAINER_TEMP.some((t) => isWithin(effect.path!, t)) && !SCRATCH_FOLDER.test(effect.path) ? { ...effect, path: undefined, raw: `${raw} in a running container` } : undefined;
    if (mount.readOnly && kind !== "move") return undefined;
    effect.path = mount.host === undefined ? undefined : posix.join(mount.host, posix.relative(mount.container, effect.path));
  }
  return effect;
}

function toPath(value: string, command: ExecutedCommand): string | undefined {
  if (!value.startsWith("/") && command.cwd === undefined) return undefined;
  return posix.resolve(command.cwd ?? "/", value);
}

/** Options before `--` and the operands, each operand with its argv index. */
export function splitOptions(command: ExecutedCommand): { options: string[]; operands: Operand[] } {
  const options: string[] = [];
  const operands: Operand[] = [];
  let ended = false;
  command.argv.forEach((value, index) => {
    if (index === 0) return;
    const dynamic = command.dynamic[index] ?? false;
    if (!ended && value === "--") ended = true;
    else if (!ended && value.startsWith("-") && value.length > 1 && !dynamic) options.push(value);
    else operands.push({ value, dynamic, index });
  });
  return { options, operands };
}

/** Where a path's first glob character stands, or -1. */
export function firstGlobCharacter(value: string): number {
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === "*" || c === "?" || c === "[") return i;
  }
  return -1;
}

export function isWithin(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith("/") ? dir : `${dir}/`);
}
