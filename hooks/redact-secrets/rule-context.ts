/**
 * Runs secretlint rules on one text through the rule context @secretlint/types documents (`create(context,
 * options)`, then `file(source)`), as @secretlint/core's lintSource does, without what a hook never reads:
 * per-message line/column locations, the profiler's marks, event emitters, severity and locale handling.
 * Messages come out as lintSource answers them: ignored ranges dropped, duplicates dropped, sorted by range.
 * test/hooks/redact-secrets-rule-context.test.ts holds it to lintSource on the case tables and real keys.
 */
import type {
  SecretLintRuleContext,
  SecretLintRuleCreator,
  SecretLintRuleIgnoreDescriptor,
  SecretLintRuleLocalizeMessages,
  SecretLintRuleReportDescriptor,
  SecretLintSourceCode,
  SecretLintSourceNodeLocation,
  SecretLintSourceNodePosition,
} from "@secretlint/types";

export interface RuleMessage {
  ruleId: string;
  messageId: string;
  message: string;
  range: readonly [number, number];
  data: unknown;
}

export interface RuleEntry {
  // Each rule has options of its own type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rule: SecretLintRuleCreator<any>;
  options?: object;
}

interface Ignore {
  ruleId: string;
  range: readonly [number, number];
  targetRuleId: string;
}

/** The messages of `rules` on a text file; `filePath` and `ext` as lintSource's `source` takes them. */
export async function runRules(rules: readonly RuleEntry[], content: string, filePath: string, ext: string): Promise<RuleMessage[]> {
  const source = sourceCode(content, filePath, ext);
  const reported: RuleMessage[] = [];
  const ignored: Ignore[] = [];
  // Every rule is created before any runs, as lintSource registers them all first.
  const handlers = rules.map(({ rule, options }) => rule.create(ruleContext(rule.meta.id, reported, ignored), options ?? {}));
  const running: (void | Promise<void>)[] = [];
  rules.forEach(({ rule }, index) => {
    const types = rule.meta.supportedContentTypes;
    if (types.includes("text") || types.includes("all")) running.push(handlers[index]!.file?.(source));
  });
  await Promise.all(running);
  return sortByRange(dropDuplicates(dropIgnored(reported, ignored)));
}

function ruleContext(ruleId: string, reported: RuleMessage[], ignored: Ignore[]): SecretLintRuleContext {
  return {
    sharedOptions: {},
    createTranslator: <T extends SecretLintRuleLocalizeMessages>(messages: T) => translator(messages),
    report(descriptor: SecretLintRuleReportDescriptor) {
      const { message, messageId, data } = descriptor.message;
      reported.push({ ruleId, messageId, message, range: descriptor.range, data });
    },
    ignore(descriptor: SecretLintRuleIgnoreDescriptor) {
      ignored.push({ ruleId, range: descriptor.range, targetRuleId: descriptor.targetRuleId });
    },
  };
}

/** secretlint's translator, for the `en` locale lintSource uses by default. */
// The translator's type is generic over each rule's own messages and props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function translator(messages: SecretLintRuleLocalizeMessages): any {
  return (messageId: string, props?: object) => {
    const handler = messages[messageId] as unknown;
    if (!handler) throw new Error(`messages:${messageId} is missing in messages.`);
    const format = typeof handler === "function" ? (handler as (p?: object) => string) : (handler as { en?: (p?: object) => string }).en;
    if (!format) throw new Error(`message's key:${messageId}.en should be defined in messages.`);
    return { message: typeof props !== "object" || props === null ? format() : format(props), messageId, data: props };
  };
}

/** The source a rule sees: a leading BOM is not content; positions are worked out only if a rule asks. */
function sourceCode(text: string, filePath: string, ext: string): SecretLintSourceCode {
  const hasBOM = text.charCodeAt(0) === 0xfeff;
  const content = hasBOM ? text.slice(1) : text;
  let starts: number[] | undefined;
  // Line starts as structured-source counts them: after \n, \r\n, \r, U+2028 and U+2029.
  const lineStarts = () => {
    if (starts) return starts;
    starts = [0];
    const breaks = /[\r\n\u2028\u2029]/g;
    for (let m = breaks.exec(content); m; m = breaks.exec(content)) {
      const next = m.index + (content.charCodeAt(m.index) === 0x0d && content.charCodeAt(m.index + 1) === 0x0a ? 2 : 1);
      if (next > content.length) break;
      starts.push(next);
      breaks.lastIndex = next;
    }
    return starts;
  };
  const positionToIndex = (pos: SecretLintSourceNodePosition) => lineStarts()[pos.line - 1]! + pos.column;
  const indexToPosition = (index: number): SecretLintSourceNodePosition => {
    const all = lineStarts();
    // The number of line starts at or before `index` (an upper bound), which is the 1-based line.
    let low = 0;
    let high = all.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (all[mid]! <= index) low = mid + 1;
      else high = mid;
    }
    return { line: low, column: index - all[low - 1]! };
  };
  return {
    hasBOM,
    content,
    filePath,
    physicalFilePath: filePath,
    contentType: "text",
    ext,
    getFilePath: () => filePath,
    getPhysicalFilePath: () => filePath,
    positionToIndex,
    indexToPosition,
    locationToRange: (loc: SecretLintSourceNodeLocation) => [positionToIndex(loc.start), positionToIndex(loc.end)],
    rangeToLocation: (range) => ({ start: indexToPosition(range[0]), end: indexToPosition(range[1]) }),
  };
}

/** A message inside an ignored range, for its rule or every rule ("*"), is dropped. */
function dropIgnored(reported: RuleMessage[], ignored: Ignore[]): RuleMessage[] {
  if (ignored.length === 0) return reported;
  const inside = (index: number, [start, end]: readonly [number, number]) => start <= index && index <= end;
  return reported.filter(
    (message) =>
      !ignored.some((ignore) => {
        const covered = inside(message.range[0], ignore.range) && inside(message.range[1], ignore.range);
        if (covered && ignore.targetRuleId) return ignore.targetRuleId === "*" || message.ruleId === ignore.targetRuleId;
        return covered;
      }),
  );
}

/** Of messages with the same range and text, the last is kept. */
function dropDuplicates(messages: RuleMessage[]): RuleMessage[] {
  return messages.filter(
    (message, index) => !messages.slice(index + 1).some((later) => later.range[0] === message.range[0] && later.range[1] === message.range[1] && later.message === message.message),
  );
}

function sortByRange(messages: RuleMessage[]): RuleMessage[] {
  return messages.sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
}
