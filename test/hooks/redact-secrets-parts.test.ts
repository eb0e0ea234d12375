/** The parts of redact-secrets with their own contracts: path policy, masking, keyword table, redaction, private copies. */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COPIES_FOLDER_PREFIX, COPY_PREFIX, copiesFolder, removeOldCopies, SWEEP_EVERY_MINUTES, writeRedactedCopy } from "../../hooks/redact-secrets/copies.ts";
import { mergeFindings } from "../../hooks/redact-secrets/finding.ts";
import { KEYWORD_PROBES } from "../../hooks/redact-secrets/keyword-probes.ts";
import { keywordFinder, probeOf } from "../../hooks/redact-secrets/keywords.ts";
import { PREFILTER_KEYWORDS } from "../../hooks/redact-secrets/prefilter.ts";
import { forEachMatch, matchProviders } from "../../hooks/redact-secrets/provider-rule.ts";
import { PROVIDERS, type Provider } from "../../hooks/redact-secrets/providers.ts";
import { DEFAULT_OPTIONS, readOptions } from "../../hooks/redact-secrets/options.ts";
import { pathClassifier, pathInside, type PathClass } from "../../hooks/redact-secrets/paths.ts";
import { compileSimpleGlobs } from "../../hooks/redact-secrets/globs.ts";
import { redactText } from "../../hooks/redact-secrets/redact.ts";
import { describeFindings, mask } from "../../hooks/redact-secrets/report.ts";
import { examineFile, examineText } from "../../hooks/redact-secrets/scan.ts";

const classify = await pathClassifier({ allowPaths: ["fixtures/**"], denyPaths: ["vault/**", "*.kdbx.bak"], secretPaths: ["*.secret"] });

describe("path policy", () => {
  const table: [string, PathClass][] = [
    ["/p/.env", "secret"],
    ["/p/.env.production", "secret"],
    ["/p/config/prod.env", "secret"],
    ["/p/.env.example", "ordinary"],
    ["/p/.env.sample", "ordinary"],
    ["/p/certs/server.pem", "secret"],
    ["/p/certs/server.key", "secret"],
    ["/h/.ssh/id_rsa", "secret"],
    ["/h/.ssh/id_ed25519", "secret"],
    ["/h/.ssh/id_ed25519.pub", "ordinary"],
    ["/h/.ssh/github-work", "secret"],
    ["/h/.ssh/id_ed25519_sk", "secret"],
    ["/h/.ssh/known_hosts", "ordinary"],
    ["/h/.ssh/config", "ordinary"],
    ["/h/.ssh/authorized_keys", "ordinary"],
    ["/h/.ssh/id_rsa-cert.pub", "ordinary"],
    ["/p/deploy/ci.ppk", "secret"],
    ["/h/.gem/credentials", "secret"],
    ["/h/.vault-token", "secret"],
    ["/h/.config/gh/hosts.yml", "secret"],
    ["/h/.terraform.d/credentials.tfrc.json", "secret"],
    ["/h/.cargo/credentials.toml", "secret"],
    ["/h/.m2/settings.xml", "secret"],
    ["/p/_netrc", "secret"],
    ["/h/.config/gcloud/application_default_credentials.json", "secret"],
    ["/h/.config/gcloud/legacy_credentials/dev@example.org/adc.json", "secret"],
    ["/p/keys/client.pfx", "binary-secret"],
    ["/p/keys/server.jceks", "binary-secret"],
    ["/h/.gnupg/private-keys-v1.d/3F2A1B0C9D8E7F6A.key", "binary-secret"],
    ["/p/client.p12", "binary-secret"],
    ["/p/keystore.jks", "binary-secret"],
    ["/h/.npmrc", "secret"],
    ["/h/.netrc", "secret"],
    ["/h/.pgpass", "secret"],
    ["/h/.kube/config", "secret"],
    ["/h/.aws/credentials", "secret"],
    ["/h/.docker/config.json", "secret"],
    ["/p/infra/terraform.tfstate", "secret"],
    ["/p/app.secret", "secret"],
    ["/h/.kaggle/kaggle.json", "secret"],
    ["/h/.cache/huggingface/token", "secret"],
    ["/p/ansible/.vault_pass", "secret"],
    ["/h/.my.cnf", "secret"],
    ["/h/.config/ngrok/ngrok.yml", "secret"],
    ["/h/.mc/config.json", "secret"],
    ["/p/src/huggingface/tokenizer.py", "ordinary"],
    ["/p/vault/notes.md", "denied"],
    ["/p/fixtures/keys/server.pem", "allowed"],
    ["/p/src/app.ts", "ordinary"],
    ["/p/README.md", "ordinary"],
  ];
  it.for(table)("%s is %s", ([path, expected]) => {
    expect(classify(path, "/p", "/h")).toBe(expected);
  });
});

describe("built-in glob lists", () => {
  const table: [string[], string, boolean][] = [
    [["*.pem"], "/p/certs/server.pem", true],
    [["*.pem"], "server.pem", true],
    [["*.pem"], "/p/server.pem.txt", false],
    [["*.pem"], "/p/pem", false],
    [[".env.*"], "/p/.env.local", true],
    [[".env.*"], "/p/.env", false],
    [[".env.*"], "/p/x.env.local", false],
    [["id_rsa_*"], "/h/.ssh/id_rsa_work", true],
    [["id_rsa_*"], "/h/.ssh/id_rsa", false],
    [["wg*.conf"], "/etc/wireguard/wg0.conf", true],
    [["wg*.conf"], "/etc/wireguard/wg0.conf.bak", false],
    [["service-account*.json"], "/p/service-account.json", true],
    [["service-account*.json"], "/p/service-account-prod.json", true],
    [["id_?sa"], "/h/.ssh/id_dsa", true],
    [["id_?sa"], "/h/.ssh/id_ecdsa", false],
    [["**/.aws/credentials"], "/h/.aws/credentials", true],
    [["**/.aws/credentials"], ".aws/credentials", true],
    [["**/.aws/credentials"], "/h/aws/credentials", false],
    [["**/.aws/credentials"], "/h/x.aws/credentials", false],
    [["**/.config/gcloud/*.json"], "/h/.config/gcloud/adc.json", true],
    [["**/.config/gcloud/*.json"], "/h/.config/gcloud/sub/adc.json", false],
    [["config/*.yml"], "config/app.yml", true],
    [["config/*.yml"], "/p/config/app.yml", false],
    [["a*b*c"], "aXXbYYc", true],
    [["a*b*c"], "abcab", false],
    [["*"], "/p/anything", true],
    [[".env", "*.key"], "/p/tls.key", true],
    [[".env", "*.key"], "/p/tls.keys", false],
  ];
  it.for(table)("%j against %s → %s", ([globs, path, expected]) => {
    expect(compileSimpleGlobs(globs)(path)).toBe(expected);
  });
});

describe("provider patterns", () => {
  // forEachMatch walks each provider's own RegExp by lastIndex: a pattern without "g" would loop on its first match.
  it.for(PROVIDERS.map((p) => ({ kind: p.kind, flags: p.pattern().flags })))("$kind is global", ({ flags }) => {
    expect(flags).toContain("g");
  });

  it("finds the same secrets on every call: the shared patterns start from the beginning each time", () => {
    const text = 'API_KEY = "Zq8vN3kR7tW1yB5mX9cE2fH6"\nstripe = "sk_live_51Hx8QmTz4KpW7vRc2NbY6sLd"\n';
    const first = matchProviders(text, "/p/app.py");
    expect(first.map((m) => m.kind).sort()).toEqual(["generic-secret", "stripe-key"]);
    expect(matchProviders(text, "/p/app.py")).toEqual(first);
    expect(matchProviders(text.slice(0, 40), "/p/app.py").map((m) => m.kind)).toEqual(["generic-secret"]);
  });

  it("a provider's pattern is made once per process, on its first use, and then reused", () => {
    const made: RegExp[] = [];
    const provider: Provider = { kind: "test-token", keywords: ["tok_"], pattern: () => (made.push(/tok_[a-z]{4}/gd), made.at(-1)!) };
    const found: string[] = [];
    expect(made).toHaveLength(0);
    for (const text of ["a tok_abcd b", "tok_wxyz"]) forEachMatch(provider, text, text, (match) => void found.push(match[0]));
    expect(found).toEqual(["tok_abcd", "tok_wxyz"]);
    expect(made).toHaveLength(1);
  });
});

describe("masking", () => {
  it.for([
    ["AKIAIOSFODNN7EXAMPLE", "AKIA…MPLE"],
    ["ghp_R8kT2mVx9QwZ4nB7cJ5hL1pF6sD3gY0aE8uK", "ghp_…E8uK"],
    ["Tr0ub4dor-3xq!9z", "Tr0u…q!9z"],
    ["hunter2hunter", "hu…er"],
    ["s3cr3t!", "… (7 characters)"],
  ])("%s → %s", ([value, masked]) => {
    expect(mask(value!)).toBe(masked);
  });

  it("a report names kind, line and masked value, never the value", () => {
    const text = "a\nkey = AKIA4HZQ7RMV2KXBN5TW\n";
    const start = text.indexOf("AKIA");
    const report = describeFindings(text, [{ kind: "aws-access-key", rule: "r", start, end: start + 20 }]);
    expect(report).toBe("aws-access-key on line 2 (AKIA…N5TW)");
  });

  it("a key shows no byte of its body: a block its armour, any other key its length", () => {
    const block = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU\n-----END OPENSSH PRIVATE KEY-----";
    const wireguard = "PrivateKey = yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=";
    const at = wireguard.indexOf("yAnz");
    expect(describeFindings(block, [{ kind: "private-key", rule: "r", start: 0, end: block.length }])).toBe("private-key on line 1 (-----BEGIN OPENSSH PRIVATE KEY-----…)");
    expect(describeFindings(wireguard, [{ kind: "wireguard-private-key", rule: "r", start: at, end: wireguard.length }])).toBe("wireguard-private-key on line 1 (… (44 characters))");
  });

  it.for([
    ["a vault password file", "/h/.vault_pass", "Rq7!vTz2Lw9xKm4#\n", "Rq7!vTz2Lw9xKm4#"],
    ["a SAS signature", "sync.ps1", '$u = "https://a.blob.core.windows.net/c?sv=2024-08-04&sp=r&sig=Wn5qT8zKx2vLm4Rb7Yc1Fs6Gj3Ue0Wa5Qi2Ro8Xk9Hd%3D"\n', "Wn5qT8zKx2vLm4Rb7Yc1Fs6Gj3Ue0Wa5Qi2Ro8Xk9Hd%3D"],
    ["a passphrase", "borg.yaml", "encryption_passphrase: walnut glacier trombone ferret\n", "walnut glacier trombone ferret"],
  ])("a value with no provider's prefix shows none of its characters: %s", async ([, file, text, secret]) => {
    const findings = await examineText(text!, file!, DEFAULT_OPTIONS, true);
    expect(findings.map((f) => text!.slice(f.start, f.end))).toEqual([secret]);
    const report = describeFindings(text!, findings);
    expect(report).toContain(`(… (${secret!.length} characters))`);
    for (let i = 0; i + 4 <= secret!.length; i++) expect(report).not.toContain(secret!.slice(i, i + 4));
  });
});

describe("keyword probes", () => {
  it.for([
    ["token", "ken"],
    ["glpat-", "glpat-"],
    ["hooks.slack.com", "ks.slack.com"],
    ["password", "word"],
    ["sk", "sk"],
    ["q~", "q~"],
    ["x-oauth-basic", "x-oauth-basic"],
  ] as [string, string][])("%s is ruled out by looking for %s", ([keyword, probe]) => {
    expect(probeOf(keyword)).toBe(probe);
    expect(keyword.endsWith(probe)).toBe(true);
  });

  it("the written-out table holds the probe of every pre-filter keyword, and nothing else", () => {
    const expected = Object.fromEntries(PREFILTER_KEYWORDS.map((k) => [k, probeOf(k)]).filter(([k, probe]) => k !== probe));
    expect(KEYWORD_PROBES).toEqual(expected);
  });
});

// Small texts are searched keyword by keyword, large ones with one alternation: both must agree.
describe.for([
  ["small text", ""],
  ["large text", "x\n".repeat(40_000)],
])("keyword table, %s", ([, padding]) => {
  const find = keywordFinder(["akia", "sk_live_", "sk", "password", "-----begin", "token", "glpat-"], { akia: "kia", password: "word", token: "ken", "glpat-": "pat-" });
  it.for([
    ["nothing here", []],
    // Probes (the keyword's end from its rarest character) found without their keyword: nothing found.
    ["a broken kenning", []],
    ["pat- and glpa", []],
    ["a token and glpat-x", ["glpat-", "token"]],
    ["akia at the start", ["akia"]],
    ["ends with akia", ["akia"]],
    ["x sk_live_abc", ["sk", "sk_live_"]],
    ["task and password", ["password", "sk"]],
    ["-----begin rsa", ["-----begin"]],
    // Text past U+00FF is searched cut to its low bytes: a keyword next to it is found, and none is lost.
    ["— password “token” —", ["password", "token"]],
    ["šk  akia", ["akia"]],
  ] as [string, string[]][])("%s", ([text, expected]) => {
    expect([...find(padding + text + padding)].sort()).toEqual([...expected].sort());
  });
});

it("every pre-filter keyword is ASCII: a text past U+00FF is searched cut to its low bytes", () => {
  expect(PREFILTER_KEYWORDS.filter((keyword) => /[^\x20-\x7e]/.test(keyword))).toEqual([]);
});

describe("redaction", () => {
  it("keeps line numbers across a multi-line secret and merges overlapping reports into the specific kind", () => {
    const text = "one\n-----BEGIN KEY-----\nabc\n-----END KEY-----\nurl=redis://u:Pw9x@h\n";
    const keyStart = text.indexOf("-----BEGIN");
    const keyEnd = text.indexOf("\nurl");
    const urlStart = text.indexOf("redis://");
    const pw = text.indexOf("Pw9x");
    const findings = mergeFindings([
      { kind: "private-key", rule: "a", start: keyStart, end: keyEnd },
      { kind: "url-password", rule: "b", start: pw, end: pw + 4 },
      { kind: "redis-url", rule: "c", start: urlStart, end: text.length - 1 },
    ]);
    const out = redactText(text, findings);
    expect(out).toBe("one\n[REDACTED:private-key]\n\n\nurl=[REDACTED:redis-url]\n");
    expect(out.split("\n").length).toBe(text.split("\n").length);
  });
});

describe("options", () => {
  it("defaults, and one-line errors for wrong types", () => {
    expect(readOptions({})).toEqual(DEFAULT_OPTIONS);
    expect(readOptions({ allowPaths: ["a/**"], maxBytes: 10 })).toMatchObject({ allowPaths: ["a/**"], maxBytes: 10 });
    expect(() => readOptions({ allowPaths: "a" })).toThrow("hooks.redact-secrets.allowPaths must be a list of strings");
    expect(() => readOptions({ maxBytes: -1 })).toThrow("hooks.redact-secrets.maxBytes must be a positive number");
  });
});

describe("private copies", () => {
  let root: string;
  const now = new Date("2026-11-22T12:00:00Z");
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "redact-copies-test-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("writes 0600 in a fresh 0700 folder, named like the original", () => {
    const path = writeRedactedCopy("/p/.env", "A=[REDACTED:x]\n", { tmpRoot: root, now, keepMinutes: 60 });
    expect(path.startsWith(join(root, `${COPIES_FOLDER_PREFIX}${process.getuid!()}`, COPY_PREFIX))).toBe(true);
    expect(path.endsWith("/.env")).toBe(true);
    expect(readFileSync(path, "utf8")).toBe("A=[REDACTED:x]\n");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, "..")).mode & 0o777).toBe(0o700);
  });

  it("keeps copies in this user's 0700 folder, so old ones are found without listing the temp folder", () => {
    const path = writeRedactedCopy("/p/.env", "x", { tmpRoot: root, now, keepMinutes: 60 });
    const folder = join(root, `${COPIES_FOLDER_PREFIX}${process.getuid!()}`);
    expect(join(path, "..", "..")).toBe(folder);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(readdirSync(root)).toEqual([`${COPIES_FOLDER_PREFIX}${process.getuid!()}`]);
  });

  it(`looks for old copies at most every ${SWEEP_EVERY_MINUTES} minutes, not on every redaction`, () => {
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    writeRedactedCopy("/p/.env", "first", { tmpRoot: root, now, keepMinutes: 60 });
    const old = join(writeRedactedCopy("/p/.env", "old", { tmpRoot: root, now, keepMinutes: 60 }), "..");
    const past = new Date(now.getTime() - 2 * 3600_000);
    utimesSync(old, past, past);
    writeRedactedCopy("/p/.env", "soon after", { tmpRoot: root, now: at(1), keepMinutes: 60 });
    expect(existsSync(old)).toBe(true);
    writeRedactedCopy("/p/.env", "later", { tmpRoot: root, now: at(SWEEP_EVERY_MINUTES + 1), keepMinutes: 60 });
    expect(existsSync(old)).toBe(false);
  });

  it("tightens a copies folder of this user's that others could enter", () => {
    const folder = join(root, `${COPIES_FOLDER_PREFIX}${process.getuid!()}`);
    mkdirSync(folder);
    chmodSync(folder, 0o777);
    expect(copiesFolder(root)).toBe(folder);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  it("does not use a planted symlink as the copies folder: the copy goes straight into the temp folder", () => {
    const elsewhere = mkdtempSync(join(root, "elsewhere-"));
    symlinkSync(elsewhere, join(root, `${COPIES_FOLDER_PREFIX}${process.getuid!()}`));
    expect(copiesFolder(root)).toBeUndefined();
    const path = writeRedactedCopy("/p/.env", "x", { tmpRoot: root, now, keepMinutes: 60 });
    expect(join(path, "..", "..")).toBe(root);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it("never writes through a planted symlink: every copy gets a new unpredictable folder", () => {
    const victim = join(root, "victim.txt");
    writeFileSync(victim, "original");
    mkdirSync(join(root, "planted"));
    symlinkSync(victim, join(root, "planted", ".env"));
    const a = writeRedactedCopy("/p/.env", "first", { tmpRoot: root, now, keepMinutes: 60 });
    const b = writeRedactedCopy("/p/.env", "second", { tmpRoot: root, now, keepMinutes: 60 });
    expect(a).not.toBe(b);
    expect(readFileSync(victim, "utf8")).toBe("original");
  });

  it("removes old copies only: not fresh ones, not symlinks, not other folders", () => {
    const old = writeRedactedCopy("/p/.env", "old", { tmpRoot: root, now, keepMinutes: 60 });
    const oldDir = join(old, "..");
    const past = new Date(now.getTime() - 2 * 3600_000);
    utimesSync(oldDir, past, past);
    const fresh = writeRedactedCopy("/p/.env", "fresh", { tmpRoot: root, now, keepMinutes: 60 });
    const folder = copiesFolder(root)!;
    const target = mkdtempSync(join(root, "elsewhere-"));
    writeFileSync(join(target, "keep"), "x");
    symlinkSync(target, join(folder, `${COPY_PREFIX}link`));
    utimesSync(target, past, past);
    removeOldCopies({ tmpRoot: folder, now, keepMinutes: 60 });
    expect(existsSync(oldDir)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(join(target, "keep"))).toBe(true);
    expect(readdirSync(folder)).toContain(`${COPY_PREFIX}link`);
  });
});

describe("symlinks", () => {
  it("a link in an allowed folder to a secret file is still checked, by its target", async () => {
    const root = mkdtempSync(join(tmpdir(), "redact-link-test-"));
    try {
      writeFileSync(join(root, ".env"), "AWS_ACCESS_KEY_ID=AKIA4HZQ7RMV2KXBN5TW\n");
      mkdirSync(join(root, "public"));
      symlinkSync(join(root, ".env"), join(root, "public", "notes.txt"));
      const options = { ...DEFAULT_OPTIONS, allowPaths: ["public/**"] };
      const scanner = { options, classify: await pathClassifier(options), projectRoot: root, home: undefined };
      const verdict = await examineFile(scanner, join(root, "public", "notes.txt"));
      expect(verdict.status).toBe("secrets");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("pathInside (redact-secrets' path forms) answers what path.relative says of inside and outside", () => {
  const cases: [string, string][] = [
    ["/home/dev/project", "/home/dev/project/.env"],
    ["/home/dev/project", "/home/dev/project/src/a.ts"],
    ["/home/dev/project", "/home/dev/project"],
    ["/home/dev/project", "/home/dev/projectx/.env"],
    ["/home/dev/project", "/home/dev/other/.env"],
    ["/", "/etc/passwd"],
    ["/home/dev/project/", "/home/dev/project/.env"],
    ["/home/dev/project", "/home/dev/project/../secret/.env"],
    ["/home//dev/project", "/home/dev/project/a"],
    ["/home/dev/./project", "/home/dev/project/a"],
    ["/home/dev/project", "/home/dev/project/..foo"],
    ["relative/root", "/abs/file"],
    ["/home/dev/project", "/etc/passwd"],
    ["/home/dev/project", "/home/dev"],
  ];
  it.for(cases)("%s → %s", ([from, to]) => {
    const rel = relative(from, to);
    const inside = rel !== "" && rel !== ".." && !rel.startsWith("../") && !isAbsolute(rel) ? rel : undefined;
    expect(pathInside(from, to)).toBe(inside);
  });
});
