/**
 * Decides, without loading secretlint, whether a text can hold anything the rules would report.
 * It must stay a superset of the rules: test/hooks/redact-secrets-corpus.test.ts checks it on the corpus.
 * It reads the providers' gates (provider-gate-table.ts), and loads their patterns only for a text that
 * opens one: most texts open none.
 */
import { tableFinder } from "./keywords.ts";
import { PRESET_GATES } from "./preset-gates.ts";
import { gatePasses, gatesToTry } from "./provider-gate.ts";
import { GATE_TABLE } from "./provider-gate-table.ts";

/** Every keyword the pre-filter looks for: the preset's gates', then the providers'. */
export const PREFILTER_KEYWORDS: readonly string[] = GATE_TABLE.keywords;

const findKeywords = tableFinder(GATE_TABLE.keywords, GATE_TABLE.probeGroups);

/**
 * Whether the secretlint rules may find something in `text` (read from `filePath`), the keywords present,
 * and the preset's rules that may report.
 */
export async function prefilter(text: string, filePath: string | undefined): Promise<PrefilterVerdict> {
  // The hook file's front asks first, and hands a read it cannot pass to the runner, which asks again about
  // the same text in the same process (quick-read.ts): the answer is kept for that one text.
  if (last && last.text === text && last.filePath === filePath) return last.verdict;
  const verdict = await freshVerdict(text, filePath);
  last = { text, filePath, verdict };
  return verdict;
}

export interface PrefilterVerdict {
  scan: boolean;
  present: ReadonlySet<string>;
  presetRules: ReadonlySet<string>;
}

let last: { text: string; filePath: string | undefined; verdict: PrefilterVerdict } | undefined;

async function freshVerdict(text: string, filePath: string | undefined): Promise<PrefilterVerdict> {
  const lower = text.toLowerCase();
  const present = findKeywords(lower);
  const tried = gatesToTry(GATE_TABLE, present);
  const presetRules = new Set<string>();
  for (const rule of tried.presetRules) {
    const gate = PRESET_GATES[rule]!;
    if (gate.extensions && !gate.extensions.includes(extension(filePath))) continue;
    if (!gate.confirm || gate.confirm.test(lower)) presetRules.add(rule);
  }
  if (presetRules.size > 0) return { scan: true, present, presetRules };
  // With no preset rule to run, the engine would run our rule alone, and report what it finds: its findings
  // decide, so a document whose matches are all turned down (`"key": "guards.project.name"`, `TOKEN="Bearer …"`)
  // never loads secretlint. The engine defuses `secretlint-` directives (engine.ts): the rule reads the same text.
  const content = text.includes("secretlint-") ? text.replaceAll("secretlint-", "secretlint_") : text;
  const contentLower = content === text ? lower : content.toLowerCase();
  const opened = tried.providers.filter((index) => gatePasses(GATE_TABLE.gate(index), content, contentLower, filePath, present));
  if (opened.length === 0) return { scan: false, present, presetRules };
  const { matchProviders, PROVIDERS } = await import("./provider-rule.ts");
  return { scan: matchProviders(content, filePath, present, opened.map((index) => PROVIDERS[index]!), contentLower).length > 0, present, presetRules };
}

/** The extension as the engine hands it to the rules (`source.ext`): `.json`, or "" for none. */
function extension(filePath: string | undefined): string {
  const base = filePath ? filePath.slice(filePath.lastIndexOf("/") + 1) : "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot) : "";
}

export async function mayContainSecrets(text: string, filePath: string | undefined): Promise<boolean> {
  return (await prefilter(text, filePath)).scan;
}
