/**
 * What an install changed, kept in the scope's guards folder: which config files guards created, the
 * exact bytes of the ones that existed before (so uninstall can give them back byte for byte), and
 * the folders it created.
 */
import { posix } from "node:path";
import { readText } from "./disk.ts";
import { formatConfig, parseConfig, DEFAULT_STYLE } from "./json-text.ts";
import { guardsHome, staged } from "./locations.ts";
import type { AgentId, ScopeDirs } from "./targets/types.ts";

export interface FileRecord {
  agent: AgentId;
  /** guards created the file: uninstall deletes it when nothing else was added to it. */
  created: boolean;
  /** The file's bytes before the first install. */
  original?: string;
  /** The top-most folder guards created for the file. */
  createdDir?: string;
}

export interface InstallState {
  version: 1;
  /** Version folders holding copied hook files (`<guards home>/<version>/`). */
  hookVersions: string[];
  /** Keyed by the path the agent reads. */
  files: Record<string, FileRecord>;
  /** The top-most folder created for the guards home itself. */
  createdDir?: string;
}

export function statePath(dirs: ScopeDirs): string {
  return posix.join(guardsHome(dirs), "state.json");
}

export function readState(dirs: ScopeDirs, root: string | undefined): { state: InstallState; text?: string } {
  const path = staged(root, statePath(dirs));
  const text = readText(path);
  if (text === undefined) return { state: { version: 1, hookVersions: [], files: {} } };
  const { value } = parseConfig(text, path);
  const files = typeof value.files === "object" && value.files !== null ? (value.files as Record<string, FileRecord>) : {};
  const hookVersions = Array.isArray(value.hookVersions) ? value.hookVersions.filter((v): v is string => typeof v === "string") : [];
  return { state: { version: 1, hookVersions, files, ...(typeof value.createdDir === "string" ? { createdDir: value.createdDir } : {}) }, text };
}

export function stateText(state: InstallState): string | undefined {
  if (Object.keys(state.files).length === 0) return undefined;
  return formatConfig(state as unknown as Record<string, unknown>, DEFAULT_STYLE);
}
