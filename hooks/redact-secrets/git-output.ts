/**
 * What git's views print, split by file: the lines of each file a patch shows (context, added and removed,
 * their `+`/`-`/` ` marks taken off so a key block reads as one), the lines grep prints per file, the lines
 * blame prints, and what a patch prints outside any file (commit messages, a blob `git show` prints whole).
 */

export interface ShownFile {
  /** As git names it: from the top of the repository (`a/`, `b/` taken off, quotes undone). */
  path: string;
  text: string;
  /** grep's revision the lines come from (`HEAD` in `HEAD:config.env`). */
  revision?: string;
  /** The blobs a patch compares (its `index a..b` line), all-zero ones left out. */
  blobs?: string[];
}

export interface PatchParts {
  files: ShownFile[];
  /** Everything outside the files' sections: headers, messages, whole objects. */
  rest: string;
}

/** A patch (`diff`, `show`, `log -p`, `format-patch --stdout`) split into the files it shows. */
export function patchParts(output: string): PatchParts {
  const files: ShownFile[] = [];
  const rest: string[] = [];
  let current: { path: string; lines: string[]; blobs: string[] } | undefined;
  let state: "rest" | "header" | "hunk" | "binary" = "rest";
  let width = 1;
  const close = () => {
    if (current && current.lines.length > 0) files.push({ path: current.path, text: current.lines.join("\n"), blobs: current.blobs });
    current = undefined;
  };
  for (const line of output.split("\n")) {
    const header = /^diff --(?:git|cc|combined) (.*)$/.exec(line);
    if (header) {
      close();
      current = { path: headerPath(line.startsWith("diff --git ") ? header[1]! : undefined, header[1]!), lines: [], blobs: [] };
      state = "header";
      continue;
    }
    if (state === "header" && current) {
      const named = /^(?:\+\+\+ |rename to |copy to )(.*)$/.exec(line);
      // git ends a `+++` name that holds a space with a tab.
      const name = named?.[1]!.replace(/\t$/, "");
      if (name && name !== "/dev/null") current.path = stripPrefix(unquote(name), line.startsWith("+++ ") ? "b/" : "");
      const index = /^index ([0-9a-f,.]+)/.exec(line);
      if (index) current.blobs = index[1]!.split(/[,.]+/).filter((id) => id && !/^0+$/.test(id));
      if (line.startsWith("@@")) {
        state = "hunk";
        width = /^@+/.exec(line)![0].length - 1;
      } else if (line === "GIT binary patch") state = "binary";
      continue;
    }
    if (state === "hunk" && current) {
      if (line.startsWith("@@")) continue;
      if (line.startsWith("\\")) continue;
      // An empty context line is printed empty with diff.suppressBlankEmpty.
      if (line === "" || /^[ +-]/.test(line)) {
        current.lines.push(line.slice(width));
        continue;
      }
    }
    if (state === "binary" && current && line !== "" && !/^(?:commit |From )/.test(line)) {
      current.lines.push(line);
      continue;
    }
    close();
    state = "rest";
    rest.push(line);
  }
  close();
  return { files, rest: rest.join("\n") };
}

/** `a/x b/x` → `x`; quoted halves are undone. The `+++` line, when there is one, names the file better. */
function headerPath(gitHeader: string | undefined, raw: string): string {
  if (gitHeader === undefined) return unquote(raw);
  if (gitHeader.startsWith('"')) {
    const names = [...gitHeader.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => (m[1] !== undefined ? unquote(`"${m[1]}"`) : m[2]!));
    return stripPrefix(names[names.length - 1] ?? "", "b/");
  }
  // The same name twice: `a/NAME b/NAME`, whatever spaces the name holds.
  if (gitHeader.length % 2 === 1) {
    const half = (gitHeader.length - 1) / 2;
    const a = gitHeader.slice(0, half);
    const b = gitHeader.slice(half + 1);
    if (a.slice(2) === b.slice(2)) return b.slice(2);
  }
  const at = gitHeader.lastIndexOf(" b/");
  return at >= 0 ? gitHeader.slice(at + 3) : gitHeader;
}

function stripPrefix(path: string, prefix: string): string {
  return prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, "\\": 92 };

/** git's C-style quoting of names with unusual bytes (`"caf\303\251.env"`). */
export function unquote(name: string): string {
  if (!(name.startsWith('"') && name.endsWith('"') && name.length >= 2)) return name;
  const body = name.slice(1, -1);
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== "\\") {
      bytes.push(...Buffer.from(ch, "utf8"));
      continue;
    }
    const next = body[i + 1] ?? "";
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(body.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      bytes.push(ESCAPES[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/**
 * `git grep -H --null --full-name` output: each file's lines. A name from a tree search starts with its
 * revision (`HEAD:config.env`), taken off here.
 */
export function grepParts(output: string, revisions: readonly string[]): ShownFile[] {
  const byFile = new Map<string, ShownFile & { lines: string[] }>();
  for (const line of output.split("\n")) {
    const nul = line.indexOf("\0");
    if (nul < 0) continue;
    const name = line.slice(0, nul);
    const revision = revisions.find((rev) => name.startsWith(`${rev}:`));
    const file = byFile.get(name) ?? { path: revision === undefined ? name : name.slice(revision.length + 1), text: "", lines: [], ...(revision === undefined ? {} : { revision }) };
    file.lines.push(line.slice(nul + 1));
    byFile.set(name, file);
  }
  return [...byFile.values()].map(({ lines, ...file }) => ({ ...file, text: lines.join("\n") }));
}

/** `git blame --porcelain`: the file's lines, each after a tab. */
export function blameLines(output: string): string {
  return output
    .split("\n")
    .filter((line) => line.startsWith("\t"))
    .map((line) => line.slice(1))
    .join("\n");
}

/** `git cat-file --batch` output: each object's bytes in the order asked, undefined for one git has not got. */
export function batchContents(output: Buffer): (Buffer | undefined)[] {
  const contents: (Buffer | undefined)[] = [];
  let at = 0;
  while (at < output.length) {
    const end = output.indexOf(10, at);
    if (end < 0) break;
    const m = /^[0-9a-f]+ blob (\d+)$/.exec(output.subarray(at, end).toString("latin1"));
    if (!m) {
      // `<name> missing`, or an object that is not a blob: nothing to read for it.
      const size = /^[0-9a-f]+ \S+ (\d+)$/.exec(output.subarray(at, end).toString("latin1"));
      contents.push(undefined);
      at = size ? end + 1 + Number(size[1]) + 1 : end + 1;
      continue;
    }
    const size = Number(m[1]);
    contents.push(output.subarray(end + 1, end + 1 + size));
    at = end + 1 + size + 1;
  }
  return contents;
}
