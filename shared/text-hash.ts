/**
 * 64-bit FNV-1a of a text's UTF-16 code units, as 16 hex digits. Not a cryptographic hash: it tells texts
 * apart (policies, cache entry names) and keeps node:crypto (4-8 ms at a hook's start) off the decision path.
 */
export function fnv1a64(text: string): string {
  const prime = 0x100000001b3n;
  const mask = 0xffffffffffffffffn;
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) hash = ((hash ^ BigInt(text.charCodeAt(i))) * prime) & mask;
  return hash.toString(16).padStart(16, "0");
}
