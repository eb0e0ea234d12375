/**
 * Validates written configs against the agents' published schemas (../shared/schemas beside the
 * clone), or against the copies under test/install/schemas where none is published or it is stale
 * (see the `$comment` of each: Cursor's community schema is loosened, Windsurf and Qwen are written
 * from their docs).
 */
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentId } from "../../shared/install/targets/types.ts";
import { ROOT } from "../support/process.ts";

const SHARED = join(ROOT, "..", "shared", "schemas");
const LOCAL = join(import.meta.dirname, "schemas");

export const SCHEMA_FILES: Record<AgentId, string> = {
  claude: join(SHARED, "claude-code-settings.schema.json"),
  codex: join(SHARED, "codex-hooks.schema.json"),
  gemini: join(SHARED, "gemini-cli-settings.schema.json"),
  copilot: join(SHARED, "copilot-hooks.schema.json"),
  cursor: join(LOCAL, "cursor-hooks.schema.json"),
  windsurf: join(LOCAL, "windsurf-hooks.schema.json"),
  qwen: join(LOCAL, "qwen-settings.schema.json"),
};

type Validate = ((doc: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
const compiled = new Map<string, Validate>();

export function schemaErrors(file: string, doc: unknown): string[] {
  let validate = compiled.get(file);
  if (!validate) {
    const schema = JSON.parse(readFileSync(file, "utf8")) as { $schema?: string };
    const AjvClass = String(schema.$schema).includes("2020-12") ? Ajv2020.default : Ajv.default;
    // strict: false for keywords ajv does not know (allowTrailingCommas, markdownDescription): ../shared/schemas/README.md.
    const ajv = new AjvClass({ allErrors: true, strict: false });
    addFormats.default(ajv);
    validate = ajv.compile(schema) as Validate;
    compiled.set(file, validate);
  }
  return validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
