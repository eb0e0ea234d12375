import { cleanNodeStartOf } from "./node-environment.ts";

/**
 * How a replay starts an entry's command as the agent would. Off Windows a POSIX shell runs it whole (the
 * polyglot forms too: that is their POSIX reading). On Windows the part that removes Node's variables is in
 * the agent's shell: PowerShell's form and the POSIX/PowerShell polyglot run in powershell.exe, cmd's and the
 * POSIX/cmd polyglot in cmd; a POSIX form's node command runs alone (Git Bash may be missing: doctor says so
 * apart, and cleanStartFindings checks the part).
 */
export function replayStart(line: string, platform: string): { command: string; shell: true | string } {
  if (platform !== "win32") return { command: line, shell: true };
  const { shell, nodeCommand } = cleanNodeStartOf(line);
  if (shell === "powershell" || shell === "posix+powershell") return { command: line, shell: "powershell.exe" };
  return { command: shell === "posix" ? nodeCommand : line, shell: true };
}
