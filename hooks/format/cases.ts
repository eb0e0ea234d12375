/**
 * Dialect-neutral cases run with real formatters on real files: a temporary project is made from
 * `files`, the listed files are reported as edited, and the files and the answer are checked.
 */
import type { HookConfig } from "../../shared/hook.ts";

export interface FormatCase {
  name: string;
  /** Project files, relative path → content. */
  files: Record<string, string>;
  /** Link the project's node_modules/.bin/prettier to a real prettier. */
  localPrettier?: boolean;
  /** Paths reported as edited: relative to the project, or `../outside/…` beyond it. */
  edited: string[];
  config?: HookConfig;
  expect: {
    /** Content after the hook; files not listed must be unchanged. */
    files?: Record<string, string>;
    /** Substrings of the context for the model; `none` = no context at all. */
    context: string[] | "none";
    /** Substrings of the stderr notes. */
    log?: string[];
  };
}

const UGLY_TS = "const a   =  {b:1}\n";
const PRETTY_TS = "const a = { b: 1 };\n";
const UGLY_SH = "if true;then\necho hi\nfi\n";
const TABS_SH = "if true; then\n\techo hi\nfi\n";
const PRETTIER_PKG = { "package.json": '{ "devDependencies": { "prettier": "^3" } }\n' };

export const cases: FormatCase[] = [
  {
    name: "prettier from the project's devDependencies and node_modules/.bin",
    files: { ...PRETTIER_PKG, "src/a.ts": UGLY_TS },
    localPrettier: true,
    edited: ["src/a.ts"],
    expect: { files: { "src/a.ts": PRETTY_TS }, context: ["prettier reformatted src/a.ts"] },
  },
  {
    name: "the project's prettier config is honoured",
    files: { ".prettierrc": '{ "semi": false }\n', "src/a.ts": UGLY_TS },
    localPrettier: true,
    edited: ["src/a.ts"],
    expect: { files: { "src/a.ts": "const a = { b: 1 }\n" }, context: ["prettier reformatted"] },
  },
  {
    name: "already formatted: no context",
    files: { ...PRETTIER_PKG, "src/a.ts": PRETTY_TS },
    localPrettier: true,
    edited: ["src/a.ts"],
    expect: { files: { "src/a.ts": PRETTY_TS }, context: "none" },
  },
  ...["it's a \"quoted\" name.ts", "$(touch pwned).ts", "`touch pwned`.ts", "-rf.ts", "--version.ts", "a;touch pwned.ts", "spaces  and\ttab.ts", "ünïcödé.ts"].map(
    (name): FormatCase => ({
      name: `hostile file name: ${name}`,
      files: { ...PRETTIER_PKG, [`src/${name}`]: UGLY_TS },
      localPrettier: true,
      edited: [`src/${name}`],
      expect: { files: { [`src/${name}`]: PRETTY_TS }, context: ["prettier reformatted"] },
    }),
  ),
  {
    name: "shfmt, the shell's standard formatter, from PATH",
    files: { "scripts/run.sh": UGLY_SH },
    edited: ["scripts/run.sh"],
    expect: { files: { "scripts/run.sh": TABS_SH }, context: ["shfmt reformatted scripts/run.sh"] },
  },
  {
    name: "a syntax error reaches the model and the file stays as written (prettier)",
    files: { ...PRETTIER_PKG, "src/broken.ts": "const a = {\n" },
    localPrettier: true,
    edited: ["src/broken.ts"],
    expect: { files: { "src/broken.ts": "const a = {\n" }, context: ["prettier could not format src/broken.ts", "exited with code 2", "SyntaxError", "left as written"], log: ["could not format"] },
  },
  {
    name: "a syntax error reaches the model and the file stays as written (shfmt)",
    files: { "run.sh": "if true; then\n" },
    edited: ["run.sh"],
    expect: { files: { "run.sh": "if true; then\n" }, context: ["shfmt could not format run.sh", "exited with code 1"] },
  },
  {
    name: "no formatter for the file type: nothing happens, said on stderr",
    files: { "notes.txt": "  loose   text\n" },
    edited: ["notes.txt"],
    expect: { files: { "notes.txt": "  loose   text\n" }, context: "none", log: ["no formatter for .txt files"] },
  },
  {
    name: "a project that declares prettier without installing it: said on stderr",
    files: { ...PRETTIER_PKG, "src/a.ts": UGLY_TS },
    edited: ["src/a.ts"],
    expect: { files: { "src/a.ts": UGLY_TS }, context: "none", log: ["uses prettier but it is not installed"] },
  },
  {
    name: "a configured formatter wins over detection; {file} places the path",
    files: { "run.sh": UGLY_SH },
    edited: ["run.sh"],
    config: { formatters: [{ glob: "*.sh", command: ["shfmt", "-i", "2", "-w", "{file}"] }] },
    expect: { files: { "run.sh": "if true; then\n  echo hi\nfi\n" }, context: ["shfmt reformatted run.sh"] },
  },
  {
    name: "a configured formatter that is not installed: said on stderr",
    files: { "run.sh": UGLY_SH },
    edited: ["run.sh"],
    config: { formatters: [{ glob: "**/*.sh", command: ["no-such-formatter-xyz"] }] },
    expect: { files: { "run.sh": UGLY_SH }, context: "none", log: ['"no-such-formatter-xyz" configured for **/*.sh is not installed'] },
  },
  {
    name: "a failing formatter: exit code and output reach the model",
    files: { "run.sh": UGLY_SH },
    edited: ["run.sh"],
    config: { formatters: [{ glob: "*.sh", command: ["sh", "-c", "echo 'style check failed' >&2; exit 4"] }] },
    expect: { files: { "run.sh": UGLY_SH }, context: ["sh could not format run.sh", "exited with code 4", "style check failed"] },
  },
  {
    name: "a formatter that truncates the file and fails: the agent's text is put back",
    files: { "run.sh": UGLY_SH },
    edited: ["run.sh"],
    config: { formatters: [{ glob: "*.sh", command: ["sh", "-c", 'printf partial > "$0"; exit 3', "{file}"] }] },
    expect: { files: { "run.sh": UGLY_SH }, context: ["exited with code 3"] },
  },
  {
    name: "a formatter that hangs is killed at the timeout and the file put back",
    files: { "run.sh": UGLY_SH },
    edited: ["run.sh"],
    config: { timeoutMs: 500, formatters: [{ glob: "*.sh", command: ["sh", "-c", 'printf partial > "$0"; sleep 30', "{file}"] }] },
    expect: { files: { "run.sh": UGLY_SH }, context: ["timed out after 500 ms"] },
  },
  {
    name: "a file outside the workspace is never touched",
    files: { ...PRETTIER_PKG, "../outside/a.ts": UGLY_TS },
    localPrettier: true,
    edited: ["../outside/a.ts"],
    expect: { files: { "../outside/a.ts": UGLY_TS }, context: "none", log: ["outside the workspace"] },
  },
  {
    name: "a symlink out of the project is never followed",
    files: { ...PRETTIER_PKG, "../outside/a.ts": UGLY_TS, "link.ts": "@symlink ../outside/a.ts" },
    localPrettier: true,
    edited: ["link.ts"],
    expect: { files: { "../outside/a.ts": UGLY_TS }, context: "none", log: ["outside the workspace"] },
  },
  {
    name: "a folder symlinked out of the project is never followed",
    files: { ...PRETTIER_PKG, "../outside/a.ts": UGLY_TS, vendor: "@symlink ../outside" },
    localPrettier: true,
    edited: ["vendor/a.ts"],
    expect: { files: { "../outside/a.ts": UGLY_TS }, context: "none", log: ["outside the workspace"] },
  },
  {
    name: "a symlink inside the project is formatted through its target",
    files: { ...PRETTIER_PKG, "src/real.ts": UGLY_TS, "alias.ts": "@symlink src/real.ts" },
    localPrettier: true,
    edited: ["alias.ts"],
    expect: { files: { "src/real.ts": PRETTY_TS }, context: ["prettier reformatted src/real.ts"] },
  },
  {
    name: "detection switched off",
    files: { "run.sh": UGLY_SH },
    edited: ["run.sh"],
    config: { detect: false },
    expect: { files: { "run.sh": UGLY_SH }, context: "none" },
  },
  {
    name: "several files from one patch, each with its own formatter",
    files: { ...PRETTIER_PKG, "src/a.ts": UGLY_TS, "run.sh": UGLY_SH },
    localPrettier: true,
    edited: ["src/a.ts", "run.sh", "deleted.ts"],
    expect: { files: { "src/a.ts": PRETTY_TS, "run.sh": TABS_SH }, context: ["prettier reformatted src/a.ts", "shfmt reformatted run.sh"] },
  },
];
