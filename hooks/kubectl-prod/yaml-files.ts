/**
 * Bounded reading and parsing of the YAML files the hook must look at (manifests, kustomizations,
 * kubeconfigs). The `yaml` module is imported on first use, so commands that name no file cost nothing.
 */
import { readFileSync, statSync } from "node:fs";

/** Something the hook cannot check; the reason is shown to the person, who then decides. */
export class Unreadable extends Error {
  override name = "Unreadable";
}

/** Caps on what one decision may read: past them the hook asks rather than reads on. */
export interface ReadBudget {
  files: number;
  bytes: number;
}

export const READ_LIMITS = { files: 200, bytes: 8 * 1024 * 1024 } as const;

export function newBudget(): ReadBudget {
  return { files: READ_LIMITS.files, bytes: READ_LIMITS.bytes };
}

let yamlModule: Promise<typeof import("yaml")> | undefined;
const loadYaml = () => (yamlModule ??= import("yaml"));

/**
 * Every document of a YAML (or JSON) file, as plain values. Any error in any document makes the
 * whole file unreadable: `yaml` would otherwise return the documents around a broken one.
 */
export async function readYamlDocuments(path: string, shownAs: string, budget: ReadBudget): Promise<unknown[]> {
  return parseYamlDocuments(readBounded(path, shownAs, budget), shownAs);
}

/** The same for text already in hand (a heredoc fed to `kubectl apply -f -`). */
export async function parseYamlDocuments(text: string, shownAs: string): Promise<unknown[]> {
  const { parseAllDocuments } = await loadYaml();
  const documents = parseAllDocuments(text);
  const list = Array.isArray(documents) ? documents : [];
  const values: unknown[] = [];
  for (const document of list) {
    const error = document.errors[0];
    if (error) {
      const line = error.linePos?.[0]?.line;
      throw new Unreadable(`${shownAs}${line ? ` line ${line}` : ""} does not parse: ${error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "")}`);
    }
    try {
      values.push(document.toJS({ maxAliasCount: 100 }));
    } catch (cause) {
      throw new Unreadable(`${shownAs} does not parse: ${(cause as Error).message.split("\n")[0]}`);
    }
  }
  return values;
}

function readBounded(path: string, shownAs: string, budget: ReadBudget): string {
  let size: number;
  try {
    const stat = statSync(path);
    // A device or FIFO (`-f /dev/zero`, `-f /dev/stdin`) could block or never end: only regular files are read.
    if (!stat.isFile()) throw new Unreadable(`${shownAs} is not a regular file`);
    size = stat.size;
  } catch (cause) {
    if (cause instanceof Unreadable) throw cause;
    const code = (cause as NodeJS.ErrnoException).code;
    throw new Unreadable(code === "ENOENT" ? `${shownAs} does not exist (yet)` : `${shownAs} cannot be read (${code ?? "error"})`);
  }
  budget.files -= 1;
  budget.bytes -= size;
  if (budget.files < 0) throw new Unreadable(`more than ${READ_LIMITS.files} manifest files to check`);
  if (budget.bytes < 0) throw new Unreadable(`more than ${READ_LIMITS.bytes / 1024 / 1024} MiB of manifests to check`);
  try {
    return readFileSync(path, "utf8");
  } catch (cause) {
    throw new Unreadable(`${shownAs} cannot be read (${(cause as NodeJS.ErrnoException).code ?? "error"})`);
  }
}
