/**
 * Validates written configs against the agents' schemas, copied into test/install/schemas (its README
 * gives each one's source and licence: Cursor's community schema is loosened, Windsurf and Qwen are
 * written from their docs).
 */
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AGENT_IDS, installTargets } from "../../cli/install/targets/index.ts";
import type { AgentId } from "../../cli/install/targets/types.ts";

/** The agents whose hooks live in a JSON config (the others get whole files of their own: test/install/files.test.ts). */
export type ConfigAgentId = Exclude<AgentId, "cline" | "opencode" | "amp">;
export const CONFIG_AGENT_IDS = AGENT_IDS.filter((agent): agent is ConfigAgentId => installTargets[agent].layout !== "files");

const LOCAL = join(import.meta.dirname, "schemas");

export const SCHEMA_FILES: Record<ConfigAgentId, string> = {
  claude: join(LOCAL, "claude-code-settings.schema.json"),
  codex: join(LOCAL, "codex-hooks.schema.json"),
  gemini: join(LOCAL, "gemini-cli-settings.schema.json"),
  copilot: join(LOCAL, "copilot-hooks.schema.json"),
  cursor: join(LOCAL, "cursor-hooks.schema.json"),
  windsurf: join(LOCAL, "windsurf-hooks.schema.json"),
  qwen: join(LOCAL, "qwen-settings.schema.json"),
  factory: join(LOCAL, "factory-hooks.schema.json"),
  devin: join(LOCAL, "devin-config.schema.json"),
  kiro: join(LOCAL, "kiro-hooks.schema.json"),
  goose: join(LOCAL, "goose-hooks.schema.json"),
  crush: join(LOCAL, "crush.schema.json"),
  augment: join(LOCAL, "augment-settings.schema.json"),
  // VS Code runs Copilot's hook files.
  vscode: join(LOCAL, "copilot-hooks.schema.json"),
};

type Validate = ((doc: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
const compiled = new Map<string, Validate>();

export function schemaErrors(file: string, doc: unknown): string[] {
  let validate = compiled.get(file);
  if (!validate) {
    const schema = JSON.parse(readFileSync(file, "utf8")) as { $schema?: string };
    const AjvClass = String(schema.$schema).includes("2020-12") ? Ajv2020.default : Ajv.default;
    // strict: false for keywords ajv does not know (allowTrailingCommas, markdownDescription): schemas/README.md.
    const ajv = new AjvClass({ allErrors: true, strict: false });
    addFormats.default(ajv);
    validate = ajv.compile(schema) as Validate;
    compiled.set(file, validate);
  }
  return validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
