/**
 * Cline: one executable per event, named after it, in `.clinerules/hooks/` or `~/Documents/Cline/Hooks/`
 * (docs.cline.bot/customization/hooks). Cline reads only the JSON on stdout, so each script combines the
 * guards' answers itself: the first `{"cancel":true}` wins, and a security guard that gives no answer at
 * all cancels (Cline would otherwise go on: it ignores exit codes).
 * On Windows Cline runs `<Event>.ps1` instead, with `powershell.exe -File`, and ignores the extensionless
 * file (cline/cline src/core/hooks/HookProcess.ts, github.com/cline/cline/pull/9552): each event gets both,
 * so a committed folder serves every teammate.
 */
import { posix } from "node:path";
import { toSlashes } from "../locations.ts";
import { GENERATED_MARK } from "../markers.ts";
import { cleanNodeStartOf, POSIX_SCRIPT_CLEAN_START } from "../node-environment.ts";
import type { GeneratedFile, HookEntry, InstallTarget, ScopeDirs } from "./types.ts";
import { powershellScript } from "./cline-powershell.ts";

function hooksDir({ scope, project, home }: ScopeDirs): string | undefined {
  if (scope === "project") return posix.join(toSlashes(project), ".clinerules", "hooks");
  if (scope === "user") return posix.join(toSlashes(home), "Documents", "Cline", "Hooks");
  // No managed or system location is documented.
  return undefined;
}

/** One guard's call inside the script; `$out` is its answer. */
function call(entry: HookEntry): string {
  const noAnswer = entry.failClosed
    ? `  *) printf '%s\\n' '{"cancel":true,"errorMessage":"guards ${entry.hookIds.join(", ")} gave no answer; denied to be safe"}'; exit 0 ;;`
    : "  *) ;;";
  return [
    `out=$(printf '%s' "$input" | ${cleanNodeStartOf(entry.command).nodeCommand})`,
    "case $out in",
    `  *'"cancel":true'*) printf '%s\\n' "$out"; exit 0 ;;`,
    `  *'"contextModification"'*) answer=$out ;;`,
    `  *'"cancel":false'*) ;;`,
    noAnswer,
    "esac",
  ].join("\n");
}

function script(event: string, entries: readonly HookEntry[], project: boolean): string {
  return [
    "#!/bin/sh",
    `# ${GENERATED_MARK}: Cline ${event} hook written by \`guards install\`; \`guards uninstall\` removes it.`,
    POSIX_SCRIPT_CLEAN_START,
    ...(project ? ['root=$(CDPATH= cd -- "$(dirname -- "$0")/../.." && pwd)'] : []),
    "input=$(cat)",
    `answer='{"cancel":false}'`,
    ...entries.map(call),
    `printf '%s\\n' "$answer"`,
    "",
  ].join("\n");
}

export const clineTarget: InstallTarget = {
  agent: "cline",
  layout: "files",
  configFile: (dirs) => {
    const dir = hooksDir(dirs);
    return dir === undefined ? undefined : { path: posix.join(dir, "PreToolUse"), owned: true };
  },
  // Scripts in .clinerules/hooks/ find the project two folders up, wherever Cline starts them.
  projectPath: (relative) => `"$root/${relative}"`,
  // The command only ever runs inside the POSIX script; Windows gets the .ps1 beside it.
  posixShellOnWindows: true,
  generate: (dirs, entries) => {
    const dir = hooksDir(dirs)!;
    const events = [...new Set(entries.map((entry) => entry.event))];
    return events.flatMap((event): GeneratedFile[] => {
      const mine = entries.filter((entry) => entry.event === event);
      return [
        { path: posix.join(dir, event), text: script(event, mine, dirs.scope === "project"), executable: true },
        { path: posix.join(dir, `${event}.ps1`), text: powershellScript(event, mine) },
      ];
    });
  },
  handler: () => ({}),
  skeleton: () => ({}),
  presence: { project: [".clinerules"], home: ["Documents/Cline", ".cline"], binaries: ["cline"] },
  afterInstall: { project: "The Cline extension runs these scripts once hooks are enabled in its settings (Settings → Features → Hooks), and on Windows the .ps1 scripts whenever they exist; the Cline CLI runs them as they are." },
};
