/**
 * Cline's hook script for Windows, `<Event>.ps1`, which Cline runs with `powershell.exe -File` (Windows
 * PowerShell 5.1). It does what the POSIX script beside it does: the payload to every guard of the event,
 * the first `{"cancel":true}` wins, and a security guard with no answer cancels. The Cline CLI runs it too,
 * on every OS (pwsh off Windows, cline/cline `inferHookCommand`), beside the POSIX script: off Windows it
 * leaves the decision to that script, so the guards run once. The payload and the answers pass as UTF-8
 * bytes through .NET's process API, so no console code page can alter them, and node's arguments are one
 * string in the Windows command-line convention (the path in double quotes).
 */
import { GENERATED_MARK } from "../markers.ts";
import { NODE_START_VARIABLES } from "../node-environment.ts";
import type { HookEntry } from "./types.ts";

/** A PowerShell single-quoted string. PowerShell also ends one at a typographic single quote, so those are doubled too. */
export function powershellQuoted(text: string): string {
  return `'${text.replace(/['\u2018\u2019\u201A\u201B]/g, (quote) => quote + quote)}'`;
}

/** The guards file as a PowerShell expression: from the project two folders above the script, or absolute. */
function fileExpression({ path, fromProject }: HookEntry["launch"]): string {
  if (/["\r\n]/.test(path)) throw new Error(`the guards file ${path} cannot be named on a Windows command line`);
  return fromProject ? `(Join-Path $root ${powershellQuoted(path)})` : powershellQuoted(path);
}

function call(entry: HookEntry): string[] {
  const noAnswer = entry.failClosed
    ? [`elseif (-not $out.Contains('"cancel":false')) { Send-Answer '{"cancel":true,"errorMessage":"guards ${entry.hookIds.join(", ")} gave no answer; denied to be safe"}' }`]
    : [];
  return [
    `$out = [string](Invoke-Guard ${fileExpression(entry.launch)} ${powershellQuoted(entry.launch.args)})`,
    `if ($out.Contains('"cancel":true')) { Send-Answer $out }`,
    `elseif ($out.Contains('"contextModification"')) { $answer = $out }`,
    ...noAnswer,
  ];
}

const INVOKE_GUARD = [
  "function Invoke-Guard([string]$file, [string]$arguments) {",
  "  try {",
  "    $start = New-Object System.Diagnostics.ProcessStartInfo 'node', ('\"' + $file + '\" ' + $arguments)",
  "    $start.UseShellExecute = $false",
  // node starts without the variables that would run other code before the guards (node-environment.ts).
  ...NODE_START_VARIABLES.map((name) => `    $start.EnvironmentVariables.Remove('${name}')`),
  "    $start.RedirectStandardInput = $true",
  "    $start.RedirectStandardOutput = $true",
  "    $start.StandardOutputEncoding = $utf8",
  "    $guard = [System.Diagnostics.Process]::Start($start)",
  "    $bytes = $payload.ToArray()",
  "    $guard.StandardInput.BaseStream.Write($bytes, 0, $bytes.Length)",
  "    $guard.StandardInput.Close()",
  "    $text = $guard.StandardOutput.ReadToEnd()",
  "    $guard.WaitForExit()",
  "    return $text",
  "  } catch {",
  "    return ''",
  "  }",
  "}",
];

const SEND_ANSWER = [
  "function Send-Answer([string]$text) {",
  "  $bytes = $utf8.GetBytes($text.Trim() + \"`n\")",
  "  $stdout = [Console]::OpenStandardOutput()",
  "  $stdout.Write($bytes, 0, $bytes.Length)",
  "  $stdout.Flush()",
  "  exit 0",
  "}",
];

export function powershellScript(event: string, entries: readonly HookEntry[]): string {
  const project = entries.some((entry) => entry.launch.fromProject);
  // A byte order mark: without one Windows PowerShell reads the file in the ANSI code page, and a
  // non-ASCII letter in an absolute path would name another file.
  return "\uFEFF" + [
    `# ${GENERATED_MARK}: Cline ${event} hook for Windows, written by \`guards install\`; \`guards uninstall\` removes it.`,
    "$ErrorActionPreference = 'Stop'",
    "$utf8 = New-Object System.Text.UTF8Encoding $false",
    "$payload = New-Object System.IO.MemoryStream",
    "[Console]::OpenStandardInput().CopyTo($payload)",
    ...(project ? ["$root = Split-Path -Parent (Split-Path -Parent $PSScriptRoot)"] : []),
    ...INVOKE_GUARD,
    ...SEND_ANSWER,
    // The Cline CLI runs every file named after the event, this one with pwsh off Windows: the POSIX script
    // beside it decides there.
    "if ($PSVersionTable.PSEdition -eq 'Core' -and -not $IsWindows) { Send-Answer '{\"cancel\":false}' }",
    `$answer = '{"cancel":false}'`,
    ...entries.flatMap(call),
    "Send-Answer $answer",
    "",
  ].join("\n");
}
