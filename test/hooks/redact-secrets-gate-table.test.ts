/**
 * The providers' gates as the built hook files hold them (scripts/provider-gate-table.mjs): the same table the
 * sources read off providers.ts, each gate test by its name; and, in the installed file, a clean read that
 * loads the gates alone, while a read whose text opens a gate loads the providers' patterns.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inspectSections } from "../../cli/commands/inspect.ts";
import { GATE_TESTS, gateOf } from "../../hooks/redact-secrets/provider-gate.ts";
import { GATE_TABLE } from "../../hooks/redact-secrets/provider-gate-table.ts";
import { PROVIDER_RULE_ID } from "../../hooks/redact-secrets/provider-rule.ts";
import { PROVIDERS } from "../../hooks/redact-secrets/providers.ts";
import { FIELDS, gateTableSource, providerGateTable, sourceTable } from "../../scripts/provider-gate-table.mjs";
import { DIST, runNodeFile } from "../support/process.ts";

/** A gate with each test replaced by its name in `tests`. */
const named = (gate: object, tests: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(gate).map(([field, value]) => [field, typeof value === "function" ? Object.keys(tests).find((name) => tests[name] === value) : value]));

describe("the gate table of the built files", () => {
  it("holds every provider's gate, keyword and index as the sources read them", async () => {
    const { table, tests } = await sourceTable([providerGateTable]);
    expect(table.keywords).toEqual(GATE_TABLE.keywords);
    expect(table.probeGroups).toEqual(GATE_TABLE.probeGroups);
    expect(table.presetOf).toEqual(GATE_TABLE.presetOf);
    expect(table.gatesOf).toEqual(GATE_TABLE.gatesOf);
    expect(table.always).toEqual(GATE_TABLE.always);
    PROVIDERS.forEach((provider, index) => expect(named(table.gate(index), tests), provider.kind).toEqual(named(gateOf(provider), GATE_TESTS)));
  });

  it("writes a gate's fields in the order gateOf gives them", () => {
    expect(Object.keys(gateOf(PROVIDERS[0]!))).toEqual(FIELDS);
  });

  it("stops the build on a gate test that GATE_TESTS does not name", async () => {
    const { table, tests } = await sourceTable();
    const unnamed = { ...table, gate: (index: number) => (index === 0 ? { ...table.gate(0), wholeText: (text: string) => text.length < 9 } : table.gate(index)) };
    expect(() => gateTableSource(unnamed, tests)).toThrow(/wholeText is not one of GATE_TESTS/);
  });
});

describe("the installed file loads the providers' patterns only for a text that opens a gate", () => {
  const file = join(DIST, "guards.cjs");
  const sections = inspectSections(readFileSync(file, "latin1"), file);
  const providerSection = sections.filter(({ source }) => source.includes(`"${PROVIDER_RULE_ID}"`) && !source.includes("secretlint-rule-preset-recommend"));
  const project = mkdtempSync(join(tmpdir(), "guards-gate-table-"));
  const token = `ghp_${randomBytes(27).toString("base64").replace(/[+/]/g, "x").slice(0, 36)}`;
  writeFileSync(join(project, "clean.ts"), 'import { readFileSync } from "node:fs";\nexport const load = (path: string) => JSON.parse(readFileSync(path, "utf8"));\n');
  // Opens a provider's gate (Stripe) and no preset rule's.
  writeFileSync(join(project, "billing.ts"), `export const stripe = "sk_live_${randomBytes(18).toString("hex")}";\nexport const github = "${token.slice(0, 8)}";\n`);

  it("has one section with the providers' code", () => {
    expect(providerSection).toHaveLength(1);
  });

  it.each([
    ["clean.ts", false, /^$/],
    ["billing.ts", true, /shown redacted \(stripe-key/],
  ])("a read of %s", (name, loadsProviders, answer) => {
    const cache = join(mkdtempSync(join(tmpdir(), "guards-gate-cache-")), "c");
    const payload = { session_id: "s", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: join(project, name) }, tool_use_id: "t" };
    const result = runNodeFile(file, { args: ["--dialect", "claude", "--hooks", "redact-secrets"], input: JSON.stringify(payload), cwd: project, env: { GUARDS_CODE_CACHE: cache, GUARDS_STATE_DIR: join(project, "state"), CLAUDE_PROJECT_DIR: project } });
    expect(result.stdout + result.stderr).toMatch(answer);
    const compiled = readdirSync(cache).map((entry) => entry.slice(0, "lazy-".length + 20));
    expect(compiled.includes(providerSection[0]!.section.key)).toBe(loadsProviders);
  });
});
