// Bundles every hook into one self-contained dist/hooks/<id>.mjs and the CLI into dist/cli.mjs.
import { build } from "esbuild";
import { chmodSync, readdirSync, statSync, rmSync, renameSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { lazyModules } from "./lazy-modules.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const hookIds = readdirSync(join(root, "hooks")).filter((name) => statSync(join(root, "hooks", name)).isDirectory());

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  // Node 20 is the oldest runtime the built files support.
  target: "node20",
  legalComments: "none",
  logLevel: "warning",
  // Some bundled dependencies are CommonJS and call require() for Node built-ins.
  banner: { js: 'import { createRequire as __guardsCreateRequire } from "node:module"; const require = __guardsCreateRequire(import.meta.url);' },
  define: { "process.env.GUARDS_BUNDLED": '"1"' },
  plugins: [lazyModules],
};

// Built into a fresh folder, then swapped in: processes running the old files never see a half-written tree.
const out = join(root, `dist.next-${process.pid}`);
rmSync(out, { recursive: true, force: true });
await Promise.all([
  ...hookIds.map((id) =>
    build({
      ...common,
      stdin: {
        contents: `import hook from "./hooks/${id}/index.ts";\nimport { hookMain } from "./shared/entry.ts";\nawait hookMain([hook]);\n`,
        resolveDir: root,
        sourcefile: `${id}.entry.ts`,
        loader: "ts",
      },
      outfile: join(out, "hooks", `${id}.mjs`),
    }),
  ),
  build({
    ...common,
    entryPoints: [join(root, "install.ts")],
    outfile: join(out, "cli.mjs"),
    banner: { js: `#!/usr/bin/env node\n${common.banner.js}` },
  }),
]);
// The bin is run directly by npx and package managers.
chmodSync(join(out, "cli.mjs"), 0o755);
rmSync(join(root, "dist"), { recursive: true, force: true });
renameSync(out, join(root, "dist"));
