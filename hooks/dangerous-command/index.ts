import { posix } from "node:path";
import { pass, type Decision, type ShellBefore } from "../../shared/event.ts";
import { defineHook, type HookContext } from "../../shared/hook.ts";
import { analyzeShell, loadPowerShellReader, loadTeardownReader, metPowerShell, metTeardown, type CommandAnalysis, type ExecutedCommand } from "../../shared/shell.ts";
import { askFinding, denyFinding, toDecision, type Finding } from "./finding.ts";
import { CATASTROPHIC_RULES, readOptions, type Options } from "./options.ts";
import { homePlaces, isWithin, type HomePlaces } from "./paths.ts";
import { RULES } from "./rules/index.ts";
import { loadMachineReader, MACHINE_PROGRAMS } from "./rules/system.ts";
import type { Scope } from "./scope.ts";

/** Refuses commands that destroy what cannot be brought back; asks for the ones a person should confirm. */
export default defineHook({
  meta: {
    id: "dangerous-command",
    summary: "Blocks destructive shell commands (rm -rf of home or /, disk wipes, git history loss, cloud destroys), however they are disguised",
    events: ["shell.before"],
    failure: "closed",
    // `enabled: false` leaves the catastrophic rules (root, home, block devices) in force.
    runsWhenDisabled: true,
  },
  run(event, ctx) {
    const home = ctx.env.HOME || undefined;
    const options = readOptions(ctx.config, home, event.projectRoot);
    // An empty folder is an unknown one: relative targets are then only known at run time.
    const analysis = analyzeShell(event.command, { cwd: event.cwd || undefined, env: ctx.env });
    // PowerShell is read by a reader loaded only for lines that run it (the PowerShell tool, `pwsh -c …`);
    // every other line is judged at once.
    const powershell = event.shell === "powershell" || metPowerShell(analysis) ? loadPowerShellReader() : undefined;
    if (powershell) return powershell.then(() => judgeRead(event, ctx, options, analyzeShell(event.command, { cwd: event.cwd || undefined, env: ctx.env })));
    return judgeRead(event, ctx, options, analysis);
  },
});

/** Archivers, sync tools, restores, migration tools and some machine state are read by sections loaded only for lines that run them. */
function judgeRead(event: ShellBefore, ctx: HookContext, options: Options, analysis: CommandAnalysis): Decision | Promise<Decision> {
  // The PowerShell tool's line is also read as `pwsh -Command …`, whose cmdlets may need the section.
  const teardown = metTeardown(analysis) || (event.shell === "powershell" && /\bRemove-/i.test(event.command)) ? loadTeardownReader() : undefined;
  // Accounts, logs, storage and the rarer network rules (rules/machine.ts); the PowerShell tool's cmdlets too.
  const machine = analysis.commands.some((c) => MACHINE_PROGRAMS.has(c.program)) || (event.shell === "powershell" && /-(Service|LocalUser|LocalGroupMember|EventLog|NetFirewallProfile)\b/i.test(event.command)) ? loadMachineReader() : undefined;
  if (teardown || machine) return Promise.all([teardown, machine]).then(() => judgeLine(event, ctx, options, analysis));
  return judgeLine(event, ctx, options, analysis);
}

/** The decision for one line, from its analysis. */
function judgeLine(event: ShellBefore, ctx: HookContext, options: Options, analysis: CommandAnalysis): Decision {
  const home = ctx.env.HOME || undefined;
  if (analysis.limit) {
    return toDecision(denyFinding("input-too-complex", `is too large or too deeply nested to check (${analysis.limit})`, "split it into several plain commands"), shorten(event.command));
  }
  // The agent's PowerShell tool: the line is read as PowerShell too (`Remove-Item`, `C:\`, `$env:USERPROFILE`),
  // and as sh for the programs both run alike (`git push --force`); sh's quoting complaints do not apply, and
  // a word starting with `$` is a PowerShell expression (`$files = …`), not a program.
  const commands = event.shell === "powershell" ? [...analysis.commands.filter((c) => !c.dynamic[0]), ...analyzeShell(`pwsh -Command '${event.command.replace(/'/g, "'\\''")}'`, { cwd: event.cwd || undefined, env: ctx.env }).commands] : analysis.commands;
  const tempDirs = [trustedTempDir(ctx.env.TMPDIR, home), "/tmp", "/var/tmp", "/private/tmp"].filter((d): d is string => Boolean(d));
  let places: { value: HomePlaces | undefined } | undefined;
  const scope: Scope = { home, user: ctx.env.USER || undefined, homePlaces: () => (places ??= { value: homePlaces(home) }).value, tempDirs, projectRoot: event.projectRoot, options, analysis, catastrophicOnly: ctx.disabledByConfig === true };
  let first: { finding: Finding; command: ExecutedCommand } | undefined;
  for (const command of commands) {
    const finding = judge(command, scope);
    if (!finding) continue;
    if (finding.action === "deny") return toDecision(finding, shorten(shownCommand(command)), command.wrappers);
    first ??= { finding, command };
  }
  if (first) return toDecision(first.finding, shorten(shownCommand(first.command)), first.command.wrappers);
  if (analysis.unresolved.length && !scope.catastrophicOnly && event.shell !== "powershell") return toDecision(askFinding("unreadable-command", `cannot be read completely (${analysis.unresolved[0]})`, "fix the quoting"), shorten(event.command));
  return pass();
}

/**
 * $TMPDIR counts as a temp directory only where temp directories live (/tmp, /var/tmp, macOS's
 * /var/folders, /dev/shm, or a folder inside home): `TMPDIR=/ rm -rf /etc` must not pass as temp.
 */
function trustedTempDir(dir: string | undefined, home: string | undefined): string | undefined {
  if (!dir?.startsWith("/")) return undefined;
  const path = posix.resolve(dir);
  const roots = ["/tmp", "/var/tmp", "/private/tmp", "/var/folders", "/private/var/folders", "/dev/shm"];
  if (roots.some((r) => isWithin(path, r)) || (home && isWithin(path, home) && path !== home)) return path;
  return undefined;
}

function judge(command: ExecutedCommand, scope: Scope): Finding | undefined {
  for (const rule of RULES) {
    const finding = rule(command, scope);
    if (!finding) continue;
    if (scope.catastrophicOnly ? CATASTROPHIC_RULES.has(finding.rule) : !scope.options.disabled.has(finding.rule)) return finding;
  }
  if (scope.catastrophicOnly) return undefined;
  // sudo of anything not judged above: a person confirms what runs as root.
  if (command.wrappers.some((w) => ROOT_RUNNERS.has(w)) && !scope.options.disabled.has("sudo")) {
    return askFinding("sudo", "runs as root");
  }
  return undefined;
}

/** Wrappers that run their program as root. */
const ROOT_RUNNERS = new Set(["sudo", "doas", "pkexec", "run0"]);

function shorten(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

/** The command as the message shows it; a bare redirect (`> f`) has no words, so its redirects stand in. */
function shownCommand(command: ExecutedCommand): string {
  if (command.argv.length) return command.argv.join(" ");
  return command.redirects.map((r) => `${r.op} ${r.target}`).join(" ");
}
