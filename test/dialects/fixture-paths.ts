/** The fixture files of one dialect as `<NativeEvent>/<case>.json`, for tests that must cover every one. */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../support/process.ts";

export const FIXTURES = join(ROOT, "fixtures");

export function fixturePaths(dialect: string): string[] {
  const dir = join(FIXTURES, dialect);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((event) =>
      readdirSync(join(dir, event.name))
        .filter((file) => file.endsWith(".json"))
        .map((file) => `${event.name}/${file}`),
    )
    .sort();
}
