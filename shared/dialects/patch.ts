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

/**
 * The text edits of an envelope: an added file's lines as new text, and each `@@` hunk of an updated
 * file as its old lines (context and `-`) and new lines (context and `+`).
 */
export function patchEdits(patch: string): { oldText: string; newText: string }[] {
  const edits: { oldText: string; newText: string }[] = [];
  let hunk: { old: string[]; now: string[] } | undefined;
  const close = () => {
    if (hunk && (hunk.old.length || hunk.now.length)) edits.push({ oldText: hunk.old.join("\n"), newText: hunk.now.join("\n") });
    hunk = undefined;
  };
  for (const line of patch.split(/\r?\n/)) {
    if (line.startsWith("***") || line.startsWith("@@")) {
      close();
      if (!line.startsWith("*** End") && !line.startsWith("*** Begin") && !line.startsWith("*** Delete")) hunk = { old: [], now: [] };
      continue;
    }
    if (!hunk) continue;
    const mark = line[0];
    const text = line.slice(1);
    if (mark === "+") hunk.now.push(text);
    else if (mark === "-") hunk.old.push(text);
    else if (mark === " ") {
      hunk.old.push(text);
      hunk.now.push(text);
    }
  }
  close();
  return edits;
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
