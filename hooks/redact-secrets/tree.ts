/** The files a directory read can reach, bounded: symlinks not followed, vendored and VCS folders skipped. */
import { readdirSync } from "node:fs";
import { join } from "node:path";

const SKIPPED = new Set([".git", ".hg", ".svn", "node_modules", ".venv", "venv", "__pycache__", ".next", ".cache", "dist", "build", "target"]);
const MAX_DEPTH = 6;

/** Regular files under `dir`, at most `limit` of them; `complete` is false when the limit cut the walk short. */
export function filesUnder(dir: string, limit: number): { files: string[]; complete: boolean } {
  const files: string[] = [];
  const queue: { path: string; depth: number }[] = [{ path: dir, depth: 0 }];
  while (queue.length) {
    const { path, depth } = queue.shift()!;
    let entries;
    try {
      entries = readdirSync(path, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const child = join(path, entry.name);
      if (entry.isDirectory() && !SKIPPED.has(entry.name) && depth < MAX_DEPTH) queue.push({ path: child, depth: depth + 1 });
      else if (entry.isFile()) {
        if (files.length >= limit) return { files, complete: false };
        files.push(child);
      }
    }
  }
  return { files, complete: true };
}
