/** The text helpers behind the promises: where a JSON file is broken, and the unified diff of --dry-run. */
import { describe, expect, test } from "vitest";
import { unifiedDiff } from "../../cli/install/diff.ts";
import { jsonSyntaxProblem } from "../../cli/install/json-position.ts";

describe("jsonSyntaxProblem", () => {
  test.for([
    ['{"a": 1}', undefined],
    ['{\n  "a": 1,\n}', { line: 3, column: 1 }],
    ['{\n  "a": [1, 2\n}', { line: 3, column: 1 }],
    ['{\n  // comment\n  "a": 1\n}', { line: 2, column: 3 }],
    ['{"a": tru}', { line: 1, column: 7 }],
    ['{"a": 1} {', { line: 1, column: 10 }],
    ['{"a": "x\n"}', { line: 1, column: 9 }],
    ["", { line: 1, column: 1 }],
  ] as const)("%j", ([text, where]) => {
    const problem = jsonSyntaxProblem(text);
    if (where === undefined) expect(problem).toBeUndefined();
    else expect(problem).toMatchObject(where);
    if (where === undefined) expect(() => JSON.parse(text)).not.toThrow();
    else expect(() => JSON.parse(text)).toThrow();
  });
});

describe("unifiedDiff", () => {
  test("a changed line in the middle: one hunk with three lines of context", () => {
    const before = ["1", "2", "3", "4", "5", "6", "7", "8", "9"].join("\n") + "\n";
    const after = before.replace("5\n", "five\n");
    expect(unifiedDiff("/f.json", before, after)).toBe(
      ["--- a/f.json", "+++ b/f.json", "@@ -2,7 +2,7 @@", " 2", " 3", " 4", "-5", "+five", " 6", " 7", " 8", ""].join("\n"),
    );
  });

  test("a new file is all additions from /dev/null", () => {
    expect(unifiedDiff("/n.json", undefined, "{\n}\n")).toBe(["--- /dev/null", "+++ b/n.json", "@@ -0,0 +1,2 @@", "+{", "+}", ""].join("\n"));
  });

  test("a removed file is all deletions to /dev/null", () => {
    expect(unifiedDiff("/n.json", "x\n", undefined)).toBe(["--- a/n.json", "+++ /dev/null", "@@ -1,1 +0,0 @@", "-x", ""].join("\n"));
  });

  test("identical texts have no hunk", () => {
    expect(unifiedDiff("/s.json", "a\n", "a\n")).toBe("--- a/s.json\n+++ b/s.json\n");
  });
});
