/** Runs one program by argv (never a shell) with a hard timeout that also kills its children. */
import { childProcessModule } from "../../shared/builtins.ts";
import type { ExecProgram, ExecResult } from "../../shared/hook.ts";

/** Output kept per stream: enough for an error message, never unbounded. */
const KEEP_BYTES = 16 * 1024;

export const execProgram: ExecProgram = (file, args, options) =>
  new Promise<ExecResult>((resolve) => {
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    let settled = false;
    const finish = (result: Omit<ExecResult, "stdout" | "stderr" | "timedOut">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, stdout, stderr, timedOut });
    };
    // detached: the program leads its own process group, so a timeout kills what it started too.
    const child = childProcessModule().spawn(file, args, { cwd: options.cwd, env: options.env as NodeJS.ProcessEnv | undefined, shell: false, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    const keep = (prev: string, chunk: Buffer) => (prev + chunk.toString("utf8")).slice(-KEEP_BYTES);
    child.stdout.on("data", (chunk: Buffer) => (stdout = keep(stdout, chunk)));
    child.stderr.on("data", (chunk: Buffer) => (stderr = keep(stderr, chunk)));
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          child.kill("SIGKILL");
        }
      }
    }, options.timeoutMs);
    child.on("error", (error: NodeJS.ErrnoException) => finish({ exitCode: null, error: error.code ?? error.message }));
    child.on("close", (code) => finish({ exitCode: timedOut ? null : code }));
  });
