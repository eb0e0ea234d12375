/** The corpus under fixtures/secrets: every positive caught with its kind, no look-alike flagged, the pre-filter a superset. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { scanText } from "../../hooks/redact-secrets/engine.ts";
import { DEFAULT_OPTIONS } from "../../hooks/redact-secrets/options.ts";
import { pathClassifier } from "../../hooks/redact-secrets/paths.ts";
import { linesWith } from "../../hooks/redact-secrets/keywords.ts";
import { mayContainSecrets } from "../../hooks/redact-secrets/prefilter.ts";
import { forEachMatch, matchProviders } from "../../hooks/redact-secrets/provider-rule.ts";
import { PROVIDERS, type Provider } from "../../hooks/redact-secrets/providers.ts";
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
    if (findings.length > 0) expect(await mayContainSecrets(text, path)).toBe(true);
  });

  it("says scan for every positive file", async () => {
    for (const { path } of positives) expect(await mayContainSecrets(readFileSync(path, "utf8"), path), path).toBe(true);
  });
});

// Texts at the edge of each keyword context (keyword-context.ts): a name and its operator apart, escaped, indexed,
// after a colon, after `SetEnv`, after a carriage return; options after `;` and `(`; keys of YAML, JSON and HCL.
const EDGE_SHAPES: [file: string, text: string][] = [
  ["fastlane.rb", 'ENV["MATCH_PASSWORD"] = "Hq7vNw2pZr9xKd4T"\n'],
  ["cell.ipynb", '{"source": ["openai.api_key = \\"Zq8vN3kR7tW1yB5mX9cE2fH6\\"\\n"]}'],
  ["wp-config.php", "define( 'DB_PASSWORD', 'Kx9mQ2vLr7Tz4Wn8' );\nset :session_secret, 'Zq8vN3kR7tW1yB5mX9cE'\n"],
  ["config.edn", '{:db {:password "Tq8vN3kR7tW1yB5m"}}\n'],
  ["build.gradle", 'signingConfigs {\n  release {\n    storePassword "Tq8vN3kR7tW1yB5m"\n  }\n}\n'],
  ["httpd.conf", "SetEnv DB_PASS Xk9mQ2vLr7Tz4Wn8\n\tHTTP_Passwd Wd4#tLq7Zx2vNk9m\r\nold\rpassword Pq4!vLz8Wk2xTr6m\n"],
  ["deploy.sh", "twine upload --password Hq7vNw2pZr9xKd dist/*\ncd app;--api-key Tn7vQ2wLk9xZr4Bm\n(--auth-token Lm4Tb8Yc1Fs6Gj)\nkeytool -list -storepass Hq7vNw2pZr9xKd\nglab --my-pat Rz7pLq2Vm9kXc1\n"],
  ["azuredeploy.parameters.json", '{\n  "parameters": {\n    "adminPassword": {\n      "value": "Mk6!rVz3Qw8xLt2n"\n    }\n  }\n}\n'],
  ["template.yaml", "Parameters:\n  MasterUserPassword:\n    Type: String\n    Default: Pq4vLz8Wk2xTr6mQ\n"],
  ["variables.tf", 'variable "db_password" {\n  default = "Wd4tLq7Zx2vNk9mR"\n}\n'],
  ["twilio.env", "TWILIO_KEY=SK7f3a9c1e5b2d8f4a6c0e9b1d7f3a5c8e\n"],
  ["ci.env", "GITHUB_PAT = Rz7pLq2Vm9kXc1Tn7vQ2wLk9\n"],
  ["restic.yaml", "backup_passphrase: gravel orbit lantern mossy\n"],
  ["passwords.csv", "name,url,username,password\nacme,https://acme.io/login,jane,Hq7vNw2pZr9xKd4T\n"],
  ["5d41402abc4b2a76b9719d911017c592", "K 8\npassword\nV 16\nPq4!vLz8Wk2xTr6m\nK 15\nsvn:realmstring\nV 4\nacme\nEND\n"],
  ["codes.txt", "Backup codes:\n4f2a1-9c7b3\n8d0e5-2b6f1\n1a9c4-7e3d2\n6b8f0-3d5a9\n"],
];

describe("keyword contexts", () => {
  // The rule with every keyword context (keyword-context.ts) reports what it reports without them, and each
  // line-scoped pattern, run on every line that holds one of its keywords, matches only on lines its context
  // opens. A context narrowed past what its pattern matches fails here.
  const withContext = PROVIDERS.filter((provider) => provider.keywordContext);
  const withoutContexts = PROVIDERS.map((provider) => (provider.keywordContext ? { ...provider, keywordContext: undefined } : provider));
  const matchesOf = (provider: Provider, text: string, lower: string, scoped: boolean) => {
    const found: string[] = [];
    if (scoped) forEachMatch(provider, text, lower, (match, offset) => void found.push(`${offset + match.index}:${match[0]}`));
    else {
      const pattern = provider.pattern();
      for (const [start, end] of linesWith(text, lower, provider.keywords, provider.nextLine)) {
        const line = lower.slice(start, end);
        if (provider.lineNeeds && !provider.lineNeeds.every((group) => group.some((need) => line.includes(need)))) continue;
        for (const match of text.slice(start, end).matchAll(pattern)) found.push(`${start + match.index}:${match[0]}`);
      }
    }
    return found;
  };
  const texts = [...EDGE_SHAPES.map(([name, text]) => ({ name, path: name, text })), ...[...positives, ...negatives].map(({ name, path }) => ({ name, path, text: readFileSync(path, "utf8") }))];

  it.for(texts)("$name: the same findings, every match on a line its keyword context opens", ({ path, text }) => {
    expect(matchProviders(text, path)).toEqual(matchProviders(text, path, undefined, withoutContexts));
    const lower = text.toLowerCase();
    for (const provider of withContext.filter((p) => p.lineScoped)) expect(matchesOf(provider, text, lower, true), provider.kind).toEqual(matchesOf(provider, text, lower, false));
  });

  it("the edge shapes reach every provider that has a context: each reports a finding there", () => {
    const silent = withContext.filter((provider) => !EDGE_SHAPES.some(([file, text]) => matchProviders(text, file, undefined, [provider]).length > 0));
    expect(silent.map((provider) => provider.pattern().source.slice(0, 60))).toEqual([]);
  });
});
