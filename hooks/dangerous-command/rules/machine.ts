/**
 * Machine state that few lines touch, judged in a section loaded only for them (`loadMachineReader` in
 * rules/system.ts): accounts locked, logs and audit trails erased, storage below the filesystem, boot
 * entries, and the rarer ways to cut remote access off.
 */
import type { ExecutedCommand } from "../../../shared/shell.ts";
import { askFinding, denyFinding, type Finding } from "../finding.ts";
import type { Scope } from "../scope.ts";

export function machineFinding(command: ExecutedCommand, scope: Scope): Finding | undefined {
  const { program, argv } = command;
  const args = argv.slice(1);
  const help = args.some((a) => a === "--help" || (a === "-h" && program !== "ip"));
  if (help) return undefined;
  const storage = Object.hasOwn(STORAGE, program) ? STORAGE[program]!(args) : undefined;
  if (storage) return denyFinding("block-device", `destroys ${storage} and all the data on it`, "list it first, e.g. `zpool list` or `lvs`, and ask the user");
  // `efibootmgr -b 0001 -B`: the UEFI boot entry goes.
  if (program === "efibootmgr" && args.some((a) => a === "-B" || a === "--delete-bootnum")) return denyFinding("delete-recovery-data", "deletes a UEFI boot entry, which can leave the machine unable to start", "`efibootmgr -v` lists the entries; ask the user before removing one");
  const lockout = networkLockout(program, args);
  if (lockout) return askFinding("network-lockout", lockout, "list first (`iptables -S`, `nft list ruleset`, `systemctl status NAME`); change one rule or service the task needs");
  const account = accountLockout(program, argv, scope);
  if (account) return askFinding("account-lockout", account, "look first (`passwd -S NAME`, `id NAME`, `Get-LocalUser`) and ask the user");
  const logs = logErasure(program, argv);
  if (logs) return askFinding("erase-logs", logs, "`journalctl --disk-usage` and `auditctl -l` only look; ask the user before deleting logs");
  return undefined;
}

/** Storage managers whose command destroys data without naming a /dev node the disk rule reads. */
const STORAGE: Record<string, (args: string[]) => string | undefined> = {
  // `btrfs subvolume delete PATH` (also `sub del`): the subvolume and everything in it.
  btrfs: (a) => (/^sub(vol(ume)?)?$/.test(a[0] ?? "") && /^del(ete)?$/.test(a[1] ?? "") ? `the btrfs subvolume ${a.filter((x) => !x.startsWith("-"))[2] ?? ""}`.trim() : undefined),
  // Shrinking a logical volume cuts off the data past the new end; `-t` only tests.
  lvreduce: (a) => (a.some((x) => x === "-t" || x === "--test") ? undefined : `the end of the logical volume ${a.filter((x) => !x.startsWith("-") && !/^[+-]?\d/.test(x))[0] ?? ""}`.trim()),
  lvresize: (a) => (a.some((x, i) => /^-[Ll]$|^--size$|^--extents$/.test(a[i - 1] ?? "") && x.startsWith("-")) && !a.some((x) => x === "-t" || x === "--test") ? "the end of a logical volume" : undefined),
  vgreduce: (a) => (a.includes("--removemissing") && a.includes("--force") ? "the logical volumes on the volume group's missing disks" : undefined),
  // The firmware chip, the SCSI drive's low-level format, the XFS log (its latest changes), a filesystem edited raw.
  flashrom: (a) => (a.some((x) => /^(-w|--write|-E|--erase)$/.test(x) || /^--write=/.test(x)) ? "the machine's firmware" : undefined),
  sg_format: (a) => (a.some((x) => x === "--format" || x === "-F") ? `the drive ${a[a.length - 1] ?? ""}`.trim() : undefined),
  xfs_repair: (a) => (a.some((x) => /^-[A-Za-z]*L/.test(x)) && !a.includes("-n") ? "the filesystem's log, with its latest changes" : undefined),
  debugfs: (a) => (a.some((x) => /^-[A-Za-z]*w/.test(x)) ? "files of a filesystem, edited directly on the device" : undefined),
  zfs: (a) => (a[0] === "rollback" && a.some((x) => /^-[A-Za-z]*[rR]/.test(x)) ? "every ZFS snapshot newer than the one named, and the changes since" : undefined),
  mdadm: (a) => (a.some((x) => x === "--create" || x === "-C") ? "the disks made members of a new RAID array" : undefined),
};

/** Daemons that carry the way in to the machine: killing them cuts a remote session off. */
const REMOTE_ACCESS = /^(sshd?|openssh-server|NetworkManager|systemd-networkd|wpa_supplicant|dhcpcd|tailscaled)$/;

function networkLockout(program: string, args: string[]): string | undefined {
  // `iptables -A INPUT -j DROP` for every source (none named, or `0/0`), on every port or on ssh's: the way in is closed.
  const appended = args.findIndex((a) => a === "-A" || a === "-I" || a === "--append" || a === "--insert");
  const target = args[args.findIndex((a) => a === "-j" || a === "--jump") + 1] ?? "";
  const ports = args.filter((a, i) => /^(--dport|--destination-port|--dports)$/.test(args[i - 1] ?? ""));
  if (program.startsWith("ip") && program !== "ip" && appended >= 0 && args[appended + 1] === "INPUT" && /^(DROP|REJECT)$/i.test(target) && !args.some((a, i) => (a === "-s" || a === "--source" || a === "--src-range") && !/^(0\.0\.0\.0)?\/0$|^0\/0$|^::\/0$/.test(args[i + 1] ?? "")) && (ports.length === 0 || ports.some((p) => /(^|,)(22|ssh)(,|:|$)/.test(p)))) return "drops incoming traffic on the way in to the machine, which can cut a remote session off";
  if (program === "ufw" && ((args[0] === "default" && /^(deny|reject)$/.test(args[1] ?? "") && (args[2] === undefined || args[2] === "incoming")) || (/^(deny|reject)$/.test(args[0] ?? "") && /^(22|ssh|OpenSSH|22\/tcp)$/i.test(args.at(-1) ?? "")))) return "blocks incoming connections, ssh with them unless it is allowed, which can cut a remote session off";
  if (program === "firewall-cmd" && args.some((a, i) => /^--remove-service(=ssh)?$/.test(a) && (a.endsWith("=ssh") || args[i + 1] === "ssh") || /^--remove-port=22\//.test(a) || /^--set-default-zone=(drop|block)$/.test(a))) return "closes the ssh port, which can cut a remote session off";
  // `Set-NetFirewallProfile -DefaultInboundAction Block`; `Stop-Service sshd`, `Set-Service sshd -StartupType Disabled`.
  if (program === "Set-NetFirewallProfile" && args.some((a, i) => /^-DefaultInboundAction(:|$)/i.test(args[i - 1] ?? a) && /block/i.test(a))) return "blocks all incoming traffic by default, which can cut a remote session off";
  if ((program === "Stop-Service" || program === "Set-Service" || program === "Suspend-Service") && args.some((a) => /^(sshd|TermService|WinRM)$/i.test(a)) && !args.some((a) => /^-whatif/i.test(a)) && (program !== "Set-Service" || args.some((a) => /^(disabled|stopped)$/i.test(a)))) return "stops the service remote sessions come in through";
  // Killing the ssh daemon by name ends the way in.
  if ((program === "pkill" || program === "killall") && args.some((a) => !a.startsWith("-") && REMOTE_ACCESS.test(a))) return "kills the ssh daemon, which cuts off remote access to the machine";
  if (program === "ip" && /^(a|addr|address)$/.test(args[0] ?? "") && args[1] === "flush") return "removes the addresses of a network interface, which can cut off remote access";
  if (program === "ip" && /^(r|ro|route)$/.test(args[0] ?? "") && ((/^(del|delete)$/.test(args[1] ?? "") && args[2] === "default") || args[1] === "flush")) return "removes the default route, which can cut off remote access";
  if (program === "tc" && args.includes("netem") && args.some((a, i) => args[i - 1] === "loss" && /^100(\.0*)?%$/.test(a))) return "drops every packet on an interface, which cuts off remote access";
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

