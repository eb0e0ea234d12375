/**
 * Checks every installed entry the way the agent would meet it: the config parses and names events the
 * agent knows, the hook file is there, and a real payload sent through the entry's command string
 * (through the shell, in the agent's cwd, with its env) comes back with a sane answer, in time.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { performance } from "node:perf_hooks";
import { dialects } from "../../shared/dialects/index.ts";
import { GUARDS_CODE_FILE, GUARDS_FILE, guardsFilePath, guardsHome, staged } from "./locations.ts";
import { inventory, type InstalledEntry, type InstalledFile, type InventoryRequest } from "./inventory.ts";
import { isObject } from "./merge.ts";
import { LS_PAYLOADS, REPLAY_COMMAND, withReplayedCommand } from "./replay-payloads.ts";
import { installTargets } from "./targets/index.ts";
import { verdictOf } from "./verdict.ts";
import { checkReaders, DESTRUCTIVE_PROBE, readerName } from "./doctor-readers.ts";
import { windowsFindings } from "./doctor-windows.ts";
import { commandShell } from "./entry-command.ts";
import { cleanNodeStartOf, type EntryShell } from "./node-environment.ts";
import { replayStart } from "./replay-start.ts";
import { generatedFindings } from "./doctor-generated.ts";
import { gitBashFindings } from "./doctor-git-bash.ts";
import { withReplayState } from "./replay-state.ts";
import { configFormFindings } from "./doctor-config-form.ts";
import { enterpriseConfigFindings, everyUserFindings } from "./doctor-modes.ts";

/**
 * A guard is reported slow when it takes this much longer than starting `node` alone on the same
 * machine (measured first, so a loaded machine does not make every guard look slow).
 */
export const SLOW_MS = 500;
const VERSION_IN_PATH = /guards[/\\](\d+\.\d+\.\d+[^/\\\s"']*)[/\\]/i;

export interface Finding {
  ok: boolean;
  /** Where: the config file, and the entry when it is about one. */
  file?: InstalledFile;
  entry?: InstalledEntry;
  text: string;
  ms?: number;
}

/**
 * Every replay runs the real installed entries with the real config, and records into a temporary state
 * folder that sends nothing (replay-state.ts): the user's trail and the fleet's collector never see a probe.
 */
export function doctor(request: InventoryRequest & { cwd: string }): Finding[] {
  return withReplayState(request.env, (env) => diagnose({ ...request, env }));
}

function diagnose(request: InventoryRequest & { cwd: string }): Finding[] {
  const findings: Finding[] = [];
  const node = findOnPath("node", request.env.PATH, request.platform);
  findings.push(
    node
      ? { ok: true, text: `node found at ${node}` }
      : { ok: false, text: "node is not on PATH: every guard would fail to start (agents launched from a GUI may have a shorter PATH than this shell)" },
  );
  const baseline = node ? nodeStartMs(node, request.env) : 0;
  if (node) findings.push({ ok: true, text: `node alone starts in ${baseline} ms here`, ms: baseline });
  findings.push(...enterpriseConfigFindings(request), ...configFormFindings(request));
  const hookFilesSeen = new Set<string>();
  for (const file of inventory(request)) {
    if (file.error) {
      findings.push({ ok: false, file, text: `the agent would reject this file: ${file.error}` });
      continue;
    }
    for (const problem of shapeProblems(file)) findings.push({ ok: false, file, text: problem });
    findings.push(...generatedFindings(file, file.scope === "enterprise" ? request.root : undefined));
    findings.push(...everyUserFindings(file, request, hookFilesSeen));
    findings.push(...gitBashFindings(file, request));
    for (const entry of file.entries) findings.push(checkEntry(file, entry, request, baseline), ...cleanStartFindings(file, entry), ...windowsFindings(file, entry, request));
    findings.push(...readerFindings(file, request));
  }
  return findings;
}

/**
 * Only the replay of a harmless `ls` through every installed entry, with no probe and no other check: what
 * an install runs to fill the compiled-code folder of the hook files it copied (warm-cache.ts).
 */
export function replayEntries(request: InventoryRequest & { cwd: string }, command = REPLAY_COMMAND): Finding[] {
  return withReplayState(request.env, (env) => {
    const replay = { ...request, env };
    return inventory(replay).flatMap((file) => (file.error ? [] : file.entries.map((entry) => checkEntry(file, entry, replay, 0, command))));
  });
}

/**
 * One line per agent that runs this file, and which of them it protects. A file with no guard that stops
 * the probe (dangerous-command not installed) says so once instead.
 */
function readerFindings(file: InstalledFile, request: InventoryRequest & { cwd: string }): Finding[] {
  const checks = checkReaders(file, request);
  if (checks.length === 0) return [];
  // dangerous-command stops the probe even where the config switches it off (meta.runsWhenDisabled): a file
  // that names it and stops nothing is broken, not a file without it.
  const namesGuard = file.entries.some((entry) => entry.hookIds.includes("dangerous-command"));
  if (!namesGuard && !checks.some((c) => c.stopsProbe)) return [{ ok: true, file, text: `no installed guard stops \`${DESTRUCTIVE_PROBE}\` here (dangerous-command is not in this file): agents not checked` }];
  const findings: Finding[] = checks.map((check) => {
    const name = readerName(check.reader);
    if (check.protects) return { ok: true, file, text: `${name}: stops \`${DESTRUCTIVE_PROBE}\`, lets \`ls\` run` };
    const why = check.stopsProbe ? "it would also block `ls`" : `\`${DESTRUCTIVE_PROBE}\` would run`;
    return { ok: false, file, text: `${name} runs this file but is not protected: ${why}` };
  });
  const protectedNames = checks.filter((c) => c.protects).map((c) => readerName(c.reader));
  findings.push({ ok: true, file, text: `protects: ${protectedNames.join(", ") || "no agent"}` });
  return findings;
}

function checkEntry(file: InstalledFile, entry: InstalledEntry, request: InventoryRequest & { cwd: string }, baseline: number, replayed = REPLAY_COMMAND): Finding {
  const root = file.scope === "enterprise" ? request.root : undefined;
  const version = VERSION_IN_PATH.exec(entry.command)?.[1];
  // The guards file (and its code beside it), or a single-hook file of an earlier install.
  // An entry of an earlier install names guards.mjs, the ES-module form of the same file.
  const loader = /guards\.([cm])js\b/.exec(entry.command);
  const files = loader ? [loader[1] === "c" ? GUARDS_FILE : "guards.mjs", GUARDS_CODE_FILE] : entry.hookIds.map((id) => `${id}.mjs`);
  const hookFile = version
    ? (files.map((name) => staged(root, guardsFilePath(file.dirs, version, name))).find((path) => !existsSync(path)) ?? staged(root, guardsFilePath(file.dirs, version, files[0])))
    : undefined;
  if (!hookFile || !existsSync(hookFile)) return { ok: false, file, entry, text: `hook file missing: ${hookFile ?? entry.command}` };
  const shell = dialects[file.agent].subscriptions["shell.before"] ?? [];
  const payload = LS_PAYLOADS[file.agent][entry.event];
  // A generated file (Cline script, plugin) is not one command string to replay: its hook file being there is the check.
  if (!payload || installTargets[file.agent].generate || !shell.some((s) => s.event === entry.event && s.matcher === entry.matcher)) {
    return { ok: true, file, entry, text: "hook file present (no replay payload for this event)" };
  }
  const home = guardsHome(file.dirs);
  // On Windows the agent runs the entry's Windows command where its handler has one.
  const line = request.platform === "win32" && file.scope === "project" && entry.windowsCommand ? entry.windowsCommand : entry.command;
  const { command, shell: replayShell } = replayStart(root ? line.split(home).join(staged(root, home)) : line, request.platform, installTargets[file.agent].windowsShell);
  const cwd = file.scope === "project" ? file.dirs.project : request.cwd;
  const env = { ...request.env, ...installTargets[file.agent].projectEnv?.(file.scope === "project" ? file.dirs.project : cwd) };
  const started = performance.now();
  const result = spawnSync(command, { shell: replayShell, cwd, env, input: JSON.stringify(withReplayedCommand({ ...payload, cwd }, replayed)), encoding: "utf8", timeout: 30_000 });
  const ms = Math.round(performance.now() - started);
  const verdict = verdictOf(result.status, result.stdout ?? "");
  if (verdict === "broken") {
    const reason = (result.stderr || result.error?.message || `exit ${result.status}`).trim().split("\n")[0];
    return { ok: false, file, entry, ms, text: `the command failed: ${reason}` };
  }
  if (verdict === "deny" || verdict === "ask") return { ok: false, file, entry, ms, text: `answered ${verdict} to a harmless \`ls\`: check the guards config` };
  if (ms > baseline + SLOW_MS) return { ok: false, file, entry, ms, text: `slow: ${ms} ms for one call (node alone: ${baseline} ms)` };
  return { ok: true, file, entry, ms, text: `${verdict} for \`ls\` in ${ms} ms` };
}

/**
 * An entry whose command starts node with the agent's NODE_OPTIONS (an install before node-environment.ts):
 * code planted there would run before the guards. Scripts guards generate carry the removal themselves.
 */
function cleanStartFindings(file: InstalledFile, entry: InstalledEntry): Finding[] {
  const target = installTargets[file.agent];
  const shell = commandShell(target, file.dirs);
  const start = cleanNodeStartOf(entry.command);
  // A wrapper script named as the command (Augment's) starts node itself.
  if (shell === undefined || target.generate || !start.nodeCommand.startsWith("node ") || start.shell === shell) return [];
  const onlyIn = start.shell !== undefined && shell === "posix+powershell+cmd" ? ONE_SHELL_START[start.shell] : undefined;
  if (onlyIn) return [{ ok: false, file, entry, text: `${onlyIn(dialects[file.agent].agent, WINDOWS_SHELL_NAME[target.windowsShell ?? "unknown"])} (written by an earlier install: run \`guards install\` again)` }];
  return [{ ok: false, file, entry, text: "starts node with the agent's NODE_OPTIONS, which can run code before the guards (written by an earlier install: run `guards install` again)" }];
}

/**
 * A project entry of an agent with one command for every OS, started in the form of one shell only (an
 * earlier install): what the agent's other shell makes of it.
 */
const WINDOWS_SHELL_NAME: Record<EntryShell | "unknown", string> = {
  posix: "Git Bash",
  cmd: "cmd",
  powershell: "PowerShell",
  "posix+powershell+cmd": "PowerShell or cmd",
  unknown: "PowerShell or cmd",
};
const ONE_SHELL_START: Partial<Record<EntryShell, (agent: string, windowsShell: string) => string>> = {
  posix: (agent, windowsShell) =>
    `removes Node's variables only in a POSIX shell: a Windows teammate's ${agent} runs this line in ${windowsShell}, ${windowsShell === "cmd" ? "which never starts the guards" : windowsShell === "PowerShell" ? "where `unset` is an unknown command and node starts with that teammate's NODE_OPTIONS" : "where node starts with that teammate's NODE_OPTIONS (PowerShell) or never starts (cmd)"}`,
  powershell: (agent) => `removes Node's variables only in PowerShell: ${agent} on Linux and macOS runs this line in a POSIX shell, where \`Remove-Item\` is an unknown command and node starts with the agent's NODE_OPTIONS`,
  cmd: (agent) => `removes Node's variables only in cmd: ${agent} on Linux and macOS runs this line in a POSIX shell, where each \`set NAME=&\` runs in the background and node starts with the agent's NODE_OPTIONS`,
};

/** What would make the agent refuse or ignore the file: unknown events, a missing version, foreign top-level keys (Codex). */
function shapeProblems(file: InstalledFile): string[] {
  const doc = file.doc ?? {};
  const problems: string[] = [];
  const known = dialects[file.agent].events;
  if (isObject(doc.hooks)) {
    for (const event of Object.keys(doc.hooks)) if (!(event in known)) problems.push(`event "${event}" is not one ${dialects[file.agent].agent} knows: its hooks never run`);
  }
  const skeleton = installTargets[file.agent].skeleton();
  if ("version" in skeleton && doc.version !== skeleton.version) problems.push(`"version" must be ${String(skeleton.version)}`);
  const shadowedBy = installTargets[file.agent].shadowedBy;
  const shadow = shadowedBy?.(file.path);
  if (shadow && existsSync(shadowedBy!(file.stagedPath.replace(/\\/g, "/")))) {
    problems.push(`${shadow} exists: ${dialects[file.agent].agent} reads hooks from it and skips the ones in this file`);
  }
  const off = installTargets[file.agent].hooksSwitchedOff?.(doc);
  if (off) problems.push(`${off}: ${dialects[file.agent].agent} runs none of the hooks in this file`);
  const allowed = installTargets[file.agent].topLevelKeys;
  for (const key of Object.keys(doc)) if (allowed && !allowed.includes(key)) problems.push(`top-level key "${key}" makes ${dialects[file.agent].agent} refuse the file`);
  return problems;
}

function nodeStartMs(node: string, env: Readonly<Record<string, string | undefined>>): number {
  const started = performance.now();
  spawnSync(node, ["-e", "0"], { env, timeout: 30_000 });
  return Math.round(performance.now() - started);
}

function findOnPath(program: string, path: string | undefined, platform: string): string | undefined {
  const names = platform === "win32" ? [`${program}.exe`, `${program}.cmd`] : [program];
  for (const dir of (path ?? "").split(delimiter).filter(Boolean)) {
    for (const name of names) if (existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}
