/**
 * Install and uninstall for agents whose hooks are files rather than config entries (the "files" layout):
 * guards write whole files of their own, marked, and never touch a file without the mark.
 */
import { dirname } from "node:path";
import type { Dialect } from "../../shared/dialect.ts";
import { HOOK_IDS, type AnyHook, type HookId } from "../../shared/hook.ts";
import { hooks as registry } from "../../hooks/index.ts";
import { firstMissingDir, readText } from "./disk.ts";
import { entriesFor } from "./entries.ts";
import { staged } from "./locations.ts";
import { GENERATED_MARK, generatedHookIds } from "./markers.ts";
import type { InstallRequest, Plan } from "./plan.ts";
import type { InstallState } from "./state.ts";
import type { AgentId, InstallTarget, ScopeDirs } from "./targets/types.ts";

interface FilesContext {
  agent: AgentId;
  target: InstallTarget;
  dialect: Dialect;
  dirs: ScopeDirs;
  request: InstallRequest;
  plan: Plan;
  /** The install state being built; its records for this agent name the files written before. */
  next: InstallState;
}

/** The files of this agent that guards wrote before, as recorded in the state. */
function recorded(ctx: FilesContext): string[] {
  return Object.entries(ctx.next.files)
    .filter(([, record]) => record.agent === ctx.agent)
    .map(([path]) => path);
}

function hooksIn(ctx: FilesContext, paths: readonly string[]): HookId[] {
  const ids = new Set(paths.flatMap((path) => generatedHookIds(readText(staged(ctx.request.root, path)) ?? "")));
  return HOOK_IDS.filter((id) => ids.has(id));
}

/** Writes the agent's files for `wanted` hooks; returns the hooks whose files must be copied, or undefined when skipped. */
export function planFiles(ctx: FilesContext, wanted: readonly AnyHook[], removal = false): AnyHook[] | undefined {
  const { agent, target, dialect, dirs, request, plan, next } = ctx;
  const before = recorded(ctx);
  const entries = entriesFor(target, dialect, wanted, dirs, request.version);
  if (entries.length === 0 && !removal) {
    plan.skipped.push({ agent, reason: `none of the selected hooks has an event ${dialect.agent} delivers` });
    return undefined;
  }
  const files = entries.length === 0 ? [] : target.generate!(dirs, entries);
  const foreign = files.find((file) => {
    const text = readText(staged(request.root, file.path));
    return text !== undefined && !text.includes(GENERATED_MARK);
  });
  if (foreign) {
    plan.skipped.push({ agent, reason: `${foreign.path} is not a file guards wrote; guards will not replace it` });
    return undefined;
  }
  for (const file of files) {
    const stagedPath = staged(request.root, file.path);
    const was = readText(stagedPath);
    if (was === file.text) {
      plan.unchanged.push({ agent, path: file.path, stagedPath });
      plan.everyUser?.files.push(stagedPath);
    } else plan.changes.push({ agent, path: file.path, stagedPath, before: was, after: file.text, ...(file.executable ? { mode: 0o755 } : {}) });
    const createdDir = firstMissingDir(dirname(stagedPath));
    next.files[file.path] ??= { agent, created: was === undefined, ...(createdDir === undefined ? {} : { createdDir }) };
  }
  // Files of an earlier install this one no longer needs (an event no selected hook serves).
  for (const path of before.filter((p) => !files.some((file) => file.path === p))) {
    const stagedPath = staged(request.root, path);
    const was = readText(stagedPath);
    const record = next.files[path];
    delete next.files[path];
    if (was === undefined || !was.includes(GENERATED_MARK)) continue;
    plan.changes.push({ agent, path, stagedPath, before: was });
    if (record?.createdDir) plan.prune.push({ from: dirname(stagedPath), to: record.createdDir });
  }
  if (!removal) plan.notes.push({ agent, text: target.afterInstall[request.scope] ?? target.afterInstall.project });
  return [...wanted];
}

/** Install: the requested hooks plus those already in the agent's files. */
export function planFilesInstall(ctx: FilesContext, requested: readonly AnyHook[]): AnyHook[] | undefined {
  const ids = new Set<string>([...requested.map((hook) => hook.meta.id), ...hooksIn(ctx, recorded(ctx))]);
  return planFiles(ctx, HOOK_IDS.filter((id) => ids.has(id)).map((id) => registry[id]));
}

/** Uninstall: the agent's files without the selected hooks, removed when none is left. */
export function planFilesUninstall(ctx: FilesContext, removed: ReadonlySet<string>): void {
  const present = hooksIn(ctx, recorded(ctx));
  const kept = present.filter((id) => !removed.has(id)).map((id) => registry[id]);
  planFiles(ctx, kept, true);
}
