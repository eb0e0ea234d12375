/**
 * After an enterprise install: every installed entry gets a harmless `ls` once, and once more in a form only the guards answer, as the agents run it, so
 * the folder root keeps beside the guards file holds compiled code for the machine's `node`
 * (shared/code-cache.ts, managed cache). Users then load it instead of compiling the hooks at every action.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { settleFileMode } from "./modes.ts";
import { replayEntries } from "./doctor.ts";

/** Harmless, and not one the front answers (a variable): the guards themselves judge it. */
export const RUNNER_WARM_COMMAND = 'ls -la "$PWD"';
import type { InstallRequest } from "./plan.ts";

/** The compiled-code files in `dir` after the runs, and why a run failed (nothing, usually). */
export function warmManagedCache(request: InstallRequest, dir: string): { files: number; problems: string[] } {
  // The runs are the install's, not the user's: replayEntries keeps what they would record or export out of the trail and the collector.
  const replay = { project: request.project, env: request.env, platform: request.platform, scopes: ["enterprise" as const], cwd: request.project, ...(request.root ? { root: request.root } : {}) };
  // `ls` is answered by the guards file's front section alone; a harmless command it leaves to the guards
  // compiles their code too, which users then load for every other command.
  const findings = [...replayEntries(replay), ...replayEntries(replay, RUNNER_WARM_COMMAND)];
  const problems = findings.filter((finding) => finding.text.startsWith("the command failed")).map((finding) => finding.text);
  const kept = keptFiles(dir);
  // The hooks write these 0644, narrowed by the installer's umask: users must read them, whatever it was.
  for (const name of kept) settleFileMode(join(dir, name));
  return { files: kept.length, problems };
}

function keptFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith(".bin"));
  } catch {
    return [];
  }
}
