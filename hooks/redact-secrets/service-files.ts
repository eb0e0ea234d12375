/**
 * Secrets in files whose shape names no secret: OpenVPN's `auth-user-pass` file (a user name, then the password),
 * the mongo shell's `db.auth("user", "password")`, Dovecot's `{PLAIN}` passwd-file entries, Zigbee2MQTT's
 * `network_key` (16 bytes as a list of numbers), and curl's config file (`user = "name:password"`).
 */
import { isProse } from "./generic.ts";
import { fitsAnAuthFile } from "./provider-gate.ts";
import type { Provider } from "./providers.ts";
import { isDefaultPassword } from "./values.ts";

/** Formats in which two lines mean something else than a login (a signature, a lock, data). */
const STRUCTURED = /\.(?:md|markdown|rst|json|ya?ml|toml|xml|html?|csv|tsv|lock|sum|sig|asc|pem|crt|cer|pub|svg|log|ini|cfg|env|properties)$/i;

/**
 * OpenVPN's `auth-user-pass FILE` (and the many VPN providers' `*.auth` and `login.txt` files): the whole
 * file is a user name on the first line and the password on the second.
 */
export const openvpnAuthFile: Provider = {
  kind: "generic-secret",
  // The whole text, anchored at its start: any other file fails at its first line.
  keywords: [],
  notInCode: true,
  pattern: () => /^(?<user>[A-Za-z0-9][\w.@+-]{1,63})\r?\n(?<secret>[^\s]{8,128})(?:\r?\n)?$/gd,
  // At most 64 + 2 + 128 + 2 characters: most files are longer, and never compile the pattern.
  wholeText: fitsAnAuthFile,
  group: "secret",
  minEntropy: 3,
  accept: (value, match, _text, _at, filePath) =>
    !STRUCTURED.test(filePath ?? "") &&
    // A password mixes kinds of characters; a version, a date, a path, an address or a second name does not.
    /[A-Za-z]/.test(value) && /[^A-Za-z]/.test(value) &&
    !/^v?\d+(?:[.-]\d+)+/.test(value) && !/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(value) && !/[/\\]|:\/\/|^[\w.-]+@[\w.-]+$|^[\w-]+=/.test(value) &&
    !isDefaultPassword(value, match.groups?.user) && !isProse(value),
};

/** The mongo shell's `db.auth("user", "password")` and `getSiblingDB("admin").auth('root', '…')`; `passwordPrompt()` asks instead. */
export const mongoShellAuth: Provider = {
  kind: "generic-secret",
  keywords: [".auth("],
  lineScoped: true,
  pattern: () => /\.auth\(\s*(?<q1>["'])[^"'\n]{1,64}\k<q1>\s*,\s*(?<q2>["'])(?<secret>[^"'\n]{4,200})\k<q2>\s*\)/gd,
  group: "secret",
  minEntropy: 2.5,
  accept: (value) => !isDefaultPassword(value, undefined),
};

/** Dovecot's passwd-file and `auth-static` entries: `{PLAIN}…`, `{CLEARTEXT}…` store the password itself; other schemes hash it. */
export const dovecotPlainPassword: Provider = {
  kind: "generic-secret",
  // One search: `{PLAIN}` is the scheme Dovecot's docs and tools write (`{CLEARTEXT}` is its alias, found beside it).
  keywords: ["{plain}"],
  lineScoped: true,
  pattern: () => /\{(?:PLAIN|CLEARTEXT|CLEAR)\}(?<secret>[^\s:]{4,200})/gdi,
  group: "secret",
  minEntropy: 2,
  accept: (value) => !isDefaultPassword(value, undefined),
};

// Zigbee2MQTT's documented default key, which its docs tell every user to replace: known to all.
const ZIGBEE_DEFAULT_KEY = "1,3,5,7,9,11,13,15,0,2,4,6,8,10,12,13";

/** Zigbee2MQTT's `network_key: [12, 201, …]`: the network's 16-byte AES key, as numbers (`GENERATE` asks for a new one). */
export const zigbeeNetworkKey: Provider = {
  kind: "generic-secret",
  // `key` is other rules' keyword already: no search of its own, narrowed to the lines naming the network key.
  keywords: ["key"],
  lineScoped: true,
  lineNeeds: [["network_key"]],
  pattern: () => /\bnetwork_?key["']?[ \t]*[:=][ \t]*\[(?<secret>[ \t]*\d{1,3}(?:[ \t]*,[ \t]*\d{1,3}){15}[ \t]*)\]/gdi,
  group: "secret",
  accept: (value) => {
    const bytes = value.replace(/\s/g, "");
    return bytes !== ZIGBEE_DEFAULT_KEY && new Set(bytes.split(",")).size > 4;
  },
};

/** curl's config file (`~/.curlrc`, `_curlrc`): `user = "name:password"`, `--user name:password`, `-u name:password`. */
export const curlConfigUser: Provider = {
  kind: "generic-secret",
  // `user ` is the keyword of other rules already.
  keywords: ["user "],
  lineScoped: true,
  files: [".curlrc", "_curlrc", "curlrc"],
  pattern: () => /^[ \t]*(?:--user|-u|user)(?:[ \t]*[=:][ \t]*|[ \t]+)(?<q>"?)[^\s:"]+:(?<secret>[^\s"]{4,200})\k<q>[ \t]*\r?$/gdm,
  group: "secret",
  minEntropy: 2.5,
  accept: (value) => !isDefaultPassword(value, undefined),
};
