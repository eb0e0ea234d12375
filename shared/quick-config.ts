/**
 * Whether the guards config leaves an inert command (hooks/inert-commands.ts) as it is with no config:
 * the same answer from every guard and nothing recorded. Then the hook file's front may answer it. Only
 * settings known to change neither pass: the audit trail of denies and asks (a pass is not recorded unless
 * `audit.all`), the OTLP export (it sends records, and a pass makes none), `locked`, and each guard's
 * options its registry declares inert (hooks/inert-settings.ts). Each file is read as the runner reads it
 * without the YAML parser (config-read.ts: JSON, plain YAML, the user's parsed copy; never a copy of the
 * enterprise file). An unknown key, a file outside those forms, or one that cannot be read at all: the
 * runner decides, as it always did.
 */
import { configPaths, presentConfigFiles } from "./config-paths.ts";
import { assembleConfig, type GuardsConfig } from "./config-merge.ts";
import { cheapConfigValue, readConfigFile } from "./config-read.ts";
import { isObject, type Json } from "./fields.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** Where a guard's options are read: what they are resolved against (dangerous-command's protectedPaths). */
export interface SectionPlace {
  home: string | undefined;
  projectRoot: string;
}

/** Whether a guard's `hooks.<id>` section leaves every inert command's answer as with no config. */
export type InertSection = (section: Json, place: SectionPlace) => boolean;

const only = (value: Json, keys: readonly string[]) => Object.keys(value).every((key) => keys.includes(key));

/** Top-level settings, each checked for what it does to a pass. */
const TOP_LEVEL: Readonly<Record<string, (value: unknown) => boolean>> = {
  // shared/audit/settings.ts: `all: true` records passes too.
  audit: (value) => isObject(value) && only(value, ["enabled", "all", "maxBytes"]) && value.all !== true,
  // shared/telemetry: the export sends the trail's records, and a pass makes none.
  telemetry: (value) => isObject(value) && only(value, ["otlp"]),
  locked: (value) => Array.isArray(value) && value.every((path) => typeof path === "string"),
};

/** The config that `hooks` (the entry's guards) would run with leaves inert commands as they are. */
export function configLeavesInert(projectRoot: string, hooks: readonly string[], env: Env, sections: Readonly<Record<string, InertSection>>): boolean {
  const paths = configPaths(projectRoot, env);
  const present = presentConfigFiles(paths);
  if (present.length === 0) return true;
  const values = new Map<string, Json>();
  for (const path of present) {
    let value: Json | undefined;
    try {
      const { text, owned } = readConfigFile(path);
      value = cheapConfigValue({ path, text, owned, enterprise: path === paths.enterprise }, env);
    } catch {
      return false;
    }
    if (!value) return false;
    values.set(path, value);
  }
  return settingsLeaveInert(assembleConfig(paths, values), hooks, { home: env.HOME || undefined, projectRoot }, sections);
}

/** The merged config's settings, each known and inert; each of the entry's guards' sections inert by its own check. */
export function settingsLeaveInert(config: GuardsConfig, hooks: readonly string[], place: SectionPlace, sections: Readonly<Record<string, InertSection>>): boolean {
  if (!plainTree(config.data)) return false;
  const { hooks: hookSections, ...rest } = config.data;
  for (const [key, value] of Object.entries(rest)) {
    const check = Object.hasOwn(TOP_LEVEL, key) ? TOP_LEVEL[key] : undefined;
    if (!check?.(value)) return false;
  }
  if (hookSections === undefined) return true;
  if (!isObject(hookSections)) return false;
  return hooks.every((id) => {
    const section = hookSections[id];
    if (section === undefined) return true;
    const check = Object.hasOwn(sections, id) ? sections[id] : undefined;
    return isObject(section) && check !== undefined && check(section, place);
  });
}

/**
 * Every object a plain one: a `__proto__` key in a JSON file becomes the merged object's prototype, whose
 * keys the guards read but no own-key check sees.
 */
function plainTree(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(plainTree);
  if (typeof value !== "object" || value === null) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && !Object.hasOwn(value, "__proto__") && Object.values(value).every(plainTree);
}
