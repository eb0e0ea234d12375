/** The code cache's checksum of V8's cached data: sampled, yet it still finds the damage that happens. */
import { describe, expect, it } from "vitest";
import { checksum } from "../shared/code-cache.ts";

const data = Buffer.alloc(200_003);
for (let i = 0; i < data.length; i++) data[i] = (i * 7919 + (i >>> 8)) & 0xff;
const genuine = checksum(data);

describe("checksum", () => {
  const damaged = (at: number, length: number, byte: number) => {
    const copy = Buffer.from(data);
    copy.fill(byte, at, at + length);
    return copy;
  };

  it.for([0, 1, 63, 4096, 99_999, 123_457, 199_939, 200_003 - 64])("a run of 64 changed bytes at %i is found", (at) => {
    expect(checksum(damaged(at, 64, 0x41))).not.toBe(genuine);
  });

  it.for([0, 4096, 192_512])("a zeroed 4 KB page at %i is found", (at) => {
    expect(checksum(damaged(at, 4096, 0))).not.toBe(genuine);
  });

  it.for([1, 3, 4, 1000])("data cut by %i bytes is found", (cut) => {
    expect(checksum(data.subarray(0, data.length - cut))).not.toBe(genuine);
  });

  it("the last bytes count, and an unaligned view gives the same answer", () => {
    expect(checksum(damaged(data.length - 1, 1, data[data.length - 1]! ^ 1))).not.toBe(genuine);
    const shifted = Buffer.alloc(data.length + 1);
    data.copy(shifted, 1);
    expect(checksum(shifted.subarray(1))).toBe(genuine);
  });
});
