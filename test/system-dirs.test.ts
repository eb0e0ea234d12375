/** Home and temp directories from the environment, as node:os would answer, without loading it. */
import { homedir, tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { homeDirectory, pathUnder, tempDirectory } from "../shared/system-dirs.ts";
import { homePlaces } from "../hooks/dangerous-command/paths.ts";

const TEMP_CASES: { name: string; env: Record<string, string>; expected: string }[] = [
  { name: "TMPDIR", env: { TMPDIR: "/var/folders/x/T" }, expected: "/var/folders/x/T" },
  { name: "TMPDIR with a trailing slash", env: { TMPDIR: "/var/folders/x/T/" }, expected: "/var/folders/x/T" },
  { name: "TMPDIR of / stays /", env: { TMPDIR: "/" }, expected: "/" },
  { name: "TMP when TMPDIR is empty", env: { TMPDIR: "", TMP: "/scratch" }, expected: "/scratch" },
  { name: "TEMP last", env: { TEMP: "/temp" }, expected: "/temp" },
  { name: "none set", env: {}, expected: "/tmp" },
];

describe.skipIf(process.platform === "win32")("tempDirectory", () => {
  it.for(TEMP_CASES)("$name", ({ env, expected }) => {
    expect(tempDirectory(env)).toBe(expected);
  });

  it("answers what os.tmpdir() answers for this process", () => {
    expect(tempDirectory(process.env)).toBe(tmpdir());
  });
});

describe("homeDirectory", () => {
  it("is HOME when set", () => {
    expect(homeDirectory({ HOME: "/home/elsewhere" })).toBe("/home/elsewhere");
  });

  it("is the account's home directory without HOME", () => {
    expect(homeDirectory({})).toBe(homedir());
    expect(homeDirectory({ HOME: "" })).toBe(homedir());
  });
});

describe("homePlaces", () => {
  it.for([
    { home: "/home/dev", expected: "/home/dev" },
    { home: "/home/dev/", expected: "/home/dev" },
    { home: "/home//dev/./", expected: "/home/dev" },
    { home: "/", expected: "/" },
  ])("$home is $expected", ({ home, expected }) => {
    const places = homePlaces(home)!;
    expect(places.home).toBe(expected);
    const base = expected === "/" ? "/" : `${expected}/`;
    expect(places.credentials).toContain(`${base}.ssh`);
    expect(places.credentials).toContain(`${base}.config/gcloud`);
    expect(places.caches).toContain(`${base}.npm/_cacache`);
  });

  it.for([undefined, "", "relative/home"])("no places for HOME=%s", (home) => {
    expect(homePlaces(home)).toBeUndefined();
  });
});

describe.skipIf(process.platform === "win32")("pathUnder", () => {
  it.for([
    { dir: "/home/dev", names: [".config"], expected: "/home/dev/.config" },
    { dir: "/home/dev/", names: [".config", "guards", "config.yaml"], expected: "/home/dev/.config/guards/config.yaml" },
    { dir: "/home/dev//", names: ["x"], expected: "/home/dev/x" },
    { dir: "/", names: [".guards.yaml"], expected: "/.guards.yaml" },
    { dir: "//", names: ["x"], expected: "/x" },
    { dir: "", names: ["x"], expected: "x" },
    { dir: "relative/dir", names: ["x"], expected: "relative/dir/x" },
  ])("$dir + $names", ({ dir, names, expected }) => {
    expect(pathUnder(dir, ...names)).toBe(expected);
  });
});
