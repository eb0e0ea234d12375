/** Writing over disks: dd, mkfs, wipefs, partitioners and redirects onto block devices. */
import type { ExecutedCommand } from "../../../shared/shell.ts";
import { denyFinding, type Finding } from "../finding.ts";
import { splitOptions } from "./delete.ts";

/** Disk and partition device nodes on Linux and macOS. */
const BLOCK_DEVICE = /^\/dev\/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|r?disk\d|md\d|dm-\d|loop\d|nbd\d|zd\d|sr\d|bcache\d|mapper\/|disk\/|root$)/;
const FORMATTERS = /^(mkfs(\.\w+)?|mke2fs|mkswap|mkdosfs|mkntfs|newfs(_\w+)?|wipefs|blkdiscard|sgdisk|sfdisk|badblocks)$/;
const PARTITIONERS = new Set(["fdisk", "gdisk", "cfdisk", "parted"]);
const WRITING_REDIRECTS = new Set([">", ">>", ">|", "&>", "&>>", "<>"]);

const INSTEAD = "write to an image file inside the project instead, e.g. `dd if=/dev/zero of=./disk.img bs=1M count=10`";

// The prefix first: most operands are not devices, and V8 compiles the alternation on its first run.
export const isBlockDevice = (path: string) => path.startsWith("/dev/") && BLOCK_DEVICE.test(path);

export function diskRule(command: ExecutedCommand): Finding | undefined {
  const device = command.redirects.find((r) => WRITING_REDIRECTS.has(r.op) && isBlockDevice(r.target));
  if (device) return denyFinding("block-device", `writes straight onto the disk device ${device.target}, destroying its filesystem`, INSTEAD);
  const { program, argv } = command;
  if (program === "dd") {
    const of = argv.find((a) => a.startsWith("of="));
    if (of && isBlockDevice(of.slice(3))) return denyFinding("block-device", `overwrites the disk device ${of.slice(3)}`, INSTEAD);
    return undefined;
  }
  const { options, operands } = splitOptions(command);
  const devices = operands.filter((o) => isBlockDevice(o.value)).map((o) => o.value);
  if (devices.length === 0) return undefined;
  if (FORMATTERS.test(program) || program === "shred" || program === "tee" || program === "cp") {
    if (program === "badblocks" && !options.some((o) => /^-[A-Za-z]*[wn]/.test(o))) return undefined;
    return denyFinding("block-device", `erases the disk device ${devices[0]}`, INSTEAD);
  }
  const listing = options.some((o) => o === "-l" || o === "--list" || o === "-s" || o === "--script" && operands.some((x) => x.value === "print"));
  if (PARTITIONERS.has(program) && !listing && !operands.some((o) => o.value === "print")) {
    return denyFinding("block-device", `rewrites the partition table of ${devices[0]}`, "`" + `${program === "parted" ? "parted " + devices[0] + " print" : "fdisk -l " + devices[0]}` + "` only reads it");
  }
  return undefined;
}
