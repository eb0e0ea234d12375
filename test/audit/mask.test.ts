/** The audit masker: stricter than the model's view, since the trail may leave the machine. */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { maskSecrets } from "../../hooks/redact-secrets/mask.ts";

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
});
