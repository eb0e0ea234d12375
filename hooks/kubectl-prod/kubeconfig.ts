/** The context, cluster and default namespace kubectl would use, read from the kubeconfig files. */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { isRecord } from "./manifests.ts";
import { readYamlDocuments, Unreadable, type ReadBudget } from "./yaml-files.ts";

export interface KubeTarget {
  context?: string;
  cluster?: string;
  /** The context's namespace; undefined means `default`. */
  namespace?: string;
  /** The kubeconfig files read, for messages. */
  files: string[];
}

export interface KubeSelection {
  kubeconfig?: string;
  context?: string;
  cluster?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * kubectl's loading rules (kubernetes.io/docs/concepts/configuration/organize-cluster-access-kubeconfig):
 * `--kubeconfig` alone; else every file of KUBECONFIG (`:`-separated, missing ones skipped), where the
 * first file to set a value wins; else ~/.kube/config. `--context` and `--cluster` override.
 */
export async function resolveKubeTarget(selection: KubeSelection, cwd: string, env: Env, budget: ReadBudget): Promise<KubeTarget> {
  const files = kubeconfigFiles(selection.kubeconfig, cwd, env);
  const merged = { currentContext: undefined as string | undefined, contexts: new Map<string, Record<string, unknown>>() };
  for (const file of files) {
    const [config] = await readYamlDocuments(file, `kubeconfig ${file}`, budget);
    if (config === null || config === undefined) continue;
    if (!isRecord(config)) throw new Unreadable(`kubeconfig ${file} is not a mapping`);
    if (merged.currentContext === undefined && typeof config["current-context"] === "string" && config["current-context"]) {
      merged.currentContext = config["current-context"];
    }
    for (const entry of Array.isArray(config.contexts) ? config.contexts : []) {
      if (!isRecord(entry) || typeof entry.name !== "string" || merged.contexts.has(entry.name)) continue;
      merged.contexts.set(entry.name, isRecord(entry.context) ? entry.context : {});
    }
  }
  const target: KubeTarget = { files };
  const contextName = selection.context ?? merged.currentContext;
  if (contextName !== undefined) target.context = contextName;
  const context = contextName === undefined ? undefined : merged.contexts.get(contextName);
  const cluster = selection.cluster ?? (typeof context?.cluster === "string" ? context.cluster : undefined);
  if (cluster !== undefined) target.cluster = cluster;
  if (typeof context?.namespace === "string" && context.namespace !== "") target.namespace = context.namespace;
  return target;
}

function kubeconfigFiles(flag: string | undefined, cwd: string, env: Env): string[] {
  if (flag !== undefined) return [resolve(cwd, expandHome(flag, env))];
  const list = env.KUBECONFIG;
  if (list) {
    return list
      .split(":")
      .filter(Boolean)
      .map((path) => resolve(cwd, expandHome(path, env)))
      .filter((path) => existsSync(path));
  }
  const home = env.HOME || env.USERPROFILE;
  if (!home) return [];
  const path = join(home, ".kube", "config");
  return existsSync(path) ? [path] : [];
}

function expandHome(path: string, env: Env): string {
  const home = env.HOME || env.USERPROFILE;
  if (home && (path === "~" || path.startsWith("~/"))) return join(home, path.slice(1));
  return path;
}
