/** Writing over disks: dd, mkfs, wipefs, partitioners and redirects onto block devices. */
import type { ExecutedCommand } from "../../../shared/shell.ts";
import { askFinding, denyFinding, type Finding } from "../finding.ts";
import { splitOptions } from "../../../shared/shell/effects.ts";

/** Disk and partition device nodes on Linux and macOS. */
const BLOCK_DEVICE = /^\/dev\/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|r?disk\d|md\d|dm-\d|loop\d|nbd\d|zd\d|sr\d|bcache\d|mapper\/|disk\/|root$)/;
const FORMATTERS = /^(mkfs(\.\w+)?|mke2fs|mkswap|mkdosfs|mkntfs|newfs(_\w+)?|wipefs|blkdiscard|sgdisk|sfdisk|badblocks)$/;
const PARTITIONERS = new Set(["fdisk", "gdisk", "cfdisk", "parted"]);
const WRITING_REDIRECTS = new Set([">", ">>", ">|", "&>", "&>>", "<>"]);

const INSTEAD = "write to an image file inside the project instead, e.g. `dd if=/dev/zero of=./disk.img bs=1M count=10`";

// The prefix first: most operands are not devices, and V8 compiles the alternation on its first run.
export const isBlockDevice = (path: string) => path.startsWith("/dev/") && BLOCK_DEVICE.test(path);

/** Options that make a disk tool only read or rehearse (`wipefs` without -a only lists signatures). */
const NO_ACT: Record<string, (options: string[]) => boolean> = {
  sgdisk: (o) => o.some((x) => /^(--pretend|-P|--print|-p|--verify|-v|--info(=.*)?|-i\d*|-L|--list-types)$/.test(x)),
  sfdisk: (o) => o.some((x) => /^(-l|--list|-d|--dump|-s|--show-size|-g|--show-geometry|-J|--json|-V|--verify|-n|--no-act|-F|--list-free|-r|--reorder-check)$/.test(x)),
  wipefs: (o) => o.some((x) => x === "-n" || x === "--no-act") || !o.some((x) => /^(-a|--all|-o|--offset(=.*)?|-[A-Za-z]*a[A-Za-z]*)$/.test(x)),
  mke2fs: (o) => o.includes("-n"),
  "mkfs.ext2": (o) => o.includes("-n"),
  "mkfs.ext3": (o) => o.includes("-n"),
  "mkfs.ext4": (o) => o.includes("-n"),
  "mkfs.xfs": (o) => o.includes("-N"),
};

/** Storage managers whose subcommand destroys a pool, volume or drive's data without naming a /dev node. */
const STORAGE: Record<string, (args: string[]) => string | undefined> = {
  zpool: (a) => (a[0] === "destroy" || a[0] === "labelclear" ? `the ZFS pool ${a.filter((x) => !x.startsWith("-"))[1] ?? ""}`.trim() : undefined),
  zfs: (a) => (a[0] === "destroy" ? `the ZFS dataset ${a.filter((x) => !x.startsWith("-"))[1] ?? ""}`.trim() : undefined),
  lvremove: (a) => `the logical volume ${a.filter((x) => !x.startsWith("-"))[0] ?? ""}`.trim(),
  vgremove: (a) => `the volume group ${a.filter((x) => !x.startsWith("-"))[0] ?? ""}`.trim(),
  pvremove: (a) => `the physical volume ${a.filter((x) => !x.startsWith("-"))[0] ?? ""}`.trim(),
  cryptsetup: (a) => (["luksFormat", "erase", "luksErase", "luksKillSlot"].includes(a.find((x) => !x.startsWith("-")) ?? "") ? "an encrypted volume's keys" : undefined),
  nvme: (a) => (a[0] === "format" || a[0] === "sanitize" ? `the drive ${a[1] ?? ""}`.trim() : undefined),
  mdadm: (a) => (a.includes("--zero-superblock") ? "a RAID member's metadata" : undefined),
  hdparm: (a) => (a.some((x) => x.startsWith("--security-erase") || x === "--trim-sector-ranges") ? "the drive" : undefined),
  // macOS: `diskutil eraseDisk FS NAME disk2`, `diskutil apfs deleteContainer disk3`.
  diskutil: (a) => (DISKUTIL_ERASE.has(a[0] ?? "") || (a[0] === "apfs" && /^(delete|erase)/.test(a[1] ?? "")) || (a[0] === "cs" && a[1] === "delete") ? `the disk ${a[a.length - 1] ?? ""}`.trim() : undefined),
};
const DISKUTIL_ERASE = new Set(["eraseDisk", "eraseVolume", "reformat", "partitionDisk", "zeroDisk", "randomDisk", "secureErase", "eraseCD", "eraseOptical", "splitPartition", "mergePartitions", "resizeVolume"]);

const WINDOWS_DISK_TOOLS = new Set(["format", "Clear-Disk", "Format-Volume", "Remove-Partition", "diskpart"]);
const WINDOWS_INSTEAD = "`Get-Disk` and `Get-Volume` list the disks; ask the user before changing one";

/**
 * Windows: `format D:`, `Clear-Disk`, `Format-Volume`, `Remove-Partition`, diskpart's `clean` and
 * `format` (its script on stdin). A diskpart script from a file is only known at run time (asked: "?…").
 */
function windowsDisk(program: string, args: string[], command: ExecutedCommand): string | undefined {
  if (!WINDOWS_DISK_TOOLS.has(program) || args.some((a) => /^[/-]\?$/.test(a) || /^-whatif/i.test(a))) return undefined;
  const named = (option: RegExp) => args[args.findIndex((a) => option.test(a)) + 1] ?? "";
  switch (program) {
    case "format":
      return args.some((a) => /^[A-Za-z]:\\?$/.test(a)) ? `erases the drive ${args.find((a) => /^[A-Za-z]:/.test(a))} and all the data on it` : undefined;
    case "Clear-Disk":
      return `erases disk ${named(/^-(number|uniqueid|friendlyname|path)$/i)} and all the data on it`.replace(/ +/g, " ");
    case "Format-Volume":
      return `formats the volume ${named(/^-(driveletter|filesystemlabel|path|objectid)$/i)}, erasing its data`.replace(/ +/g, " ");
    case "Remove-Partition":
      return "deletes a partition and all the data on it";
    case "diskpart": {
      const script = command.input?.kind === "static" ? command.input.text ?? "" : "";
      if (/^\s*(clean|format|delete\s+(partition|volume|disk))\b/im.test(script)) return "runs a diskpart script that erases a disk or partition";
      return args.some((a) => /^[/-]s$/i.test(a)) ? "?runs a diskpart script from a file, which can erase disks" : undefined;
    }
    default:
      return undefined;
  }
}

export function diskRule(command: ExecutedCommand): Finding | undefined {
  const device = command.redirects.find((r) => WRITING_REDIRECTS.has(r.op) && isBlockDevice(r.target));
  if (device) return denyFinding("block-device", `writes straight onto the disk device ${device.target}, destroying its filesystem`, INSTEAD);
  // Help output is all a tool does with --help (a redirect of it onto a disk is judged above).
  const args = command.argv.slice(1);
  if (args.includes("--help") || (args.includes("-h") && command.program !== "hdparm")) return undefined;
  const storage = STORAGE[command.program]?.(args);
  if (storage) return denyFinding("block-device", `destroys ${storage} and all the data on it`, "list it first, e.g. `zpool list` or `lvs`, and ask the user");
  const { program, argv } = command;
  const windows = windowsDisk(program, args, command);
  if (windows) return windows.startsWith("?") ? askFinding("block-device", windows.slice(1), WINDOWS_INSTEAD) : denyFinding("block-device", windows, WINDOWS_INSTEAD);
  // `ddrescue [OPTIONS] INFILE OUTFILE [MAPFILE]` copies over OUTFILE.
  if (program === "ddrescue") {
    const outfile = splitOptions(command).operands[1]?.value;
    if (outfile !== undefined && isBlockDevice(outfile)) return denyFinding("block-device", `overwrites the disk device ${outfile}`, INSTEAD);
    return undefined;
  }
  if (program === "dd" || program === "dcfldd" || program === "dc3dd") {
    const of = argv.find((a) => a.startsWith("of="));
    if (of && isBlockDevice(of.slice(3))) return denyFinding("block-device", `overwrites the disk device ${of.slice(3)}`, INSTEAD);
    return undefined;
  }
  const { options, operands } = splitOptions(command);
  const devices = operands.filter((o) => isBlockDevice(o.value)).map((o) => o.value);
  if (devices.length === 0 || NO_ACT[program]?.(options)) return undefined;
  if (FORMATTERS.test(program) || program === "shred" || program === "tee" || program === "cp") {
    if (program === "badblocks" && !options.some((o) => /^-[A-Za-z]*[wn]/.test(o))) return undefined;
    return denyFinding("block-device", `erases the disk device ${devices[0]}`, INSTEAD);
  }
  // `-s`/`--script` only silences the questions: `parted -s DEV mklabel gpt` still rewrites the table.
  const listing = options.some((o) => o === "-l" || o === "--list");
  if (PARTITIONERS.has(program) && !listing && !operands.some((o) => o.value === "print")) {
    return denyFinding("block-device", `rewrites the partition table of ${devices[0]}`, "`" + `${program === "parted" ? "parted " + devices[0] + " print" : "fdisk -l " + devices[0]}` + "` only reads it");
  }
  return undefined;
}
