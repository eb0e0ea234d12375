/** Which formatter to run on a file: the configured one for its glob, else the project's own. */
import { accessSync, constants, existsSync, readFileSync, statSync } from "node:fs";
import { basename, delimiter, dirname, extname, isAbsolute, join, relative } from "node:path";
import { KNOWN_FORMATTERS, type KnownFormatter } from "./formatters.ts";
import type { FormatOptions } from "./options.ts";

export interface ChosenFormatter {
  name: string;
  /** Program path, then the arguments; the file path is appended (or replaces `{file}`). */
  argv: string[];
}

export type Choice = { found: ChosenFormatter } | { missing: string } | { none: true };

type Env = Readonly<Record<string, string | undefined>>;

export async function chooseFormatter(file: string, root: string, options: FormatOptions, env: Env): Promise<Choice> {
  const rel = relative(root, file);
  // Loaded only when the config names formatter globs: the hook file keeps picomatch in a section compiled at
  // first use, and an edit with no configured formatter (the usual case) never compiles it.
  const picomatch = options.formatters.length > 0 ? (await import("picomatch")).default : undefined;
  for (const entry of options.formatters) {
    const isMatch = picomatch!(entry.glob, { dot: true, basename: !entry.glob.includes("/") });
    if (!isMatch(rel)) continue;
    const [program, ...args] = entry.command;
    const path = findProgram(program!, dirname(file), root, "any", env);
    if (!path) return { missing: `the formatter "${program}" configured for ${entry.glob} is not installed` };
    return { found: { name: basename(program!), argv: [path, ...args] } };
  }
  if (!options.detect) return { none: true };
  const ext = extname(file).toLowerCase();
  for (const known of KNOWN_FORMATTERS) {
    if (!known.extensions.includes(ext) || !projectUses(known, dirname(file), root)) continue;
    const path = findProgram(known.program, dirname(file), root, known.local, env);
    // A project that declares a formatter it has not installed: say so rather than silently skip.
    if (!path) {
      if (known.markers || known.packageJson || known.pyproject) return { missing: `the project uses ${known.name} but it is not installed` };
      continue;
    }
    return { found: { name: known.name, argv: [path, ...known.args] } };
  }
  return { none: true };
}

/** The folders from the file's own up to the root, nearest first. */
function foldersUp(from: string, root: string): string[] {
  const out: string[] = [];
  let dir = from;
  for (;;) {
    out.push(dir);
    if (dir === root || relative(root, dir).startsWith("..")) break;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return out;
}

function projectUses(known: KnownFormatter, from: string, root: string): boolean {
  if (!known.markers && !known.packageJson && !known.pyproject) return true;
  for (const dir of foldersUp(from, root)) {
    if (known.markers?.some((m) => existsSync(join(dir, m)))) return true;
    if (known.packageJson && packageJsonNames(join(dir, "package.json")).some((n) => known.packageJson!.includes(n))) return true;
    if (known.pyproject && pyprojectTables(join(dir, "pyproject.toml")).some((t) => known.pyproject!.includes(t))) return true;
  }
  return false;
}

function packageJsonNames(path: string): string[] {
  try {
    const pkg = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    const deps = ["dependencies", "devDependencies"].flatMap((k) => Object.keys((pkg[k] as object | undefined) ?? {}));
    return [...Object.keys(pkg), ...deps];
  } catch {
    return [];
  }
}

/** `[tool.ruff]`, `[tool.ruff.lint]` → tool.ruff: the table headers are all detection needs. */
function pyprojectTables(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return [];
  }
  return text.split(/\r?\n/).flatMap((line) => {
    const header = /^\s*\[([A-Za-z0-9_.-]+)\]/.exec(line)?.[1];
    return header ? [header.split(".").slice(0, 2).join(".")] : [];
  });
}

/** The project's own copy first (node_modules/.bin up the tree, the virtualenv), then PATH. */
export function findProgram(program: string, from: string, root: string, local: KnownFormatter["local"] | "any", env: Env): string | undefined {
  if (program.includes("/")) {
    const path = isAbsolute(program) ? program : join(root, program);
    return isExecutable(path) ? path : undefined;
  }
  const candidates: string[] = [];
  if (local === "node" || local === "any") candidates.push(...foldersUp(from, root).map((d) => join(d, "node_modules", ".bin")));
  if (local === "python" || local === "any") {
    candidates.push(join(root, ".venv", "bin"), join(root, "venv", "bin"));
    if (env.VIRTUAL_ENV) candidates.push(join(env.VIRTUAL_ENV, "bin"));
  }
  candidates.push(...(env.PATH ?? "").split(delimiter).filter((d) => isAbsolute(d)));
  return candidates.map((dir) => join(dir, program)).find(isExecutable);
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
