/**
 * The preset's rules run through our rule context (rule-context.ts) and only when their pre-filter gate opens
 * (prefilter.ts): both must answer what secretlint's own lintSource answers, on the case table, the corpus,
 * credential files and keys made now by ssh-keygen, openssl and gpg.
 */
import { readdirSync, readFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { lintSource } from "@secretlint/core";
import { creator as preset, rules as presetRules } from "@secretlint/secretlint-rule-preset-recommend";
import { afterAll, describe, expect, it } from "vitest";
import { cases } from "../../hooks/redact-secrets/cases.ts";
import { scanText } from "../../hooks/redact-secrets/engine.ts";
import { prefilter } from "../../hooks/redact-secrets/prefilter.ts";
import { providerRule, PROVIDER_RULE_ID } from "../../hooks/redact-secrets/provider-rule.ts";
import { runRules, type RuleMessage } from "../../hooks/redact-secrets/rule-context.ts";
import { writeCredentialFiles } from "../support/credential-files.ts";
import { makeKeys } from "../support/keys.ts";
import { ROOT } from "../support/process.ts";

interface Input {
  name: string;
  text: string;
  path: string;
}

const CORPUS = join(ROOT, "fixtures", "secrets");
const home = mkdtempSync(join(tmpdir(), "rule-context-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const inputs: Input[] = [];
for (const { name, event } of cases) {
  const text = "content" in event ? event.content : "prompt" in event ? event.prompt : undefined;
  if (typeof text === "string") inputs.push({ name: `case: ${name}`, text, path: "filePath" in event ? event.filePath : "prompt.txt" });
}
for (const name of readdirSync(CORPUS, { recursive: true, encoding: "utf8" }).sort()) {
  const path = join(CORPUS, name);
  if (statSync(path).isFile() && !name.endsWith("expected.json")) inputs.push({ name: `corpus: ${name}`, text: readFileSync(path, "utf8"), path });
}
for (const file of writeCredentialFiles(home).filter((f) => !f.refused)) {
  inputs.push({ name: `credential file: ${file.path}`, text: readFileSync(join(home, file.path), "utf8"), path: join(home, file.path) });
}
for (const key of makeKeys().keys) {
  inputs.push({ name: `key: ${key.name}`, text: key.text, path: join(home, ".ssh", key.file) });
  const block = key.text.trimEnd().split("\n").map((line) => `    ${line}`).join("\n");
  inputs.push({ name: `key in YAML: ${key.name}`, text: `deploy:\n  private_key: |\n${block}\n`, path: "/srv/app/config/deploy.yaml" });
}
// What the rule context does beyond reporting: ignored ranges (the comment filter), a BOM, line breaks of every kind.
const GH = "ghp_R8kT2mVx9QwZ4nB7cJ5hL1pF6sD3gY0aE8uK";
inputs.push(
  { name: "secretlint-disable-line", text: `const a = "${GH}"; // secretlint-disable-line\nconst b = "${GH.replace("R8", "Q9")}";\n`, path: "/p/src/a.ts" },
  { name: "secretlint-disable-next-line over \\r\\n", text: `// secretlint-disable-next-line\r\nconst a = "${GH}";\r\nconst b = "${GH}";\r\n`, path: "/p/src/b.ts" },
  { name: "secretlint-disable for one rule", text: `/* secretlint-disable @secretlint/secretlint-rule-github */\n${GH}\n/* secretlint-enable */\n${GH}\n`, path: "/p/src/c.ts" },
  { name: "a BOM", text: `\ufeffTOKEN=${GH}\nAWS_SECRET_ACCESS_KEY=Xk2lP9vQw3Rt7Yb1Nc5Md8Fg0Hj4Ks6La2Zx9Cv7Bn3\n`, path: "/p/.env" },
  // Each branch of a gate narrowed past its keywords (prefilter.ts): npm's `_authToken=` holding no `npm_` token.
  { name: "a legacy npm token (a UUID) under _authToken", text: "//registry.npmjs.org/:_authToken=5f2c8e1a-9b3d-4e7f-a6c2-1d8b4f9e3a70\n", path: "/p/.npmrc" },
  { name: "U+2028 and \\r line breaks", text: `a\u2028b\rc\n// secretlint-disable-line\u2029${GH}\n`, path: "/p/d.txt" },
);

const shape = (messages: readonly (Pick<RuleMessage, "ruleId" | "messageId" | "message" | "range"> & { data?: unknown })[]) =>
  messages.map(({ ruleId, messageId, message, range, data }) => ({ ruleId, messageId, message, range: [...range], data }));

const extension = (path: string) => {
  const base = path.slice(path.lastIndexOf("/") + 1);
  return base.lastIndexOf(".") > 0 ? base.slice(base.lastIndexOf(".")) : "";
};

async function bySecretlint(text: string, path: string) {
  const result = await lintSource({
    source: { content: text, filePath: path, ext: extension(path), contentType: "text" },
    options: { config: { rules: [{ id: preset.meta.id, rule: preset }, { id: PROVIDER_RULE_ID, rule: providerRule, options: {} }] } },
  });
  return shape(result.messages.flatMap((m) => (m.type === "message" ? [m] : [])));
}

describe("the rule context answers what secretlint's lintSource answers", () => {
  it("has inputs of every kind, some of which the preset reports", async () => {
    expect(inputs.filter((i) => i.name.startsWith("key:")).length).toBeGreaterThanOrEqual(15);
    let reported = 0;
    for (const { text, path } of inputs) reported += (await bySecretlint(text, path)).filter((m) => m.ruleId !== PROVIDER_RULE_ID).length;
    expect(reported).toBeGreaterThanOrEqual(20);
  });

  it.for(inputs)("$name", async ({ text, path }) => {
    const ours = await runRules([...presetRules.map((rule) => ({ rule })), { rule: providerRule, options: {} }], text, path, extension(path));
    expect(shape(ours)).toEqual(await bySecretlint(text, path));
  });
});

describe("each preset rule runs when it can report", () => {
  // The pre-filter's gate of a rule must open on every text the rule alone reports something in.
  it.for(inputs)("$name", async ({ text, path }) => {
    const { scan, present, presetRules: open } = await prefilter(text, path);
    for (const rule of presetRules) {
      const alone = await runRules([{ rule }], text.replaceAll("secretlint-", "secretlint_"), path, extension(path));
      if (alone.length > 0) expect(open, `${rule.meta.id} on ${relative(ROOT, path)}`).toContain(rule.meta.id);
    }
    // And the findings with the gates are those with every rule.
    if (scan) expect(await scanText(text, path, present, open)).toEqual(await scanText(text, path));
  });
});
