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

/** Programs that apply such an envelope when run as a shell command (`apply_patch <<'EOF' … EOF`). */
const PATCH_PROGRAMS = new Set(["apply_patch", "applypatch"]);

/**
 * The files a shell command would patch, when it is an agent's patch tool run as a command: the envelope
 * comes as arguments or on stdin. Undefined for any other program.
 */
export function shellPatchedFiles(program: string, args: readonly string[], stdin: string | undefined): string[] | undefined {
  if (!PATCH_PROGRAMS.has(program)) return undefined;
  return patchedFiles([...args, stdin ?? ""].join("\n"));
}
