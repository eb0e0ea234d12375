/** Code nobody can read before it runs: downloaded, decoded or built at run time. */
import type { ExecutedCommand } from "../../../shared/shell.ts";
import { askFinding, type Finding } from "../finding.ts";

export function opaqueCodeRule(command: ExecutedCommand): Finding | undefined {
  const code = command.opaqueCode;
  if (!code) return undefined;
  if (code.kind === "download") {
    return askFinding("pipe-to-shell", `runs code downloaded by \`${code.from}\` without anyone reading it`, "download to a file, read it, then run the file");
  }
  return askFinding("unreadable-code", `runs code that is only known when it runs (\`${code.from}\`)`, "write the commands out literally");
}

/** `$CMD -rf ~`: the program itself comes from an unknown variable. */
export function unknownProgramRule(command: ExecutedCommand): Finding | undefined {
  if (!command.dynamic[0]) return undefined;
  const risky = command.argv.slice(1).some((a) => /^-[A-Za-z]*[rRf]/.test(a) || a === "/");
  if (!risky) return undefined;
  return askFinding("unknown-program", `runs \`${command.argv[0]}\`, a program only known when it runs, on \`${command.argv.slice(1).join(" ")}\``, "name the program");
}
