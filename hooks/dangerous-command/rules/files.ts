/**
 * The one policy over file effects: what a command deletes, empties, moves or re-permissions, judged by
 * the class of the place it hits (root, home, system trees, credentials, the project, temp, protected
 * paths). Which program does it, and how it is spelled, is the shell analysis's business
 * (shared/shell/effects.ts): a new spelling of an old effect needs no rule here.
 */
import { posix } from "node:path";
import type { ExecutedCommand } from "../../../shared/shell.ts";
import { pathEffects, type PathEffect } from "../../../shared/shell/effects.ts";
import { askFinding, denyFinding, type Finding } from "../finding.ts";
import { classify, isWithin, type Place, type Target } from "../paths.ts";
import type { Scope } from "../scope.ts";

const PROJECT_INSTEAD = "delete the generated folders by name inside the project, e.g. `rm -rf ./build ./dist`";

/** What deleting (or moving away, or emptying) each class of place means. */
const LOSSES: Partial<Record<Place, { rule: string; what: string; instead: string }>> = {
  root: { rule: "delete-root", what: "the whole filesystem", instead: PROJECT_INSTEAD },
  home: { rule: "delete-home", what: "the home directory or everything in it", instead: PROJECT_INSTEAD },
  system: { rule: "delete-system", what: "part of the operating system", instead: "leave system folders to the package manager; delete only inside the project, e.g. `rm -rf ./build`" },
  credentials: { rule: "delete-credentials", what: "credentials (keys, tokens, cloud or cluster configs)", instead: "list them (`ls -la ~/.ssh ~/.aws`) and ask the user to rotate or remove credentials themselves" },
  "git-dir": { rule: "delete-git-dir", what: "the git repository with all its history", instead: "to drop untracked files, list them first with `git clean -n`" },
  protected: { rule: "delete-protected-path", what: "a path this project protects", instead: "ask the user" },
  "project-root": { rule: "delete-project-root", what: "the project itself or everything in it", instead: PROJECT_INSTEAD },
  "project-parent": { rule: "delete-project-root", what: "a folder that contains the project", instead: PROJECT_INSTEAD },
};

/** Files whose loss stops the machine from booting, resolving names or letting anyone log in. */
const CRITICAL_FILES = /^\/(etc\/(passwd|shadow|group|gshadow|sudoers|fstab|hosts|resolv\.conf|hostname|crypttab|login\.defs|pam\.d\/.*|ssh\/sshd_config|sudoers\.d\/.*|default\/grub)|boot\/.*|var\/lib\/dpkg\/status|var\/lib\/rpm\/.*)$/;

/** Start-up and configuration files in the home directory (relative to it); logs such as `.bash_history` are not. */
const HOME_CONFIG = /^(\.(bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zshenv|zprofile|zlogin|kshrc|cshrc|tcshrc|inputrc|gitconfig|vimrc|tmux\.conf|screenrc|editorconfig|curlrc|wgetrc)|\.config\/(fish\/config\.fish|git\/config|nvim\/init\.(vim|lua)|starship\.toml))$/;

const VERBS: Record<PathEffect["kind"], string> = { delete: "deletes", move: "moves away", overwrite: "empties or overwrites", write: "writes", chmod: "changes permissions of", chown: "changes ownership of" };

export function fileRule(command: ExecutedCommand, scope: Scope): Finding | undefined {
  let found: Finding | undefined;
  for (const effect of pathEffects(command)) {
    const finding = judgeEffect(effect, scope);
    if (finding?.action === "deny") return finding;
    found ??= finding;
  }
  return found;
}

function judgeEffect(effect: PathEffect, scope: Scope): Finding | undefined {
  switch (effect.kind) {
    case "delete":
      return judgeDelete(effect, scope);
    case "move":
      return judgeMove(effect, scope);
    case "overwrite":
      // Emptying the files find selects in a tree is deleting their content: judged like `find … -delete`.
      return judgeOverwrite(effect, scope) ?? (effect.emptying && effect.selective ? judgeDelete({ ...effect, kind: "delete" }, scope) : undefined);
    case "write":
      if (!effect.replaces || effect.path === undefined || !CRITICAL_FILES.test(effect.path)) return undefined;
      // Editing one in place (`sed -i '/^$/d' /etc/hosts`) keeps most of it: a person confirms.
      if (effect.inPlace) return askFinding("overwrite-system", `edits ${effect.path} in place, a file the machine cannot boot or log in without`);
      // Replacing a file the machine cannot run without (`mv x /etc/passwd`, `ln -sf /dev/null /etc/hosts`).
      return judgeOverwrite(effect, scope);
    case "chmod":
    case "chown":
      return judgePermissions(effect, scope);
    default:
      return undefined;
  }
}

function lossFinding(place: Place, effect: PathEffect, verb = VERBS[effect.kind]): Finding | undefined {
  const loss = LOSSES[place];
  return loss && denyFinding(loss.rule, `${verb} ${loss.what}`, loss.instead);
}

function judgeDelete(effect: PathEffect, scope: Scope): Finding | undefined {
  if (effect.path === undefined) return askFinding("delete-unknown-target", `deletes \`${effect.raw}\`, which is only known when it runs`, "spell out the path inside the project");
  // `find . -name .git -exec rm -rf {} +` deletes PATH/.git itself when it is there.
  if (effect.selective && effect.named !== undefined) {
    const direct = judgeDelete({ ...effect, path: posix.join(effect.path, effect.named), raw: `${effect.path}/${effect.named}`, contents: false, selective: false, named: undefined }, scope);
    if (direct?.action === "deny") return direct;
  }
  const target: Target = { path: effect.path, contents: effect.contents };
  const place = classify(target, scope);
  // `find . -name '*.pyc' -delete` removes what it selects, not the tree itself.
  if (effect.selective && place === "project-root") return undefined;
  // `rm -f *.log` at the project root: single files matched by a pattern, not the project.
  if (place === "project-root" && effect.contents && !effect.recursive && /[^*/.]/.test(effect.raw.slice(effect.raw.lastIndexOf("/") + 1))) return undefined;
  // Inside .git only single files, hooks and settings may go (`rm -f .git/index.lock`, `rm -rf .git/hooks/x`),
  // not what holds the history.
  const gitTree = place === "inside-project" && effect.recursive && holdsHistory(effect.path);
  const loss = lossFinding(gitTree ? "git-dir" : place, effect);
  // `find ~ -name '*.bak' -delete` on a protected tree: confirm rather than refuse (but never for /).
  if (loss && !(effect.selective && place !== "root")) return loss;
  if (loss || (place === "outside" && effect.recursive)) {
    return askFinding("delete-outside-project", `deletes \`${effect.path}\`${effect.contents ? " contents" : ""}, outside the project and the temp directory`);
  }
  return undefined;
}

/** Parts of a `.git` folder (a nested one, or its objects, refs, logs, HEAD, submodules, worktrees) that hold history. */
const HISTORY = new Set(["objects", "refs", "logs", "packed-refs", "HEAD", "modules", "worktrees"]);
function holdsHistory(path: string): boolean {
  const parts = path.split("/");
  const at = parts.lastIndexOf(".git");
  return at >= 0 && (at === parts.length - 1 || HISTORY.has(parts[at + 1]!));
}

/** `mv ~ /dev/null` is a delete; `mv /etc /tmp/x` takes the system apart as surely. */
function judgeMove(effect: PathEffect, scope: Scope): Finding | undefined {
  if (effect.to?.startsWith("/dev/")) return judgeDelete({ ...effect, kind: "delete" }, scope);
  if (effect.path === undefined) return undefined;
  const place = classify({ path: effect.path, contents: effect.contents }, scope);
  // Within the credentials folders (`mv ~/.ssh/config ~/.ssh/config.bak`) nothing leaves.
  if (place === "credentials" && effect.to !== undefined && scope.homePlaces()?.credentials.some((c) => isWithin(effect.path!, c) && isWithin(effect.to!, c))) return undefined;
  // A folder holding credential folders (`~/.config` holds gcloud's and gh's) taken out of the home directory.
  const holds = scope.homePlaces()?.credentials.find((c) => isWithin(c, effect.path!) && c !== effect.path);
  const home = scope.homePlaces()?.home;
  if (place === "outside" && holds !== undefined && !(effect.to !== undefined && home !== undefined && isWithin(effect.to, home) && !scope.tempDirs.some((t) => isWithin(effect.to!, t)))) {
    return askFinding("delete-credentials", `moves ${effect.path} away${effect.to ? ` to ${effect.to}` : ""}, with the credentials in ${holds}`);
  }
  const loss = lossFinding(place, effect);
  // Moving the home, / or a system tree breaks the machine at once; other moves (a project renamed,
  // ~/.ssh set aside) can be moved back: a person confirms them.
  if (!loss || place === "root" || place === "home" || place === "system" || effect.to === undefined) return loss;
  return askFinding(loss.rule, `moves away ${LOSSES[place]!.what} to ${effect.to}`);
}

function judgeOverwrite(effect: PathEffect, scope: Scope): Finding | undefined {
  // Devices are the block-device rule's; /dev/null and friends are not files.
  if (effect.path === undefined || effect.path.startsWith("/dev/")) return undefined;
  const place = classify({ path: effect.path, contents: effect.contents }, scope);
  if (place === "credentials") return denyFinding("delete-credentials", `overwrites the credential file ${effect.path}`, `write the new content beside it (\`cp NAME ${effect.path}.new\`) and ask the user to swap it in`);
  if (place === "protected") return lossFinding(place, effect);
  // The shell's and git's start-up files hold the user's own setup, rarely kept anywhere else.
  const home = scope.homePlaces()?.home;
  if (effect.emptying && home !== undefined && HOME_CONFIG.test(posix.relative(home, effect.path))) {
    return askFinding("overwrite-home-config", `empties ${effect.path}, the user's own configuration`, `keep a copy first (\`cp ${effect.path} ${effect.path}.bak\`)`);
  }
  // Unpacking an archive over `/` (`tar -xf x.tar -C /`) replaces whatever system files it carries.
  if (place === "root" && effect.contents) return askFinding("overwrite-system", `writes files over the whole file system (\`${effect.raw}\`)`, "unpack into a folder inside the project or under the temp directory first and look at what it holds");
  if (place !== "system") return undefined;
  // Emptying a system file, or replacing one the machine cannot run or log in without, is refused;
  // writing other content there (a new apt source, a config) is for a person to confirm.
  if (effect.emptying || CRITICAL_FILES.test(effect.path)) return denyFinding("overwrite-system", `empties or overwrites the system file ${effect.path}`, "write a copy inside the project and ask the user to install it, e.g. `cp /etc/hosts ./hosts.new`");
  return askFinding("overwrite-system", `overwrites ${effect.path}, a file of the operating system`);
}

function judgePermissions(effect: PathEffect, scope: Scope): Finding | undefined {
  if (effect.path === undefined) return undefined;
  const place = classify({ path: effect.path, contents: effect.contents }, scope);
  // `chmod 000 ~`, `chown nobody ~`: the user is locked out of their own home.
  if (place === "home" && effect.path === scope.homePlaces()?.home && !effect.recursive && !effect.contents && (effect.kind === "chmod" ? locksOwnerOut(effect.mode ?? "") : !ownedBySelf(effect.mode ?? "", scope) && /^[^:]/.test(effect.mode ?? ""))) {
    return denyFinding("chmod-home", `${VERBS[effect.kind]} ${effect.path} so that its owner can no longer open it`, `\`chmod 700 ${effect.path}\` keeps others out and the owner in`);
  }
  const wide = place === "root" || ((place === "system" || place === "home" || place === "credentials") && effect.recursive);
  if (!wide) return place === "system" ? systemFilePermissions(effect) ?? exposesSecret(effect, place, scope) : exposesSecret(effect, place, scope);
  // Taking rights away from group and others (`chmod -R go-rwx ~/.ssh`) or giving a file to oneself harms nothing.
  if (place !== "root" && (effect.kind === "chmod" ? onlyTightens(effect.mode ?? "", effect.recursive && !effect.contents && !effect.selective) : ownedBySelf(effect.mode ?? "", scope))) return undefined;
  const what = place === "root" ? "the whole filesystem" : `everything under ${effect.path}`;
  return denyFinding("chmod-recursive-system", `${VERBS[effect.kind]} ${what}, which breaks the system or its security`, "change only the files inside the project, e.g. `chmod -R u+w ./build`");
}

/** Programs installed setuid root: clearing the bit breaks them, and any mode change to them is for a person. */
const SETUID_PROGRAMS = /\/(sudo|su|passwd|mount|umount|pkexec|doas|newgrp|chsh|chfn|gpasswd|ping|fusermount3?|unix_chkpwd)$/;

/**
 * One system file: `chmod 4777 /bin/bash` (a root shell for anyone), `chmod o+w /etc/profile` (others
 * write what root runs), `chmod u-s /usr/bin/sudo` (sudo broken), `chown dev /etc/sudoers` (sudo refuses
 * to run, and the user can write who may be root).
 */
function systemFilePermissions(effect: PathEffect): Finding | undefined {
  const path = effect.path!;
  const mode = effect.mode ?? "";
  const instead = `\`ls -l ${path}\` shows its mode and owner; ask the user to change them`;
  if (effect.kind === "chown") {
    const owner = mode.replace(/^:/, "");
    if ((CRITICAL_FILES.test(path) || SECRET_SYSTEM_FILES.test(path) || SETUID_PROGRAMS.test(path)) && !/^(root|0)?(:(root|0|shadow|wheel)?)?$/.test(owner)) return denyFinding("chmod-system-file", `gives the system file ${path} to ${owner}`, instead);
    return undefined;
  }
  const octal = /^0?([0-7])?([0-7])([0-7])([0-7])$/.exec(mode);
  const setuid = octal ? Number(octal[1] ?? 0) >= 2 || (SETUID_PROGRAMS.test(path) && octal[1] === undefined) : /s/.test(mode) && /^[ugoa]*[-+=]/.test(mode);
  // Symbolic: `o+w`, `a=rw` (a bare `+w` follows the umask, which keeps others out).
  const othersWrite = octal ? (Number(octal[4]) & 2) !== 0 : mode.split(",").some((clause) => {
    const m = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    return m !== null && m[2] !== "-" && /[oa]/.test(m[1]!) && m[3]!.includes("w");
  });
  if (setuid || othersWrite || (SETUID_PROGRAMS.test(path) && mode !== "")) return denyFinding("chmod-system-file", `changes the mode of the system file ${path} to ${mode}: ${othersWrite ? "others can write what the system runs" : "its setuid bit changes (a root shell for anyone, or a broken sudo)"}`, instead);
  return undefined;
}

/** Secrets that others must not read or write (`/etc/shadow`, a private key); `.pub` keys and ssh's config are public. */
const SECRET_SYSTEM_FILES = /^\/etc\/(shadow|gshadow|sudoers|sudoers\.d\/.*|ssh\/ssh_host_.*_key)$/;
const CREDENTIAL_FILE_NAMES = /\/\.(netrc|git-credentials|npmrc|pypirc|vault-token)$/;
const PUBLIC_CREDENTIAL_FILES = /(\.pub|\/known_hosts|\/config)$/;

/** `chmod 666 /etc/shadow`, `chmod 644 ~/.ssh/id_rsa`: one file opened to other users is a leaked secret. */
function exposesSecret(effect: PathEffect, place: Place, scope: Scope): Finding | undefined {
  const path = effect.path;
  if (effect.kind !== "chmod" || path === undefined) return undefined;
  // The folders themselves (`chmod 755 ~/.ssh`) list names, not secrets.
  const folder = (scope.homePlaces()?.credentials.includes(path) ?? false) && !CREDENTIAL_FILE_NAMES.test(path);
  const secret = (place === "system" && SECRET_SYSTEM_FILES.test(path)) || (place === "credentials" && !folder && !PUBLIC_CREDENTIAL_FILES.test(path));
  const mode = effect.mode ?? "";
  if (!secret || !opensToOthers(mode)) return undefined;
  return askFinding("chmod-exposes-secret", `lets other users read or change the secret file ${effect.path} (mode ${mode})`);
}

/** The mode gives group or others read or write (`666`, `o+r`, `a=rw`, `+r`). */
function opensToOthers(mode: string): boolean {
  const octal = /^0?[0-7]?[0-7]([0-7])([0-7])$/.exec(mode);
  if (octal) return [octal[1], octal[2]].some((d) => (Number(d) & 6) !== 0);
  return mode.split(",").some((clause) => {
    const m = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    return m !== null && m[2] !== "-" && (m[1] === "" || /[goa]/.test(m[1]!)) && /[rw]/.test(m[3]!);
  });
}

/**
 * `go-rwx`, `og=`, `u+rw,go=`, `700`, `0600`: the owner keeps read and write, nobody else gains
 * anything. Over a whole tree the owner also keeps `x`: `chmod -R 600 ~` locks every folder.
 */
export function onlyTightens(mode: string, overTree: boolean): boolean {
  const octal = /^0?([0-7])([0-7])([0-7])$/.exec(mode);
  if (octal) return Number(octal[1]) >= (overTree ? 7 : 6) && octal[2] === "0" && octal[3] === "0";
  const clauses = mode.split(",");
  return clauses.length > 0 && clauses.every((clause) => {
    const m = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (!m) return false;
    const [, who, op, perms] = m as unknown as [string, string, string, string];
    if (who === "" || who.includes("a")) return false;
    if (who.includes("u")) return op === "+" && who === "u";
    return op === "-" || (op === "=" && perms === "");
  });
}

/** The owner loses read or search on the folder: `000`, `0644`, `u-x`, `a=`, `a-rwx`. */
function locksOwnerOut(mode: string): boolean {
  if (/^0+$/.test(mode)) return true;
  const octal = /^0?[0-7]?([0-7])[0-7][0-7]$/.exec(mode);
  if (octal) return (Number(octal[1]) & 5) !== 5;
  return mode.split(",").some((clause) => {
    const m = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (!m || !(m[1] === "" || /[ua]/.test(m[1]!))) return false;
    return m[2] === "-" ? /[rx]/.test(m[3]!) : m[2] === "=" && !(/r/.test(m[3]!) && /[xX]/.test(m[3]!));
  });
}

function ownedBySelf(owner: string, scope: Scope): boolean {
  const user = scope.user;
  if (!user) return false;
  const [name, group] = owner.split(":");
  return name === user && (group === undefined || group === "" || group === user);
}
