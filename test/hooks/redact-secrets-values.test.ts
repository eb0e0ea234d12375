/** Placeholders are judged on the whole value and its structure, never on a substring of a random value. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isPlaceholderKeyBlock } from "../../hooks/redact-secrets/key-blocks.ts";
import { DEFAULT_OPTIONS } from "../../hooks/redact-secrets/options.ts";
import { examineText } from "../../hooks/redact-secrets/scan.ts";
import { isPlaceholder } from "../../hooks/redact-secrets/values.ts";

describe("placeholders", () => {
  it.for([
    "your-api-key-here",
    "YOUR_API_KEY",
    "changeme",
    "change-this-to-a-long-random-string",
    "sk_live_replace_me_with_your_key",
    "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "AKIAXXXXXXXXXXXXXXXX",
    "00000000000000000000",
    "1234567890abcdef",
    "abcdefghijklmnop",
    "${DB_PASSWORD}",
    "{{ .Values.auth.password }}",
    "<password>",
    "sk-<your key>",
    "%(db_password)s",
    "$(cat /run/secrets/token)",
    "$API_TOKEN",
    "sk-...",
    "********",
    "[REDACTED:github-token]",
    "AKIAIOSFODNN7EXAMPLE",
    "postgres://user:postgres@localhost/app",
    "https://user:s3cretPa55@db.example.com",
  ])("%s is a placeholder", (value) => {
    expect(isPlaceholder(value)).toBe(true);
  });

  it.for([
    // Random values that contain a placeholder word or a run of one character by chance.
    "kQ7todofzxGHRE6GZI99X64",
    "Zx9yourzXDqjzAzGSlEykL9",
    "sk_live_b8fadd17564fxxxx529af5705bc1808a",
    "Q2fakeRkmPKxI0hNtlXoo5ONI",
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
    "ghp_R8kT2mVx9QwZ4nB7cJ5hL1pF6sD3gY0aE8uK",
    "Tr0ub4dor-3xq!9z",
    "36221796-3674-4397-b695-36d7a571d014",
    "postgres://app:Wq8v3kR7tW1yB5m@db.internal/app",
  ])("%s is not a placeholder", (value) => {
    expect(isPlaceholder(value)).toBe(false);
  });
});

describe("key blocks, judged by armour and body", () => {
  it("a key ssh-keygen writes is never a placeholder, though its header holds AAAAAAAA", () => {
    const dir = mkdtempSync(join(tmpdir(), "key-block-"));
    try {
      execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", join(dir, "k")]);
      const key = readFileSync(join(dir, "k"), "utf8");
      expect(key).toContain("AAAAAAAA");
      expect(isPlaceholder(key.trim())).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.for([
    ["a shortened sample", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n...\n-----END OPENSSH PRIVATE KEY-----", true],
    ["words in the body", "-----BEGIN RSA PRIVATE KEY-----\n<your private key here>\n-----END RSA PRIVATE KEY-----", true],
    ["a body too short for any key", "-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkqhkiG9w0BAQEF\n-----END PRIVATE KEY-----", true],
    ["one character repeated", `-----BEGIN PRIVATE KEY-----\n${"A".repeat(64)}\n${"A".repeat(64)}\n-----END PRIVATE KEY-----`, true],
    ["a key inside a JSON string", "-----BEGIN PRIVATE KEY-----\\nMC4CAQAwBQYDK2VwBCIEIHc5xk4sV6p0cY8Qp1Zr3lJm2Nn9Fq4Wt7Hb8Ke2Ld0u\\nXq9Rt2Vb7Nm4Kc1Lp8Ws3Hd6Fg0Jz5Qa\\n-----END PRIVATE KEY-----\\n", false],
    ["an encrypted PEM with headers", "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,3F2A1B0C9D8E7F6A5B4C3D2E1F0A9B8C\n\nq8vN3kR7tW1yB5mX9cE2fH6jL0pS4uA7dG3iK8oZq8vN3kR7tW1yB5mX9cE2fH6j\nL0pS4uA7dG3iK8o=\n-----END RSA PRIVATE KEY-----", false],
  ] as const)("%s → placeholder %s", ([, block, expected]) => {
    expect(isPlaceholderKeyBlock(block)).toBe(expected);
  });
});

describe("generic assignments in unusual spellings", () => {
  it.for([
    ["a notebook cell, quotes escaped inside JSON", "notebook.ipynb", '{"source": ["openai.api_key = \\"Zq8vN3kR7tW1yB5mX9cE2fH6\\"\\n"]}', "Zq8vN3kR7tW1yB5mX9cE2fH6"],
    ["a backslash inside a JSON value", "config.json", '{"password": "Tr0ub4dor\\\\3xq9z"}', "Tr0ub4dor\\\\3xq9z"],
    ["PHP define()", "wp-config.php", "define( 'DB_PASSWORD', 'Kx9mQ2vLr7Tz4Wn8' );", "Kx9mQ2vLr7Tz4Wn8"],
    ["XML element", "settings.xml", "<server><password>Mv9aQ2kLr7Tz4Wn8</password></server>", "Mv9aQ2kLr7Tz4Wn8"],
    ["a key file of one token", "config/master.key", "3f9a1c7e5b2d8f4a6c0e9b1d7f3a5c8e\n", "3f9a1c7e5b2d8f4a6c0e9b1d7f3a5c8e"],
  ])("%s", async ([, file, text, secret]) => {
    const findings = await examineText(text!, file!, DEFAULT_OPTIONS, true);
    expect(findings.map((f) => text!.slice(f.start, f.end))).toEqual([secret]);
  });
});
