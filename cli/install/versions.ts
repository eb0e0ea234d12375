/** Version folders of copied hook files that no config of the scope points at any more: an upgrade leaves none behind. */
import { readText } from "./disk.ts";
import { staged } from "./locations.ts";
import type { FileChange } from "./plan.ts";
import { AGENT_IDS, installTargets } from "./targets/index.ts";
import type { ScopeDirs } from "./targets/types.ts";

export function unreferencedVersions(dirs: ScopeDirs, root: string | undefined, changes: readonly FileChange[], versions: readonly string[], current: string): string[] {
  const texts = AGENT_IDS.map((agent) => {
    const file = installTargets[agent].configFile(dirs);
    if (!file) return "";
    const change = changes.find((c) => c.path === file.path);
    return change ? (change.after ?? "") : (readText(staged(root, file.path)) ?? "");
  });
  return versions.filter((version) => version !== current && !texts.some((text) => text.includes(`guards/${version}/`)));
}
