/** Which guarded place a path falls in, and which guarded places lie under a folder. */
import { realpathSync } from "node:fs";
import { posix } from "node:path";
import type { GuardedPlace } from "../../shared/guarded-places.ts";

/** Case-insensitive: on macOS and Windows `.Claude/Settings.json` is the same file. */
const key = (path: string) => path.replace(/\\/g, "/").toLowerCase();

/** The place `path` is, or is inside. */
export function placeOf(path: string, places: readonly GuardedPlace[]): GuardedPlace | undefined {
  const p = key(path);
  return places.find((place) => {
    const q = key(place.path);
    if (place.prefix) return p.startsWith(q);
    return p === q || (place.folder && p.startsWith(`${q}/`));
  });
}

/** A place inside the folder `path` (removing, moving or re-permissioning the folder reaches it). */
export function placeUnder(path: string, places: readonly GuardedPlace[]): GuardedPlace | undefined {
  const p = key(path).replace(/\/+$/, "");
  const dir = p === "" ? "/" : `${p}/`;
  return places.find((place) => key(place.path).startsWith(dir === "//" ? "/" : dir));
}

/**
 * The path and where it really leads: a symlink planted earlier (`ln -s .claude/settings.json x`) makes
 * a write to `x` a write to the config. For a file not there yet, its folder is resolved.
 */
export function realForms(path: string): string[] {
  const forms = [path];
  try {
    forms.push(realpathSync.native(path));
  } catch {
    try {
      forms.push(posix.join(realpathSync.native(posix.dirname(path)), posix.basename(path)));
    } catch {
      // Neither the file nor its folder exists: nothing to resolve.
    }
  }
  return [...new Set(forms)];
}
