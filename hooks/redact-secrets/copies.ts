/**
 * Redacted copies the agent is pointed at: each in a fresh private folder (mkdtemp: 0700, a name nobody can
 * predict or pre-create) outside the project, the file written once (0600, O_EXCL), old copies removed later.
 */
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

export const COPY_PREFIX = "guards-redacted-";

export interface CopyPlace {
  /** The system temp folder. */
  tmpRoot: string;
  now: Date;
  keepMinutes: number;
}

/** Writes `text` as a private copy named like `originalPath` and answers its path. */
export function writeRedactedCopy(originalPath: string, text: string, place: CopyPlace): string {
  removeOldCopies(place);
  const dir = mkdtempSync(join(place.tmpRoot, COPY_PREFIX));
  chmodSync(dir, 0o700);
  const file = join(dir, basename(originalPath) || "redacted");
  writeFileSync(file, text, { mode: 0o600, flag: "wx" });
  return file;
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
