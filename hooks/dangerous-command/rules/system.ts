/** Whole-machine damage that is not deletion: fork bombs, killing everything, cron, permissions. */
import type { ExecutedCommand } from "../../../shared/shell.ts";
import { askFinding, denyFinding, type Finding } from "../finding.ts";
import type { Scope } from "../scope.ts";

const POWER = new Set(["shutdown", "reboot", "halt", "poweroff"]);

export function systemRule(command: ExecutedCommand, scope: Scope): Finding | undefined {
  const { program, argv } = command;
  // A function that calls itself (`:(){ :|:& };:`) multiplies processes until the machine stops.
  if ((command.inFunction !== undefined && command.inFunction === program) || command.exhausts === "processes") {
    return denyFinding("fork-bomb", command.exhausts ? `forks new processes in an endless loop (${command.api}), a fork bomb that freezes the machine` : "defines a function that calls itself, a fork bomb that freezes the machine", "write a bounded loop instead, e.g. `for i in 1 2 3; do echo \"$i\"; done`");
  }
  if (program === "kill") {
    // `-1` as a process id (not as the signal right after `kill`) means every process.
    const args = argv.slice(1);
    if (args.some((a, i) => a === "-1" && i > 0 && !["-s", "-n", "--signal"].includes(args[i - 1]!))) {
      return denyFinding("kill-all", "kills every process the user can signal, the session and the agent with it", "`kill PID` with the process id meant");
    }
    return undefined;
  }
  if (program === "killall5") return denyFinding("kill-all", "kills every process on the machine", "`kill PID` with the process id meant");
  // `crontab /dev/null` (or an empty stdin for `crontab -`) installs an empty table: `crontab -r` by another name.
  const emptyTable = program === "crontab" && argv.slice(1).some((a) => a === "/dev/null" || (a === "-" && command.input?.kind === "static" && !command.input.text?.trim()));
  if (program === "crontab" && (emptyTable || argv.slice(1).some((a) => /^-[A-Za-z]*r/.test(a)))) {
    return denyFinding("crontab-remove", "deletes every cron job of the user with no backup", "`crontab -l > crontab.bak` keeps a copy; edit single jobs with `crontab -e`");
  }
  if (POWER.has(program) || (program === "init" && (argv[1] === "0" || argv[1] === "6")) || (program === "systemctl" && ["poweroff", "reboot", "halt"].includes(argv[1] ?? ""))) {
    return askFinding("system-power", "shuts down or restarts the machine");
  }
  return undefined;
}
