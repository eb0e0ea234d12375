/**
 * The shell events that the hook file's front answers without loading the dialects' modules
 * (shared/quick-answer.ts): for each home dialect whose agent runs shell hooks from a file, the payload
 * shapes that agent (and the other agents that run its files) send for a shell call, read to its command
 * and project root, and the dialect's answer when every guard passes. Anything else is undefined, and the
 * runner reads it in full. test/quick-answer.test.ts checks each reading against the dialect's own
 * (readers.ts, parse and render) on every fixture and on altered payloads.
 *
 * Not here: Claude's PowerShell tool, whose words are not sh's: `ls env:` or `ls -Path:env:` prints the
 * environment's values (the inert grammar now refuses such drives), `1kb` is a number, `ls`, `cd` and `echo`
 * are cmdlets with parameters of their own on Windows, and no PowerShell runs in these tests to hold the
 * grammar to it. Nor the plugin hosts (opencode, amp, universal packages), which run no hook file.
 */
import type { Json } from "../fields.ts";
import { augmentProcess, claudeOwn, codexShell, copilotSnakeBash, devinExec, factoryExecute, kiroShell, qwenShell, vscodeTerminal } from "./quick-claude-shaped.ts";
import { clineCommand, copilotBash, crushBash, cursorShell, geminiShell, gooseShell, windsurfCommand } from "./quick-own-shapes.ts";
import type { Env, QuickShellReader } from "./quick-reading.ts";

export type { QuickShell } from "./quick-reading.ts";

/** Copilot's and VS Code's files: Copilot's own payload, else its snake_case one when Copilot CLI runs the entry, else VS Code's. */
const copilotOrVscode = (raw: Json, env: Env) => copilotBash(raw) ?? (env.COPILOT_CLI === "1" ? copilotSnakeBash(raw, env) : vscodeTerminal(raw, env));

export const QUICK_SHELL_READERS: Readonly<Record<string, QuickShellReader>> = {
  // Claude's files are also run by VS Code, Devin for Terminal and Copilot CLI, each with its own payload.
  claude: (raw, env) => claudeOwn(raw, env) ?? vscodeTerminal(raw, env) ?? devinExec(raw, env) ?? copilotSnakeBash(raw, env),
  vscode: copilotOrVscode,
  copilot: copilotOrVscode,
  codex: codexShell,
  factory: factoryExecute,
  windsurf: windsurfCommand,
  qwen: qwenShell,
  cursor: cursorShell,
  gemini: geminiShell,
  kiro: kiroShell,
  devin: devinExec,
  augment: augmentProcess,
  goose: gooseShell,
  crush: crushBash,
  cline: clineCommand,
};
