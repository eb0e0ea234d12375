/**
 * PowerShell beyond its command words: variables assigned in the line, .NET file calls, the content
 * cmdlets, `Start-Process`, shadow copies through WMI, network adapters; and Windows recovery switched
 * off. First missed on a list written apart from these tables; the near-misses do the same inside the
 * project, in temp, or only rehearse.
 */
import { shellEvent, type HookCase } from "../../../shared/hook-case.ts";
import { asks, denies, passes } from "./make.ts";

/** As Claude Code's or Copilot's PowerShell tool sends it. */
const ps = (command: string): Partial<HookCase> => ({ event: shellEvent(command, { shell: "powershell" }) });

export const powershellEvasions: HookCase[] = [
  denies("a variable holding the home directory", "pwsh -c '$dir = $env:USERPROFILE; Remove-Item -Path $dir -Recurse'", "delete-home"),
  denies("a variable interpolated into a path", "x", "delete-credentials", ps("$h = \"$HOME\"; ri \"$h\\.ssh\" -r -fo")),
  denies("Join-Path of known parts", "x", "delete-system", ps("$t = Join-Path 'C:\\Windows' 'System32'; Remove-Item $t -Recurse -Force")),
  denies("an array piped to Remove-Item", "x", "delete-credentials", ps("'~\\.aws', '~\\.kube' | Remove-Item -Recurse -Force")),
  denies("a listing held in a variable", "x", "delete-home", ps("$all = gci ~ -Recurse -Force; $all | Remove-Item -Force")),
  denies("[IO.Directory]::Delete with recursion", "x", "delete-home", ps("[System.IO.Directory]::Delete(\"$env:USERPROFILE\", $true)")),
  denies("[IO.File]::Delete of a key", "pwsh -c '[IO.File]::Delete(\"$HOME\\.ssh\\id_rsa\")'", "delete-credentials"),
  denies("[IO.File]::WriteAllText over a system file", "x", "overwrite-system", ps("[IO.File]::WriteAllText('C:\\Windows\\System32\\drivers\\etc\\hosts', '')")),
  denies("Clear-Content of a system file", "x", "overwrite-system", ps("clc C:\\Windows\\System32\\drivers\\etc\\services")),
  denies("Set-Content over a system file", "pwsh -c 'Set-Content C:\\Windows\\system.ini -Value x'", "overwrite-system"),
  denies("Out-File over a key", "x", "delete-credentials", ps("'' | Out-File -FilePath $HOME\\.ssh\\authorized_keys")),
  denies("SetEnvironmentVariable for the machine", "x", "overwrite-system", ps("[Environment]::SetEnvironmentVariable('PATH', $null, [EnvironmentVariableTarget]::Machine)")),
  denies("Start-Process cmd with its words", "x", "delete-home", ps("Start-Process -FilePath cmd.exe -ArgumentList '/c', 'rmdir /s /q %USERPROFILE%' -Wait")),
  denies("Start-Process of PowerShell with its command", "x", "delete-home", ps("Start-Process pwsh -ArgumentList '-NoProfile', '-Command', 'Remove-Item -Recurse -Force $env:USERPROFILE'")),
  denies("-Command takes the rest of the line", "powershell.exe -NoProfile -Command Remove-Item -Recurse -Force $HOME", "delete-home"),
  denies("shadow copies through CIM", "x", "delete-recovery-data", ps("Get-CimInstance -ClassName Win32_ShadowCopy | Remove-CimInstance -Confirm:$false")),
  denies("shadow copies through WMI", "pwsh -c 'gwmi Win32_ShadowCopy | % { $_.Delete() }'", "delete-recovery-data"),
  asks("Disable-NetAdapter", "x", "network-lockout", ps("Get-NetAdapter -Physical | Disable-NetAdapter -Confirm:$false")),
  denies("bcdedit recovery off", "bcdedit.exe /set '{current}' recoveryenabled no", "delete-recovery-data"),
  denies("bcdedit ignoring boot failures", "cmd /c \"bcdedit /set {default} bootstatuspolicy ignoreallfailures\"", "delete-recovery-data"),
  denies("takeown typed unquoted into Git Bash", "takeown /F C:\\Windows\\SysWOW64 /R /D Y", "chmod-recursive-system"),
  denies("icacls reset typed unquoted into Git Bash", "icacls C:\\ProgramData /reset /T /C /Q", "chmod-recursive-system"),
  denies("wmic shadowcopy with a filter", "wmic shadowcopy where \"InstallDate < '20260101'\" delete /nointeractive", "delete-recovery-data"),
  denies("cmd delayed expansion of a variable", "cmd /v:on /c \"set T=%USERPROFILE%&& rmdir /s /q !T!\"", "delete-home"),
  denies("del /s of every name under a system folder", "cmd /c \"del /f /s /q %ProgramFiles%\\*.*\"", "delete-system"),
  denies("del /s of every name from the drive's root", "cmd /c \"del /s /q C:\\*\"", "delete-root"),
  asks("del /s of a pattern in the home directory", "cmd /c \"del /s /q %USERPROFILE%\\*.xlsx\"", "delete-outside-project"),
  denies("cipher wiping free space", "cipher.exe /w:D:\\", "delete-recovery-data"),
];

export const powershellNearMisses: HookCase[] = [
  passes("a variable holding a build folder", "x", ps("$out = '.\\build'; Remove-Item $out -Recurse -Force")),
  passes("a variable in temp", "pwsh -c '$t = \"$env:TEMP\\cache\"; Remove-Item $t -Recurse -Force'"),
  passes("an array of project folders piped", "x", ps("'.\\dist', '.\\coverage' | Remove-Item -Recurse -Force")),
  passes("a filtered listing of the home directory is read", "x", ps("$logs = Get-ChildItem ~ -Filter *.log; $logs | Measure-Object")),
  passes("a filtered listing piped to Remove-Item in the project", "x", ps("Get-ChildItem -Recurse -Filter *.bak | Remove-Item -Force")),
  passes("[IO.Directory]::Delete of a project folder", "x", ps("[IO.Directory]::Delete(\"$PWD\\obj\", $true)")),
  passes("[IO.File]::ReadAllText of a system file", "x", ps("[IO.File]::ReadAllText('C:\\Windows\\System32\\drivers\\etc\\hosts')")),
  passes("[IO.File]::WriteAllText in the project", "pwsh -c '[IO.File]::WriteAllText(\"./out/report.txt\", \"ok\")'"),
  passes("Set-Content in the project", "x", ps("Set-Content -Path .\\VERSION -Value '3.1.0'")),
  passes("Out-File -Append", "x", ps("'line' | Out-File -Append C:\\Windows\\Temp\\agent.log")),
  passes("Clear-Content of a project log", "x", ps("Clear-Content .\\logs\\*.log")),
  passes("SetEnvironmentVariable for the user", "x", ps("[Environment]::SetEnvironmentVariable('GOPATH', 'C:\\go', 'User')")),
  passes("Start-Process of a build", "x", ps("Start-Process npm -ArgumentList 'run', 'build' -NoNewWindow -Wait")),
  passes("-Command with the rest of the line in the project", "pwsh -Command Remove-Item -Recurse -Force ./out"),
  passes("shadow copies listed", "x", ps("Get-CimInstance Win32_ShadowCopy | Select-Object ID, InstallDate")),
  passes("Stop-Computer rehearsed", "x", ps("Stop-Computer -WhatIf")),
  passes("network adapters listed", "x", ps("Get-NetAdapter | Where-Object Status -eq 'Up'")),
  passes("bcdedit listing", "bcdedit /enum all"),
  passes("del /s of a pattern in the project", "cmd /c \"del /s /q *.obj\""),
  passes("del /s of patterns in project folders", "cmd /c \"del /s /q src\\*.bak tests\\*.orig\""),
  passes("takeown of a user's folder typed unquoted (the path is only known at run time)", "takeown /f C:\\Users\\dev\\project\\out /r /d y"),
  passes("cipher status of a file", "cipher /c README.md"),
];

/** Loop variables and parenthesised expressions: the items of a listing, `Join-Path` of known parts. */
export const powershellLoopEvasions: HookCase[] = [
  denies("foreach over the users' folders", "x", "delete-home", ps("foreach ($u in Get-ChildItem -Path C:\\Users) { Remove-Item -LiteralPath $u.FullName -Recurse -Force }")),
  denies("ForEach-Object over the home directory", "pwsh -c 'gci $HOME -Force | ForEach-Object { Remove-Item $_.FullName -Recurse -Force }'", "delete-home"),
  denies("foreach over strings", "x", "delete-credentials", ps("foreach ($p in '~\\.ssh', '~\\.gnupg') { ri $p -r -fo }")),
  denies("-Path of a parenthesised Join-Path", "x", "delete-credentials", ps("Remove-Item -Path (Join-Path $env:USERPROFILE '.aws') -Recurse -Force")),
  denies("parameters bound with a colon", "x", "delete-home", ps("Remove-Item -LiteralPath:$env:USERPROFILE -Recurse:$true -Force:$true")),
  denies("-Path: with a quoted system folder", "pwsh -c 'ri -Path:\"C:\\Program Files\" -Recurse -Force'", "delete-system"),
  denies("lines continued with a backtick", "x", "delete-home", ps("Remove-Item `\n  -Path $HOME `\n  -Recurse -Force")),
  denies("Get-Item piped to Remove-Item", "x", "delete-credentials", ps("Get-Item -Path ~\\.ssh | Remove-Item -Recurse -Force")),
  denies("Resolve-Path held in a variable", "x", "delete-home", ps("$h = Resolve-Path ~; Remove-Item $h -Recurse -Force")),
  denies("GetFolderPath('UserProfile')", "x", "delete-home", ps("[IO.Directory]::Delete([Environment]::GetFolderPath('UserProfile'), $true)")),
  denies("a variable reassigned to the home directory", "x", "delete-home", ps("$d = '.\\build'; $d = $HOME; Remove-Item $d -Recurse -Force")),
];

export const powershellLoopNearMisses: HookCase[] = [
  passes("ForEach-Object over project logs", "x", ps("Get-ChildItem .\\logs | ForEach-Object { Remove-Item $_.FullName -Force }")),
  passes("foreach reading names in home", "x", ps("foreach ($d in Get-ChildItem ~) { Write-Output $d.Name }")),
  passes("foreach over the project's packages", "x", ps("foreach ($p in Get-ChildItem .\\packages) { Remove-Item (Join-Path $p.FullName 'node_modules') -Recurse -Force }")),
  passes("-Recurse:$true in the project", "x", ps("Remove-Item -Path:.\\dist -Recurse:$true -Force")),
  passes("-WhatIf:$true rehearses", "x", ps("Remove-Item -Path $HOME -Recurse -WhatIf:$true")),
  passes("Get-Item of a project folder piped", "x", ps("Get-Item .\\coverage | Remove-Item -Recurse -Force")),
  passes("-LiteralPath of Join-Path in the project", "x", ps("Remove-Item -LiteralPath (Join-Path $PWD 'coverage') -Recurse -Force")),
];
