/** What a quick shell reader returns (shared/dialects/quick-shell.ts), and the field checks the readers share. */
import type { Json } from "../fields.ts";

export type Env = Readonly<Record<string, string | undefined>>;

export interface QuickShell {
  command: string;
  projectRoot: string;
  /** The dialect's rendering of a pass for this event. */
  stdout: string;
}

export type QuickShellReader = (raw: Json, env: Env) => QuickShell | undefined;

/** Each key absent or a string: the dialects read these with optionalString, which throws on any other type. */
export const stringsOrAbsent = (raw: Json, keys: readonly string[]) => keys.every((key) => raw[key] === undefined || typeof raw[key] === "string");

export const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");
