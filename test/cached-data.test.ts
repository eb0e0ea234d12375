/** The code cache keeps V8's cached data twice: any damaged, zeroed, missing or added byte makes it unused. */
import { describe, expect, it } from "vitest";
import { cachedDataParts, intactCachedData } from "../shared/code-cache.ts";

const data = Buffer.alloc(200_003);
for (let i = 0; i < data.length; i++) data[i] = (i * 7919 + (i >>> 8)) & 0xff;
/** As a cache file holds it: a length field (the section's source part) first, then the cached data's parts. */
const AT = 4;
const file = () => Buffer.concat([Buffer.alloc(AT), ...cachedDataParts(data)]);
const copyStart = AT + 4;
const secondCopy = copyStart + data.length;

describe("the kept cached data", () => {
  it("is handed back whole when both copies agree", () => {
    expect(intactCachedData(file(), AT)?.equals(data)).toBe(true);
  });

  const changed = (at: number, length: number, byte: number) => {
    const bytes = file();
    bytes.fill(byte, at, at + length);
    return bytes;
  };
  const damage: [string, () => Buffer][] = [
    ["one byte changed at the start of the first copy", () => changed(copyStart, 1, data[0]! ^ 1)],
    ["one byte changed in the middle of the first copy", () => changed(copyStart + 99_999, 1, data[99_999]! ^ 0x80)],
    ["the last byte of the first copy changed", () => changed(secondCopy - 1, 1, data[data.length - 1]! ^ 1)],
    ["one byte changed in the second copy", () => changed(secondCopy + 123_457, 1, data[123_457]! ^ 4)],
    ["a zeroed 4 KB page", () => changed(copyStart + 4096, 4096, 0)],
    ["the file cut by one byte", () => file().subarray(0, -1)],
    ["the file cut after the first copy", () => file().subarray(0, secondCopy)],
    ["a byte added at the end", () => Buffer.concat([file(), Buffer.from([0])])],
    ["a length field that does not match", () => { const bytes = file(); bytes.writeUInt32LE(data.length - 1, AT); return bytes; }],
    ["no cached data at all", () => Buffer.alloc(AT)],
  ];
  it.for(damage)("is not used with %s", ([, make]) => {
    expect(intactCachedData(make(), AT)).toBeUndefined();
  });
});
