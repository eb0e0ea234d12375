/**
 * For agents whose hooks are files guards write whole (Cline's scripts): every file an install of the
 * listed hooks writes is there. An install from before a file existed (Cline's `.ps1` scripts for Windows)
 * or a file deleted since leaves the agent running fewer guards, or none on one OS, without a word.
 */
import { dialects } from "../../shared/dialects/index.ts";
import { HOOK_IDS, type HookId } from "../../shared/hook.ts";
import { hooks as registry } from "../../hooks/index.ts";
import { readText } from "./disk.ts";
import type { Finding } from "./doctor.ts";
import { entriesFor } from "./entries.ts";
import type { InstalledFile } from "./inventory.ts";
import { staged } from "./locations.ts";
import { GENERATED_MARK, generatedHookIds } from "./markers.ts";
import { installTargets } from "./targets/index.ts";

const VERSION_IN_PATH = /guards[/\\](\d+\.\d+\.\d+[^/\\\s"']*)[/\\]/i;

export function generatedFindings(file: InstalledFile, root: string | undefined): Finding[] {
  const target = installTargets[file.agent];
  const version = VERSION_IN_PATH.exec(file.entries[0]?.command ?? "")?.[1];
  if (!target.generate || version === undefined) return [];
  const write = (hookIds: readonly HookId[]) => target.generate!(file.dirs, entriesFor(target, dialects[file.agent], hookIds.map((id) => registry[id]), file.dirs, version));
  // The listed file names only its own event's guards: the others are read from every file guards could have written.
  const found = write(HOOK_IDS).flatMap((generated) => {
    const text = readText(staged(root, generated.path));
    return text?.includes(GENERATED_MARK) ? generatedHookIds(text) : [];
  });
  const installed = HOOK_IDS.filter((id) => found.includes(id) || file.entries.some((entry) => entry.hookIds.includes(id)));
  const missing = write(installed).filter((generated) => readText(staged(root, generated.path)) === undefined);
  if (missing.length === 0) return [];
  const paths = missing.map((generated) => generated.path).join(", ");
  return [{ ok: false, file, text: `missing: ${paths}; \`guards install --agent ${file.agent}\` writes ${missing.length === 1 ? "it" : "them"} again` }];
}
