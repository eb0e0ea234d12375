/** Which edited paths the hook may touch: regular files whose real path is inside a workspace root. */
import { lstatSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, relative, sep } from "node:path";

export type Placement =
  | { ok: true; realPath: string; root: string }
  | { ok: false; reason: "missing" | "outside" | "not-a-file" | "relative" };

export function placeFile(filePath: string, roots: readonly string[]): Placement {
  if (!isAbsolute(filePath)) return { ok: false, reason: "relative" };
  try {
    lstatSync(filePath);
  } catch {
    // Deleted by the edit (a patch's `*** Delete File`): nothing to format.
    return { ok: false, reason: "missing" };
  }
  let realPath: string;
  try {
    realPath = realpathSync(filePath);
  } catch {
    // A dangling symlink.
    return { ok: false, reason: "missing" };
  }
  if (!statSync(realPath).isFile()) return { ok: false, reason: "not-a-file" };
  // Real paths on both sides: a symlink (of the file or of a folder on the way) out of the project is outside.
  for (const root of roots) {
    const realRoot = realRootOf(root);
    if (realRoot && isInside(realPath, realRoot)) return { ok: true, realPath, root: realRoot };
  }
  return { ok: false, reason: "outside" };
}

function realRootOf(root: string): string | undefined {
  if (!root || !isAbsolute(root)) return undefined;
  try {
    return realpathSync(root);
  } catch {
    return undefined;
  }
}

export function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}
