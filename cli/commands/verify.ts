/**
 * `guards verify [--dir PROJECT] [--root PREFIX] [--json]`: every file installed in the project, user and
 * enterprise guards folders, checked against the SHA-256 manifest the build wrote into this package.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { builtHooksDir } from "../install/package-info.ts";
import { currentPlatform, guardsHome, scopeDirs, staged } from "../install/locations.ts";
import type { Scope } from "../install/targets/types.ts";
import type { Command } from "./io.ts";

interface Manifest {
  version: string;
  files: Record<string, string>;
}

export interface Verdict {
  scope: Scope;
  path: string;
  status: "same" | "differs" | "missing" | "unknown" | "other-version";
}

export const verifyCommand: Command = async (io) => {
  const { values } = parseArgs({ args: io.argv, options: { dir: { type: "string" }, root: { type: "string" }, json: { type: "boolean", default: false } } });
  const manifestPath = join(builtHooksDir(), "..", "manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`no manifest at ${manifestPath}: this package was not built with one`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const verdicts = verifyInstalled(manifest, resolve(io.cwd, values.dir ?? "."), io.env, values.root ? resolve(io.cwd, values.root) : undefined);
  if (values.json) io.stdout(`${JSON.stringify(verdicts, null, 2)}\n`);
  else {
    if (verdicts.length === 0) io.stdout("No installed guards files found.\n");
    for (const v of verdicts) io.stdout(`${v.status.padEnd(13)} ${v.scope.padEnd(10)} ${v.path}\n`);
  }
  return verdicts.some((v) => v.status === "differs" || v.status === "missing" || v.status === "unknown") ? 1 : 0;
};

/**
 * The installed files of `manifest.version`, each compared with the package's. A folder of another
 * version cannot be checked with this manifest: it is named once, as such. Files guards write per install
 * (wrapper scripts in subfolders) are not package files and are not listed.
 */
export function verifyInstalled(manifest: Manifest, project: string, env: Readonly<Record<string, string | undefined>>, root?: string): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const scope of ["project", "user", "enterprise"] as const) {
    let home: string;
    try {
      home = staged(scope === "enterprise" ? root : undefined, guardsHome(scopeDirs(scope, currentPlatform(), project, env)));
    } catch {
      continue;
    }
    if (!existsSync(home)) continue;
    for (const version of readdirSync(home).filter((name) => /^\d+\.\d+\.\d+/.test(name)).sort()) {
      const dir = join(home, version);
      if (version !== manifest.version) {
        verdicts.push({ scope, path: dir, status: "other-version" });
        continue;
      }
      const present = readdirSync(dir).filter((name) => statSync(join(dir, name)).isFile());
      for (const name of present.sort()) {
        // Installs copy files from the package's top level; an earlier layout copied dist/hooks/<id>.mjs.
        const expected = manifest.files[name] ?? manifest.files[`hooks/${name}`];
        const actual = createHash("sha256").update(readFileSync(join(dir, name))).digest("hex");
        verdicts.push({ scope, path: join(dir, name), status: expected === undefined ? "unknown" : expected === actual ? "same" : "differs" });
      }
      // The guards file runs the code beside it: one without the other is broken.
      for (const name of ["guards.cjs", "guards.code.js"]) {
        if (present.includes("guards.cjs") || present.includes("guards.code.js")) {
          if (!present.includes(name)) verdicts.push({ scope, path: join(dir, name), status: "missing" });
        }
      }
    }
  }
  return verdicts;
}
