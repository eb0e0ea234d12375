/** What `git show REV:path` and `git cat-file -p OBJ` would print of a blob: asked of git itself, hardened (git-run.ts). */
import { runGit, type GitAnswer, type GitPlace } from "./git-run.ts";

/** The blob's bytes; undefined when git cannot show it as one (not a repository, no such object, a tree or commit). */
export async function gitBlob(top: readonly string[], object: string, place: GitPlace): Promise<Buffer | undefined | Extract<GitAnswer, { status: "too-large" | "timeout" | "unsafe" }>> {
  // `cat-file blob` prints only blobs: `REV:folder` is a tree, which shows names, never contents.
  const answer = await runGit(top, ["cat-file", "blob", object], place);
  if (answer.status === "ok") return answer.stdout;
  if (answer.status === "too-large" || answer.status === "timeout" || answer.status === "unsafe") return answer;
  return undefined;
}
