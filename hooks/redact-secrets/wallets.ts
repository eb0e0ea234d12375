/**
 * Keys that spend money or sign releases, in the forms their tools write: a Solana keypair file, a BIP-39
 * mnemonic, Bitcoin's extended and WIF private keys, minisign and signify secret keys, .NET's RSA parameters
 * (the GitHub Actions runner's `.credentials_rsaparams`), and a kubeconfig with credentials kept as base64.
 */
import { namesNoSecret } from "./generic.ts";
import { isArrayText } from "./provider-gate.ts";
import type { Provider } from "./providers.ts";

/** `solana-keygen new` writes the keypair as a JSON array of its 64 bytes, and nothing else. */
export const solanaKeypair: Provider = {
  kind: "solana-keypair",
  keywords: [],
  files: ["*.json"],
  pattern: () => /^\s*\[(?<secret>\s*\d{1,3}(?:\s*,\s*\d{1,3}){63}\s*)\]\s*$/gd,
  // The whole file is the array: JavaScript's trimStart removes what \s matches.
  wholeText: isArrayText,
  group: "secret",
  minEntropy: 2,
  accept: (value) => value.split(",").every((byte) => Number(byte) <= 255),
};

// Words that are in prose but not in BIP-39's English list: a sentence under `seedHelp` is no mnemonic.
const NOT_MNEMONIC_WORDS = new Set(["the", "and", "your", "you", "with", "this", "that", "are", "from", "for", "not", "here", "them", "these"]);

/**
 * A BIP-39 mnemonic (12 to 24 lower-case words) under a name that says so: `mnemonic`, `seed`, `seed_phrase`,
 * `recovery_phrase`. It derives every key of the wallet. Hardhat's `test test … junk` and the spec's `abandon …
 * about` repeat one word and are public.
 */
export const mnemonicPhrase: Provider = {
  kind: "mnemonic",
  keywords: ["mnemonic", "seed", "phrase"],
  lineScoped: true,
  pattern: () => /(?<name>[\w.-]*(?:mnemonic|seed|phrase)[\w.-]*)["']?[ \t]*(?:[:=]|=>)[ \t]*(?:\\?["'`])(?<secret>[a-z]{3,8}(?:[ \t]+[a-z]{3,8}){11,23})\\?["'`]/gdi,
  group: "secret",
  minEntropy: 3,
  accept: (value, match) => {
    const words = value.split(/[ \t]+/);
    return [12, 15, 18, 21, 24].includes(words.length) && new Set(words).size >= 8 && !words.some((word) => NOT_MNEMONIC_WORDS.has(word)) && !namesNoSecret(match.groups?.name ?? "");
  },
};

/** BIP-32 extended private keys (`xprv9s21ZrQH143K…`, and the `yprv`, `zprv`, `tprv` variants), in base58. */
export const extendedPrivateKey: Provider = {
  kind: "crypto-private-key",
  keywords: ["prv"],
  pattern: () => /\b[xyzt]prv[1-9A-HJ-NP-Za-km-z]{107,108}(?![1-9A-HJ-NP-Za-km-z])/gd,
};

/**
 * A Bitcoin private key in wallet import format (51 characters from `5`, 52 from `K` or `L`), on a line that
 * names a private key or WIF: base58 strings of that length are otherwise rare, but not unique to keys.
 */
export const wifPrivateKey: Provider = {
  kind: "crypto-private-key",
  // `private key`, `private_key`, `privatekey` and `private-key` are other rules' keywords already.
  keywords: ["wif", "private key", "private_key", "privatekey", "private-key"],
  lineScoped: true,
  nextLine: true,
  pattern: () => /(?<![1-9A-HJ-NP-Za-km-z])(?:5[HJK][1-9A-HJ-NP-Za-km-z]{49}|[KL][1-9A-HJ-NP-Za-km-z]{51})(?![1-9A-HJ-NP-Za-km-z])/gd,
};

/**
 * minisign's, rsign's and signify's secret key files (Tauri's updater key among them), also as the base64 Tauri
 * passes around. A signature's comment (`signature from minisign secret key`) names the key it was made with.
 */
export const signatureToolSecretKey: Provider = {
  kind: "private-key",
  // Tauri's base64 form is found under its name, `TAURI_SIGNING_PRIVATE_KEY` (another rule's keyword).
  keywords: ["untrusted comment:", "private_key"],
  pattern: () => /untrusted comment:(?![^\r\n]*signature)[^\r\n]*secret key[ \t]*\r?\n(?<plain>[A-Za-z0-9+/]{40,}={0,2})|(?<wrapped>dW50cnVzdGVkIGNvbW1lbnQ6[A-Za-z0-9+/]{40,4000}={0,2})/gd,
  group: ["plain", "wrapped"],
  accept: (value, match) => match.groups?.wrapped === undefined || Buffer.from(value, "base64").toString("latin1").includes("secret key"),
};

/**
 * .NET's `RSAParameters` as JSON (`d`, `dp`, `dq`, `inverseQ`, `p`, `q` beside `modulus` and `exponent`): how the
 * GitHub Actions runner keeps its private key in `.credentials_rsaparams`.
 */
export const rsaParametersJson: Provider = {
  kind: "private-key",
  keywords: ['"inverseq"'],
  pattern: () => /"(?:d|dp|dq|p|q|inverseQ)"\s*:\s*"(?<secret>[A-Za-z0-9+/]{16,}={0,2})"/gd,
  group: "secret",
};

/**
 * A kubeconfig kept as base64 (`KUBE_CONFIG_DATA`, a `.b64` file a CI variable is filled from): decoded, it is
 * judged by what it holds (a token, a client key, a password, an auth provider's tokens).
 */
export const base64Kubeconfig: Provider = {
  kind: "kubeconfig-credential",
  keywords: ["yxbpvmvyc2lvbjog"],
  pattern: () => /YXBpVmVyc2lvbjog[A-Za-z0-9+/\r\n]{60,400000}={0,2}/gd,
  minEntropy: 4,
  accept: (value) => {
    const text = Buffer.from(value.replace(/\s+/g, ""), "base64").toString("latin1");
    return /^kind:[ \t]*Config\b/m.test(text) && /^[ \t]*(?:token|client-key-data|password|id-token|refresh-token|client-secret):[ \t]*\S/m.test(text);
  },
};
