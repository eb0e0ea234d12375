/** What `git show REV:path` would print: asked of git itself, in the command's folder, bounded in size and time. */
import { execFile } from "node:child_process";
import type { HookContext } from "../../shared/hook.ts";

/** The blob's text; undefined when git cannot show it (not a repository, no such revision or path). */
export async function gitBlob(object: string, cwd: string, ctx: HookContext, maxBytes: number): Promise<string | undefined | "too-large"> {
  // `cat-file blob` prints only blobs: `REV:folder` is a tree, which shows names, never contents.
  const args = ["--no-pager", "cat-file", "blob", object];
  if (ctx.exec) {
    const result = await ctx.exec("git", args, { cwd, timeoutMs: 5000 });
    if (result.exitCode !== 0) return undefined;
    return Buffer.byteLength(result.stdout) > maxBytes ? "too-large" : result.stdout;
  }
  return new Promise((resolve) => {
    execFile("git", args, { cwd, timeout: 5000, maxBuffer: maxBytes, encoding: "utf8" }, (error, stdout) => {
      if (error) resolve((error as { code?: string }).code === "ERR_CHILD_PROCESS_STDIO_MAXBUFFER" ? "too-large" : undefined);
      else resolve(stdout);
    });
  });
}
