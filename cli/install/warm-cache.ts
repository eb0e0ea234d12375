/**
 * After an enterprise install: every installed entry gets a harmless `ls` once, as the agents run it, so
 * the folder root keeps beside the guards file holds compiled code for the machine's `node`
 * (shared/code-cache.ts, managed cache). Users then load it instead of compiling the hooks at every action.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { replayEntries } from "./doctor.ts";
import type { InstallRequest } from "./plan.ts";

/** The compiled-code files in `dir` after the runs, and why a run failed (nothing, usually). */
export function warmManagedCache(request: InstallRequest, dir: string): { files: number; problems: string[] } {
  // The runs are the install's, not the user's: whatever they would record goes to a folder deleted after.
  const state = mkdtempSync(join(tmpdir(), "guards-warm-"));
  try {
    const env = { ...request.env, GUARDS_STATE_DIR: state };
    const findings = replayEntries({ project: request.project, env, platform: request.platform, scopes: ["enterprise"], cwd: request.project, ...(request.root ? { root: request.root } : {}) });
    const problems = findings.filter((finding) => finding.text.startsWith("the command failed")).map((finding) => finding.text);
    return { files: countKept(dir), problems };
  } finally {
    rmSync(state, { recursive: true, force: true });
  }
}

function countKept(dir: string): number {
  try {
    return readdirSync(dir).filter((name) => name.endsWith(".bin")).length;
  } catch {
    return 0;
  }
}
