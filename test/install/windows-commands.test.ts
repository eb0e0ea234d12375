/**
 * The entry commands written for Windows, for every agent and scope, read by the rules of each shell the
 * agents run them with there (agents-2026-11.md §16): cmd /C (Codex), PowerShell (Gemini CLI, Cursor,
 * VS Code's Windows PowerShell 5.1, Copilot's `powershell` field) and Git Bash (Claude Code).
 */
import { describe, expect, it } from "vitest";
import { dialects } from "../../shared/dialects/index.ts";
import { hooks } from "../../hooks/index.ts";
import { entriesFor } from "../../cli/install/entries.ts";
import { installTargets } from "../../cli/install/targets/index.ts";
import type { Scope, ScopeDirs } from "../../cli/install/targets/types.ts";

const windows = (scope: Scope, project = "C:/Users/dev/my project"): ScopeDirs => ({ scope, platform: "win32", project, home: "C:/Users/dev", env: {} });
// Agents whose hooks are files of their own (Cline's .ps1, Augment's .sh, plugins) take no command string.
const COMMAND_AGENTS = Object.values(installTargets).filter((t) => t.layout !== "files" && !t.companions && t.agent !== "goose");

/** The words of a command with no shell feature in it (the rules below hold), as all three shells split it. */
function words(command: string): string[] {
  const found: string[] = [];
  for (const match of command.matchAll(/"([^"]*)"|(\S+)/g)) found.push(match[1] ?? match[2]!);
  return found;
}

const rules: [string, (command: string) => boolean][] = [
  // cmd /C: % expands even inside quotes; & | < > ^ outside quotes are operators.
  ["cmd /C", (c) => !c.includes("%") && !/[&|<>^]/.test(c.replace(/"[^"]*"/g, ""))],
  // PowerShell: a command line starting with a quoted string would need `&`; $ and ` expand inside double quotes.
  ["PowerShell", (c) => c.startsWith("node ") && !/[$`]/.test(c) && !/[;&|(){}@]/.test(c.replace(/"[^"]*"/g, ""))],
  // Git Bash: $, ` and \\ act inside double quotes; ${VAR:-.} is the only form that needs bash itself.
  ["Git Bash", (c) => !/[$`\\]/.test(c) && !/[;&|<>()]/.test(c.replace(/"[^"]*"/g, ""))],
];

describe.for(COMMAND_AGENTS.map((t) => t.agent))("%s entries on Windows", (agent) => {
  const target = installTargets[agent];
  it.for(["project", "user", "enterprise"] as const)("%s scope: node, the guards file as one word, its arguments; valid in cmd, PowerShell and Git Bash alike", (scope) => {
    const dirs = windows(scope);
    if (!target.configFile(dirs)) return;
    const entries = entriesFor(target, dialects[target.entryDialect ?? agent], Object.values(hooks), dirs, "0.1.0");
    expect(entries.length).toBeGreaterThan(0);
    for (const { command } of entries) {
      for (const [shell, valid] of rules) expect(valid(command), `${shell}: ${command}`).toBe(true);
      const [node, file, ...args] = words(command);
      expect(node).toBe("node");
      expect(file).toMatch(/(^|\/)\.?guards\/0\.1\.0\/guards\.mjs$/i);
      expect(args.slice(0, 3)).toEqual(["--dialect", target.entryDialect ?? agent, "--hooks"]);
    }
  });
});

describe("a path no Windows shell reads the same way", () => {
  it.for(["C:/Users/dev/100%", "C:/Users/dev/$work", "C:/Users/dev/`x"])("%s: the install is refused in one line, not written", (project) => {
    expect(() => entriesFor(installTargets.claude, dialects.claude, [hooks["dangerous-command"]], windows("project", project), "0.1.0")).toThrow(/holds .*, which cmd, PowerShell and bash read differently/);
  });
});
