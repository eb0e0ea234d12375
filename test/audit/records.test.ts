/** The records of one event, with the real masker: which parts of a reason the secret detector is handed. */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decisionRecords, type SecretMasker } from "../../shared/audit/write.ts";
import { maskSecrets } from "../../hooks/redact-secrets/mask.ts";
import { deny, type Decision } from "../../shared/event.ts";
import type { HookOutcome, RecordSubject } from "../../shared/audit/record.ts";

const token = `ghp_${randomBytes(27).toString("base64url").replace(/[-_]/g, "x").slice(0, 36)}`;
const subject: RecordSubject = { agent: "claude", event: "PreToolUse", kind: "file.read.before", tool: "Read", sessionId: null, toolCallId: null, project: "/p", path: "/p/app.ts" };

async function reasonOf(decision: Decision): Promise<{ reason: string | null; masked: string[] }> {
  const masked: string[] = [];
  const mask: SecretMasker = (text) => {
    masked.push(text);
    return maskSecrets(text);
  };
  const outcome: HookOutcome = { hook: { id: "redact-secrets", failure: "closed" }, decision, durationMs: 1 };
  const [record] = await decisionRecords({ outcomes: [outcome], subject, config: {}, settings: { enabled: true, all: false, maxBytes: 1 << 20 }, mask, stateDir: "/nonexistent", now: new Date(0) });
  return { reason: record!.reason, masked };
}

describe("a record's reason", () => {
  it.for([
    {
      name: "the hook's own label is kept, and only the rest goes to the detector",
      message: "guards redact-secrets: /p/app.ts shown redacted (github-token on line 2 (ghp_…J2kA))",
      reason: "guards redact-secrets: /p/app.ts shown redacted (github-token on line 2 ([REDACTED:shown]))",
      detectorSees: "/p/app.ts shown redacted (github-token on line 2 (ghp_…J2kA))",
    },
    {
      name: "a secret right after the label is masked",
      message: `guards redact-secrets: ${token}`,
      reason: "guards redact-secrets: [REDACTED:github-token]",
      detectorSees: token,
    },
    {
      name: "another hook's label is masked with the text",
      message: `guards dangerous-command: export TOKEN=${token}`,
      reason: "guards dangerous-command: export TOKEN=[REDACTED:github-token]",
      detectorSees: `guards dangerous-command: export TOKEN=${token}`,
    },
  ])("$name", async ({ message, reason, detectorSees }) => {
    const recorded = await reasonOf(deny(message));
    expect(recorded.reason).toBe(reason);
    expect(recorded.masked).toContain(detectorSees);
    expect(recorded.masked.some((text) => text.startsWith("guards redact-secrets"))).toBe(false);
  });
});
