/** The objects a `kubectl -f` would send: files, directories (`-R`), several `-f`, `kind: List`. */
import { readdirSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { wildcardMatch } from "./options.ts";
import { parseYamlDocuments, readYamlDocuments, Unreadable, type ReadBudget } from "./yaml-files.ts";

/** One Kubernetes object named by a manifest. */
export interface ManifestObject {
  kind: string;
  name: string;
  /** `metadata.namespace`, when the document sets one. */
  namespace?: string;
  /** Where it came from, relative to the command's directory. */
  source: string;
}

/** The extensions kubectl reads from a directory (kubectl/pkg/cmd/util/resource: FileExtensions). */
const MANIFEST_EXTENSIONS = [".yaml", ".yml", ".json"];
const MAX_DIRECTORY_DEPTH = 16;
/** Directory entries looked at for one decision, so a `-R` over a huge tree stays fast. */
const MAX_DIRECTORY_ENTRIES = 10_000;

export function isUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

export async function readManifestSources(values: readonly string[], recursive: boolean, cwd: string, budget: ReadBudget): Promise<ManifestObject[]> {
  const objects: ManifestObject[] = [];
  for (const value of values) {
    if (value === "-") throw new Unreadable("the manifests come from standard input, which cannot be checked");
    if (isUrl(value)) throw new Unreadable(`the manifest ${value} is a URL, which is not fetched to check it`);
    const walk = { entries: 0, recursive };
    for (const path of expandPattern(resolve(cwd, value))) {
      for (const file of listManifestFiles(path, relative(cwd, path) || value, walk, 0)) {
        objects.push(...(await readManifestFile(file, relative(cwd, file) || basename(file), budget)));
      }
    }
  }
  return objects;
}

/** Every object of one file, `kind: List` items included. */
export async function readManifestFile(path: string, shownAs: string, budget: ReadBudget): Promise<ManifestObject[]> {
  return objectsOf(await readYamlDocuments(path, shownAs, budget), shownAs);
}

/** Every object of manifest text given inline (a heredoc). */
export async function readManifestText(text: string, shownAs: string): Promise<ManifestObject[]> {
  return objectsOf(await parseYamlDocuments(text, shownAs), shownAs);
}

function objectsOf(documents: unknown[], shownAs: string): ManifestObject[] {
  const objects: ManifestObject[] = [];
  documents.forEach((document, index) => collectObjects(document, `${shownAs}${documents.length > 1 ? ` (document ${index + 1})` : ""}`, shownAs, objects));
  return objects;
}

function collectObjects(value: unknown, where: string, source: string, into: ManifestObject[]): void {
  if (value === null || value === undefined) return;
  if (!isRecord(value)) throw new Unreadable(`${where} is not a Kubernetes object`);
  const kind = typeof value.kind === "string" ? value.kind : "";
  // `kind: List` and typed lists (`PodList`) carry their objects in `items`.
  if (kind.endsWith("List") && Array.isArray(value.items)) {
    for (const item of value.items) collectObjects(item, where, source, into);
    return;
  }
  const metadata = isRecord(value.metadata) ? value.metadata : {};
  const name = typeof metadata.name === "string" ? metadata.name : typeof metadata.generateName === "string" ? `${metadata.generateName}*` : "(unnamed)";
  const object: ManifestObject = { kind: kind || "(no kind)", name, source };
  if (typeof metadata.namespace === "string" && metadata.namespace !== "") object.namespace = metadata.namespace;
  into.push(object);
}

/**
 * A `-f` value the shell would have expanded (`k8s/*.yaml`), matched in its directory. Only `*` is
 * expanded; other glob forms stay literal, are not found, and the hook asks.
 */
function expandPattern(path: string): string[] {
  const name = basename(path);
  if (!name.includes("*") || exists(path)) return [path];
  const dir = dirname(path);
  const entries = safeReaddir(dir).filter((entry) => !entry.startsWith(".") && wildcardMatch(entry, name)).sort();
  return entries.length ? entries.map((entry) => join(dir, entry)) : [path];
}

function listManifestFiles(path: string, shownAs: string, walk: { entries: number; recursive: boolean }, depth: number): string[] {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch {
    // A file written earlier in the same command line is not there yet: it cannot be checked.
    throw new Unreadable(`the manifest ${shownAs} does not exist (yet)`);
  }
  if (!isDirectory) return [path];
  if (depth > MAX_DIRECTORY_DEPTH) throw new Unreadable(`the manifest directory ${shownAs} nests deeper than ${MAX_DIRECTORY_DEPTH} levels`);
  const files: string[] = [];
  const entries = safeReaddir(path).sort();
  walk.entries += entries.length;
  if (walk.entries > MAX_DIRECTORY_ENTRIES) throw new Unreadable(`more than ${MAX_DIRECTORY_ENTRIES} directory entries under ${shownAs} to check`);
  for (const entry of entries) {
    const child = join(path, entry);
    let childIsDirectory = false;
    try {
      childIsDirectory = statSync(child).isDirectory();
    } catch {
      continue;
    }
    if (childIsDirectory) {
      if (walk.recursive) files.push(...listManifestFiles(child, join(shownAs, entry), walk, depth + 1));
    } else if (MANIFEST_EXTENSIONS.some((ext) => entry.toLowerCase().endsWith(ext))) {
      files.push(child);
    }
  }
  return files;
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
