/** The `guards` CLI: parse the command name, hand the rest to its module in cli/commands/. */
import { auditCommand } from "./cli/commands/audit.ts";
import { checkCommand } from "./cli/commands/check.ts";
import { doctorCommand } from "./cli/commands/doctor.ts";
import { installCommand } from "./cli/commands/install.ts";
import { listCommand } from "./cli/commands/list.ts";
import { packCommand } from "./cli/commands/pack.ts";
import { runCommand } from "./cli/commands/run.ts";
import { telemetryCommand } from "./cli/commands/telemetry.ts";
import { uninstallCommand } from "./cli/commands/uninstall.ts";
import { verifyCommand } from "./cli/commands/verify.ts";
import { inspectCommand } from "./cli/commands/inspect.ts";
import { testCommand } from "./cli/commands/test.ts";
import { UsageError, type CliIo, type Command } from "./cli/commands/io.ts";
import { quietWriter } from "./cli/output.ts";

const commands: Record<string, Command> = {
  audit: auditCommand,
  check: checkCommand,
  run: runCommand,
  telemetry: telemetryCommand,
  install: installCommand,
  uninstall: uninstallCommand,
  list: listCommand,
  doctor: doctorCommand,
  pack: packCommand,
  test: testCommand,
  verify: verifyCommand,
  inspect: inspectCommand,
};

const USAGE = `guards — guard hooks for AI coding agents

  guards install   [--agent a,b|all|detected] [--scope project|user|enterprise] [--hooks id,…] [--dir PROJECT] [--root PREFIX] [--dry-run] [--yes] [--json]
  guards uninstall [same selectors]
  guards list
  guards run ID[,ID…] [--dialect D]          one event on stdin → the agent's answer
  guards check [--hook ID] [--dialect D] -- COMMAND…
  guards test [PATH]                          run universal-format cases
  guards doctor
  guards verify [--dir PROJECT] [--root PREFIX] [--json]   installed files against the package's SHA-256 manifest
  guards inspect FILE                         the exact source a built guards file runs
  guards pack --format uaaps --out DIR
  guards telemetry flush|status
  guards audit [--since 24h] [--hook ID] [--decision deny,ask] [--json]   what the guards decided, and why
`;

const stdout = quietWriter(process.stdout);
const stderr = quietWriter(process.stderr);

async function main(): Promise<number> {
  const [name, ...argv] = process.argv.slice(2);
  if (!name || name === "help" || name === "--help" || name === "-h") {
    stdout.write(USAGE);
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    stderr.write(`guards: unknown command "${name}"\n${USAGE}`);
    return 2;
  }
  const io: CliIo = {
    argv,
    stdout: stdout.write,
    stderr: stderr.write,
    stdin: process.stdin,
    stdinIsTTY: Boolean(process.stdin.isTTY),
    env: process.env,
    cwd: process.cwd(),
  };
  try {
    return await command(io);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    stderr.write(`guards ${name}: ${message.split("\n")[0]}\n`);
    return error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS") ? 2 : 1;
  }
}

process.exitCode = await main();
// Hooks and commands may leave stdin open; nothing more is read.
process.stdin.destroy();
