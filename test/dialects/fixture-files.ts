/** The fixture payloads of one dialect, parsed, named `<NativeEvent>/<case>` for test titles. */
import { readFixture } from "../support/process.ts";
import { fixturePaths } from "./fixture-paths.ts";

export interface FixtureFile {
  name: string;
  event: string;
  raw: Record<string, unknown>;
}

export function fixtureFiles(dialect: string): FixtureFile[] {
  return fixturePaths(dialect).map((path) => ({
    name: path.slice(0, -".json".length),
    event: path.slice(0, path.indexOf("/")),
    raw: readFixture(`${dialect}/${path}`),
  }));
}

/** A fresh copy, safe to change in a test. */
export function fixture(dialect: string, name: string): Record<string, unknown> {
  return readFixture(`${dialect}/${name}.json`);
}
