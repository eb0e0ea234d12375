/** Reads end-to-end cases in the universal test format (UAAPS spec, uaaps/uaaps_docs docs/spec/07-hooks.md, "Hook Testing"). */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { parseAllDocuments } from "yaml";
import { isObject, type Json } from "../../shared/fields.ts";

export interface TestCase {
  name: string;
  description?: string;
  /** The seed's kebab-case event name (documentation only when `hook` is given). */
  event: string;
  hookIndex: number;
  /** guards extension: the hook id to run, and the dialect its fixture speaks. */
  hook?: string;
  dialect?: string;
  fixture?: string;
  overrides: Record<string, unknown>;
  env: Record<string, string>;
  expected: {
    exitCode?: number;
    stderrContains: string[];
    stdoutJson?: unknown;
    notContains: string[];
  };
  /** The case file, and the folder its fixture paths are relative to (the parent of `cases/`). */
  file: string;
  root: string;
}

export class CaseFileError extends Error {
  override name = "CaseFileError";
}

/** Every case under PATH (a case file or a folder searched recursively for *.yaml / *.yml). */
export function loadCases(path: string): TestCase[] {
  const files = statSync(path).isDirectory() ? findCaseFiles(path) : [path];
  return files.flatMap(loadCaseFile);
}

function findCaseFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) return findCaseFiles(full);
      return /\.ya?ml$/.test(entry.name) ? [full] : [];
    });
}

function loadCaseFile(file: string): TestCase[] {
  const docs = parseAllDocuments(readFileSync(file, "utf8"));
  if (!Array.isArray(docs)) throw new CaseFileError(`${file}: not a YAML document`);
  const out: TestCase[] = [];
  for (const doc of docs) {
    const error = doc.errors[0];
    if (error) throw new CaseFileError(`${file} line ${error.linePos?.[0]?.line ?? "?"}: ${error.message.split("\n")[0]}`);
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) out.push(toCase(item, file));
  }
  return out;
}

function toCase(value: unknown, file: string): TestCase {
  if (!isObject(value)) throw new CaseFileError(`${file}: a case must be a mapping`);
  const name = value.name;
  if (typeof name !== "string" || !/^[a-z0-9-]{1,64}$/.test(name)) throw new CaseFileError(`${file}: case name must match [a-z0-9-], at most 64 characters (got ${JSON.stringify(name)})`);
  if (typeof value.event !== "string") throw new CaseFileError(`${file}: case "${name}" has no event`);
  const input = isObject(value.input) ? value.input : {};
  const expected = isObject(value.expected) ? value.expected : {};
  const strings = (v: unknown, field: string): string[] => {
    if (v === undefined) return [];
    if (!Array.isArray(v) || v.some((s) => typeof s !== "string")) throw new CaseFileError(`${file}: case "${name}" ${field} must be a list of strings`);
    return v as string[];
  };
  return {
    name,
    description: typeof value.description === "string" ? value.description : undefined,
    event: value.event,
    hookIndex: typeof value["hook-index"] === "number" ? value["hook-index"] : 0,
    hook: typeof value.hook === "string" ? value.hook : undefined,
    dialect: typeof value.dialect === "string" ? value.dialect : undefined,
    fixture: typeof input.fixture === "string" ? input.fixture : undefined,
    overrides: isObject(input.overrides) ? input.overrides : {},
    env: isObject(value.env) ? (Object.fromEntries(Object.entries(value.env).map(([k, v]) => [k, String(v)])) as Record<string, string>) : {},
    expected: {
      exitCode: typeof expected["exit-code"] === "number" ? expected["exit-code"] : undefined,
      stderrContains: strings(expected["stderr-contains"], "stderr-contains"),
      stdoutJson: expected["stdout-json"],
      notContains: strings(expected["not-contains"], "not-contains"),
    },
    file,
    root: casesRoot(file),
  };
}

/** Fixture paths are relative to the folder that holds `cases/` (the seed's `tests/`). */
function casesRoot(file: string): string {
  const parts = resolve(file).split(sep);
  const at = parts.lastIndexOf("cases");
  return at > 0 ? parts.slice(0, at).join(sep) || sep : dirname(file);
}

/** The fixture with the case's dot-path overrides applied (`toolInput.file_path`, `edits.0.new_string`). */
export function casePayload(testCase: TestCase): Json {
  const base: Json = testCase.fixture ? (JSON.parse(readFileSync(join(testCase.root, testCase.fixture), "utf8")) as Json) : {};
  for (const [path, value] of Object.entries(testCase.overrides)) setDotPath(base, path, value);
  return base;
}

function setDotPath(target: Json, path: string, value: unknown): void {
  const keys = path.split(".");
  let cur: Record<string, unknown> = target;
  keys.slice(0, -1).forEach((key, i) => {
    const next = cur[key];
    if (typeof next !== "object" || next === null) cur[key] = /^\d+$/.test(keys[i + 1]!) ? [] : {};
    cur = cur[key] as Record<string, unknown>;
  });
  cur[keys[keys.length - 1]!] = value;
}

