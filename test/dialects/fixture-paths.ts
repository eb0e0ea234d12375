/** The fixture files of one dialect as `<NativeEvent>/<case>.json`, for tests that must cover every one. */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
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

/** Every fixture payload of every agent, as `<agent>/<NativeEvent>/<case>.json`: any of them may reach an entry of any home dialect. */
export function allFixturePaths(dir = FIXTURES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? allFixturePaths(join(dir, entry.name)) : entry.name.endsWith(".json") ? [relative(FIXTURES, join(dir, entry.name))] : [],
  );
}
