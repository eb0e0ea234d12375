/**
 * The entry commands agents run on Windows, read by the rules of the shell each agent runs them with there
 * (README "On Windows: what each agent runs"): cmd /C (Codex), PowerShell (Gemini CLI, Qwen Code, Cursor, VS Code's Windows
 * PowerShell 5.1, Copilot's `powershell` field) and Git Bash (Claude Code). A project file is committed and
 * run by every teammate's agent, on every OS: where the agent's handler has a Windows field, it carries the
 * Windows form beside the POSIX `command`. What PowerShell receives is also read by PowerShell's own grammar
 * (powershell-reading.ts); pwsh itself cannot be installed where the tests run.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dialects } from "../../shared/dialects/index.ts";
import { hooks } from "../../hooks/index.ts";
import { entriesFor } from "../../cli/install/entries.ts";
import { installTargets } from "../../cli/install/targets/index.ts";
import { commandShell, windowsNodeCommand } from "../../cli/install/entry-command.ts";
import { cleanNodeStartOf, NODE_START_VARIABLES, withCleanNodeStart } from "../../cli/install/node-environment.ts";
import { verdictOf } from "../../cli/install/verdict.ts";
import { ROOT } from "../support/process.ts";
import type { AgentId, HookEntry, InstallTarget, Platform, Scope, ScopeDirs } from "../../cli/install/targets/types.ts";
import { entryNodes, runInstalledShellEntries } from "./entries.ts";
import { powershellReading } from "./powershell-reading.ts";
import { guards, makeWorkspace } from "./workspace.ts";

const dirsFor = (platform: Platform, scope: Scope, project = platform === "win32" ? "C:/Users/dev/my project" : "/home/dev/my project"): ScopeDirs => ({
  scope,
  platform,
  project,
  home: platform === "win32" ? "C:/Users/dev" : "/home/dev",
  env: {},
});
const windows = (scope: Scope, project?: string) => dirsFor("win32", scope, project);
// Agents whose hooks are files of their own (Cline's scripts, Augment's .sh wrappers, plugins) take no command string.
const COMMAND_AGENTS = Object.values(installTargets).filter((t) => t.layout !== "files" && !t.companions && t.agent !== "goose");

function entriesOf(target: InstallTarget, dirs: ScopeDirs): HookEntry[] {
  return entriesFor(target, dialects[target.entryDialect ?? target.agent], Object.values(hooks), dirs, "0.1.0");
}

/** The command the agent runs on Windows, read from the handler it is written as (so a dropped field shows). */
function windowsRun(target: InstallTarget, entry: HookEntry): string {
  const handler = target.handler(entry);
  const own = target.windowsField === undefined ? undefined : handler[target.windowsField];
  if (typeof own === "string") return own;
  expect(JSON.stringify(handler)).toContain(JSON.stringify(entry.command));
  return entry.command;
}

/** The plain node command inside a Windows command (Codex's is wrapped in the part that finds the project root). */
function nodePart(target: InstallTarget, command: string): string {
  return windowsNodeCommand(target, command).command;
}

/** The words of a command with no shell feature in it (the rules below hold), as all three shells split it. */
function words(command: string): string[] {
  const found: string[] = [];
  for (const match of command.matchAll(/"([^"]*)"|(\S+)/g)) found.push(match[1] ?? match[2]!);
  return found;
}

type Shell = "cmd /C" | "cmd /C as Codex passes it" | "PowerShell" | "Git Bash";
const SHELL_RULES: Record<Shell, (command: string) => boolean> = {
  // % expands even inside quotes; & | < > ^ outside quotes are operators.
  "cmd /C": (c) => !c.includes("%") && !/[&|<>^]/.test(c.replace(/"[^"]*"/g, "")),
  // Codex hands the whole string to `cmd.exe /C` as one argument, whose inner quotes arrive as \" and are
  // then part of the path (openai/codex command_runner.rs): the command must hold none.
  "cmd /C as Codex passes it": (c) => SHELL_RULES["cmd /C"](c) && !c.includes('"'),
  // A command line starting with a quoted string would need `&`; $ and ` expand inside double quotes.
  PowerShell: (c) => c.startsWith("node ") && !/[$`]/.test(c) && !/[;&|(){}@]/.test(c.replace(/"[^"]*"/g, "")),
  // $, ` and \ act inside double quotes; ${VAR:-.} is the only form that needs bash itself.
  "Git Bash": (c) => !/[$`\\]/.test(c) && !/[;&|<>()]/.test(c.replace(/"[^"]*"/g, "")),
};
const ALL_SHELLS = Object.keys(SHELL_RULES).filter((s) => s !== "cmd /C as Codex passes it") as Shell[];

/** The shell the agent runs this handler's Windows command with: its Windows field's, else the one `command` is written for. */
function windowsShellOf(target: InstallTarget, entry: HookEntry, dirs: ScopeDirs): InstallTarget["windowsShell"] {
  return target.windowsField !== undefined && entry.windowsCommand !== undefined ? target.windowsShell : commandShell(target, dirs);
}

/**
 * The part before node, as the agent's Windows shell reads it: every one of Node's start variables removed,
 * then the node command, nothing expanded. No part where the shell is not documented. A polyglot is read
 * here by its Windows shell's rules; its POSIX reading runs in real shells (polyglot-start.process.test.ts).
 */
async function expectCleanStartIn(shell: InstallTarget["windowsShell"], whole: string, nodeCommand: string): Promise<void> {
  const start = whole.slice(0, whole.length - nodeCommand.length);
  if (shell === undefined) return expect(start).toBe("");
  if (shell === "posix+powershell+cmd") {
    const reading = await powershellReading(whole);
    expect(reading.errors).toEqual([]);
    expect(reading.expansions).toEqual([]);
    // Silent Set-Variable calls hold cmd's first word, a backslash and the whole POSIX part as names;
    // Remove-Item among them; node; the rest, cmd's part, is a comment.
    expect(reading.commands).toEqual([
      { name: "set", args: [`${NODE_START_VARIABLES[0]}=`] },
      { name: "set", args: ["\\"] },
      { name: "Remove-Item", args: [NODE_START_VARIABLES.map((name) => `Env:${name}`).join(","), "-ErrorAction", "Ignore"] },
      { name: "set", args: [`"; unset ${NODE_START_VARIABLES.join(" ")}; set \\" \\`] },
      { name: "node", args: words(nodeCommand).slice(1) },
    ]);
    // Set-Variable reads a colon in a name as a scope or a drive (`Env:` would set a variable of the environment).
    for (const command of reading.commands.filter((c) => c.name === "set")) expect(command.args.join(" ")).not.toContain(":");
    // Nothing PowerShell, sh or cmd would expand, run in a subshell or redirect.
    expect(whole).not.toMatch(/[$`|<>(){}%^]/);
    // cmd, given the line as it is (Node's shell: true) or with each quote as \" (Rust's Command::arg, Kiro):
    // one `set NODE_OPTIONS=` of everything before the first `&`, the three removals, node.
    for (const cmd of [cmdReading(whole, { rust: false }), cmdReading(whole)]) {
      expect(cmd.percentNames).toEqual([]);
      expect(cmd.redirections).toEqual([]);
      expect(cmd.commands).toHaveLength(NODE_START_VARIABLES.length + 2);
      expect(cmd.commands[0]).toMatch(new RegExp(`^set ${NODE_START_VARIABLES[0]}=[^&]* #$`));
      expect(cmd.commands.slice(1)).toEqual([...NODE_START_VARIABLES.map((name) => `set ${name}=`), nodeCommand]);
    }
    for (const name of NODE_START_VARIABLES) expect(whole).toContain(`set ${name}=& `);
  } else if (shell === "powershell") {
    const reading = await powershellReading(whole);
    expect(reading.errors).toEqual([]);
    expect(reading.expansions).toEqual([]);
    expect(reading.commands).toEqual([
      { name: "Remove-Item", args: [NODE_START_VARIABLES.map((name) => `Env:${name}`).join(","), "-ErrorAction", "Ignore"] },
      { name: "node", args: words(nodeCommand).slice(1) },
    ]);
  } else if (shell === "cmd") {
    const reading = cmdReading(whole);
    expect(reading.percentNames.filter((name) => !name.startsWith("r in ("))).toEqual([]);
    expect(reading.commands.slice(-NODE_START_VARIABLES.length - 1)).toEqual([...NODE_START_VARIABLES.map((name) => `set ${name}=`), nodeCommand]);
    // cmd keeps what is between `=` and `&` as the value: nothing, so the variable is removed.
    for (const name of NODE_START_VARIABLES) expect(whole).toContain(`set ${name}=& `);
  } else {
    expect(start).toBe(`unset ${NODE_START_VARIABLES.join(" ")}; `);
  }
}

/** PowerShell's grammar reads exactly one `node` command with these words, and nothing it would expand. */
async function expectPowerShellRuns(command: string): Promise<void> {
  expect(await powershellReading(command), command).toEqual({ commands: [{ name: "node", args: words(command).slice(1) }], expansions: [], errors: [] });
}

describe.for(COMMAND_AGENTS.map((t) => t.agent))("%s entries installed on Windows", (agent) => {
  const target = installTargets[agent];
  it.for(["project", "user", "enterprise"] as const)("%s scope: node, the guards file as one word, its arguments; valid in cmd, PowerShell and Git Bash alike", async (scope) => {
    const dirs = windows(scope);
    if (!target.configFile(dirs)) return;
    const entries = entriesOf(target, dirs);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      // Crush runs every hook through its embedded POSIX shell, on Windows too: its form is checked below.
      if (target.posixShellOnWindows && scope === "project") continue;
      const whole = windowsRun(target, entry);
      const command = nodePart(target, whole);
      await expectCleanStartIn(windowsShellOf(target, entry, dirs), whole, command);
      for (const shell of ALL_SHELLS) expect(SHELL_RULES[shell](command), `${shell}: ${command}`).toBe(true);
      // The folders here hold no space: Codex's cmd /C gets them bare.
      if (agent === "codex") expect(SHELL_RULES["cmd /C as Codex passes it"](command), command).toBe(true);
      await expectPowerShellRuns(command);
      const [node, file, ...args] = words(command);
      expect(node).toBe("node");
      expect(file).toMatch(/(^|\/)\.?guards\/0\.1\.0\/guards\.cjs$/i);
      expect(args.slice(0, 3)).toEqual(["--dialect", target.entryDialect ?? agent, "--hooks"]);
    }
  });
});

/**
 * Per agent, the shell(s) a Windows teammate's agent runs a committed project entry with, and whether the
 * file is the same whichever OS installed it. Sources: the notes per row.
 */
const ON_WINDOWS: Record<string, { shells: Shell[] | "posix"; sameFileFromAnyOs: boolean; cleanStartOnWindows: boolean }> = {
  // Git Bash by default (code.claude.com/docs/en/hooks, shell form): the POSIX form. Without Git Bash Claude
  // falls back to PowerShell, where `${CLAUDE_PROJECT_DIR:-.}` does not expand: the README says so.
  claude: { shells: "posix", sameFileFromAnyOs: false, cleanStartOnWindows: true },
  // cmd.exe /C (openai/codex command_runner.rs): the node part is plain words; the part before it is cmd's (below).
  codex: { shells: ["cmd /C as Codex passes it", "PowerShell"], sameFileFromAnyOs: true, cleanStartOnWindows: true },
  copilot: { shells: ["PowerShell"], sameFileFromAnyOs: true, cleanStartOnWindows: true },
  vscode: { shells: ["PowerShell"], sameFileFromAnyOs: true, cleanStartOnWindows: true },
  // One `command` for every OS, written from any OS as the polyglot both of the agent's shells read alike:
  // POSIX shells, PowerShell and cmd /C alike (Cursor, Gemini CLI and Qwen Code use PowerShell; Kiro cmd /C,
  // handing the line over as Codex does; Windsurf does not document its Windows shell).
  cursor: { shells: ["PowerShell", "Git Bash"], sameFileFromAnyOs: true, cleanStartOnWindows: true },
  gemini: { shells: ["PowerShell"], sameFileFromAnyOs: true, cleanStartOnWindows: true },
  qwen: { shells: ["PowerShell", "Git Bash"], sameFileFromAnyOs: true, cleanStartOnWindows: true },
  windsurf: { shells: ALL_SHELLS, sameFileFromAnyOs: true, cleanStartOnWindows: true },
  kiro: { shells: ["cmd /C as Codex passes it"], sameFileFromAnyOs: true, cleanStartOnWindows: true },
  // Not documented, and no per-OS field: the POSIX form, which needs a POSIX shell on Windows.
  factory: { shells: "posix", sameFileFromAnyOs: false, cleanStartOnWindows: true },
  devin: { shells: "posix", sameFileFromAnyOs: false, cleanStartOnWindows: true },
  // mvdan.cc/sh on every OS (charmbracelet/crush docs/hooks/README.md).
  crush: { shells: "posix", sameFileFromAnyOs: true, cleanStartOnWindows: true },
};

/** How bash splits a POSIX command (the agent's project variable set), with `printf` in place of node; its start removes Node's start variables. */
function bashWords(command: string, env: Record<string, string>): string[] {
  const { shell, nodeCommand } = cleanNodeStartOf(command);
  expect(shell, command).toBe("posix");
  const printed = `${command.slice(0, -nodeCommand.length)}printenv ${NODE_START_VARIABLES.join(" ")}; ${nodeCommand.replace(/^node /, "printf '%s\\n' ")}`;
  const result = spawnSync("bash", ["-c", printed], { env: { PATH: "/usr/bin:/bin", NODE_OPTIONS: "--require ./planted.js", NODE_COMPILE_CACHE: "planted", ...env }, encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trimEnd().split("\n");
}

describe("a committed project file, run by a teammate's agent on Windows", () => {
  it("every agent with a command entry has a row", () => {
    expect(Object.keys(ON_WINDOWS).sort()).toEqual(COMMAND_AGENTS.map((t) => t.agent).sort());
  });

  describe.for(COMMAND_AGENTS.map((t) => t.agent as AgentId))("%s", (agent) => {
    const target = installTargets[agent];
    const row = ON_WINDOWS[agent]!;
    const linux = entriesOf(target, dirsFor("linux", "project"));

    it("the form its Windows shell runs is valid there, and names the guards file from the project root", async () => {
      for (const entry of linux) {
        const command = windowsRun(target, entry);
        if (row.shells === "posix") {
          const project = "C:\\Users\\dev\\my project";
          const env = { ...target.projectEnv?.(project) };
          // The agent's project variable holds a Windows path; bash keeps its backslashes as they are.
          expect(bashWords(command, env).slice(0, 3)).toEqual([`${project}/.guards/0.1.0/guards.cjs`, "--dialect", target.entryDialect ?? agent]);
          continue;
        }
        const plain = nodePart(target, command);
        expect(row.cleanStartOnWindows).toBe(true);
        await expectCleanStartIn(windowsShellOf(target, entry, dirsFor("linux", "project")), command, plain);
        for (const shell of row.shells) expect(SHELL_RULES[shell](plain), `${shell}: ${plain}`).toBe(true);
        if (row.shells.includes("PowerShell")) await expectPowerShellRuns(plain);
        expect(words(plain).slice(0, 2)).toEqual(["node", ".guards/0.1.0/guards.cjs"]);
        if (target.windowsFromRoot) expect(cmdReading(command).commands.at(-1)).toBe(plain);
      }
    });

    it.runIf(target.windowsField !== undefined)("carries the Windows command in its own field, beside the POSIX command", () => {
      for (const entry of linux) {
        const handler = target.handler(entry);
        const plain = withCleanNodeStart(target.windowsShell, `node .guards/0.1.0/guards.cjs --dialect ${target.entryDialect ?? agent} --hooks ${entry.hookIds.join(",")}`);
        expect(handler[target.windowsField!]).toBe(target.windowsFromRoot?.(plain) ?? plain);
        expect(handler.command ?? handler.bash).toBe(entry.command);
      }
    });

    it(`${row.sameFileFromAnyOs ? "is" : "is not"} the same file whichever OS installed it`, () => {
      const handlers = (platform: Platform) => entriesOf(target, dirsFor(platform, "project")).map((entry) => target.handler(entry));
      if (row.sameFileFromAnyOs) expect(handlers("win32")).toEqual(handlers("linux"));
      else expect(handlers("win32")).not.toEqual(handlers("linux"));
    });
  });
});

/**
 * The POSIX start the polyglots replace, in a project file of an agent with one `command` for every OS (an
 * earlier install): what a Windows teammate's shell makes of it. PowerShell reads two commands: `unset`,
 * which it does not know (a statement-terminating CommandNotFoundException: one error on stderr, and the
 * next statement runs), then node, started with that teammate's NODE_OPTIONS. cmd reads one command named
 * `unset`: the guards never start. README "On Windows" says both; `guards doctor` names such entries.
 */
describe("the POSIX start of an earlier install, in a Windows teammate's shell", () => {
  const nodeCommand = "node .guards/0.1.0/guards.cjs --dialect cursor --hooks dangerous-command";
  const command = withCleanNodeStart("posix", nodeCommand);
  it("PowerShell: `unset` as an unknown command, then node with the teammate's variables", async () => {
    expect(await powershellReading(command)).toEqual({ commands: [{ name: "unset", args: [...NODE_START_VARIABLES] }, { name: "node", args: words(nodeCommand).slice(1) }], expansions: [], errors: [] });
  });
  it("cmd: one command named `unset`, and no node", () => {
    expect(cmdReading(command).commands).toEqual([command]);
  });
});

describe("what PowerShell makes of the POSIX forms the Windows forms stand in for", () => {
  // The project forms these agents wrote before (Gemini CLI, Qwen Code) or still write in `command`
  // (Codex, Claude Code): PowerShell expands or runs a part of each before node starts.
  it.for([
    ['node "${GEMINI_PROJECT_DIR:-.}/.guards/0.1.0/guards.cjs" --dialect gemini --hooks git-to-gh', "${GEMINI_PROJECT_DIR:-.}"],
    ['node "${QWEN_PROJECT_DIR:-.}/.guards/0.1.0/guards.cjs" --dialect qwen --hooks git-to-gh', "${QWEN_PROJECT_DIR:-.}"],
    ['node "$(git rev-parse --show-toplevel 2>/dev/null || pwd)/.guards/0.1.0/guards.cjs" --dialect codex --hooks git-to-gh', "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"],
    ['node "${CLAUDE_PROJECT_DIR:-.}/.guards/0.1.0/guards.cjs" --dialect claude --hooks git-to-gh', "${CLAUDE_PROJECT_DIR:-.}"],
  ] as const)("%s", async ([command, expanded]) => {
    expect((await powershellReading(command)).expansions).toContain(expanded);
  });
});

describe("the Windows form, started from the project root against the installed guards file with a real payload", () => {
  const node = entryNodes()[0]!.path;
  it.for(["codex", "copilot", "vscode", "cursor", "gemini", "qwen", "windsurf", "kiro"] as const)("%s: git clone is denied by git-to-gh", async (agent) => {
    const ws = makeWorkspace();
    await guards(ws, ["install", "--agent", agent, "--hooks", "git-to-gh"]);
    const runs = runInstalledShellEntries(agent, "project", ws, "git-to-gh", "git-clone", node, ws.project, false, true);
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) {
      expect(nodePart(installTargets[agent], run.command)).toMatch(/^node \.guards\/0\.1\.0\/guards\.cjs --dialect /);
      expect(run, run.stderr).toMatchObject({ verdict: "deny" });
    }
  });
});

/**
 * What cmd makes of the one argument Codex gives `cmd.exe /C`. Rust's std quotes it for the Windows
 * command line (MSVC rules: in double quotes for its spaces, an inner `"` as `\"`); cmd /C then drops the
 * first and the last quote (the quoted part holds special characters, so its other rule does not apply);
 * `%name%` of a name nobody sets stays as written; `^` makes the next character plain; unescaped `<`, `>`
 * and `|` redirect or pipe; `&` outside parentheses separates commands. Carets are taken off the result.
 */
function cmdReading(argument: string, { rust = true } = {}): { line: string; percentNames: string[]; redirections: string[]; commands: string[] } {
  // Node's spawn with shell: true gives cmd /d /s /c the line in quotes as it is.
  const quoted = !rust ? `"${argument}"` : /[\s"]/.test(argument) ? `"${argument.replace(/(\\*)"/g, '$1$1\\"')}"` : argument;
  const line = quoted.startsWith('"') ? quoted.slice(1, quoted.lastIndexOf('"')) + quoted.slice(quoted.lastIndexOf('"') + 1) : quoted;
  const percentNames = [...line.matchAll(/%([^%]*)%/g)].map((m) => m[1]!);
  const redirections: string[] = [];
  const commands: string[] = [];
  let current = "";
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "^") {
      current += line[++i] ?? "";
      continue;
    }
    if (c === "(") depth++;
    if (c === ")") depth--;
    if ("<>|".includes(c)) redirections.push(c);
    if (c === "&" && depth === 0) {
      commands.push(current.trim());
      current = "";
      continue;
    }
    current += c;
  }
  commands.push(current.trim());
  return { line, percentNames, redirections, commands };
}

describe("Codex's Windows command, started in a subfolder of the project", () => {
  const target = installTargets.codex;
  const entry = entriesOf(target, dirsFor("linux", "project"))[0]!;
  const command = String(target.handler(entry).commandWindows);

  it("reaches cmd whole, finds the git root in a for loop of its own, then runs the plain node command", () => {
    const reading = cmdReading(command);
    // Codex's argument arrives unchanged: it holds no double quote that Rust would escape.
    expect(reading.line).toBe(command);
    // The one %…% pair spans from `%r` to `%r`: a name with spaces and quotes, which no environment sets.
    expect(reading.percentNames).toEqual(["r in ('git rev-parse --show-toplevel 2^>nul') do cd /d "]);
    expect(reading.redirections).toEqual([]);
    expect(reading.commands).toEqual([
      "(for /f delims= %r in ('git rev-parse --show-toplevel 2>nul') do cd /d %r)",
      ...NODE_START_VARIABLES.map((name) => `set ${name}=`),
      `node .guards/0.1.0/guards.cjs --dialect codex --hooks ${entry.hookIds.join(",")}`,
    ]);
  });

  it.for([
    ["from a subfolder", "src/deep", true],
    ["from the project root", "", true],
    ["outside a repository: the session cwd is the project", "", false],
  ] as const)("%s: the loop's command leads to the project root, where the node command denies a git clone", async ([, sub, git]) => {
    const ws = makeWorkspace({ git });
    await guards(ws, ["install", "--agent", "codex", "--hooks", "git-to-gh"]);
    const start = join(ws.project, sub);
    mkdirSync(start, { recursive: true });
    const { commands } = cmdReading(String(JSON.parse(readFileSync(join(ws.project, ".codex", "hooks.json"), "utf8")).hooks.PreToolUse[0].hooks[0].commandWindows));
    const [loop, plain] = [commands[0], commands.at(-1)];
    // for /f runs the command in its quotes and sets %r to each line of its output; none: the loop body never runs.
    const inner = /^\(for \/f delims= %r in \('(.+)'\) do cd \/d %r\)$/.exec(loop!)![1]!.replace(/2>nul$/, "2>/dev/null");
    const found = spawnSync("sh", ["-c", inner], { cwd: start, encoding: "utf8" }).stdout.split("\n").filter(Boolean);
    const cwd = found.length > 0 ? found[0]! : start;
    expect(realpathSync(cwd)).toBe(realpathSync(ws.project));
    const payload = JSON.parse(readFileSync(join(ROOT, "fixtures", "codex", "PreToolUse", "git-clone.json"), "utf8")) as Record<string, unknown>;
    const [program, ...args] = plain!.split(" ");
    expect(program).toBe("node");
    const result = spawnSync(entryNodes()[0]!.path, args, { cwd, input: JSON.stringify({ ...payload, cwd: start }), encoding: "utf8", env: { PATH: "/usr/bin:/bin", HOME: ws.home } });
    expect(verdictOf(result.status, result.stdout), result.stderr).toBe("deny");
  });
});

describe("a path no Windows shell reads the same way", () => {
  it.for(["C:/Users/dev/100%", "C:/Users/dev/$work", "C:/Users/dev/`x"])("%s: the install is refused in one line, not written", (project) => {
    expect(() => entriesFor(installTargets.claude, dialects.claude, [hooks["dangerous-command"]], windows("project", project), "0.1.0")).toThrow(/holds .*, which cmd, PowerShell and bash read differently/);
  });
});
