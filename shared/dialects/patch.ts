/** The files named by a Codex apply_patch envelope (`*** Update File: path`, …). */
const FILE_HEADER = /^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/;

export function patchedFiles(patch: string): string[] {
  const files: string[] = [];
  for (const line of patch.split(/\r?\n/)) {
    const match = FILE_HEADER.exec(line);
    const path = (match?.[1] ?? match?.[2])?.trim();
    if (path && !files.includes(path)) files.push(path);
  }
  return files;
}
