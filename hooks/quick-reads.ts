/**
 * The file reads and prompts the hook file's front may answer (shared/quick-answer.ts): those of an entry
 * whose every guard is a read guard here, when redact-secrets' own first look and pre-filter find nothing in
 * the file or the prompt (redact-secrets/quick-read.ts) and the config files leave reads as with none
 * (inert-settings.ts). The pre-filter and the config check are sections of their own in the hook file,
 * compiled only when a read or a prompt needs them; a shell event never compiles them.
 */
import type { QuickReads } from "../shared/quick-answer.ts";

/** The guards that act on a file read or a prompt: only redact-secrets, whose check the front runs. */
export const READ_GUARDS: readonly string[] = ["redact-secrets"];

export const QUICK_READS: QuickReads = {
  guards: READ_GUARDS,
  checks: () => import("./redact-secrets/quick-read.ts").then((m) => ({ file: m.readPasses, prompt: m.promptPasses })),
  configCheck: () => import("./inert-settings.ts").then((m) => m.configLeavesReadsAlone),
};
