import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { basename, extname, join, relative } from "node:path";
import { pass } from "../../shared/event.ts";
import { defineHook, stateDirectory, type HookContext } from "../../shared/hook.ts";
import { chooseFormatter } from "./detect.ts";
import { formatFile } from "./format-file.ts";
import { formatOptions } from "./options.ts";
import { execProgram } from "./safe-exec.ts";
import { placeFile } from "./workspace.ts";

export default defineHook({
  meta: {
    id: "format",
    summary: "Runs the project's own formatter on each file the agent edited; a formatter error goes back to the model",
    events: ["file.edit.after"],
    failure: "open",
  },
  async run(event, ctx) {
    const options = formatOptions(ctx.config);
    const stateDir = ctx.stateDir ?? stateDirectory(ctx.env);
    const roots = [...new Set([event.projectRoot, ...event.workspaceRoots].filter(Boolean))];
    const context: string[] = [];
    for (const filePath of event.filePaths.length ? event.filePaths : [event.filePath]) {
      const place = placeFile(filePath, roots);
      if (!place.ok) {
        if (place.reason === "outside") ctx.log?.(`not formatting ${filePath}: it is outside the workspace`);
        continue;
      }
      const choice = await chooseFormatter(place.realPath, place.root, options, ctx.env);
      if ("none" in choice || "missing" in choice) {
        const ext = extname(place.realPath) || basename(place.realPath);
        const note = "none" in choice ? `no formatter for ${ext} files in ${place.root}` : choice.missing;
        sayOnce(stateDir, `${place.root}\0${ext}\0${note}`, note, ctx);
        continue;
      }
      const shown = relative(place.root, place.realPath);
      const outcome = await formatFile({
        file: place.realPath,
        cwd: place.root,
        formatter: choice.found,
        timeoutMs: options.timeoutMs,
        stateDir,
        exec: ctx.exec ?? execProgram,
        env: ctx.env,
      });
      if (outcome.result === "formatted") context.push(`guards format: ${choice.found.name} reformatted ${shown}; read it again before editing it further.`);
      if (outcome.result === "failed") {
        const line = `${choice.found.name} could not format ${shown} (${outcome.detail}). The file was left as written; fix it if this is a syntax error.`;
        context.push(`guards format: ${line}`);
        ctx.log?.(line.split("\n")[0]!);
      }
    }
    return context.length ? pass({ context: context.join("\n") }) : pass();
  },
});

/**
 * A marker's file name: FNV-1a over the key, twice with other seeds. Not sha256: node:crypto would cost this
 * common path (an edit of a file no formatter handles) its 4-8 ms start, and a collision only leaves a note unsaid.
 */
export function noteName(key: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193) >>> 0;
    b = (b ^ (b >>> 15)) >>> 0;
  }
  return `${a.toString(16).padStart(8, "0")}${b.toString(16).padStart(8, "0")}`;
}

/** "No formatter" is said once per project and file type, not on every edit. */
function sayOnce(stateDir: string, key: string, note: string, ctx: HookContext): void {
  const dir = join(stateDir, "format", "notes");
  const marker = join(dir, noteName(key));
  if (existsSync(marker)) return;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(marker, `${note}\n`, { flag: "wx" });
  } catch {
    // Another edit said it first, or the state folder is read-only: saying it twice is harmless.
  }
  ctx.log?.(note);
}
