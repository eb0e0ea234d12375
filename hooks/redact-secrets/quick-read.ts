/**
 * Whether a read of one file, or a prompt, passes redact-secrets with no options, decided before the guards' code is
 * loaded: the hook file's front asks it (shared/quick-answer.ts), and answers the read itself only when it
 * says yes. The decision is the hook's own: the same first look (scan.ts: the path's class, the file's type
 * and size) and the same pre-filter that the runner applies before loading secretlint. A path that is
 * secret by nature, a folder, a glob, or a text the pre-filter hands to the rules: the runner decides.
 */
import { existsSync, statSync } from "node:fs";
import { isGlob } from "./globs.ts";
import { DEFAULT_OPTIONS, PROMPT_FILE_NAME } from "./options.ts";
import { defaultPathClassifier } from "./paths.ts";
import { firstLook } from "./scan.ts";

/** `content`: the text the agent sent with the event (Cursor), which is what the hook examines then. */
export async function readPasses(filePath: string, content: string | undefined, projectRoot: string, home: string | undefined): Promise<boolean> {
  // A folder is examined file by file, and a glob that names no file is expanded (read.ts): the runner's work.
  if (filePath === "" || (isGlob(filePath) && !existsSync(filePath)) || isDirectory(filePath)) return false;
  const look = firstLook({ options: DEFAULT_OPTIONS, classify: defaultPathClassifier, projectRoot, home }, filePath, content);
  if (look.status === "clean") return true;
  if (look.status !== "examine" || look.thorough) return false;
  // The runner's examination loads the same module (scan.ts): a read handed on reuses its tables and verdict.
  const { prefilter } = await import("./prefilter.ts");
  return !(await prefilter(look.text, filePath)).scan;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A prompt, as the hook examines one (index.ts): the pre-filter under the name it gives prompts. */
export async function promptPasses(prompt: string): Promise<boolean> {
  const { prefilter } = await import("./prefilter.ts");
  return !(await prefilter(prompt, PROMPT_FILE_NAME)).scan;
}
