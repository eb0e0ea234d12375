/**
 * Modes of what an enterprise install leaves on a machine: root writes it, and every user's agent must read
 * it. A hook file a user cannot read makes Node exit 1, which most agents take as a non-blocking error: the
 * action runs unguarded. So these modes are set outright, never left to the installer's umask (077 on many
 * hardened machines).
 */
import { chmodSync } from "node:fs";
import { modeOf } from "./disk.ts";

export const FOLDER_MODE = 0o755;
export const FILE_MODE = 0o644;
export const EXECUTABLE_MODE = 0o755;

/** An existing file set to 0644, or 0755 when any execute bit is on (a script the agent runs itself). */
export function settleFileMode(path: string): void {
  const mode = modeOf(path);
  if (mode !== undefined) chmodSync(path, mode & 0o111 ? EXECUTABLE_MODE : FILE_MODE);
}

/** An existing folder set to 0755. */
export function settleFolderMode(path: string): void {
  if (modeOf(path) !== undefined) chmodSync(path, FOLDER_MODE);
}

