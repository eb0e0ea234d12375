/**
 * The Windows command of a project entry, where the agent's handler has one (`InstallTarget.windowsField`):
 * what a Windows teammate's agent runs instead of `command`. It must be there (installs before it wrote
 * only the POSIX command), run the same guards as `command`, need no shell beyond guards' own part that
 * finds the project root, and start the guards file from the project root with the agent's real `ls` payload.
 */
import { spawnSync } from "node:child_process";
import { dialects } from "../../shared/dialects/index.ts";
import type { Finding } from "./doctor.ts";
import type { InstalledEntry, InstalledFile, InventoryRequest } from "./inventory.ts";
import { windowsNodeCommand } from "./entry-command.ts";
import { hooksInCommand } from "./markers.ts";
import { LS_PAYLOADS } from "./replay-payloads.ts";
import { installTargets } from "./targets/index.ts";
import { verdictOf } from "./verdict.ts";

/** Anything cmd /C, PowerShell or Git Bash would read as more than plain words (README "On Windows: what each agent runs"). */
const SHELL_FEATURE = /["'%$`&|<>^;(){}@\\]/;

export function windowsFindings(file: InstalledFile, entry: InstalledEntry, request: InventoryRequest): Finding[] {
  const field = installTargets[file.agent].windowsField;
  if (file.scope !== "project" || field === undefined) return [];
  const agent = dialects[file.agent].agent;
  const { windowsCommand } = entry;
  if (windowsCommand === undefined) {
    return [{ ok: false, file, entry, text: `no \`${field}\`: on Windows ${agent} would run \`${entry.command}\`, which needs a POSIX shell (written by an earlier install: run \`guards install\` again)` }];
  }
  const ours = hooksInCommand(windowsCommand).join(",");
  if (ours !== entry.hookId) return [{ ok: false, file, entry, text: `\`${field}\` runs ${ours || "no guard"}, \`command\` runs ${entry.hookId}: install again to make them agree` }];
  // The part that finds the project root is guards' own, compared whole; the node command is checked and replayed.
  const { command, fromRoot, clean } = windowsNodeCommand(installTargets[file.agent], windowsCommand);
  if (SHELL_FEATURE.test(command)) return [{ ok: false, file, entry, text: `\`${field}\` uses a shell feature that cmd, PowerShell and Git Bash read differently: ${windowsCommand}` }];
  const findings = [replayed(file, entry, command, field, request)];
  if (!fromRoot) findings.push({ ok: false, file, entry, text: `\`${field}\` finds the guards file only when ${agent} starts in the project root (written by an earlier install: run \`guards install\` again)` });
  if (!clean) findings.push({ ok: false, file, entry, text: `\`${field}\` starts node with the agent's NODE_OPTIONS, which can run code before the guards (written by an earlier install: run \`guards install\` again)` });
  return findings;
}

/** The Windows command, run as any of the Windows shells would split it (plain words), from the project root. */
function replayed(file: InstalledFile, entry: InstalledEntry, windowsCommand: string, field: string, request: InventoryRequest): Finding {
  const payload = LS_PAYLOADS[file.agent][entry.event];
  const shell = dialects[file.agent].subscriptions["shell.before"] ?? [];
  if (!payload || !shell.some((s) => s.event === entry.event && s.matcher === entry.matcher)) {
    return { ok: true, file, entry, text: `\`${field}\` for Windows: ${windowsCommand}` };
  }
  const cwd = file.dirs.project;
  const [program, ...args] = windowsCommand.split(" ");
  const input = JSON.stringify({ ...payload, cwd });
  const env = { ...request.env, ...installTargets[file.agent].projectEnv?.(cwd) };
  const result = spawnSync(program!, args, { cwd, env, input, encoding: "utf8", timeout: 30_000, shell: request.platform === "win32" });
  const verdict = verdictOf(result.status, result.stdout ?? "");
  if (verdict === "broken") {
    const reason = (result.stderr || result.error?.message || `exit ${result.status}`).trim().split("\n")[0];
    return { ok: false, file, entry, text: `\`${field}\` for Windows failed from the project root: ${reason}` };
  }
  if (verdict === "deny" || verdict === "ask") return { ok: false, file, entry, text: `\`${field}\` for Windows answered ${verdict} to a harmless \`ls\`` };
  return { ok: true, file, entry, text: `\`${field}\` for Windows: ${verdict} for \`ls\` from the project root` };
}
