/** Examines a text or a file on disk: path policy first, then binary and size checks, pre-filter, secretlint. */
import { openSync, readSync, closeSync, fstatSync, realpathSync, constants } from "node:fs";
import { mergeFindings, type Finding } from "./finding.ts";
import type { Options } from "./options.ts";
import type { PathClass, PathClassifier } from "./paths.ts";

export type Verdict =
  | { status: "clean"; path: string }
  | { status: "secrets"; path: string; text: string; findings: Finding[] }
  | { status: "refused"; path: string; rule: string; reason: string };

export interface Scanner {
  options: Options;
  classify: PathClassifier;
  projectRoot: string;
  home: string | undefined;
}

/** Secrets in `text`; `thorough` skips the pre-filter (files that are secret by nature). */
export async function examineText(text: string, filePath: string, options: Options, thorough: boolean): Promise<Finding[]> {
  let present: ReadonlySet<string> | undefined;
  let presetRules: ReadonlySet<string> | undefined;
  if (!thorough) {
    // Its tables (every provider's keywords and patterns) are set up by the first text examined: a shell
    // command that shows no file never needs them.
    const { prefilter } = await import("./prefilter.ts");
    const verdict = await prefilter(text, filePath);
    if (!verdict.scan) return [];
    present = verdict.present;
    presetRules = verdict.presetRules;
  }
  const { scanText } = await import("./engine.ts");
  const found = await scanText(text, filePath, present, presetRules);
  const kept = found.filter(
    (f) => !options.allowRules.includes(f.kind) && !options.allowRules.includes(f.rule) && !options.allowValues.includes(text.slice(f.start, f.end)),
  );
  return mergeFindings(kept);
}

/** A file as the agent would read it; `content` when the agent already sent it (Cursor). */
export async function examineFile(scanner: Scanner, path: string, content?: string, maxBytes = scanner.options.maxBytes): Promise<Verdict> {
  const look = firstLook(scanner, path, content, maxBytes);
  if (look.status !== "examine") return look;
  const findings = await examineText(look.text, path, { ...scanner.options, maxBytes }, look.thorough);
  return findings.length ? { status: "secrets", path, text: look.text, findings } : { status: "clean", path };
}

/** What a first look at a file decides without its text's rules: a verdict, or the text to examine. */
export type FirstLook = Exclude<Verdict, { status: "secrets" }> | { status: "examine"; path: string; text: string; thorough: boolean };

/**
 * The path's class, then the file's type and size, before any rule reads its text. `thorough`: a file that
 * is secret by nature, examined in full (no pre-filter). The hook file's front takes the same look at a
 * read before it loads the rules (quick-read.ts).
 */
export function firstLook(scanner: Scanner, path: string, content?: string, maxBytes = scanner.options.maxBytes): FirstLook {
  const pathClass = classifyWithTarget(scanner, path);
  if (pathClass === "allowed") return { status: "clean", path };
  if (pathClass === "denied") return { status: "refused", path, rule: "denied-path", reason: "its path is in denyPaths" };
  if (pathClass === "binary-secret") return { status: "refused", path, rule: "key-store", reason: "it is a binary key store, which cannot be redacted" };
  const thorough = pathClass === "secret";
  if (content !== undefined) {
    if (Buffer.byteLength(content) > maxBytes) return tooLarge(path, maxBytes);
    return { status: "examine", path, text: content, thorough };
  }
  const read = readFileBounded(path, maxBytes);
  if (read.status === "missing") return { status: "clean", path };
  if (read.status === "too-large") return tooLarge(path, maxBytes);
  if (isBinary(read.data)) {
    return thorough ? { status: "refused", path, rule: "binary-secret-file", reason: "it is a binary credential file, which cannot be redacted" } : { status: "clean", path };
  }
  return { status: "examine", path, text: read.data.toString("utf8"), thorough };
}

const tooLarge = (path: string, maxBytes: number): FirstLook => ({
  status: "refused",
  path,
  rule: "too-large",
  reason: `it is larger than ${maxBytes} bytes (maxBytes), too large to check in time`,
});

const SEVERITY: Record<PathClass, number> = { allowed: 0, ordinary: 1, secret: 2, "binary-secret": 3, denied: 4 };

/** The path and, for a symlink, its target: a link in an allowed folder must not open `~/.ssh/id_rsa` unchecked. */
function classifyWithTarget(scanner: Scanner, path: string): PathClass {
  const own = scanner.classify(path, scanner.projectRoot, scanner.home);
  let real: string;
  try {
    // The system's realpath(3): the JavaScript one resolves the path with path.resolve first, which costs
    // about 0.4 ms on a cold start.
    real = realpathSync.native(path);
  } catch {
    return own;
  }
  if (real === path) return own;
  const target = scanner.classify(real, scanner.projectRoot, scanner.home);
  if (own === "allowed" && target === "allowed") return "allowed";
  const worst = SEVERITY[own] >= SEVERITY[target] ? own : target;
  return worst === "allowed" ? "ordinary" : worst;
}

type Read = { status: "missing" } | { status: "too-large" } | { status: "ok"; data: Buffer };

/** Reads a regular file, refusing early past `maxBytes`; a directory or a missing file is "missing" (the tool will fail on it). */
function readFileBounded(path: string, maxBytes: number): Read {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return { status: "missing" };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { status: "missing" };
    if (stat.size > maxBytes) return { status: "too-large" };
    const data = Buffer.allocUnsafe(stat.size);
    let filled = 0;
    while (filled < stat.size) {
      const n = readSync(fd, data, filled, stat.size - filled, null);
      if (n === 0) break;
      filled += n;
    }
    return { status: "ok", data: data.subarray(0, filled) };
  } finally {
    closeSync(fd);
  }
}

/** A NUL byte in the first 8 KB, as git decides. */
function isBinary(data: Buffer): boolean {
  return data.subarray(0, 8192).includes(0);
}
