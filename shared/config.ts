/** The guards config: YAML merged from the enterprise, user and project files. */
import { keepConfigValue } from "./config-cache.ts";
import { assembleConfig, type GuardsConfig } from "./config-merge.ts";
import { cheapConfigValue, ConfigError, readConfigFile } from "./config-read.ts";
import { isObject, type Json } from "./fields.ts";
import type { HookConfig, HookId } from "./hook.ts";

export { configPaths, DEFAULT_ENTERPRISE_CONFIG, PROJECT_CONFIG_FILE } from "./config-paths.ts";
export { applyEnterprise, mergeConfig, type GuardsConfig } from "./config-merge.ts";
export { ConfigError } from "./config-read.ts";
import { configPaths, presentConfigFiles } from "./config-paths.ts";

export async function loadConfig(projectRoot: string, env: Readonly<Record<string, string | undefined>>): Promise<GuardsConfig> {
  const paths = configPaths(projectRoot, env);
  const present = presentConfigFiles(paths);
  // Most projects have no config; the YAML parser is loaded only for a file that needs it (config-cache.ts).
  if (present.length === 0) return { data: {}, sources: [] };
  const read = async (path: string): Promise<Json> => {
    const { text, owned } = readConfigFile(path);
    const enterprise = path === paths.enterprise;
    const cheap = cheapConfigValue({ path, text, owned, enterprise }, env);
    if (cheap) return cheap;
    const { parseDocument } = await import("yaml");
    const doc = parseDocument(text, { prettyErrors: false });
    const first = doc.errors[0];
    if (first) {
      const line = first.linePos?.[0]?.line;
      throw new ConfigError(`config ${path}${line ? ` line ${line}` : ""} is not valid YAML: ${first.message.split("\n")[0]}`);
    }
    const value: unknown = doc.toJS() ?? {};
    if (!isObject(value)) throw new ConfigError(`config ${path} must be a YAML mapping at the top level`);
    // The enterprise file is never kept: its copy would be writable by the user it binds.
    if (owned && !enterprise) keepConfigValue(path, text, value, env);
    return value;
  };
  const values = new Map<string, Json>();
  for (const path of present) values.set(path, await read(path));
  return assembleConfig(paths, values);
}

/** Whether the config switches the hook off; for `onlyEnterpriseDisables` hooks only the enterprise file counts. */
export function switchedOff(config: GuardsConfig, id: HookId, onlyEnterprise: boolean): boolean {
  if (!onlyEnterprise) return hookSection(config, id).enabled === false;
  return config.enterprise !== undefined && hookSection({ data: config.enterprise, sources: [] }, id).enabled === false;
}

/** The `hooks.<id>` section of the merged config. */
export function hookSection(config: GuardsConfig, id: HookId): HookConfig {
  const hooks = config.data.hooks;
  const section = isObject(hooks) ? hooks[id] : undefined;
  return isObject(section) ? section : {};
}
