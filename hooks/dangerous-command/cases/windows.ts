/**
 * Windows command lines: `cmd /c` builtins, PowerShell cmdlets and paths, Windows programs run from Git
 * Bash, and the agents' PowerShell tools (the event says the line is PowerShell). `C:\` is the root,
 * `C:\Windows` and `C:\Program Files` system trees, `%USERPROFILE%`/`$env:USERPROFILE` home, registry
 * hives their files. First missed on a list written apart from these tables; the near-misses are the
 * same programs on build folders, listings and help.
 */
import type { HookCase } from "../../../shared/hook-case.ts";
import { shellEvent } from "../../../shared/hook-case.ts";
import { asks, denies, passes } from "./make.ts";

/** The line as the agent's PowerShell tool sends it. */
const powershell = (command: string): Partial<HookCase> => ({ event: shellEvent(command, { shell: "powershell" }) });

export const windowsEvasions: HookCase[] = [
  // cmd.exe builtins through `cmd /c` (also `cmd.exe`, Git Bash's `//c`, and `/k`).
  denies("cmd rd /s of the drive root", "cmd /c \"rd /s /q C:\\\\\"", "delete-root"),
  denies("cmd.exe rmdir /S of %USERPROFILE%", "cmd.exe /c rmdir /S /Q %USERPROFILE%", "delete-home"),
  denies("Git Bash's //c", "cmd //c \"rd /s /q C:\\\\Users\\\\dev\"", "delete-home"),
  denies("del /s under Windows", "cmd /c 'del /f /s /q C:\\Windows\\*.*'", "delete-system"),
  denies("rmdir of .git through cmd", "cmd /c \"rmdir /s /q .git\"", "delete-git-dir"),
  denies("quoted %USERPROFILE% after && ", "cmd /k \"cd /d C:\\\\ && rd /s /q \"%USERPROFILE%\"\"", "delete-home"),
  denies("move home away", "cmd /c \"move %USERPROFILE% C:\\\\trash\"", "delete-home"),
  denies("copy nul over a key", "cmd /c \"copy nul %USERPROFILE%\\\\.ssh\\\\id_rsa\"", "delete-credentials"),
  asks("del /s of %APPDATA%", "cmd /c \"del /s /q %APPDATA%\"", "delete-outside-project"),
  denies("format through cmd", "cmd /c \"format D: /q /y\"", "block-device"),
  denies("format answered y in a pipe", "cmd /c \"echo y| format C: /fs:ntfs\"", "block-device"),
  denies("switches run together", "cmd /c \"rd /s/q C:\\Users\\dev\"", "delete-home"),
  denies("start /b of cmd", "start /b cmd /c rd /s /q C:\\\\", "delete-root"),
  denies("cd /d then del /s *", "cmd /c \"cd /d %USERPROFILE% && del /s /q *\"", "delete-home"),
  // PowerShell: Remove-Item and its aliases, places, pipelines, cmdlets.
  denies("-Command - reads stdin", "pwsh -Command - <<< 'Remove-Item -Recurse -Force C:\\Windows'", "delete-system"),
  denies("iex of a literal", "pwsh -c 'iex \"Remove-Item -Recurse -Force ~\"'", "delete-home"),
  asks("iex of a variable", "pwsh -c 'iex $script'", "unreadable-code"),
  denies("Stop-Process -Name *", "pwsh -c 'Stop-Process -Name * -Force'", "kill-all"),
  denies("Get-Partition piped to Remove-Partition", "pwsh -c 'Get-Partition -DiskNumber 1 | Remove-Partition -Confirm:$false'", "block-device"),
  denies("rm -r -fo of System32 (powershell.exe)", "powershell.exe -c \"rm -r -fo C:\\Windows\\System32\"", "delete-system"),
  denies("Get-ChildItem ~ piped to Remove-Item", "powershell -NoProfile -Command \"Get-ChildItem -Path ~ -Recurse | Remove-Item -Force -Recurse\"", "delete-home"),
  denies("gci C:\\ piped to ri", "pwsh -c 'gci C:\\ -Recurse | ri -Force'", "delete-root"),
  denies("a quoted Users path", "pwsh -c 'Remove-Item -Recurse -Force \"C:\\Users\\dev\"'", "delete-home"),
  denies("$HOME\\.ssh with backslashes", "pwsh -c 'Remove-Item -Recurse -Force \"$HOME\\.ssh\"'", "delete-credentials"),
  denies("-Command abbreviated", "pwsh -com 'ri -r -fo $env:USERPROFILE'", "delete-home"),
  denies("the machine registry hive", "pwsh -c 'Remove-Item HKLM:\\SOFTWARE\\Microsoft -Recurse'", "delete-system"),
  asks("a user registry key, recursive", "pwsh -c 'Remove-Item HKCU:\\Software\\MyApp -Recurse'", "delete-outside-project"),
  denies("-EncodedCommand", "powershell -EncodedCommand UgBlAG0AbwB2AGUALQBJAHQAZQBtACAALQBSAGUAYwB1AHIAcwBlACAALQBGAG8AcgBjAGUAIAAkAEgATwBNAEUA", "delete-home"),
  denies("Clear-Disk", "powershell -c 'Clear-Disk -Number 0 -RemoveData -Confirm:$false'", "block-device"),
  denies("Format-Volume", "pwsh -c 'Format-Volume -DriveLetter D -FileSystem NTFS -Force'", "block-device"),
  denies("Get-Process piped to Stop-Process", "pwsh -c 'Get-Process | Stop-Process -Force'", "kill-all"),
  asks("Stop-Computer", "pwsh -c 'Stop-Computer -Force'", "system-power"),
  denies("cmd inside PowerShell", "pwsh -c 'cmd /c rd /s /q C:\\Users'", "delete-home"),
  // Windows programs, from Git Bash or either shell.
  denies("robocopy /MIR of an empty folder onto home", "robocopy /tmp/empty ~ /MIR", "delete-home"),
  denies("reg delete of a machine key", "reg delete HKLM\\SOFTWARE /f", "delete-system"),
  denies("icacls /T on Windows", "icacls 'C:\\Windows' /grant Everyone:F /T", "chmod-recursive-system"),
  denies("takeown /r of System32", "takeown /f 'C:\\Windows\\System32' /r /d y", "chmod-recursive-system"),
  denies("shadow copies", "vssadmin delete shadows /all /quiet", "delete-recovery-data"),
  denies("wmic shadowcopy delete", "wmic shadowcopy delete", "delete-recovery-data"),
  denies("backup catalogue", "wbadmin delete catalog -quiet", "delete-recovery-data"),
  denies("boot entry", "bcdedit /delete {current}", "delete-recovery-data"),
  denies("taskkill of every process of a user", "taskkill /F /FI \"USERNAME eq dev\"", "kill-all"),
  asks("shutdown.exe", "shutdown.exe /r /f /t 0", "system-power"),
  denies("diskpart fed clean", "printf 'select disk 0\\nclean\\n' | diskpart", "block-device"),
  asks("diskpart running a script file", "diskpart /s wipe.txt", "block-device"),
  denies("wsl -e", "wsl.exe -e rm -rf /", "delete-root"),
  denies("wsl --unregister", "wsl --unregister Ubuntu", "cloud-delete"),
  denies("taskkill /im *.exe", "taskkill /f /im *.exe", "kill-all"),
  denies("wsl -d DISTRO --", "wsl -d Ubuntu -- rm -rf ~", "delete-home"),
  // The agent's PowerShell tool: the line itself is PowerShell.
  denies("PowerShell tool: Remove-Item of home", "Remove-Item -Recurse -Force $env:USERPROFILE", "delete-home", powershell("Remove-Item -Recurse -Force $env:USERPROFILE")),
  denies("PowerShell tool: a path bash would mangle", "takeown /f C:\\Windows\\System32 /r /d y", "chmod-recursive-system", powershell("takeown /f C:\\Windows\\System32 /r /d y")),
  denies("PowerShell tool: git runs alike", "git push --force origin main", "git-force-push-protected", powershell("git push --force origin main")),
  denies("PowerShell tool: rd of the root", "cmd /c rd /s /q C:\\", "delete-root", powershell("cmd /c rd /s /q C:\\")),
  denies("PowerShell tool: cd .. then the project by name", "cd ..; Remove-Item -Recurse -Force project", "delete-project-root", powershell("cd ..; Remove-Item -Recurse -Force project")),
  denies("PowerShell tool: Set-Location C:\\ then Windows", "Set-Location C:\\; Remove-Item Windows -Recurse -Force", "delete-system", powershell("Set-Location C:\\; Remove-Item Windows -Recurse -Force")),
  denies("PowerShell tool: Set-Location ~ then *", "Set-Location ~; Remove-Item * -Recurse -Force", "delete-home", powershell("Set-Location ~; Remove-Item * -Recurse -Force")),
];

export const windowsNearMisses: HookCase[] = [
  passes("cmd rd /s of dist", "cmd /c \"rd /s /q dist\""),
  passes("Git Bash //c rmdir of node_modules", "cmd //c \"rmdir /s /q node_modules\""),
  passes("del of object files", "cmd /c del /q *.obj"),
  passes("dir /s", "cmd /c dir /s C:\\Users"),
  passes("format /?", "cmd /c \"format /?\""),
  passes("echo of a delete through cmd", "cmd /c \"echo rd /s /q C:\\\\Windows\""),
  passes("Remove-Item of ./build", "pwsh -c 'Remove-Item -Recurse -Force ./build'"),
  passes("Remove-Item of node_modules", "pwsh -NoProfile -Command 'Remove-Item -Recurse -Force node_modules -ErrorAction SilentlyContinue'"),
  passes("-WhatIf rehearses", "powershell -c \"Get-ChildItem -Recurse -Filter *.log | Remove-Item -WhatIf\""),
  passes("$env:TEMP is temp", "pwsh -c 'Remove-Item \"$env:TEMP\\build-cache\" -Recurse -Force'"),
  passes("the npm cache under LOCALAPPDATA", "pwsh -c 'Remove-Item $env:LOCALAPPDATA\\npm-cache -Recurse -Force'"),
  passes("Get-Disk", "powershell -c 'Get-Disk | Format-Table'"),
  passes("Stop-Process of one program", "pwsh -c 'Get-Process node | Stop-Process -Force'"),
  passes("Restart-Computer -WhatIf", "pwsh -c 'Restart-Computer -WhatIf'"),
  passes("a string naming Remove-Item", "pwsh -c 'Write-Output \"Remove-Item -Recurse -Force ~\"'"),
  passes("robocopy /MIR into the project", "robocopy src dist /MIR"),
  passes("robocopy /L only lists", "robocopy C:\\src D:\\backup /MIR /L"),
  passes("reg query", "reg query HKLM\\SOFTWARE\\Microsoft"),
  passes("icacls /T on a build folder", "icacls .\\\\build /grant Users:R /T"),
  passes("vssadmin list", "vssadmin list shadows"),
  passes("bcdedit /enum", "bcdedit /enum"),
  passes("taskkill of one program", "taskkill /F /IM node.exe"),
  passes("shutdown.exe /a aborts", "shutdown.exe /a"),
  passes("diskpart /?", "diskpart /?"),
  passes("wsl --list", "wsl --list --verbose"),
  passes("wsl -e ls of home", "wsl -e ls -la ~"),
  passes("cmd rd /s/q of build", "cmd /c \"rd /s/q build\""),
  passes("del of temp files under %TEMP%", "cmd /c \"del /q %TEMP%\\*.tmp\""),
  passes("Stop-Process by id", "pwsh -c 'Stop-Process -Id 4242 -Force'"),
  passes("Get-Process into Format-Table", "pwsh -c 'Get-Process | Format-Table'"),
  passes("an echo of format into a file", "cmd /c \"echo format C: > notes.txt\""),
  passes("PowerShell tool: Remove-Item of build", "Remove-Item -Recurse -Force build", powershell("Remove-Item -Recurse -Force build")),
  passes("PowerShell tool: a variable assigned, piped to Remove-Item", "$files = Get-ChildItem -Recurse *.tmp; $files | Remove-Item", powershell("$files = Get-ChildItem -Recurse *.tmp; $files | Remove-Item")),
  passes("PowerShell tool: Set-Location into a subfolder, then dist", "Set-Location web; Remove-Item dist -Recurse -Force", powershell("Set-Location web; Remove-Item dist -Recurse -Force")),
  passes("PowerShell tool: a string sh would not close", "Write-Output \"C:\\\"", powershell("Write-Output \"C:\\\"")),
];
