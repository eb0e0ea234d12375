/**
 * `tar -O` prints the members of an archive: each is checked like a file of that name. Plain and gzip'd
 * tar are read here (ustar headers, POSIX and GNU long names); other compressions cannot be checked, so a
 * print of their members is refused.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { examineFile, type Scanner, type Verdict } from "./scan.ts";

const BLOCK = 512;

export async function examineArchive(scanner: Scanner, archive: string, members: readonly string[]): Promise<Verdict> {
  let data: Buffer;
  try {
    data = readFileSync(archive);
  } catch {
    return { status: "clean", path: archive };
  }
  if (data.length > scanner.options.maxBytes) return { status: "refused", path: archive, rule: "too-large", reason: `it is larger than ${scanner.options.maxBytes} bytes (maxBytes), too large to check in time` };
  try {
    if (data[0] === 0x1f && data[1] === 0x8b) data = gunzipSync(data, { maxOutputLength: scanner.options.maxBytes });
  } catch {
    return { status: "refused", path: archive, rule: "unreadable-archive", reason: "its members cannot be checked" };
  }
  if (data.length < BLOCK || data.toString("latin1", 257, 262) !== "ustar") {
    return { status: "refused", path: archive, rule: "unreadable-archive", reason: "its members cannot be checked (not a plain or gzip'd tar)" };
  }
  for (const member of tarMembers(data)) {
    if (members.length && !members.some((m) => member.name === m || member.name === m.replace(/^\.\//, "") || member.name.startsWith(`${m.replace(/\/$/, "")}/`))) continue;
    const verdict = await examineFile(scanner, `${archive}/${member.name}`, member.text);
    if (verdict.status !== "clean") return verdict;
  }
  return { status: "clean", path: archive };
}

/** The regular files of a plain tar, in order. */
export function* tarMembers(data: Buffer): Generator<{ name: string; text: string; data: Buffer }> {
  let at = 0;
  let longName: string | undefined;
  while (at + BLOCK <= data.length) {
    const header = data.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) return;
    const size = Number.parseInt(header.toString("latin1", 124, 136).replace(/\0.*$/s, "").trim() || "0", 8);
    const type = String.fromCharCode(header[156]!);
    const prefix = cString(header, 345, 155);
    const body = data.subarray(at + BLOCK, at + BLOCK + size);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === "L") {
      longName = cString(body, 0, body.length);
      continue;
    }
    if (type === "x") {
      const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString("utf8"));
      if (path) longName = path[1];
      continue;
    }
    const name = longName ?? (prefix ? `${prefix}/${cString(header, 0, 100)}` : cString(header, 0, 100));
    longName = undefined;
    if (type === "0" || type === "\0" || type === "7") yield { name, text: body.toString("utf8"), data: body };
  }
}

function cString(buffer: Buffer, start: number, length: number): string {
  const raw = buffer.toString("utf8", start, start + length);
  const end = raw.indexOf("\0");
  return end === -1 ? raw : raw.slice(0, end);
}
