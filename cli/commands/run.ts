import { parseArgs } from "node:util";
import { hooks } from "../../hooks/index.ts";
import { maskSecrets } from "../../hooks/redact-secrets/mask.ts";
import type { AnyHook, HookId } from "../../shared/hook.ts";
import { failInput, runHooks } from "../../shared/run.ts";
import { DEFAULT_STDIN_LIMITS, readBounded } from "../../shared/stdin.ts";
import { UsageError, type Command } from "./io.ts";

/** Hook ids from a comma list, each checked against the registry. */
export function selectHooks(list: string): AnyHook[] {
  const ids = list.split(",").map((s) => s.trim()).filter(Boolean);
  if (ids.length === 0) throw new UsageError("name at least one hook");
  return ids.map((id) => {
    if (!(id in hooks)) throw new UsageError(`unknown hook "${id}" (expected one of ${Object.keys(hooks).join(", ")})`);
    return hooks[id as HookId];
  });
}

/** `guards run ID[,ID…] [--dialect D]`: one event on stdin → the dialect's answer. */
export const runCommand: Command = async (io) => {
  const { values, positionals } = parseArgs({ args: io.argv, options: { dialect: { type: "string" } }, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError("usage: guards run ID[,ID…] [--dialect D] < event.json");
  const selected = selectHooks(positionals[0]!);
  let rendered;
  const record = { audit: { mask: maskSecrets }, env: io.env, folder: () => io.cwd };
  try {
    const text = await readBounded(io.stdin, DEFAULT_STDIN_LIMITS);
    rendered = await runHooks(selected, text, { dialect: values.dialect, ...record });
  } catch (error) {
    rendered = await failInput(selected, (error as Error).message, values.dialect, record);
  }
  if (rendered.stdout) io.stdout(rendered.stdout);
  if (rendered.stderr) io.stderr(rendered.stderr);
  return rendered.exitCode;
};
