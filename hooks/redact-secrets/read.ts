/** File reads: one file redacted where the agent takes a rewrite, refused where it does not. */
import { existsSync, statSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { Decision, FileReadBefore } from "../../shared/event.ts";
import { pass } from "../../shared/event.ts";
import type { HookContext } from "../../shared/hook.ts";
import { tempDirectory } from "../../shared/system-dirs.ts";
import { writeRedactedCopy } from "./copies.ts";
import { denyRead, redactedRead } from "./messages.ts";
import { redactText } from "./redact.ts";
import { examineFile, type Scanner, type Verdict } from "./scan.ts";
import { isGlob } from "./globs.ts";
import { filesUnder } from "./tree.ts";

const FOLDER_FILE_BYTES = 1024 * 1024;

export async function guardRead(event: FileReadBefore, ctx: HookContext, scanner: Scanner): Promise<Decision> {
  const paths = await expandGlobs(event.filePaths.length ? event.filePaths : [event.filePath], event.projectRoot, scanner.options.maxFiles);
  const single = paths.length === 1 && !isDirectory(paths[0]!);
  const verdicts: Verdict[] = [];
  for (const path of paths) {
    if (isDirectory(path)) {
      // Windsurf reports a folder as the read target (docs.windsurf.com/windsurf/cascade/hooks): check what it holds.
      const { files } = filesUnder(path, scanner.options.maxFiles);
      for (const file of files) {
        // Large files in a folder (logs, data) are checked when read on their own.
        const verdict = await examineFile(scanner, file, undefined, FOLDER_FILE_BYTES);
        if (verdict.status !== "refused" || verdict.rule !== "too-large") verdicts.push(verdict);
      }
    } else {
      verdicts.push(await examineFile(scanner, path, single ? event.content : undefined));
    }
  }
  const flagged = verdicts.filter((v): v is Exclude<Verdict, { status: "clean" }> => v.status !== "clean");
  if (flagged.length === 0) return pass();
  const only = flagged[0]!;
  if (single && only.status === "secrets" && !event.tab && ctx.canRewrite?.("filePath")) {
    const copy = writeRedactedCopy(only.path, redactText(only.text, only.findings), {
      tmpRoot: tempDirectory(ctx.env),
      now: ctx.now(),
      keepMinutes: scanner.options.keepCopiesMinutes,
    });
    return redactedRead(only, copy);
  }
  return denyRead(flagged, event.tab ? "completion engine" : "agent");
}

/** Gemini read_many_files takes globs (`include: ["config/*.yml"]`, fixtures/gemini/BeforeTool/read-many-files.json): check what they match. */
async function expandGlobs(paths: string[], root: string, limit: number): Promise<string[]> {
  const globs = paths.filter((p) => isGlob(p) && !existsSync(p));
  if (globs.length === 0) return paths;
  const { default: picomatch } = await import("picomatch");
  const matches = picomatch(globs.map((g) => (isAbsolute(g) ? g : join(root, g))), { dot: true });
  const expanded = filesUnder(root, limit).files.filter((file) => matches(file));
  return [...paths.filter((p) => !globs.includes(p)), ...expanded];
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
