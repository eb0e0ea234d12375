/**
 * A provider's gate: what a text must hold before the provider's pattern is compiled and run. Kept apart from
 * the patterns and their checks (providers.ts), so that the pre-filter can rule a clean text out without
 * loading them: in the built hook files, the gates are a table of data (provider-gate-table.ts).
 */
import { compileSimpleGlobs, type PathTest } from "./globs.ts";
import { hex32After, inFirstLine, nameAsKey, nameThenOperator, nameThenQuotedArgument, nameThenSpacedValue, optionThenValue, recoveryOrBackupBefore, subversionPasswordKey, type KeywordContext } from "./keyword-context.ts";
import { KEYWORD_PROBES } from "./keyword-probes.ts";
import { linesWith, probeGroups, someOccurrence, type ProbeGroups } from "./keywords.ts";
import { isQuotedLiteralCode } from "./source-languages.ts";

export type WholeTextTest = (text: string) => boolean;

export interface ProviderGate {
  /** The marker's name: `[REDACTED:<kind>]`. */
  kind: string;
  /** Lower-case literals, one of which every match contains: the cheap gate run before the pattern (none: no gate). */
  keywords: readonly string[];
  /** Base-name globs of the only files this format appears in. */
  files?: readonly string[];
  /** Not in source files of languages whose literals are quoted (`isQuotedLiteralCode`): a config file's shape, never code's. */
  notInCode?: boolean;
  /** Run the pattern only on the lines holding a keyword: for patterns that start with a character class. */
  lineScoped?: boolean;
  /** With lineScoped: each such line and the one after it (a name and its value on two lines). */
  nextLine?: boolean;
  /** With lineScoped: a line (with its next) is searched only when it also holds a word (lower case) of each group. */
  lineNeeds?: readonly (readonly string[])[];
  /**
   * A keyword counts only where this holds around it (the shape of a name and its operator, keyword-context.ts):
   * with lineScoped, a line of prose about secrets is not searched; without, the text is searched only if one
   * does. Either way the pattern is not compiled for a text none opens. One of GATE_TESTS.
   */
  keywordContext?: KeywordContext;
  /**
   * For a pattern anchored to the whole text (no keyword to gate it): a test of the text that is false
   * wherever the pattern cannot match, cheaper than compiling the pattern for every file. One of GATE_TESTS.
   */
  wholeText?: WholeTextTest;
}

/**
 * An OpenVPN auth file (service-files.ts) is a name and a password, at most 64 + 2 + 128 + 2 characters: its
 * first line break comes after 2 to 65 characters, and neither holds a blank. A short prompt is none.
 */
export const fitsAnAuthFile: WholeTextTest = (text) => {
  if (text.length > 196) return false;
  const lineBreak = text.indexOf("\n");
  return lineBreak >= 2 && lineBreak <= 65 && !text.includes(" ") && !text.includes("\t");
};

/** The whole file is a JSON array (a Solana keypair, wallets.ts): JavaScript's trimStart removes what `\s` matches. */
export const isArrayText: WholeTextTest = (text) => text.trimStart().startsWith("[");

/**
 * Every test a gate may name, by the name the built table gives it. A provider's gate holds only tests from
 * here: a function defined elsewhere has no name the table can hold, and the build stops on it.
 */
export const GATE_TESTS: Readonly<Record<string, KeywordContext | WholeTextTest>> = {
  nameThenOperator,
  nameAsKey,
  nameThenQuotedArgument,
  nameThenSpacedValue,
  optionThenValue,
  hex32After,
  subversionPasswordKey,
  inFirstLine,
  recoveryOrBackupBefore,
  fitsAnAuthFile,
  isArrayText,
};

/** The gate fields of a provider, in a fixed order. */
export function gateOf(provider: ProviderGate): ProviderGate {
  const { kind, keywords, files, notInCode, lineScoped, nextLine, lineNeeds, keywordContext, wholeText } = provider;
  return { kind, keywords, files, notInCode, lineScoped, nextLine, lineNeeds, keywordContext, wholeText };
}

/**
 * The gates of every provider, indexed by keyword: a text's keywords name the few gates worth a look, where a
 * walk over every gate would read each at every start.
 */
export interface GateTable {
  /** Every keyword of the preset's gates and of some provider's gate, each once. */
  keywords: readonly string[];
  /** The keywords by their probes (keywords.ts). */
  probeGroups: ProbeGroups;
  /** For each keyword (by its place in `keywords`), the preset's rules whose gate holds it, by id. */
  presetOf: readonly (readonly string[])[];
  /** For each keyword (by its place in `keywords`), the gates it opens, by their place in PROVIDERS. */
  gatesOf: readonly (readonly number[])[];
  /** The gates without a keyword, which every text opens. */
  always: readonly number[];
  /** The gate of the provider at `index` in PROVIDERS. */
  gate(index: number): ProviderGate;
}

/** The table of `gates` (in PROVIDERS' order) and of the preset's rules' keywords (by rule id, preset-gates.ts). */
export function gateTable(gates: readonly ProviderGate[], presetKeywords: Readonly<Record<string, readonly string[]>>): GateTable {
  const presets = Object.entries(presetKeywords);
  const keywords = [...new Set([...presets.flatMap(([, words]) => words), ...gates.flatMap((gate) => gate.keywords)])];
  return {
    keywords,
    probeGroups: probeGroups(keywords, KEYWORD_PROBES),
    presetOf: keywords.map((keyword) => presets.flatMap(([rule, words]) => (words.includes(keyword) ? [rule] : []))),
    gatesOf: keywords.map((keyword) => gates.flatMap((gate, index) => (gate.keywords.includes(keyword) ? [index] : []))),
    always: gates.flatMap((gate, index) => (gate.keywords.length === 0 ? [index] : [])),
    gate: (index) => gates[index]!,
  };
}

/**
 * What the keywords `present` in a text open: the preset's rules (by id), and the providers' gates (with those
 * of no keyword) by their places in PROVIDERS, in order.
 */
export function gatesToTry(table: GateTable, present: ReadonlySet<string>): { presetRules: Set<string>; providers: number[] } {
  const presetRules = new Set<string>();
  const providers = new Set(table.always);
  for (const keyword of present) {
    const at = table.keywords.indexOf(keyword);
    for (const rule of table.presetOf[at] ?? []) presetRules.add(rule);
    for (const index of table.gatesOf[at] ?? []) providers.add(index);
  }
  return { presetRules, providers: [...providers].sort((a, b) => a - b) };
}

const fileMatchers = new WeakMap<ProviderGate, PathTest>();

/** Whether a provider applies to this file at all (netrc, pgpass formats only in their own files). */
export function providerAppliesTo(gate: ProviderGate, filePath: string | undefined): boolean {
  if (gate.notInCode && isQuotedLiteralCode(filePath)) return false;
  if (!gate.files) return true;
  if (!filePath) return false;
  let matcher = fileMatchers.get(gate);
  if (!matcher) fileMatchers.set(gate, (matcher = compileSimpleGlobs(gate.files)));
  return matcher(filePath);
}

/** The keyword gate: false means the provider's pattern cannot match. */
export function gateOpen(gate: ProviderGate, present: ReadonlySet<string>): boolean {
  return gate.keywords.length === 0 || gate.keywords.some((k) => present.has(k));
}

/**
 * The [start, end) ranges of `text` that the provider's pattern must search: none when a gate shuts it out.
 * The pattern is compiled only for a text with at least one. `present`: the keywords known to be in the text,
 * so that lines are looked up for those alone.
 */
export function searchRanges(gate: ProviderGate, text: string, lower: string, present?: ReadonlySet<string>): [number, number][] {
  if (gate.wholeText && !gate.wholeText(text)) return [];
  const keywords = present ? gate.keywords.filter((k) => present.has(k)) : gate.keywords;
  if (!gate.lineScoped && gate.keywordContext && !someOccurrence(lower, keywords, gate.keywordContext)) return [];
  const ranges: [number, number][] = gate.lineScoped ? linesWith(text, lower, keywords, gate.nextLine, gate.keywordContext) : [[0, text.length]];
  const needs = gate.lineNeeds;
  return needs ? ranges.filter(([start, end]) => needs.every((group) => group.some((need) => lower.slice(start, end).includes(need)))) : ranges;
}

/** Whether some range of `text` is worth the provider's pattern: its keywords, its file and its gates open. */
export function gatePasses(gate: ProviderGate, text: string, lower: string, filePath: string | undefined, present: ReadonlySet<string>): boolean {
  return gateOpen(gate, present) && providerAppliesTo(gate, filePath) && searchRanges(gate, text, lower, present).length > 0;
}
