/**
 * The gates that keep a provider's pattern uncompiled on a file it cannot match (wholeText, lineNeeds): a
 * clean file's read compiles none of these patterns, and a file of the shape still has its secret found.
 */
import { describe, expect, it } from "vitest";
import { genericDefine } from "../../hooks/redact-secrets/generic.ts";
import { forEachMatch, matchProviders } from "../../hooks/redact-secrets/provider-rule.ts";
import { PROVIDERS, type Provider } from "../../hooks/redact-secrets/providers.ts";
import { openvpnAuthFile } from "../../hooks/redact-secrets/service-files.ts";
import { credentialCall } from "../../hooks/redact-secrets/tool-configs.ts";
import { solanaKeypair } from "../../hooks/redact-secrets/wallets.ts";

const urlPassword = PROVIDERS.find((p) => p.kind === "url-password")!;
const SOLANA = `[${Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256).join(",")}]`;

/** How often the provider's pattern is made while it searches `text` (a fresh copy: patterns are kept per provider). */
function compilations(provider: Provider, text: string): number {
  let made = 0;
  const copy: Provider = { ...provider, pattern: () => (made++, provider.pattern()) };
  forEachMatch(copy, text, text.toLowerCase(), () => {});
  return made;
}

const SOURCE = `import { readFileSync } from "node:fs";\nexport function load(path: string) {\n  const text = readFileSync(path, "utf8");\n  return text === undefined ? undefined : JSON.parse(text); // see https://example.com/docs\n}\n`.repeat(20);

describe("a format read only in its own files", () => {
  it("OpenWrt's UCI options: found in /etc/config, not looked for elsewhere", () => {
    const text = "config wifi-iface 'ap'\n\toption key 'Hq7vNw2pZr9xKd4T'\n";
    expect(matchProviders(text, "/rom/etc/config/wireless").map((m) => m.kind)).toContain("generic-secret");
    expect(matchProviders(text, "/src/fixtures/wireless.txt")).toEqual([]);
  });
});

describe("patterns a clean file never compiles", () => {
  it.each([
    ["an OpenVPN auth file's shape, on a long source file", openvpnAuthFile, SOURCE],
    ["an OpenVPN auth file's shape, on a short prompt", openvpnAuthFile, "please refactor the parser and run the tests"],
    ["an OpenVPN auth file's shape, on two short lines with blanks", openvpnAuthFile, "fix the build\nthen run the tests\n"],
    ["a Solana keypair's shape, on a JSON object", solanaKeypair, `{"name": "app", "version": "1.0.0"}\n`.repeat(10)],
    ["PHP's define(, on code full of undefined", genericDefine, SOURCE],
    ["a URL's credentials, on URLs without @", urlPassword, SOURCE],
    ["credential calls, on code that names basic auth and credentials", credentialCall, `const r = await fetch(url, { credentials: "include", headers: { Authorization: basicHeader(user) } });\n`.repeat(20)],
  ] as const)("%s", (_name, provider, text) => {
    expect(compilations(provider, text)).toBe(0);
  });
});

describe("the same patterns still find their secrets", () => {
  it.each([
    ["an OpenVPN auth file", "vpnuser\nTr4nsp0rt-Ku9s-Quell\n", "client.auth", "generic-secret"],
    ["a Solana keypair", `${SOLANA}\n`, "id.json", "solana-keypair"],
    ["PHP's define", "<?php\ndefine('DB_PASSWORD', 'q8Vz3kLm2PxR7tWn');\n", "wp-config.php", "generic-secret"],
    ["a URL's credentials", "DATABASE=redis://app:Zq8vL2mKx9Rt@cache.internal:6379/0\n", "settings.conf", "url-password"],
    ["a credential call", 'cred = NetworkCredential("svc-backup", "Wd4#tLq7Zx2vNk9m")\n', "backup.py", "generic-secret"],
    ["a value element after its name", "<variable name=\"API_TOKEN\"><value>q8Vz3kLm2PxR7tWn</value></variable>\n", "cruise-config.xml", "generic-secret"],
  ])("%s", (_name, text, filePath, kind) => {
    expect(matchProviders(text, filePath).map((m) => m.kind)).toContain(kind);
  });
});
