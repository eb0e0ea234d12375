/**
 * The front's reading of plain YAML (shared/plain-yaml.ts) against the YAML parser the runner uses: every
 * text it reads, it reads as the parser does, and the parser finds no error in it; whatever it is not sure
 * of, it leaves to the parser. Hand-written rows, then many generated documents that mix the plain forms
 * with the ones it must refuse.
 */
import { parseDocument } from "yaml";
import { describe, expect, it } from "vitest";
import { plainYamlValue } from "../shared/plain-yaml.ts";

/** What the runner gets (shared/config.ts): the document's value, or undefined when the parser reports an error. */
function parsed(text: string): unknown {
  const doc = parseDocument(text, { prettyErrors: false });
  return doc.errors.length ? undefined : (doc.toJS() ?? {});
}

function agreesWithParser(text: string): void {
  const mine = plainYamlValue(text);
  if (mine === undefined) return;
  expect(parsed(text), text).toStrictEqual(mine);
}

const MDM = `# guards policy, pushed by MDM
audit:
  enabled: true           # false: no local trail
  all: false
  maxBytes: 10485760
telemetry:
  otlp:
    enabled: true
    endpoint: http://collector.internal:4318   # logs go to <endpoint>/v1/logs
    protocol: http/json
    headers: { x-team: payments }
    headersEnv: { Authorization: GUARDS_OTLP_TOKEN }
    resource: { team.id: payments }
    timeoutMs: 10000
    spoolMax: 10000
locked: [audit, telemetry.otlp]
`;

const READ: [string, string, unknown][] = [
  ["the MDM config of the README", MDM, undefined],
  ["an empty file", "", {}],
  ["comments only", "# nothing\n  # here\n", {}],
  ["a list under its key, same indentation", "hooks:\n  dangerous-command:\n    protectedPaths:\n    - src\n    - ~/keep\n    - ./build\n", undefined],
  ["a list indented", "locked:\n  - audit\n  - 'telemetry.otlp'\n", undefined],
  ["quoted words", "a: \"x # y\"\nb: 'it is'\nc: \"\"\n", undefined],
  ["null, ~ and an empty value", "a: null\nb: ~\nc:\nd: 1\n", undefined],
  ["integers", "a: 0\nb: -12\nc: 123456789012345\n", undefined],
  ["yes and on are words in YAML 1.2", "a: yes\nb: on\nc: off\n", undefined],
  ["flow lists and mappings", "a: []\nb: {}\nc: [x, \"y z\", 3, true]\nd: { k: v, n: 1 }\n", undefined],
  ["a comment after an empty value", "a: # later\n  b: 1\n", undefined],
  ["paths", "p: [/, ./x, ../y, ~/z, release/*]\n", undefined],
  ["a list of lists", "a:\n  - [x]\n  - {k: v}\n", undefined],
];

const REFUSED: [string, string][] = [
  ["an anchor and alias", "a: &x 1\nb: *x\n"],
  ["a merge key", "base: { a: 1 }\nc:\n  <<: *base\n"],
  ["a tag", "a: !!str 1\n"],
  ["a YAML 1.1 directive (yes is true there)", "%YAML 1.1\n---\na: yes\n"],
  ["a document marker", "---\na: 1\n"],
  ["two documents", "a: 1\n---\nb: 2\n"],
  ["a block scalar", "a: |\n  text\n"],
  ["a folded scalar", "a: >\n  text\n"],
  ["a multi-line plain scalar", "a:\n  one\n  two\n"],
  ["an escaped string", 'a: "x\\ny"\n'],
  ["a doubled quote", "a: 'it''s'\n"],
  ["a float", "a: 1.5\n"],
  ["an exponent", "a: 1e3\n"],
  ["hex", "a: 0x1F\n"],
  ["octal", "a: 0o17\n"],
  ["a leading zero", "a: 017\n"],
  ["a plus sign", "a: +1\n"],
  ["minus zero", "a: -0\n"],
  ["infinity", "a: .inf\n"],
  ["True in capitals", "a: True\n"],
  ["NULL in capitals", "a: NULL\n"],
  ["a duplicate key", "a: 1\na: 2\n"],
  ["a tab", "a:\n\tb: 1\n"],
  ["a carriage return", "a: 1\r\nb: 2\r\n"],
  ["a byte order mark", "\uFEFFa: 1\n"],
  ["a next-line character in a comment (a line break in YAML 1.1)", "a: 1 # x\x85all: true\n"],
  ["a line separator in a comment", "a: 1 # x\u2028all: true\n"],
  ["a form feed", "a: 1\n\fb: 2\n"],
  ["a quoted key", '"a": 1\n'],
  ["a key with a space", "a b: 1\n"],
  ["a __proto__ key", "__proto__:\n  audit: { all: true }\n"],
  ["a complex key", "? a\n: 1\n"],
  ["a top-level list", "- a\n- b\n"],
  ["a top-level scalar", "just words\n"],
  ["an indented top level", "  a: 1\n"],
  ["bad indentation", "a:\n    b: 1\n  c: 2\n"],
  ["a mapping in a list item", "rules:\n  - id: x\n    command: ls\n"],
  ["an empty list item", "a:\n  -\n"],
  ["a plain value with a space", "a: b c\n"],
  ["a URL inside a flow list", "a: [http://x]\n"],
  ["a trailing comma", "a: [x, y,]\n"],
  ["nested flow", "a: [[x]]\n"],
  ["a comment glued to a value", "a: 'x'#c\n"],
  ["a value ending in a colon", "a: b:\n"],
  ["a value with a colon and space in flow", "a: { k: v: w }\n"],
  ["an alias-looking word", "a: *prod*\n"],
  ["a non-ASCII word", "a: café\n"],
];

describe("plain YAML, read without the parser", () => {
  it.each(READ)("%s: read as the parser reads it", (_name, text, expected) => {
    const mine = plainYamlValue(text);
    expect(mine, text).toBeDefined();
    expect(parsed(text)).toStrictEqual(mine);
    if (expected !== undefined) expect(mine).toStrictEqual(expected);
  });

  it.each(REFUSED)("%s: left to the parser", (_name, text) => {
    expect(plainYamlValue(text)).toBeUndefined();
  });

  it("generated documents: whatever it reads, the parser reads the same, without an error", () => {
    let seed = 20261124;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const KEYS = ["a", "enabled", "all", "x-team", "team.id", "b_2", "true", "null", "on", "a b", '"q"', "__proto__", "<<", "1", "k/v", "a:b"];
    const SCALARS = ["x", "true", "false", "null", "~", "0", "7", "-3", "012", "1.5", ".inf", "True", "yes", "http://h:4318", "'s'", '"d"', '"a#b"', "'a b'", "a#b", "a #c", "[]", "{}", "[x, y]", "[x, 'y']", "{ k: v }", "{k: 1, j: [x]}", "*a", "&a x", "!t x", "|", ">", "-", "- x", "~/p", "./p", ".p", "a: b", "a:", "[x,]", "'it''s'", '"e\\n"', "@x", "`x`", "%x", "? x", "-0", "+1", "0x10"];
    const INDENTS = [0, 1, 2, 3, 4];
    const COMMENTS = ["", " # note", "#tight", "   # spaced"];
    /** Half the documents draw only from the forms it reads (in any arrangement), half from every form. */
    const CLEAN_KEYS = KEYS.filter((key) => /^[a-z][a-z0-9_.\/-]*$/.test(key) && !["true", "null"].includes(key));
    const CLEAN_SCALARS = ["x", "true", "false", "null", "~", "0", "7", "-3", "yes", "http://h:4318", "'s'", '"d"', '"a#b"', "'a b'", "[]", "{}", "[x, y]", "[x, 'y']", "{ k: v }", "~/p", "./p"];
    let read = 0;
    for (let n = 0; n < 4000; n++) {
      const clean = n % 2 === 0;
      const pick = <T>(list: readonly T[], cleanList?: readonly T[]): T => {
        const from = clean && cleanList ? cleanList : list;
        return from[Math.floor(random() * from.length)]!;
      };
      const lines: string[] = [];
      const depth = [0];
      for (let l = 0, count = 1 + Math.floor(random() * 8); l < count; l++) {
        const indent = random() < (clean ? 0.92 : 0.7) ? depth[depth.length - 1]! : pick(INDENTS);
        const pad = " ".repeat(indent);
        const shape = random();
        if (shape < 0.55) lines.push(`${pad}${pick(KEYS, CLEAN_KEYS)}: ${pick(SCALARS, CLEAN_SCALARS)}${pick(COMMENTS)}`);
        else if (shape < 0.8) {
          lines.push(`${pad}${pick(KEYS, CLEAN_KEYS)}:${pick(COMMENTS)}`);
          depth.push(indent + pick([0, 2, 2, 4]));
        } else if (shape < 0.95) lines.push(`${" ".repeat(depth[depth.length - 1]!)}- ${pick(SCALARS, CLEAN_SCALARS)}${pick(COMMENTS)}`);
        else {
          lines.push(pick(["", "# c", "  ", "---", "%YAML 1.1"], ["", "# c", "  "]));
          if (depth.length > 1) depth.pop();
        }
      }
      const text = `${lines.join("\n")}\n`;
      agreesWithParser(text);
      if (plainYamlValue(text) !== undefined) read++;
    }
    // Not vacuous: a good share of the documents are plain enough to be read.
    expect(read).toBeGreaterThan(300);
  });
});
