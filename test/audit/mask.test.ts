/** The audit masker: stricter than the model's view, since the trail may leave the machine. */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hasLongWord, maskSecrets } from "../../hooks/redact-secrets/mask.ts";

const token = randomBytes(24).toString("base64url");

describe("maskSecrets", () => {
  it.for([
    { name: "a word no rule knows, random enough", text: `deploy --key ${token}1aZ`, expected: "deploy --key [REDACTED:high-entropy]" },
    { name: "a key block whose body has long runs of A", text: "k='-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAAB\n-----END OPENSSH PRIVATE KEY-----'", expected: "k='[REDACTED:private-key]\n\n'" },
    { name: "a key block cut off before its end", text: "echo '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA", expected: "echo '[REDACTED:private-key]\n" },
    { name: "a commit id is kept", text: "git reset --hard 3f786850e387550fdab836ed7e6dc881de23001b", expected: "git reset --hard 3f786850e387550fdab836ed7e6dc881de23001b" },
    {
      name: "a report's shown ends of a token",
      text: "guards redact-secrets: app.ts shown redacted (github-token on line 1 (ghp_…SrNq), aws-access-key on line 2 (AK…LE), generic-secret on line 3 (… (12 characters)))",
      expected: "guards redact-secrets: app.ts shown redacted (github-token on line 1 ([REDACTED:shown]), aws-access-key on line 2 ([REDACTED:shown]), generic-secret on line 3 (… (12 characters)))",
    },
    { name: "long flags and names are kept", text: "npm run build -- --no-verify-signatures CONFIG_PATH_OVERRIDE=1", expected: "npm run build -- --no-verify-signatures CONFIG_PATH_OVERRIDE=1" },
  ])("$name", async ({ text, expected }) => {
    expect(await maskSecrets(text)).toBe(expected);
  });

  it("looks for a long word as LONG_WORD does, without compiling it", () => {
    const alphabet = "aZ09+_-=/. é\u2026\n";
    for (let n = 0; n < 3000; n++) {
      let text = "";
      const length = n % 60;
      for (let i = 0; i < length; i++) text += alphabet[(n * 7 + i * i * 13 + ((n * i) >> 3)) % alphabet.length]!;
      // Runs of word characters of every length around 20.
      if (n % 3 === 0) text = `${text.slice(0, 5)}${"k7_".repeat(1 + (n % 9)).slice(0, 17 + (n % 6))}${text.slice(5)}`;
      expect(hasLongWord(text), JSON.stringify(text)).toBe(/[A-Za-z0-9+_-]{20,}/.test(text));
    }
  });
});
