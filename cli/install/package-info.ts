/** guards' own version and where its built hook files are, both when bundled (dist/cli.mjs) and from source. */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import packageJson from "../../package.json" with { type: "json" };

export const GUARDS_VERSION: string = packageJson.version;

/** dist/hooks beside the bundled CLI, else the repository's dist/hooks (tests, running from source). */
export function builtHooksDir(): string {
  const besideBundle = fileURLToPath(new URL("./hooks/", import.meta.url));
  if (existsSync(besideBundle)) return besideBundle;
  return fileURLToPath(new URL("../../dist/hooks/", import.meta.url));
}
