/**
 * Which agents an installed file protects: each agent known to run the file gets its own shell payload
 * replayed through the entries it would run, once with a destructive command and once with `ls`, and its
 * reading of the answers decides (cli/install/file-readers.ts).
 */
import { spawnSync } from "node:child_process";
import { guardsHome, staged } from "./locations.ts";
import { replayStart } from "./replay-start.ts";
import { FILE_READERS, runsEntry, type FileReader, type HookAnswer } from "./file-readers.ts";
import type { InstalledFile, InventoryRequest } from "./inventory.ts";

/** Stopped by dangerous-command wherever it is installed; never run, only shown to the hooks. */
export const DESTRUCTIVE_PROBE = "rm -rf /";

export interface ReaderCheck {
  reader: FileReader;
  /** The destructive probe is blocked and `ls` is not. */
  protects: boolean;
  stopsProbe: boolean;
  blocksLs: boolean;
}

export function checkReaders(file: InstalledFile, request: InventoryRequest & { cwd: string }): ReaderCheck[] {
  const readers = (FILE_READERS[file.agent] ?? []).filter((reader) => !reader.scopes || reader.scopes.includes(file.scope));
  return readers.map((reader) => {
    const stopsProbe = runAsReader(file, request, reader, DESTRUCTIVE_PROBE);
    const blocksLs = runAsReader(file, request, reader, "ls -la");
    return { reader, stopsProbe, blocksLs, protects: stopsProbe && !blocksLs };
  });
}

/** True when the reader, running every entry it would run for this shell call, blocks it. */
function runAsReader(file: InstalledFile, request: InventoryRequest & { cwd: string }, reader: FileReader, command: string): boolean {
  const root = file.scope === "enterprise" ? request.root : undefined;
  const home = guardsHome(file.dirs);
  const cwd = file.scope === "project" ? file.dirs.project : request.cwd;
  const env = { ...request.env, ...reader.env(cwd) };
  const input = JSON.stringify(reader.payload(command, cwd));
  return file.entries
    .filter((entry) => entry.event === reader.eventKey && runsEntry(reader, entry.matcher))
    .some((entry) => {
      const { command: line, shell } = replayStart(root ? entry.command.split(home).join(staged(root, home)) : entry.command, request.platform);
      const result = spawnSync(line, { shell, cwd, env, input, encoding: "utf8", timeout: 30_000 });
      const answer: HookAnswer = { status: result.status, stdout: result.stdout ?? "" };
      return reader.blocks(answer);
    });
}

export function readerName(reader: FileReader): string {
  return reader.condition ? `${reader.name} (${reader.condition})` : reader.name;
}
