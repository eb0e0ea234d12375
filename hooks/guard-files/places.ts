/** Which guarded place a path falls in, and which guarded places lie under a folder. */
import { realpathSync } from "node:fs";
import { posix } from "node:path";
import type { GuardedPlace } from "../../shared/guarded-places.ts";

/** Case-insensitive: on macOS and Windows `.Claude/Settings.json` is the same file. */
const key = (path: string) => (path.includes("\\") ? path.replace(/\\/g, "/") : path).toLowerCase();

/** Each place's key, worked out once per list: a command's every path is checked against every place. */
const keysOf = new WeakMap<readonly GuardedPlace[], string[]>();
function placeKeys(places: readonly GuardedPlace[]): string[] {
  let keys = keysOf.get(places);
  if (!keys) {
    keys = places.map((place) => key(place.path));
    keysOf.set(places, keys);
  }
  return keys;
}

/** The place `path` is, or is inside. */
export function placeOf(path: string, places: readonly GuardedPlace[]): GuardedPlace | undefined {
  const p = key(path);
  const keys = placeKeys(places);
  for (let i = 0; i < places.length; i++) {
    const q = keys[i]!;
    const place = places[i]!;
    if (place.prefix ? p.startsWith(q) : p === q || (place.folder && p.startsWith(q) && p[q.length] === "/")) return place;
  }
  return undefined;
}

/** A place inside the folder `path` (removing, moving or re-permissioning the folder reaches it). */
export function placeUnder(path: string, places: readonly GuardedPlace[]): GuardedPlace | undefined {
  const p = key(path).replace(/\/+$/, "");
  const dir = p === "" ? "/" : `${p}/`;
  const prefix = dir === "//" ? "/" : dir;
  const keys = placeKeys(places);
  for (let i = 0; i < places.length; i++) if (keys[i]!.startsWith(prefix)) return places[i];
  return undefined;
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
