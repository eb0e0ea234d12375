/**
 * A key block (`-----BEGIN … PRIVATE KEY-----` … `-----END …-----`) judged by its armour and its body, as
 * a whole: a real body is base64 of a key's size; a sample in documentation is shortened (`...`), made of
 * words, or a handful of characters. The body is never searched for words: it is random.
 */

// The smallest private key body: an Ed25519 key in PKCS#8 is 48 bytes, 64 base64 characters.
const MIN_BODY = 60;

/** True when the block is a sample, not a key. */
export function isPlaceholderKeyBlock(block: string): boolean {
  const body = keyBody(block);
  if (body === undefined) return true;
  return body.length < MIN_BODY || /^(.)\1*$/.test(body);
}

/**
 * The base64 body between the armour lines, without RFC 7468/4880 headers (`Proc-Type:`, `DEK-Info:`,
 * `Version:`), the PGP checksum line, indentation and `\n` escapes (a key inside a JSON string); undefined
 * when a line is anything else (`...`, `<your key>`).
 */
export function keyBody(block: string): string | undefined {
  const lines = block.replaceAll("\\n", "\n").replaceAll("\\r", "").split(/\r?\n/);
  let body = "";
  for (const raw of lines.slice(1)) {
    const line = raw.trim().replace(/^["',]+|["',]+$/g, "");
    if (line.startsWith("-----END")) break;
    if (line === "" || /^[A-Za-z-]+: /.test(line) || /^=[A-Za-z0-9+/]{4}$/.test(line)) continue;
    if (!/^[A-Za-z0-9+/=]+$/.test(line)) return undefined;
    body += line;
  }
  return body;
}
