/** Whole-machine damage that is not deletion: fork bombs, killing everything, cron, permissions. */
import type { ExecutedCommand } from "../../../shared/shell.ts";
import { askFinding, denyFinding, type Finding } from "../finding.ts";
import type { Scope } from "../scope.ts";

const POWER = new Set(["shutdown", "reboot", "halt", "poweroff", "Stop-Computer", "Restart-Computer"]);
/** `shutdown -c`, Windows' `shutdown /a`: cancel a pending shutdown; `/?` and `--help` print help. */
const CANCELS_POWER = new Set(["-c", "/a", "/A", "/?", "--help"]);
/** Services that carry the way in to the machine: stopping them cuts a remote session off. */
const REMOTE_ACCESS = /^(sshd?|openssh-server|NetworkManager|networking|network|systemd-networkd|systemd-resolved|wpa_supplicant|iwd|dhcpcd|netplan|tailscaled|wg-quick@.*|firewalld)(\.service)?$/;
const FIREWALLS = new Set(["iptables", "ip6tables", "iptables-legacy", "iptables-nft", "nft", "ufw", "firewall-cmd"]);

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
    // PID 1 is init: SIGKILL to it stops the machine (or the container). Other signals ask it to reload or are ignored.
    const killSignal = args.some((a, i) => /^-(9|KILL|SIGKILL)$/i.test(a) || (/^(9|KILL|SIGKILL)$/i.test(a) && ["-s", "-n", "--signal"].includes(args[i - 1] ?? "")));
    if (killSignal && args.some((a, i) => a === "1" && !["-s", "-n", "--signal"].includes(args[i - 1] ?? ""))) {
      return denyFinding("kill-all", "kills process 1 (init), which stops the whole machine or container", "`kill PID` with the process id meant");
    }
    return undefined;
  }
  if ((program === "pkill" || program === "killall") && signalsAllOfUser(program, argv)) {
    return denyFinding("kill-all", "kills every process of a user, the session and the agent with it", "`pkill -f PATTERN` with the program meant, or `kill PID`");
  }
  if (program === "Stop-Process" && argv.some((a, i) => a === "*" && /^-(name|processname)$/i.test(argv[i - 1] ?? ""))) {
    return denyFinding("kill-all", "stops every process, the session and the agent with it", "`Stop-Process -Id PID` with the process meant");
  }
  // `taskkill /f /fi "USERNAME eq dev"`, `/fi "PID ge 0"`, `/im *`: every process the filter matches.
  if (program === "taskkill" && argv.some((a, i) => (/^\/{1,2}im$/i.test(argv[i - 1] ?? "") && /^\*(\.exe)?$/i.test(a)) || (/^\/{1,2}fi$/i.test(argv[i - 1] ?? "") && /^(username\s+eq|pid\s+(ge|gt)\s+[01]\b|status\s+eq\s+running)/i.test(a)))) {
    return denyFinding("kill-all", "kills every process the filter matches, the session and the agent with it", "`taskkill /pid PID` with the process meant");
  }
  const recovery = recoveryLoss(program, argv);
  if (recovery) return denyFinding("delete-recovery-data", recovery, "`vssadmin list shadows` and `bcdedit /enum` show them; ask the user before removing one");
  if (program === "killall5") return denyFinding("kill-all", "kills every process on the machine", "`kill PID` with the process id meant");
  // `crontab /dev/null` (or an empty stdin for `crontab -`) installs an empty table: `crontab -r` by another name.
  const emptyTable = program === "crontab" && argv.slice(1).some((a) => a === "/dev/null" || (a === "-" && command.input?.kind === "static" && !command.input.text?.trim()));
  if (program === "crontab" && (emptyTable || argv.slice(1).some((a) => /^-[A-Za-z]*r/.test(a)))) {
    return denyFinding("crontab-remove", "deletes every cron job of the user with no backup", "`crontab -l > crontab.bak` keeps a copy; edit single jobs with `crontab -e`");
  }
  if ((POWER.has(program) && !argv.slice(1).some((a) => CANCELS_POWER.has(a) || /^-whatif(:\$true)?$/i.test(a))) || ((program === "init" || program === "telinit") && (argv[1] === "0" || argv[1] === "6")) || (program === "systemctl" && (["poweroff", "reboot", "halt", "kexec"].includes(systemctlVerb(argv)[0] ?? "") || (systemctlVerb(argv)[0] === "isolate" && /^(poweroff|reboot|halt|runlevel[06])(\.target)?$/.test(systemctlVerb(argv)[1] ?? ""))))) {
    return askFinding("system-power", "shuts down or restarts the machine");
  }
  const lockout = networkLockout(program, argv);
  if (lockout) return askFinding("network-lockout", lockout, "list first (`iptables -S`, `nft list ruleset`, `systemctl status NAME`); change one rule or service the task needs");
  const account = accountLockout(program, argv, scope);
  if (account) return askFinding("account-lockout", account, "look first (`passwd -S NAME`, `id NAME`, `Get-LocalUser`) and ask the user");
  const logs = logErasure(program, argv);
  if (logs) return askFinding("erase-logs", logs, "`journalctl --disk-usage` and `auditctl -l` only look; ask the user before deleting logs");
  return undefined;
}

/** Groups that carry administrator rights: leaving one can leave nobody able to administer the machine. */
const ADMIN_GROUPS = /^(sudo|wheel|admin|adm|Administrators)$/i;

/**
 * What locks the administrator or the user running the agent out of the machine: the account locked,
 * expired or left without a password (`passwd -d root` lets anyone in), or removed from the admin group.
 * Other accounts are routine administration.
 */
function accountLockout(program: string, argv: string[], scope: Scope): string | undefined {
  const args = argv.slice(1);
  if (args.some((a) => a === "--help" || a === "-h")) return undefined;
  const operands = args.filter((a, i) => !a.startsWith("-") && !/^(-e|--expiredate|-E|-s|--shell|-g|-G|--groups|-d|--home|-c|--comment|-u|--uid|-R|--root|-P|--prefix|-I|-m|-M|-W)$/.test(args[i - 1] ?? ""));
  const guarded = (user: string | undefined) => user !== undefined && (user === "root" || /^administrator$/i.test(user) || user === scope.user);
  const user = operands.at(-1);
  switch (program) {
    case "passwd":
      if (args.some((a) => /^(-l|--lock|-d|--delete|-e|--expire)$/.test(a)) && guarded(user ?? scope.user)) return `${args.some((a) => a === "-d" || a === "--delete") ? "removes the password of" : "locks"} the account ${user ?? scope.user}, which can lock every administrator out (or let anyone in)`;
      return undefined;
    case "usermod": {
      const locks = args.some((a, i) => a === "-L" || a === "--lock" || ((args[i - 1] === "-e" || args[i - 1] === "--expiredate") && /^(0|1|19\d\d-|20[01]\d-)/.test(a)) || ((args[i - 1] === "-s" || args[i - 1] === "--shell") && /\/(nologin|false)$/.test(a)));
      return locks && guarded(user) ? `locks the account ${user} out of the machine` : undefined;
    }
    case "chage":
      return args.some((a, i) => (args[i - 1] === "-E" || args[i - 1] === "--expiredate") && /^(0|1|19\d\d-|20[01]\d-)/.test(a)) && guarded(user) ? `expires the account ${user}, which locks it out` : undefined;
    case "gpasswd":
      return args.some((a) => a === "-d" || a === "--delete") && ADMIN_GROUPS.test(user ?? "") ? `removes a user from the ${user} group, which can leave nobody able to administer the machine` : undefined;
    case "deluser":
    case "delgroup":
      return operands.length === 2 && ADMIN_GROUPS.test(operands[1]!) ? `removes ${operands[0]} from the ${operands[1]} group, which can leave nobody able to administer the machine` : undefined;
    case "Disable-LocalUser":
      return args.some((a) => /^-whatif/i.test(a)) ? undefined : "disables a local account, which can lock the administrator out";
    case "Remove-LocalGroupMember":
      return args.some((a) => ADMIN_GROUPS.test(a)) && !args.some((a) => /^-whatif/i.test(a)) ? "removes a member of the Administrators group, which can leave nobody able to administer the machine" : undefined;
    default:
      return undefined;
  }
}

/** The machine's own record of what happened: the journal, the audit trail, Windows event logs. */
function logErasure(program: string, argv: string[]): string | undefined {
  const args = argv.slice(1);
  if (args.some((a) => a === "--help" || a === "-h")) return undefined;
  if (program === "journalctl" && args.some((a) => /^--vacuum-(size|time|files)(=|$)/.test(a))) return "deletes archived system journal files";
  // `auditctl -D` deletes every audit rule; `-e 0` switches auditing off.
  if (program === "auditctl" && (args.includes("-D") || args.some((a, i) => args[i - 1] === "-e" && a === "0"))) return "switches off or deletes the kernel's audit rules";
  if (program === "wevtutil" && /^(cl|clear-log)$/i.test(args[0] ?? "") && !args.some((a) => /^[/-]\?$/.test(a))) return "clears a Windows event log";
  if ((program === "Clear-EventLog" || program === "Remove-EventLog") && !args.some((a) => /^-whatif/i.test(a))) return "clears Windows event logs";
  return undefined;
}

/** Windows' restore points, backup catalogues and boot entries: deleting them leaves nothing to recover or boot from. */
function recoveryLoss(program: string, argv: string[]): string | undefined {
  // `efibootmgr -b 0001 -B`: the UEFI boot entry goes.
  if (program === "efibootmgr") return argv.some((a) => a === "-B" || a === "--delete-bootnum") ? "deletes a UEFI boot entry, which can leave the machine unable to start" : undefined;
  if (program !== "vssadmin" && program !== "wbadmin" && program !== "bcdedit" && program !== "wmic" && program !== "cipher") return undefined;
  const words = argv.slice(1).map((a) => a.replace(/^\/\//, "/").toLowerCase());
  if (words.includes("/?")) return undefined;
  if (program === "vssadmin" && words[0] === "delete" && words[1] === "shadows") return "deletes the volume shadow copies (restore points and previous versions)";
  if (program === "vssadmin" && words[0] === "resize" && words[1] === "shadowstorage") return "shrinks shadow storage, which deletes restore points";
  if (program === "wbadmin" && words[0] === "delete") return "deletes Windows backups or their catalogue";
  if (program === "bcdedit" && words.some((w) => w === "/delete" || w === "/deletevalue")) return "deletes boot configuration, which can leave the machine unable to start";
  // `recoveryenabled no`, `bootstatuspolicy ignoreallfailures`: the machine no longer offers to repair itself.
  if (program === "bcdedit" && words.includes("/set") && ((words.includes("recoveryenabled") && words.includes("no")) || words.includes("ignoreallfailures"))) return "turns off Windows' automatic repair and recovery at boot";
  // `cipher /w:DIR` overwrites the volume's free space: files deleted earlier can no longer be recovered.
  if (program === "cipher" && words.some((w) => /^\/w(:|$)/.test(w))) return "overwrites the free space of the volume, so deleted files can no longer be recovered";
  // `wmic shadowcopy [where "…"] delete`: the filter only narrows which ones go.
  if (program === "wmic" && words[0] === "shadowcopy" && words.includes("delete")) return "deletes the volume shadow copies (restore points and previous versions)";
  return undefined;
}

/** `systemctl [--user] [--now] VERB UNITS…`: the verb and its units, options left out. */
function systemctlVerb(argv: string[]): string[] {
  return argv.slice(1).filter((a, i, all) => !a.startsWith("-") && !["-H", "--host", "-M", "--machine", "-t", "--type", "-s", "--signal"].includes(all[i - 1] ?? ""));
}

/** pkill/killall naming a user (`-u dev`, `-U 1000`) and no program: every process of that user. */
function signalsAllOfUser(program: string, argv: string[]): boolean {
  const valued = program === "pkill" ? ["-u", "-U", "-g", "-G", "-P", "-s", "-t", "-F", "--signal", "--euid", "--uid", "--group", "--pgroup", "--parent", "--session", "--terminal", "--pidfile", "--ns", "--nslist"] : ["-u", "--user", "-s", "--signal", "-o", "--older-than", "-y", "--younger-than", "-n", "--ns", "-Z", "--context"];
  let user = false;
  let named = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (valued.includes(a)) {
      if (/^(-u|-U|--user|--euid|--uid)$/.test(a)) user = true;
      i++;
    } else if (/^(--user|--euid|--uid)=/.test(a) || /^-[uU]./.test(a)) user = true;
    else if (a === "--") named ||= i + 1 < argv.length;
    else if (!a.startsWith("-")) named = true;
  }
  return user && !named;
}

/** What a command does to the machine's network access, when it can cut a remote session off. */
function networkLockout(program: string, argv: string[]): string | undefined {
  const args = argv.slice(1);
  if (FIREWALLS.has(program)) {
    if (args.some((a) => a === "--help" || a === "-h")) return undefined;
    if ((program.startsWith("ip") && args.some((a) => /^(-F|--flush|-X|--delete-chain)$/.test(a) || /^-[A-Za-z]*F$/.test(a))) || (program === "nft" && args.includes("flush") && args.includes("ruleset")) || (program === "ufw" && args.includes("reset"))) {
      return "drops every firewall rule, which is lost unless saved and can cut the machine off the network";
    }
    const policy = args.findIndex((a) => a === "-P" || a === "--policy");
    if (program.startsWith("ip") && policy >= 0 && /^(DROP|REJECT)$/i.test(args[policy + 2] ?? "")) return "blocks all traffic by default, which can cut a remote session off";
    if (program === "firewall-cmd" && args.includes("--panic-on")) return "blocks all network traffic";
    if (program === "firewall-cmd" && args.some((a, i) => /^--remove-service(=ssh)?$/.test(a) && (a.endsWith("=ssh") || args[i + 1] === "ssh") || /^--remove-port=22\//.test(a) || /^--set-default-zone=(drop|block)$/.test(a))) return "closes the ssh port, which can cut a remote session off";
    // `iptables -A INPUT -j DROP` for every source, on every port or on ssh's: the way in is closed.
    const appended = args.findIndex((a) => a === "-A" || a === "-I" || a === "--append" || a === "--insert");
    const target = args[args.findIndex((a) => a === "-j" || a === "--jump") + 1] ?? "";
    const ports = args.filter((a, i) => /^(--dport|--destination-port|--dports)$/.test(args[i - 1] ?? ""));
    if (program.startsWith("ip") && appended >= 0 && args[appended + 1] === "INPUT" && /^(DROP|REJECT)$/i.test(target) && !args.some((a) => a === "-s" || a === "--source" || a === "--src-range") && (ports.length === 0 || ports.some((p) => /(^|,)(22|ssh)(,|:|$)/.test(p)))) return "drops incoming traffic on the way in to the machine, which can cut a remote session off";
    if (program === "ufw" && ((args[0] === "default" && /^(deny|reject)$/.test(args[1] ?? "") && (args[2] === undefined || args[2] === "incoming")) || (/^(deny|reject)$/.test(args[0] ?? "") && /^(22|ssh|OpenSSH|22\/tcp)$/i.test(args.at(-1) ?? "")))) return "blocks incoming connections, ssh with them unless it is allowed, which can cut a remote session off";
    return undefined;
  }
  if (program === "systemctl" || program === "service") {
    const words = program === "service" ? [args[1] ?? "", args[0] ?? ""] : systemctlVerb(argv);
    const [verb, ...units] = words;
    if (argv.includes("--user")) return undefined;
    if (/^(stop|disable|mask|kill)$/.test(verb ?? "") && units.some((u) => REMOTE_ACCESS.test(u))) return `stops ${units.join(", ")}, which can cut off remote access to the machine`;
    // Rescue and emergency mode stop every service but a root shell on the console.
    if (program === "systemctl" && (verb === "rescue" || verb === "emergency" || (verb === "isolate" && units.some((u) => /^(rescue|emergency|runlevel[01])(\.target)?$/.test(u))))) return "switches to rescue mode, which stops every service and network access";
    return undefined;
  }
  if (program === "Disable-NetAdapter") return "disables network adapters, which can cut off remote access to the machine";
  // `Set-NetFirewallProfile -DefaultInboundAction Block`; `Stop-Service sshd`, `Set-Service sshd -StartupType Disabled`.
  if (program === "Set-NetFirewallProfile" && args.some((a, i) => /^-DefaultInboundAction(:|$)/i.test(args[i - 1] ?? a) && /block/i.test(a))) return "blocks all incoming traffic by default, which can cut a remote session off";
  if ((program === "Stop-Service" || program === "Set-Service" || program === "Suspend-Service") && args.some((a) => /^(sshd|TermService|WinRM)$/i.test(a)) && !args.some((a) => /^-whatif/i.test(a)) && (program !== "Set-Service" || args.some((a) => /^(disabled|stopped)$/i.test(a)))) return "stops the service remote sessions come in through";
  // Killing the ssh daemon by name ends the way in.
  if ((program === "pkill" || program === "killall") && args.some((a) => !a.startsWith("-") && REMOTE_ACCESS.test(a))) return "kills the ssh daemon, which cuts off remote access to the machine";
  if (program === "ip" && /^(a|addr|address)$/.test(args[0] ?? "") && args[1] === "flush") return "removes the addresses of a network interface, which can cut off remote access";
  if (program === "ip" && /^(r|ro|route)$/.test(args[0] ?? "") && ((/^(del|delete)$/.test(args[1] ?? "") && args[2] === "default") || args[1] === "flush")) return "removes the default route, which can cut off remote access";
  if (program === "tc" && args.includes("netem") && args.some((a, i) => args[i - 1] === "loss" && /^100(\.0*)?%$/.test(a))) return "drops every packet on an interface, which cuts off remote access";

  if ((program === "ip" && args[0] === "link" && args.includes("set") && args.includes("down")) || (program === "ifconfig" && args.at(-1) === "down") || (program === "ifdown" && args.length > 0) || (program === "nmcli" && args[0] === "networking" && args[1] === "off")) {
    return "takes a network interface down, which can cut off remote access to the machine";
  }
  return undefined;
}
