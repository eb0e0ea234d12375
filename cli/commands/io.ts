import type { Readable } from "node:stream";

/** What a CLI command may touch; install.ts passes the process's, tests pass their own. */
export interface CliIo {
  argv: string[];
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  stdin: Readable;
  stdinIsTTY: boolean;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}

/** A CLI command: arguments after its name in, exit code out. */
export type Command = (io: CliIo) => Promise<number>;

/** A usage error: printed in one line, exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";
}
