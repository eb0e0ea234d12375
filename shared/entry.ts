/** The process entry of a built hook file: argv and stdin in, the dialect's answer out. */
import { parseArgs } from "node:util";
import type { AnyHook } from "./hook.ts";
import { runHooks, failInput } from "./run.ts";
import { DEFAULT_STDIN_LIMITS, readBounded } from "./stdin.ts";
import type { Rendered } from "./dialect.ts";

export async function hookMain(hooks: AnyHook[], argv: string[] = process.argv.slice(2)): Promise<void> {
  let dialect: string | undefined;
  try {
    dialect = parseArgs({ args: argv, options: { dialect: { type: "string" } }, strict: true, allowPositionals: false }).values.dialect;
  } catch (error) {
    return write(failInput(hooks, `bad arguments: ${(error as Error).message}`, undefined));
  }
  let rendered: Rendered;
  try {
    const limits = {
      maxBytes: Number(process.env.GUARDS_MAX_INPUT_BYTES) || DEFAULT_STDIN_LIMITS.maxBytes,
      timeoutMs: Number(process.env.GUARDS_STDIN_TIMEOUT_MS) || DEFAULT_STDIN_LIMITS.timeoutMs,
    };
    const text = await readBounded(process.stdin, limits);
    rendered = await runHooks(hooks, text, { dialect, env: process.env });
  } catch (error) {
    rendered = failInput(hooks, (error as Error).message, dialect);
  }
  write(rendered);
}

function write(rendered: Rendered): void {
  if (rendered.stdout) process.stdout.write(rendered.stdout);
  if (rendered.stderr) process.stderr.write(rendered.stderr);
  process.exitCode = rendered.exitCode;
  // A stdin that never closed must not keep the process alive after the answer.
  process.stdin.destroy();
}
