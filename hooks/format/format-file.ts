/** Formats one file under its lock; on failure the file is put back exactly as the agent wrote it. */
import { chmodSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { ExecProgram } from "../../shared/hook.ts";
import { withFileLock } from "../../shared/lock.ts";
import { cryptoModule } from "../../shared/builtins.ts";
import type { ChosenFormatter } from "./detect.ts";

export type FormatOutcome =
  | { result: "formatted" | "unchanged" }
  | { result: "failed"; detail: string };

export interface FormatRun {
  file: string;
  cwd: string;
  formatter: ChosenFormatter;
  timeoutMs: number;
  stateDir: string;
  exec: ExecProgram;
  env: Readonly<Record<string, string | undefined>>;
}

/** Longest stderr passed on to the model: the start of a syntax error is what it needs. */
const DETAIL_CHARS = 1500;

export async function formatFile(run: FormatRun): Promise<FormatOutcome> {
  const lockName = cryptoModule().createHash("sha256").update(run.file).digest("hex").slice(0, 32);
  // A second edit of the same file waits for the first format, then formats the newer text.
  const lock = { waitMs: run.timeoutMs + 5_000, staleMs: run.timeoutMs * 2 + 10_000 };
  return withFileLock(join(run.stateDir, "format", "locks", `${lockName}.lock`), lock, async () => {
    const before = readFileSync(run.file);
    const argv = withFile(run.formatter.argv, run.file);
    const result = await run.exec(argv[0]!, argv.slice(1), { cwd: run.cwd, timeoutMs: run.timeoutMs, env: run.env });
    const ok = result.exitCode === 0 && !result.timedOut;
    if (ok) return { result: readFileSync(run.file).equals(before) ? "unchanged" : "formatted" };
    restoreIfChanged(run.file, before);
    const why = result.timedOut
      ? `timed out after ${run.timeoutMs} ms`
      : result.error
        ? `could not start (${result.error})`
        : `exited with code ${result.exitCode}`;
    const output = (result.stderr.trim() || result.stdout.trim()).slice(0, DETAIL_CHARS);
    return { result: "failed", detail: output ? `${why}: ${output}` : why };
  });
}

/** The file path is one argv entry: in place of `{file}`, else last. It is absolute, so never read as an option. */
function withFile(argv: readonly string[], file: string): string[] {
  return argv.includes("{file}") ? argv.map((a) => (a === "{file}" ? file : a)) : [...argv, file];
}

/** A formatter killed mid-write must not leave half a file: put the agent's text back atomically. */
function restoreIfChanged(file: string, before: Buffer): void {
  let now: Buffer | undefined;
  try {
    now = readFileSync(file);
  } catch {
    now = undefined;
  }
  if (now?.equals(before)) return;
  const temp = join(dirname(file), `.${basename(file)}.guards-${cryptoModule().randomBytes(4).toString("hex")}`);
  writeFileSync(temp, before, { flag: "wx", mode: 0o600 });
  try {
    chmodSync(temp, statSync(file).mode & 0o7777);
  } catch {
    // The formatter deleted the file: it comes back with owner-only permissions.
  }
  try {
    renameSync(temp, file);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // Nothing left behind.
    }
    throw error;
  }
}
