/**
 * Private keys made for real, by the tools people use (ssh-keygen, openssl, gpg, puttygen, age-keygen, wg),
 * in a temp folder: each with the lines of its body, which must never reach the model.
 */
import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface MadeKey {
  /** What made it, e.g. `ssh-keygen ed25519 OpenSSH, passphrase`. */
  name: string;
  /** A file name to store it under (the tool's own, where it has one: `wg0.key`, `*.ppk`). */
  file: string;
  text: string;
  /** Pieces of the key that must never be shown: every body line, or the secret value. */
  secretParts: string[];
}

const ARMOUR_OR_HEADER = /^-----|^[A-Za-z-]+: |^=[A-Za-z0-9+/]{4}$/;

/** The body lines of an armoured block (PEM, OpenSSH, PGP), without armour, headers and checksum. */
function bodyLines(text: string): string[] {
  return text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length >= 16 && !ARMOUR_OR_HEADER.test(l));
}

const run = (program: string, args: string[], input?: string) => execFileSync(program, args, { input, stdio: ["pipe", "pipe", "pipe"] }).toString();

/** Makes every key; `has(program)` says which tools exist (a missing optional one is skipped and reported by the caller). */
export function makeKeys(): { keys: MadeKey[]; skipped: string[] } {
  const dir = mkdtempSync(join(tmpdir(), "made-keys-"));
  const keys: MadeKey[] = [];
  const skipped: string[] = [];
  const armoured = (name: string, file: string, make: (out: string) => void) => {
    const out = join(dir, file);
    make(out);
    const text = readFileSync(out, "utf8");
    keys.push({ name, file, text, secretParts: bodyLines(text) });
  };
  try {
    for (const [type, bits] of [["ed25519", []], ["rsa", ["-b", "2048"]], ["ecdsa", []]] as const) {
      armoured(`ssh-keygen ${type} OpenSSH`, `id_${type}`, (out) => run("ssh-keygen", ["-q", "-t", type, ...bits, "-N", "", "-C", "dev@laptop", "-f", out]));
      armoured(`ssh-keygen ${type} OpenSSH, passphrase`, `id_${type}_pass`, (out) => run("ssh-keygen", ["-q", "-t", type, ...bits, "-N", "correct horse", "-f", out]));
      if (type !== "ed25519") {
        armoured(`ssh-keygen ${type} PEM`, `id_${type}_pem`, (out) => run("ssh-keygen", ["-q", "-t", type, ...bits, "-m", "PEM", "-N", "", "-f", out]));
        armoured(`ssh-keygen ${type} PEM, passphrase`, `id_${type}_pem_pass`, (out) => run("ssh-keygen", ["-q", "-t", type, ...bits, "-m", "PEM", "-N", "correct horse", "-f", out]));
      }
    }
    armoured("openssl RSA PKCS#1", "rsa-pkcs1.txt", (out) => run("openssl", ["genrsa", "-traditional", "-out", out, "2048"]));
    armoured("openssl RSA PKCS#1, encrypted", "rsa-pkcs1-enc.txt", (out) => run("openssl", ["genrsa", "-traditional", "-aes256", "-passout", "pass:correct-horse", "-out", out, "2048"]));
    armoured("openssl RSA PKCS#8", "rsa-pkcs8.txt", (out) => run("openssl", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", out]));
    armoured("openssl RSA PKCS#8, encrypted", "rsa-pkcs8-enc.txt", (out) => run("openssl", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-aes256", "-pass", "pass:correct-horse", "-out", out]));
    armoured("openssl EC SEC1", "ec-sec1.txt", (out) => run("openssl", ["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", out]));
    armoured("openssl EC PKCS#8", "ec-pkcs8.txt", (out) => run("openssl", ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", out]));
    armoured("openssl Ed25519 PKCS#8", "ed25519-pkcs8.txt", (out) => run("openssl", ["genpkey", "-algorithm", "ed25519", "-out", out]));
    armoured("openssl Ed25519 PKCS#8, encrypted", "ed25519-pkcs8-enc.txt", (out) => run("openssl", ["genpkey", "-algorithm", "ed25519", "-aes256", "-pass", "pass:correct-horse", "-out", out]));
    armoured("openssl DSA", "dsa.txt", (out) => run("openssl", ["dsaparam", "-genkey", "-noout", "-out", out, "1024"]));
    armoured("gpg armoured secret key", "backup.asc", (out) => {
      const home = join(dir, "gnupg");
      run("mkdir", ["-m", "700", home]);
      const gpg = ["--homedir", home, "--batch", "--pinentry-mode", "loopback", "--passphrase", ""];
      run("gpg", [...gpg, "--quick-gen-key", "Dev <dev@example.org>", "ed25519", "sign", "never"]);
      writeFileSync(out, run("gpg", [...gpg, "--armor", "--export-secret-keys"]));
    });
    const ppkSource = join(dir, "id_rsa_pem");
    if (has("puttygen")) {
      for (const [label, extra] of [["", []], [", passphrase", ["--new-passphrase", join(dir, "pass.txt")]]] as const) {
        writeFileSync(join(dir, "pass.txt"), "correct horse\n");
        const file = `putty${extra.length ? "-pass" : ""}.ppk`;
        run("puttygen", [ppkSource, "-O", "private", ...extra, "-o", join(dir, file)]);
        const text = readFileSync(join(dir, file), "utf8");
        const lines = text.split(/\r?\n/);
        const at = lines.findIndex((l) => l.startsWith("Private-Lines:"));
        keys.push({ name: `puttygen .ppk${label}`, file, text, secretParts: lines.slice(at + 1, at + 1 + Number(lines[at]!.split(":")[1])) });
      }
    } else skipped.push("puttygen (putty-tools)");
    // A JSON Web Key as libraries export it (jose, node:crypto): the private scalar is "d".
    const jwk = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" });
    keys.push({ name: "JWK (EC, node:crypto)", file: "signing-jwk.json", text: JSON.stringify({ ...jwk, kid: "sig-1", alg: "ES256" }, null, 2), secretParts: [jwk.d!] });
    if (has("age-keygen")) {
      const text = run("age-keygen", [], undefined) || "";
      keys.push({ name: "age-keygen identity", file: "age-key.txt", text, secretParts: text.split("\n").filter((l) => l.startsWith("AGE-SECRET-KEY-")) });
    } else skipped.push("age-keygen (age)");
    if (has("wg")) {
      const key = run("wg", ["genkey"]).trim();
      keys.push({ name: "wg genkey", file: "wg0.key", text: `${key}\n`, secretParts: [key] });
    } else skipped.push("wg (wireguard-tools)");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { keys, skipped };
}

function has(program: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
