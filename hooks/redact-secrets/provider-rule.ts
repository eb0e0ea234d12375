/** Our secretlint rule: the formats in providers.ts, each behind its gate (provider-gate.ts), placeholders filtered. */
import type { SecretLintRuleCreator } from "@secretlint/types";
import { KEYWORD_PROBES } from "./keyword-probes.ts";
import { keywordFinder } from "./keywords.ts";
import { gateOpen, providerAppliesTo, searchRanges } from "./provider-gate.ts";
import { PROVIDERS, type Provider } from "./providers.ts";
import { looksSecret } from "./values.ts";

export { PROVIDERS };

export const PROVIDER_RULE_ID = "guards-providers";

export interface ProviderMatch {
  kind: string;
  /** Offsets of the secret itself in the text. */
  start: number;
  end: number;
}

const patterns = new Map<Provider, RegExp>();
let findProviderKeywords: ((lower: string) => Set<string>) | undefined;

/**
 * Each match of the provider's pattern, with indices relative to the whole text; stops when `visit` returns true.
 * `present`: the keywords known to be in the text, so that lines are looked up for those alone.
 */
export function forEachMatch(provider: Provider, text: string, lower: string, visit: (match: RegExpExecArray, offset: number) => boolean | void, present?: ReadonlySet<string>): void {
  // The provider's own (global) RegExp, its lastIndex reset for each range: V8 compiles a pattern once per
  // RegExp object, and a copy made for each call was compiled again by the pre-filter and by the rule.
  // Made at the first range worth searching: compiling is most of a pattern's cost on a clean file.
  let pattern = patterns.get(provider);
  for (const [start, end] of searchRanges(provider, text, lower, present)) {
    if (!pattern) patterns.set(provider, (pattern = provider.pattern()));
    const slice = start === 0 && end === text.length ? text : text.slice(start, end);
    pattern.lastIndex = 0;
    for (let match = pattern.exec(slice); match; match = pattern.exec(slice)) {
      if (match[0].length === 0) pattern.lastIndex++;
      if (visit(match, start)) return;
    }
  }
}

/**
 * `present`: the keywords already found in the text by the pre-filter, when it ran. `providers`: PROVIDERS, or
 * variants of them (a test compares the rule with and without its keyword contexts). `lower`: the text lower-cased,
 * when the caller has it.
 */
export function matchProviders(
  text: string,
  filePath: string | undefined,
  present?: ReadonlySet<string>,
  providers: readonly Provider[] = PROVIDERS,
  lower = text.toLowerCase(),
): ProviderMatch[] {
  present ??= (findProviderKeywords ??= keywordFinder(PROVIDERS.flatMap((p) => p.keywords), KEYWORD_PROBES))(lower);
  const found: ProviderMatch[] = [];
  for (const provider of providers) {
    // The gate first: a look-up in `present`, where the file test may compile the provider's globs.
    if (!gateOpen(provider, present) || !providerAppliesTo(provider, filePath)) continue;
    forEachMatch(provider, text, lower, (match, offset) => {
      const span = secretSpan(provider, match);
      if (!span) return;
      const value = match.input.slice(span[0], span[1]);
      if (!looksSecret(value, provider.minEntropy ?? 3)) return;
      if (provider.accept && !provider.accept(value, match, text, span[0] + offset, filePath)) return;
      found.push({ kind: provider.kind, start: span[0] + offset, end: span[1] + offset });
    }, present);
  }
  return found;
}

function secretSpan(provider: Provider, match: RegExpExecArray): [number, number] | undefined {
  if (!provider.group) return [match.index, match.index + match[0].length];
  const names = typeof provider.group === "string" ? [provider.group] : provider.group;
  for (const name of names) {
    const span = match.indices?.groups?.[name];
    if (span) return span;
  }
  return undefined;
}

const messages = {
  FOUND: { en: (props?: { KIND?: string }) => `found ${props?.KIND ?? "a secret"}` },
};

export const providerRule: SecretLintRuleCreator<{ present?: string[] }> = {
  messages,
  meta: {
    id: PROVIDER_RULE_ID,
    type: "scanner",
    recommended: true,
    supportedContentTypes: ["text"],
  },
  create(context, options: { present?: string[] }) {
    const t = context.createTranslator(messages);
    const present = options?.present ? new Set(options.present) : undefined;
    return {
      file(source) {
        for (const match of matchProviders(source.content, source.filePath, present)) {
          context.report({ message: t("FOUND", { KIND: match.kind }), range: [match.start, match.end] });
        }
      },
    };
  },
};
