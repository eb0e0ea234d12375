/** The objects a kustomization (`kubectl -k`, `kustomize build`) would produce, and their namespaces. */
import { existsSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { isRecord, isUrl, readManifestFile, type ManifestObject } from "./manifests.ts";
import { isClusterScopedKind } from "./verbs.ts";
import { readYamlDocuments, Unreadable, type ReadBudget } from "./yaml-files.ts";

/** The file names kustomize looks for, in its order (sigs.k8s.io/kustomize/api/konfig). */
const KUSTOMIZATION_FILES = ["kustomization.yaml", "kustomization.yml", "Kustomization"];
const MAX_NESTING = 10;

export async function readKustomization(target: string, cwd: string, budget: ReadBudget): Promise<ManifestObject[]> {
  return readLevel(resolve(cwd, target), cwd, budget, new Set(), 0);
}

async function readLevel(dir: string, cwd: string, budget: ReadBudget, ancestors: Set<string>, depth: number): Promise<ManifestObject[]> {
  const shownDir = relative(cwd, dir) || ".";
  if (depth > MAX_NESTING) throw new Unreadable(`kustomizations nest deeper than ${MAX_NESTING} levels at ${shownDir}`);
  if (ancestors.has(dir)) throw new Unreadable(`the kustomization ${shownDir} includes itself`);
  const file = KUSTOMIZATION_FILES.map((name) => join(dir, name)).find((path) => existsSync(path));
  if (!file) throw new Unreadable(`no kustomization file in ${shownDir}`);
  const shownFile = relative(cwd, file);
  const [kustomization] = await readYamlDocuments(file, shownFile, budget);
  if (!isRecord(kustomization)) throw new Unreadable(`${shownFile} is not a kustomization`);

  const objects: ManifestObject[] = [];
  for (const entry of stringEntries(kustomization, ["resources", "bases", "components"], shownFile)) {
    if (isRemote(entry)) throw new Unreadable(`${shownFile} includes the remote resource ${entry}, which is not fetched to check it`);
    const path = resolve(dir, entry);
    if (isDirectory(path)) objects.push(...(await readLevel(path, cwd, budget, new Set([...ancestors, dir]), depth + 1)));
    else objects.push(...(await readManifestFile(path, relative(cwd, path), budget)));
  }
  objects.push(...generatedObjects(kustomization, shownFile));
  // The kustomization's `namespace:` is set on every namespaced object it emits, nested ones included.
  const namespace = kustomization.namespace;
  if (typeof namespace === "string" && namespace !== "") {
    for (const object of objects) if (object.kind !== "Namespace" && !isClusterScopedKind(object.kind)) object.namespace = namespace;
  }
  return objects;
}

/** ConfigMaps, Secrets and Helm charts declared in the kustomization itself. */
function generatedObjects(kustomization: Record<string, unknown>, source: string): ManifestObject[] {
  const objects: ManifestObject[] = [];
  const add = (key: string, kind: string, nameKey: string) => {
    const list = kustomization[key];
    if (!Array.isArray(list)) return;
    for (const item of list) {
      if (!isRecord(item)) continue;
      const object: ManifestObject = { kind, name: typeof item[nameKey] === "string" ? item[nameKey] : "(unnamed)", source };
      if (typeof item.namespace === "string" && item.namespace !== "") object.namespace = item.namespace;
      objects.push(object);
    }
  };
  add("configMapGenerator", "ConfigMap", "name");
  add("secretGenerator", "Secret", "name");
  add("helmCharts", "HelmChart", "releaseName");
  return objects;
}

function stringEntries(kustomization: Record<string, unknown>, keys: string[], source: string): string[] {
  const entries: string[] = [];
  for (const key of keys) {
    const value = kustomization[key];
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value)) throw new Unreadable(`${source}: ${key} is not a list`);
    for (const item of value) {
      if (typeof item === "string") entries.push(item);
      else throw new Unreadable(`${source}: an entry of ${key} is not a path`);
    }
  }
  return entries;
}

/** Remote bases: URLs, `github.com/org/repo//path?ref=…`, `git@…`, `git::…`. */
function isRemote(entry: string): boolean {
  return isUrl(entry) || entry.startsWith("git@") || entry.startsWith("git::") || entry.startsWith("ssh://") || /^(github|gitlab|bitbucket)\.(com|org)\//.test(entry);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
