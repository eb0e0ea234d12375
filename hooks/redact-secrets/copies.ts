/**
 * Redacted copies the agent is pointed at: each in a fresh private folder (mkdtemp: 0700, a name nobody can
 * predict or pre-create) outside the project, the file written once (0600, O_EXCL), old copies removed later.
 * The folders sit in this user's own folder under the temp folder, so removing old copies lists only them,
 * not the whole temp folder (thousands of entries on a busy machine: milliseconds on every redaction).
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

export const COPY_PREFIX = "guards-redacted-";
/** This user's folder of copies under the temp folder: `guards-copies-<uid>`. */
export const COPIES_FOLDER_PREFIX = "guards-copies-";

export interface CopyPlace {
  /** The system temp folder. */
  tmpRoot: string;
  now: Date;
  keepMinutes: number;
}

/** Writes `text` as a private copy named like `originalPath` and answers its path. */
export function writeRedactedCopy(originalPath: string, text: string, place: CopyPlace): string {
  // A folder of that name that is not this user's own is not used: the copy then goes straight into the temp folder.
  const folder = copiesFolder(place.tmpRoot);
  const root = folder ?? place.tmpRoot;
  if (!folder || sweepDue(folder, place)) removeOldCopies({ ...place, tmpRoot: root });
  const dir = mkdtempSync(join(root, COPY_PREFIX));
  chmodSync(dir, 0o700);
  const file = join(dir, basename(originalPath) || "redacted");
  writeFileSync(file, text, { mode: 0o600, flag: "wx" });
  return file;
}

/** Old copies are looked for at most this often: an agent reading secret files keeps hundreds of copies in an hour. */
export const SWEEP_EVERY_MINUTES = 5;
const SWEEP_MARK = ".last-sweep";

/**
 * Whether old copies are due to be removed: the mark file in the copies folder remembers the last time.
 * Listing and checking every copy on every redaction would cost more the longer an agent works.
 */
function sweepDue(folder: string, place: CopyPlace): boolean {
  const mark = join(folder, SWEEP_MARK);
  const every = Math.min(SWEEP_EVERY_MINUTES, place.keepMinutes) * 60_000;
  try {
    const last = lstatSync(mark, { throwIfNoEntry: false });
    const age = last?.isFile() ? place.now.getTime() - last.mtimeMs : Infinity;
    // A mark from the future (the clock was set back) does not stop sweeping.
    if (age >= 0 && age < every) return false;
    writeFileSync(mark, "", { mode: 0o600 });
    utimesSync(mark, place.now, place.now);
  } catch {
    // An unwritable mark only means sweeping every time.
  }
  return true;
}

/** This user's folder of copies, made 0700 when missing; undefined when it is a link, not a folder, or someone else's. */
export function copiesFolder(tmpRoot: string): string | undefined {
  const uid = process.getuid?.();
  const dir = join(tmpRoot, `${COPIES_FOLDER_PREFIX}${uid ?? "user"}`);
  try {
    try {
      mkdirSync(dir, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const stat = lstatSync(dir);
    if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) return undefined;
    if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
    return dir;
  } catch {
    return undefined;
  }
}

/** Removes this user's copies older than `keepMinutes`; a symlink or someone else's folder is left alone. */
export function removeOldCopies(place: CopyPlace): void {
  const cutoff = place.now.getTime() - place.keepMinutes * 60_000;
  // -1 where there are no uids (Windows), as os.userInfo() says there.
  const uid = process.getuid?.() ?? -1;
  let names: string[];
  try {
    names = readdirSync(place.tmpRoot);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(COPY_PREFIX)) continue;
    const path = join(place.tmpRoot, name);
    try {
      const stat = lstatSync(path);
      if (!stat.isDirectory() || stat.isSymbolicLink() || (uid >= 0 && stat.uid !== uid) || stat.mtimeMs >= cutoff) continue;
      // rmSync never follows symlinks inside the folder: it unlinks them.
      rmSync(path, { recursive: true, force: true });
    } catch {
      // Another run removed it first, or it is not ours to remove.
    }
  }
}
