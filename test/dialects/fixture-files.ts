/** The fixture payloads of one dialect: fixtures/<dialect>/<NativeEvent>/<case>.json, read once. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../support/process.ts";

export interface FixtureFile {
  /** `beforeShellExecution/git-push`, for test names. */
  name: string;
  event: string;
  raw: Record<string, unknown>;
}

export function fixtureFiles(dialect: string): FixtureFile[] {
  const dir = join(ROOT, "fixtures", dialect);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(join(dir, entry.name))
        .filter((file) => file.endsWith(".json"))
        .map((file) => ({
          name: `${entry.name}/${file.slice(0, -".json".length)}`,
          event: entry.name,
          raw: JSON.parse(readFileSync(join(dir, entry.name, file), "utf8")) as Record<string, unknown>,
        })),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function fixture(dialect: string, name: string): Record<string, unknown> {
  const found = fixtureFiles(dialect).find((f) => f.name === name);
  if (!found) throw new Error(`no fixture ${dialect}/${name}`);
  return structuredClone(found.raw);
}
