/** Works out every byte an install would write, without writing: the same plan serves --dry-run and the real run. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { dialects } from "../../shared/dialects/index.ts";
import { firstMissingDir, foldersUpTo, readText } from "./disk.ts";
import { entriesFor } from "./entries.ts";
import { ConfigParseError, DEFAULT_STYLE, formatConfig, parseConfig, type JsonObject } from "./json-text.ts";
import { hooks as registry } from "../../hooks/index.ts";
import { HOOK_IDS, type AnyHook } from "../../shared/hook.ts";
import { guardsHooksOf } from "./markers.ts";
import { planFilesInstall } from "./plan-files.ts";
import { guardsHandlers, isObject, withGuards } from "./merge.ts";
import type { AgentId, InstallTarget } from "./targets/types.ts";
import { MANAGED_CACHE_FOLDER } from "../../shared/code-cache.ts";
import { backupDir, GUARDS_CODE_FILE, GUARDS_FILE, guardsFilePath, guardsHome, scopeDirs, staged } from "./locations.ts";
import { configPaths, DEFAULT_ENTERPRISE_CONFIG } from "../../shared/config.ts";
import { emptyPlan, type FileChange, type InstallRequest, type Plan } from "./plan.ts";
import { readState, statePath, stateText } from "./state.ts";
import { MAY_READ_FILES_OF, READS_FILES_OF, installTargets } from "./targets/index.ts";
import { unreferencedVersions } from "./versions.ts";

export function planInstall(request: InstallRequest): Plan {
  const dirs = scopeDirs(request.scope, request.platform, request.project, request.env);
  const home = guardsHome(dirs);
  const { state, text: stateBefore } = readState(dirs, request.root);
  const next = structuredClone(state);
  const plan = emptyPlan(staged(request.root, statePath(dirs)), stateBefore, staged(request.root, backupDir(dirs)), request.scope === "enterprise");

  const toCopy = new Set<AnyHook>();
  let needsEngine = false;
  for (const agent of request.agents) {
    const target = installTargets[agent];
    const reader = READS_FILES_OF[agent];
    if (reader && request.agents.includes(reader.agent) && reader.scopes.includes(request.scope)) {
      plan.skipped.push({ agent, reason: readerReason(agent, reader) });
      if (reader.setting) plan.notes.push({ agent, text: `${dialects[agent].agent}: turn on "${reader.setting}" (off by default), or its agent runs none of the guards in ${dialects[reader.agent].agent}'s settings.` });
      continue;
    }
    // VS Code and Copilot share one file: it is written once, for the agent named first.
    const sameFile = target.entryDialect && request.agents.includes(target.entryDialect) ? target.entryDialect : undefined;
    if (sameFile) {
      plan.skipped.push({ agent, reason: `${dialects[agent].agent} runs ${dialects[sameFile].agent}'s file, installed here: one copy is enough` });
      plan.notes.push({ agent, text: target.afterInstall[request.scope] ?? target.afterInstall.project });
      continue;
    }
    const maybe = MAY_READ_FILES_OF[agent];
    if (maybe && request.agents.includes(maybe.agent) && maybe.scopes.includes(request.scope)) {
      plan.notes.push({ agent, text: `${dialects[agent].agent} also runs ${dialects[maybe.agent].agent}'s hooks when "${maybe.setting}" is on: leave it off, or every guard fires twice there.` });
    }
    const file = target.configFile(dirs);
    if (!file) {
      plan.skipped.push({ agent, reason: `no ${request.scope} config location on ${request.platform}` });
      continue;
    }
    if (target.generate) {
      const copied = planFilesInstall({ agent, target, dialect: dialects[agent], dirs, request, plan, next }, request.hooks);
      for (const hook of copied ?? []) toCopy.add(hook);
      if (copied && target.engine) needsEngine = true;
      continue;
    }
    const stagedPath = staged(request.root, file.path);
    const before = readText(stagedPath);
    const { value: doc, style } = before === undefined ? { value: target.skeleton(), style: DEFAULT_STYLE } : parseConfig(before, stagedPath);
    if (target.layout === "list") {
      if (doc.hooks !== undefined && !Array.isArray(doc.hooks)) throw new ConfigParseError(`${stagedPath}: "hooks" is not a list; guards will not rewrite it`);
    } else {
      if (doc.hooks !== undefined && !isObject(doc.hooks)) throw new ConfigParseError(`${stagedPath}: "hooks" is not an object; guards will not rewrite it`);
      const notList = Object.entries(isObject(doc.hooks) ? doc.hooks : {}).find(([, items]) => !Array.isArray(items));
      if (notList) throw new ConfigParseError(`${stagedPath}: "hooks.${notList[0]}" is not a list; guards will not rewrite it`);
    }
    // Installing some hooks keeps the guards already in the file: `--hooks` adds, `uninstall --hooks` removes.
    const hooks = withInstalled(request.hooks, doc, target.layout);
    const entries = entriesFor(target, dialects[target.entryDialect ?? agent], hooks, dirs, request.version);
    if (entries.length === 0) {
      plan.skipped.push({ agent, reason: `none of the selected hooks has an event ${dialects[agent].agent} delivers` });
      continue;
    }
    for (const hook of hooks) toCopy.add(hook);
    let wanted = withGuards(doc, target, entries);
    if (request.lockDown && file.owned && request.scope === "enterprise" && target.lockDown) wanted = { ...wanted, ...target.lockDown };
    const after = before !== undefined && isDeepStrictEqual(wanted, doc) ? before : formatConfig(wanted, style);
    next.files[file.path] ??= {
      agent,
      created: before === undefined,
      ...(before === undefined ? {} : { original: before }),
      ...optional("createdDir", firstMissingDir(dirname(stagedPath))),
    };
    plan.notes.push({ agent, text: target.afterInstall[request.scope] ?? target.afterInstall.project });
    if (after === before) {
      plan.unchanged.push({ agent, path: file.path, stagedPath });
      plan.everyUser?.files.push(stagedPath);
    } else plan.changes.push({ agent, path: file.path, stagedPath, before, after } satisfies FileChange);
    for (const companion of target.companions?.(dirs, entries) ?? []) {
      const companionPath = staged(request.root, companion.path);
      const was = readText(companionPath);
      if (was !== companion.text) {
        plan.changes.push({ agent, path: companion.path, stagedPath: companionPath, before: was, after: companion.text, ...(companion.executable ? { mode: 0o755 } : {}) });
      } else plan.everyUser?.files.push(companionPath);
    }
  }

  if (plan.changes.length + plan.unchanged.length > 0) {
    next.createdDir ??= firstMissingDir(staged(request.root, home));
    if (!next.hookVersions.includes(request.version)) next.hookVersions.push(request.version);
    const stale = unreferencedVersions(dirs, request.root, plan.changes, next.hookVersions, request.version);
    plan.removeDirs = stale.map((version) => staged(request.root, posix.join(home, version)));
    next.hookVersions = next.hookVersions.filter((version) => !stale.includes(version));
    // One file holds every hook, whichever are selected: the entries name the hooks each runs. Plugins
    // import the in-process engine, built beside the hooks folder (dist/plugin.mjs).
    const names = [...(toCopy.size > 0 ? [GUARDS_FILE, GUARDS_CODE_FILE] : []), ...(needsEngine ? ["plugin.mjs"] : [])];
    if (request.scope === "enterprise" && toCopy.size > 0) plan.managedCacheDir = staged(request.root, posix.join(home, request.version, MANAGED_CACHE_FOLDER));
    plan.everyUser?.folders.push(staged(request.root, home), staged(request.root, posix.join(home, request.version)));
    for (const name of names) {
      const source = join(request.hookSources, "..", name);
      if (!existsSync(source)) throw new Error(`built guards file missing: ${source} (run \`npm run build\`)`);
      const path = guardsFilePath(dirs, request.version, name);
      const stagedPath = staged(request.root, path);
      if (existsSync(stagedPath) && readFileSync(stagedPath).equals(readFileSync(source))) {
        plan.everyUser?.files.push(stagedPath);
        continue;
      }
      plan.copies.push({ hookId: name, source, path, stagedPath });
    }
  }
  if (plan.everyUser && request.platform !== "win32") {
    // The guards config the administrator pushes is read by every user's hooks too (doctor-modes.ts).
    const config = configPaths(request.project, request.env).enterprise;
    plan.everyUser.files.push(staged(request.root, config));
    if (config === DEFAULT_ENTERPRISE_CONFIG) plan.everyUser.folders.push(staged(request.root, dirname(config)));
  }
  if (plan.everyUser) {
    // The folders this install or an earlier one made (recorded in the state): one made under a stricter umask hides what is in it.
    for (const [path, record] of Object.entries(next.files)) if (record.createdDir) plan.everyUser.folders.push(...foldersUpTo(dirname(staged(request.root, path)), record.createdDir));
    if (next.createdDir) plan.everyUser.folders.push(...foldersUpTo(staged(request.root, home), next.createdDir));
  }
  plan.state.after = stateText(next) ?? stateBefore;
  return plan;
}

function readerReason(agent: AgentId, reader: { agent: AgentId; setting?: string }): string {
  const own = dialects[agent].agent;
  const home = dialects[reader.agent].agent;
  if (!reader.setting) return `${own} also runs the hooks in ${home}'s settings, installed here: one copy is enough`;
  return `${own} runs the hooks in ${home}'s settings when "${reader.setting}" is on; a file of its own would make another agent run every guard twice`;
}

/** The requested hooks plus those of ours already in the file, in registry order (so the file's order never depends on the command line). */
function withInstalled(requested: readonly AnyHook[], doc: JsonObject, layout: InstallTarget["layout"]): AnyHook[] {
  const present = new Set(guardsHandlers(doc, layout).flatMap(({ handler }) => guardsHooksOf(handler)));
  const ids = new Set([...requested.map((hook) => hook.meta.id), ...present]);
  return HOOK_IDS.filter((id) => ids.has(id)).map((id) => registry[id]);
}

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

