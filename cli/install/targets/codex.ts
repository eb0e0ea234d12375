/** Codex CLI (developers.openai.com/codex/hooks, /codex/config-reference). */
import { posix } from "node:path";
import { toSlashes } from "../locations.ts";
import type { InstallTarget } from "./types.ts";

export const codexTarget: InstallTarget = {
  agent: "codex",
  layout: "groups",
  configFile: ({ scope, platform, project, home, env }) => {
    if (scope === "project") return { path: posix.join(toSlashes(project), ".codex", "hooks.json"), owned: false };
    if (scope === "user") return { path: posix.join(toSlashes(env.CODEX_HOME ?? posix.join(toSlashes(home), ".codex")), "hooks.json"), owned: false };
    // Codex reads hooks.json beside each config layer; the system layer is /etc/codex (no documented Windows folder).
    return platform === "win32" ? undefined : { path: "/etc/codex/hooks.json", owned: false };
  },
  // Codex has no project-dir variable and runs hooks in the session cwd; its docs resolve scripts from
  // the git root. Outside a repository (`codex exec --skip-git-repo-check`) the session cwd is the project.
  projectPath: (relative) => `"$(git rev-parse --show-toplevel 2>/dev/null || pwd)/${relative}"`,
  // On Windows Codex runs `commandWindows` instead, through `%COMSPEC% /C` (openai/codex
  // codex-rs/hooks/src/engine/command_runner.rs; the field is in SchemaStore's codex-hooks.json, alias
  // `command_windows`): there the substitution above means nothing, so that field names the file relative
  // to the project root and starts in it.
  windowsField: "commandWindows",
  windowsShell: "cmd",
  // The session cwd may be a subfolder: cmd finds the git root as the POSIX form does, with no double quote
  // (Codex passes the string to cmd as one argument, where an inner quote would arrive as \"). `delims^=` is
  // the unquoted spelling of `"delims="` (the whole line, spaces kept); `2^>nul` silences git inside for's
  // own command; `cd /d` takes a path with spaces unquoted. Outside a repository the loop runs nothing and
  // the session cwd stays.
  windowsFromRoot: (command) => `(for /f delims^= %r in ('git rev-parse --show-toplevel 2^>nul') do cd /d %r) & ${command}`,
  handler: (entry) => ({
    type: "command",
    command: entry.command,
    ...(entry.windowsCommand === undefined ? {} : { commandWindows: entry.windowsCommand }),
    timeout: entry.timeoutSeconds,
  }),
  skeleton: () => ({}),
  // Unknown top-level keys, `$schema` included, make Codex refuse the whole file.
  topLevelKeys: ["hooks", "description"],
  presence: { project: [".codex"], home: [".codex"], binaries: ["codex"] },
  afterInstall: {
    project:
      "Codex runs a non-managed hook only after it is reviewed and trusted in `/hooks`; trust is keyed by the hook's hash, so review again after an upgrade. Project hooks load only in trusted projects.",
    user: "Codex runs a non-managed hook only after it is reviewed and trusted in `/hooks`; trust is keyed by the hook's hash, so review again after an upgrade.",
    // developers.openai.com/codex/hooks: hooks of the system layer are managed and trusted by policy.
    enterprise: "Codex treats hooks from the system config layer as managed: trusted by policy, no `/hooks` review needed.",
  },
};
