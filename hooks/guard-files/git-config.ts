/**
 * git's settings that hold code: the values git (or a program it starts) runs as a command later, on an
 * everyday `git status`, `git log`, `git commit` or `git fetch`. Setting one plants code that runs
 * outside any guard, so a write that sets one is judged like running its value now, and more strictly:
 * only the values people set every day (a pager, an editor, a credential store) pass.
 */

export interface GitSetting {
  /** `section.name` or `section.subsection.name`; section and name lowercased, as git compares them. */
  key: string;
  value: string;
}

/** Values of settings that are a bool or a command (`core.fsmonitor`, `pager.<cmd>`): a bool runs nothing. */
const BOOL = /^(true|false|yes|no|on|off|1|0|)$/i;
/** Pagers, editors and diff filters people set every day; a value made only of them (and their options) runs nothing else. */
const VIEWERS = new Set([
  "less", "more", "most", "cat", "delta", "diff-so-fancy", "diff-highlight", "bat", "batcat", "vim", "vi", "nvim", "nano", "emacs", "emacsclient",
  "code", "code-insiders", "codium", "subl", "mate", "micro", "hx", "helix", "kak", "zed", "gedit", "kate", "notepad", "notepad++", "joe", "mg", "true", ":",
]);
/** Credential helpers shipped with git or its installers (`git credential-<name>`). */
const CREDENTIAL_STORES = new Set(["store", "cache", "osxkeychain", "manager", "manager-core", "libsecret", "gnome-keyring", "wincred", "netrc"]);
/** Anything a shell reads as more than a program and its words. */
const SHELL_SYNTAX = /[;&|`$<>(){}\n\\*?!]/;
/** ssh options that run a command (`-o ProxyCommand=…`) or read another config that could (`-F`). */
const SSH_RUNS = /proxycommand|localcommand|permitlocalcommand|knownhostscommand|match|(^|\s)-F|(^|\s)-o\s*include/i;

type Trust = (value: string) => boolean;

const firstWord = (value: string) => value.trim().split(/\s+/)[0]!.replace(/^.*\//, "");
/** `less -R`, `code --wait`, `delta | less -RFX`: every piece a known viewer with plain words. */
const viewer: Trust = (value) => value.split("|").every((piece) => !SHELL_SYNTAX.test(piece) && VIEWERS.has(firstWord(piece)));
const boolOr = (trust: Trust): Trust => (value) => BOOL.test(value.trim()) || trust(value);
const never: Trust = () => false;
const plainProgram = (...names: string[]): Trust => (value) => !SHELL_SYNTAX.test(value) && names.includes(firstWord(value));
/** `gh auth setup-git` writes `!/usr/bin/gh auth git-credential`; an empty value resets the list. */
const credentialHelper: Trust = (value) => {
  const v = value.trim();
  if (v === "") return true;
  if (/^!\s*(\S*\/)?gh auth git-credential\s*$/.test(v)) return true;
  // `store --file ~/.git-credentials`, `cache --timeout=3600`: a store's own options.
  return !SHELL_SYNTAX.test(v) && !v.split(/\s+/)[0]!.includes("/") && CREDENTIAL_STORES.has(firstWord(v));
};
const sshCommand: Trust = (value) => !SHELL_SYNTAX.test(value) && firstWord(value) === "ssh" && !SSH_RUNS.test(value);
/** `core.hooksPath=/dev/null` switches hooks off; any other folder runs what is in it. */
const noHooks: Trust = (value) => /^(\/dev\/null|)$/.test(value.trim());
/**
 * A plain alias (`co = checkout`) runs git; one that starts with `!` runs a shell. git's own options
 * before the alias's subcommand can set code for that run (`-c core.pager=…`, `--config-env=…`) or make
 * git run programs from another folder (`--exec-path=…`); after it (`log -c`) they are the subcommand's.
 */
const plainAlias: Trust = (value) => {
  if (/^\s*!/.test(value)) return false;
  for (const word of value.trim().split(/\s+/)) {
    if (!word.startsWith("-")) return true;
    if (/^(-c|--config-env|--exec-path|--git-dir|--work-tree)/.test(word)) return false;
  }
  return true;
};

/** What each code-holding setting's value may be without planting anything; keys in git's lowercase form. */
const EXACT: Record<string, Trust> = {
  "core.fsmonitor": boolOr(never),
  "core.pager": viewer,
  "core.editor": viewer,
  "sequence.editor": viewer,
  "interactive.difffilter": viewer,
  "core.sshcommand": sshCommand,
  "core.askpass": never,
  "core.gitproxy": never,
  "core.alternaterefscommand": never,
  "core.hookspath": noHooks,
  "init.templatedir": (value) => value.trim() === "",
  "diff.external": plainProgram("difft", "difftastic"),
  "gpg.program": plainProgram("gpg", "gpg2"),
  "gpg.openpgp.program": plainProgram("gpg", "gpg2"),
  "gpg.x509.program": plainProgram("gpgsm"),
  "gpg.ssh.program": plainProgram("ssh-keygen"),
  "gpg.ssh.defaultkeycommand": never,
  "credential.helper": credentialHelper,
  "include.path": never,
  "sendemail.sendmailcmd": never,
  "sendemail.tocmd": never,
  "sendemail.cccmd": never,
  "sendemail.headercmd": never,
  "imap.tunnel": never,
  "uploadpack.packobjectshook": never,
  "protocol.allow": (value) => !/^(always|user)$/i.test(value.trim()),
  "protocol.ext.allow": (value) => !/^(always|user)$/i.test(value.trim()),
};
/** `section.*.name` settings: [section, name, trust]. */
const WITH_SUBSECTION: [string, string, Trust][] = [
  ["filter", "clean", never],
  ["filter", "smudge", never],
  ["filter", "process", never],
  ["diff", "textconv", never],
  ["diff", "command", never],
  ["merge", "driver", never],
  ["mergetool", "cmd", never],
  ["mergetool", "path", never],
  ["difftool", "cmd", never],
  ["difftool", "path", never],
  ["browser", "cmd", never],
  ["browser", "path", never],
  ["man", "cmd", never],
  ["man", "path", never],
  ["trailer", "command", never],
  ["trailer", "cmd", never],
  ["remote", "uploadpack", never],
  ["remote", "receivepack", never],
  ["credential", "helper", credentialHelper],
  ["includeif", "path", never],
  ["submodule", "update", (value) => !/^\s*!/.test(value)],
  ["protocol", "allow", (value) => !/^(always|user)$/i.test(value.trim())],
];

/** The trust test for a code-holding setting, or undefined for an ordinary one (`user.name`, `core.autocrlf`). */
function trustOf(key: string): Trust | undefined {
  const exact = EXACT[key];
  if (exact) return exact;
  const section = key.slice(0, key.indexOf("."));
  const name = key.slice(key.lastIndexOf(".") + 1);
  if (section === "pager") return boolOr(viewer);
  if (section === "alias") return plainAlias;
  if (key.indexOf(".") === key.lastIndexOf(".")) return undefined;
  return WITH_SUBSECTION.find(([s, n]) => s === section && n === name)?.[2];
}

/** True for a setting whose value git may run (`core.pager`, `alias.x`), whatever it is set to now. */
export function holdsCode(key: string): boolean {
  return trustOf(key) !== undefined;
}

/** True when setting `key` to `value` stores code that git would run later. */
export function plantsCode(setting: GitSetting): boolean {
  const trust = trustOf(setting.key);
  return trust !== undefined && !trust(setting.value);
}

/**
 * A setting key as git compares it: `Core.FSMonitor` → `core.fsmonitor`; the subsection keeps its case
 * (`filter.LFS.clean`), though git's own old `[section.sub]` form lowercases it too.
 */
export function normalKey(key: string): string {
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  if (first < 0) return key.toLowerCase();
  if (first === last) return key.toLowerCase();
  return `${key.slice(0, first).toLowerCase()}${key.slice(first, last)}.${key.slice(last + 1).toLowerCase()}`;
}

/**
 * The settings a git config text sets, in order. `section` is the section the text starts in (a fragment
 * appended to a file continues that file's last section). Follows git's syntax: `[section "sub"]`,
 * `[section.sub]`, a header and a setting on one line, quotes, escapes, `\` line continuations, `#`/`;` comments,
 * and a bare name (a true bool).
 */
export function parseGitConfig(text: string, section = ""): GitSetting[] {
  const settings: GitSetting[] = [];
  let current = section;
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    const header = sectionOf(line);
    if (header) {
      current = header.section;
      line = line.slice(header.length);
    }
    const entry = /^\s*([A-Za-z][A-Za-z0-9-]*)\s*(=|$|[#;])/.exec(line);
    if (!entry || current === "") continue;
    let raw = entry[2] === "=" ? line.slice(entry[0].length) : "";
    // A value whose line ends in an unescaped backslash continues on the next line.
    while (/(^|[^\\])(\\\\)*\\$/.test(raw) && i + 1 < lines.length) raw = raw.slice(0, -1) + lines[++i]!;
    settings.push({ key: `${current}.${entry[1]!.toLowerCase()}`, value: entry[2] === "=" ? unquote(raw) : "true" });
  }
  return settings;
}

/** The section in force at the end of a config text: where an appended fragment without a header lands. */
export function lastSection(text: string): string {
  let current = "";
  for (const line of text.split(/\r?\n/)) current = sectionOf(line)?.section ?? current;
  return current;
}

const HEADER = /^\s*\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/;

/** A `[section "sub"]` or `[section.sub]` header at the start of a line: the section it opens and how long it is. */
function sectionOf(line: string): { section: string; length: number } | undefined {
  const header = HEADER.exec(line);
  if (!header) return undefined;
  const name = header[1]!;
  const dot = name.indexOf(".");
  const section = header[2] !== undefined ? `${name.toLowerCase()}.${header[2].replace(/\\(.)/g, "$1")}` : dot < 0 ? name.toLowerCase() : `${name.slice(0, dot).toLowerCase()}.${name.slice(dot + 1).toLowerCase()}`;
  return { section, length: header[0].length };
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", b: "\b" };

/** A config value: comments cut outside quotes, quotes removed, `\n` `\t` `\b` `\"` `\\` unescaped, outer blanks trimmed. */
function unquote(raw: string): string {
  let out = "";
  let quoted = false;
  let trailing = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === "\\" && i + 1 < raw.length) {
      const next = raw[++i]!;
      out += trailing + (ESCAPES[next] ?? next);
      trailing = "";
      continue;
    }
    if (c === '"') {
      quoted = !quoted;
      out += trailing;
      trailing = "";
      continue;
    }
    if (!quoted && (c === "#" || c === ";")) break;
    if (!quoted && (c === " " || c === "\t")) {
      if (out !== "") trailing += c;
      continue;
    }
    out += trailing + c;
    trailing = "";
  }
  return out;
}

/** The settings in `after` that plant code and were not already set to that value in `before`. */
export function plantedSettings(before: readonly GitSetting[], after: readonly GitSetting[]): GitSetting[] {
  const had = new Set(before.map((s) => `${s.key}\0${s.value}`));
  return after.filter((s) => plantsCode(s) && !had.has(`${s.key}\0${s.value}`));
}

/**
 * Setting names that hold code, as they appear in a config text or in a script that edits one
 * (`sed -i 's/…/\tfsmonitor = x/' .git/config`) when the section is not known.
 */
export const CODE_NAME_IN_TEXT = /\b(fsmonitor|pager|editor|sshcommand|askpass|gitproxy|alternaterefscommand|hookspath|templatedir|external|textconv|clean|smudge|process|driver|cmd|command|helper|program|defaultkeycommand|uploadpack|receivepack|difffilter|sendmailcmd|tocmd|cccmd|headercmd|tunnel|packobjectshook)\s*=|\[\s*(include|includeif|alias)\b|=\s*!/i;
