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
  if (lockout) return askFinding("network-lockout", lockout, LOCKOUT_INSTEAD);
  // Accounts, logs, more storage and more ways to cut access off: the lazy section, loaded for these programs.
  return MACHINE_PROGRAMS.has(program) ? machineReader?.(command, scope) : undefined;
}

export const LOCKOUT_INSTEAD = "list first (`iptables -S`, `nft list ruleset`, `systemctl status NAME`); change one rule or service the task needs";

/**
 * Programs judged by the lazy section (rules/machine.ts): accounts, logs and audit trails, storage below
 * the filesystem, and the rarer ways to cut remote access off. The hook loads it for lines that run one.
 */
export const MACHINE_PROGRAMS = new Set(["passwd", "usermod", "chage", "gpasswd", "deluser", "delgroup", "Disable-LocalUser", "Remove-LocalGroupMember", "journalctl", "auditctl", "wevtutil", "Clear-EventLog", "Remove-EventLog", "btrfs", "zfs", "lvreduce", "lvresize", "vgreduce", "flashrom", "sg_format", "xfs_repair", "debugfs", "mdadm", "efibootmgr", "iptables", "ip6tables", "iptables-legacy", "iptables-nft", "ufw", "firewall-cmd", "ip", "tc", "pkill", "killall", "Set-NetFirewallProfile", "Stop-Service", "Set-Service", "Suspend-Service"]);
let machineReader: ((command: ExecutedCommand, scope: Scope) => Finding | undefined) | undefined;
/** Loads the lazy section; undefined when it already is. */
export function loadMachineReader(): Promise<void> | undefined {
  if (machineReader) return undefined;
  return import("./machine.ts").then((m) => {
    machineReader = m.machineFinding;
  });
}

/** Windows' restore points, backup catalogues and boot entries: deleting them leaves nothing to recover or boot from. */
function recoveryLoss(program: string, argv: string[]): string | undefined {
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

  if ((program === "ip" && args[0] === "link" && args.includes("set") && args.includes("down")) || (program === "ifconfig" && args.at(-1) === "down") || (program === "ifdown" && args.length > 0) || (program === "nmcli" && args[0] === "networking" && args[1] === "off")) {
    return "takes a network interface down, which can cut off remote access to the machine";
  }
  return undefined;
}
