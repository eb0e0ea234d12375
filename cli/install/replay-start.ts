import { cleanNodeStartOf, type EntryShell } from "./node-environment.ts";

/**
 * How a replay starts an entry's command as the agent would. Off Windows a POSIX shell runs it whole (the
 * line every shell reads too: that is its POSIX reading). On Windows the part that removes Node's variables
 * is in the agent's shell: PowerShell's form runs in powershell.exe, cmd's in cmd, the line every shell
 * reads in the agent's Windows shell (`windowsShell`, PowerShell where it is not known); a POSIX form's node
 * command runs alone (Git Bash may be missing: doctor says so apart, and cleanStartFindings checks the part).
 */
export function replayStart(line: string, platform: string, windowsShell?: EntryShell): { command: string; shell: true | string } {
  if (platform !== "win32") return { command: line, shell: true };
  const { shell, nodeCommand } = cleanNodeStartOf(line);
  if (shell === "powershell" || (shell === "posix+powershell+cmd" && windowsShell !== "cmd")) return { command: line, shell: "powershell.exe" };
  return { command: shell === "posix" ? nodeCommand : line, shell: true };
}
