/**
 * The enterprise config is read by every hook at every agent action. Written as JSON or plain YAML
 * (shared/plain-yaml.ts) it costs no parser, and the hook file's front answers listings and git's views by
 * itself under it; any other YAML (anchors, tags, multi-line or escaped strings, floats) loads the YAML
 * parser each time, since its parsed copy cannot be kept where the user could rewrite it.
 */
import { readFileSync } from "node:fs";
import { configPaths } from "../../shared/config.ts";
import { jsonConfigValue } from "../../shared/config-cache.ts";
import { plainYamlValue } from "../../shared/plain-yaml.ts";
import type { Finding } from "./doctor.ts";
import type { InventoryRequest } from "./inventory.ts";
import { staged } from "./locations.ts";

export function configFormFindings(request: InventoryRequest): Finding[] {
  if (!request.scopes.includes("enterprise") || request.platform === "win32") return [];
  const path = staged(request.root, configPaths(request.project, request.env).enterprise);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    // Absent, or unreadable: the modes finding speaks of the latter.
    return [];
  }
  if (jsonConfigValue(text) ?? plainYamlValue(text)) return [];
  return [
    {
      ok: true,
      text: `the guards config ${path} is YAML beyond the plain form (anchors, tags, multi-line or escaped strings, floats): every agent action loads the YAML parser for it, and listings are no longer answered early; written as plain YAML or JSON it costs neither`,
    },
  ];
}
