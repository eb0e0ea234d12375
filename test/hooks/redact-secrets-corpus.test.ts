/** The corpus under fixtures/secrets: every positive caught with its kind, no look-alike flagged, the pre-filter a superset. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { scanText } from "../../hooks/redact-secrets/engine.ts";
import { DEFAULT_OPTIONS } from "../../hooks/redact-secrets/options.ts";
import { pathClassifier } from "../../hooks/redact-secrets/paths.ts";
import { mayContainSecrets } from "../../hooks/redact-secrets/prefilter.ts";
import { redactText } from "../../hooks/redact-secrets/redact.ts";
import { examineFile, examineText, type Scanner } from "../../hooks/redact-secrets/scan.ts";
import { ROOT } from "../support/process.ts";

const CORPUS = join(ROOT, "fixtures", "secrets");
const POSITIVE = join(CORPUS, "positive");
const NEGATIVE = join(CORPUS, "negative");
const expected = JSON.parse(readFileSync(join(CORPUS, "expected.json"), "utf8")) as Record<string, string[]>;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .sort();
}

const classify = await pathClassifier(DEFAULT_OPTIONS);
const scannerFor = (root: string): Scanner => ({ options: DEFAULT_OPTIONS, classify, projectRoot: root, home: join(root, "home") });
const positives = filesUnder(POSITIVE).map((path) => ({ name: relative(POSITIVE, path), path }));
const negatives = filesUnder(NEGATIVE).map((path) => ({ name: relative(NEGATIVE, path), path }));

describe("corpus size", () => {
  it("has at least 40 positive files across 20 kinds and 30 negative files", () => {
    expect(positives.length).toBeGreaterThanOrEqual(40);
    expect(new Set(Object.values(expected).flat()).size).toBeGreaterThanOrEqual(20);
    expect(negatives.length).toBeGreaterThanOrEqual(30);
    expect(Object.keys(expected).sort()).toEqual(positives.map((p) => p.name));
  });
});

describe("positive files", () => {
  it.for(positives)("$name", async ({ name, path }) => {
    const verdict = await examineFile(scannerFor(POSITIVE), path);
    expect(verdict.status).toBe("secrets");
    if (verdict.status !== "secrets") return;
    const kinds = new Set(verdict.findings.map((f) => f.kind));
    for (const kind of expected[name]!) expect(kinds, `${name} should report ${kind}`).toContain(kind);
    // The redacted view keeps every line and none of the secrets.
    const redacted = redactText(verdict.text, verdict.findings);
    expect(redacted.split("\n").length).toBe(verdict.text.split("\n").length);
    for (const f of verdict.findings) expect(redacted).not.toContain(verdict.text.slice(f.start, f.end));
    // Read again (Cursor's beforeReadFile sees the copy after a preToolUse redirect), the copy is clean.
    expect(await examineText(redacted, path, DEFAULT_OPTIONS, true)).toEqual([]);
  });
});

describe("negative files (look-alikes)", () => {
  it.for(negatives)("$name", async ({ path }) => {
    const verdict = await examineFile(scannerFor(NEGATIVE), path);
    const found = verdict.status === "secrets" ? verdict.findings.map((f) => `${f.kind}: ${verdict.text.slice(f.start, f.end)}`) : [];
    expect(found).toEqual([]);
    expect(verdict.status).toBe("clean");
  });
});

describe("pre-filter", () => {
  // Whatever the rules find in any corpus file, the pre-filter must have let through: it is a superset.
  it.for([...positives, ...negatives])("lets $name through when the rules find something", async ({ path }) => {
    const text = readFileSync(path, "utf8");
    const findings = await scanText(text, path);
    if (findings.length > 0) expect(mayContainSecrets(text, path)).toBe(true);
  });

  it("says scan for every positive file", () => {
    for (const { path } of positives) expect(mayContainSecrets(readFileSync(path, "utf8"), path), path).toBe(true);
  });
});
