/** Works out what uninstall writes: our handlers out, and where nothing else changed, the original bytes back. */
import { dirname, posix } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { readText } from "./disk.ts";
import { formatConfig, parseConfig, type JsonObject } from "./json-text.ts";
import { backupDir, guardsHome, scopeDirs, staged } from "./locations.ts";
import { dialects } from "../../shared/dialects/index.ts";
import { guardsHooksOf } from "./markers.ts";
import { entriesFor } from "./entries.ts";
import { HOOK_IDS } from "../../shared/hook.ts";
import { hooks as registry } from "../../hooks/index.ts";
import { planFilesUninstall } from "./plan-files.ts";
import { guardsHandlers, withGuards, withoutGuards } from "./merge.ts";
import { emptyPlan, type InstallRequest, type Plan } from "./plan.ts";
import { readState, statePath, stateText, type FileRecord } from "./state.ts";
import { installTargets } from "./targets/index.ts";
import type { InstallTarget } from "./targets/types.ts";

export function planUninstall(request: InstallRequest): Plan {
  const dirs = scopeDirs(request.scope, request.platform, request.project, request.env);
  const home = guardsHome(dirs);
  const { state, text: stateBefore } = readState(dirs, request.root);
  const next = structuredClone(state);
  const plan = emptyPlan(staged(request.root, statePath(dirs)), stateBefore, staged(request.root, backupDir(dirs)), request.scope === "enterprise");
  const ids = new Set<string>(request.hooks.map((hook) => hook.meta.id));
  for (const agent of request.agents) {
    const target = installTargets[agent];
    const file = target.configFile(dirs);
    if (!file) continue;
    if (target.generate) {
      planFilesUninstall({ agent, target, dialect: dialects[agent], dirs, request, plan, next }, ids);
      continue;
    }
    const stagedPath = staged(request.root, file.path);
    const before = readText(stagedPath);
    const record = state.files[file.path];
    if (before === undefined) {
      delete next.files[file.path];
      continue;
    }
    const { value: doc, style } = parseConfig(before, stagedPath);
    const selected = (handler: unknown) => guardsHooksOf(handler).some((id) => ids.has(id));
    // An entry runs several guards: the ones that stay are written back as the entries they need.
    const installed = new Set(guardsHandlers(doc, target.layout).flatMap(({ handler }) => guardsHooksOf(handler)));
    const staying = HOOK_IDS.filter((id) => installed.has(id) && !ids.has(id)).map((id) => registry[id]);
    const version = versionOf(guardsHandlers(doc, target.layout).map(({ handler }) => handler)) ?? request.version;
    const remaining = withGuards(doc, target, entriesFor(target, dialects[target.entryDialect ?? agent], staying, dirs, version));
    if (!guardsHandlers(doc, target.layout).some(({ handler }) => selected(handler))) {
      plan.unchanged.push({ agent, path: file.path, stagedPath });
      if (guardsHandlers(doc, target.layout).length === 0) delete next.files[file.path];
      continue;
    }
    if (guardsHandlers(remaining, target.layout).length > 0) {
      // Other guards stay in this file: only the selected ones go.
      plan.changes.push({ agent, path: file.path, stagedPath, before, after: formatConfig(remaining, style) });
      continue;
    }
    delete next.files[file.path];
    const after = restored(target, remaining, record, file.owned) ?? formatConfig(remaining, style);
    plan.changes.push({ agent, path: file.path, stagedPath, before, ...(after === REMOVE ? {} : { after }) });
    if (after === REMOVE) {
      for (const companion of target.companions?.(dirs, []) ?? []) {
        const companionPath = staged(request.root, companion.path);
        const was = readText(companionPath);
        if (was !== undefined) plan.changes.push({ agent, path: companion.path, stagedPath: companionPath, before: was });
      }
    }
    if (after === REMOVE && record?.createdDir) plan.prune.push({ from: dirname(stagedPath), to: record.createdDir });
  }
  plan.state.after = stateText(next);
  if (plan.state.after === undefined) {
    plan.removeDirs = state.hookVersions.map((version) => staged(request.root, posix.join(home, version)));
    if (state.createdDir) plan.prune.push({ from: staged(request.root, home), to: state.createdDir });
  }
  return plan;
}

const REMOVE = Symbol("remove");

/** The guards version the file's entries run (the guards that stay keep running it). */
function versionOf(handlers: readonly unknown[]): string | undefined {
  for (const handler of handlers) {
    for (const value of Object.values(handler as Record<string, unknown>)) {
      const version = typeof value === "string" ? /guards[/\\](\d+\.\d+\.\d+[^/\\\s"']*)[/\\]/.exec(value)?.[1] : undefined;
      if (version) return version;
    }
  }
  return undefined;
}

/** The file's fate when nothing but ours was in it (remove), or when it is the original minus ours (its original bytes). */
function restored(target: InstallTarget, remaining: JsonObject, record: FileRecord | undefined, owned: boolean): string | typeof REMOVE | undefined {
  const withoutLockDown = Object.fromEntries(Object.entries(remaining).filter(([key]) => !(target.lockDown && key in target.lockDown)));
  if ((owned || record?.created) && isDeepStrictEqual(withoutLockDown, withoutGuards(target.skeleton(), target))) return REMOVE;
  if (record?.original === undefined) return undefined;
  let original: JsonObject;
  try {
    original = parseConfig(record.original, "original").value;
  } catch {
    return undefined;
  }
  if (guardsHandlers(original, target.layout).length > 0) return undefined;
  return isDeepStrictEqual(withoutGuards(original, target), remaining) ? record.original : undefined;
}

