/**
 * Claude Code on Windows runs hook commands through Git Bash, and through PowerShell when it finds none
 * (code.claude.com/docs/en/hooks#exec-form-and-shell-form; `CLAUDE_CODE_GIT_BASH_PATH`:
 * code.claude.com/docs/en/setup).
 * PowerShell does not expand `${CLAUDE_PROJECT_DIR:-.}`, and Claude Code rewrites only the plain variable
 * for it: the guards file is not found, Claude Code reports a hook error and runs the tool. No form works in
 * sh, in both PowerShells and for the other agents that run Claude's file without that variable, so doctor
 * says whether this Windows machine has the Git Bash Claude Code needs.
 */
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import type { Finding } from "./doctor.ts";
import type { InstalledFile, InventoryRequest } from "./inventory.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** Where Claude Code would find Git Bash: its own variable, else beside the `git.exe` on PATH, else Git for Windows' default folder. */
export function findGitBash(env: Env, exists: (path: string) => boolean = existsSync): string | undefined {
  const configured = env.CLAUDE_CODE_GIT_BASH_PATH;
  if (configured) return exists(configured) ? configured : undefined;
  for (const dir of (env.PATH ?? env.Path ?? "").split(delimiter).filter(Boolean)) {
    if (!exists(join(dir, "git.exe"))) continue;
    const bash = [join(dir, "..", "bin", "bash.exe"), join(dir, "bash.exe")].find(exists);
    if (bash) return bash;
  }
  const standard = join(env.ProgramFiles ?? "C:\\Program Files", "Git", "bin", "bash.exe");
  return exists(standard) ? standard : undefined;
}

/** Whether Claude Code needs a POSIX shell for this file's entries (the project form `${CLAUDE_PROJECT_DIR:-.}`). */
const needsPosixShell = (file: InstalledFile) => file.agent === "claude" && file.entries.some((entry) => entry.command.includes("${CLAUDE_PROJECT_DIR:-"));

export function gitBashFindings(file: InstalledFile, request: InventoryRequest): Finding[] {
  if (request.platform !== "win32" || !needsPosixShell(file)) return [];
  const bash = findGitBash(request.env);
  if (bash) return [{ ok: true, file, text: `Git Bash at ${bash}: Claude Code runs these hooks with it` }];
  return [
    {
      ok: false,
      file,
      text: "no Git Bash found (CLAUDE_CODE_GIT_BASH_PATH, beside git.exe on PATH, Program Files\\Git): Claude Code would run these hooks in PowerShell, which cannot find the guards file, and run every tool unguarded. Install Git for Windows or set CLAUDE_CODE_GIT_BASH_PATH",
    },
  ];
}
