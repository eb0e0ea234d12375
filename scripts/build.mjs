// Bundles every hook into one self-contained dist/hooks/<id>.mjs and the CLI into dist/cli.mjs.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, rmSync, renameSync, writeFileSync } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants as zlibConstants, crc32 } from "node:zlib";
import { lazyModules } from "./lazy-modules.mjs";
import { providerGateTable } from "./provider-gate-table.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const packageVersion = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
// `--readable`: hook bundles keep their names and layout (for profiling).
const readable = process.argv.includes("--readable");
const hookIds = readdirSync(join(root, "hooks")).filter((name) => statSync(join(root, "hooks", name)).isDirectory());

const common = {
  bundle: true,
  platform: "node",
  // Node 20 is the oldest runtime the built files support.
  target: "node20",
  legalComments: "none",
  logLevel: "warning",
  define: { "process.env.GUARDS_BUNDLED": '"1"' },
};

/** Lazy sections in key order: the plugin adds them as their builds finish, which varies from run to run. */
const byKey = (sections) => [...sections].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const sha256 = (text) => createHash("sha256").update(text).digest("hex");

/** Opens the comment that carries a hook file's packed modules, after the small module that runs it. */
const SOURCE_MARK = "\n/*GUARDS_HOOK_SOURCE\n";
/** Opens the line comments that carry a hook file's bundle, at the end of the file. */
const CODE_MARK = "\n//GUARDS_HOOK_CODE\n";

/** What the entries hand the audit trail to mask its text: redact-secrets' detector, loaded only for a record. */
const MASK = '(text) => import("./hooks/redact-secrets/mask.ts").then((m) => m.maskSecrets(text))';

/**
 * The sections of a hook file: the bundle of `contents` (CommonJS-format code in a function wrapper), named
 * `<name>-<hash of its source>`, then each module it loads on some runs only, in key order.
 */
async function bundleSections(name, contents, parameters = "require, __filename, __guardsLoad, __guardsNoteRun, __guardsStdin", shared = false, also = []) {
  const lazySections = new Map();
  const bundled = await build({
    ...common,
    plugins: [lazyModules({ sections: lazySections, shared, also }), providerGateTable],
    format: "cjs",
    minify: !readable,
    write: false,
    outfile: `${name}.cjs`,
    stdin: { contents, resolveDir: root, sourcefile: `${name}.entry.ts`, loader: "ts" },
  });
  // esbuild escapes non-ASCII in code; a readable bundle keeps comments, whose non-ASCII only needs to stay harmless.
  const code = readable ? bundled.outputFiles[0].text.replace(/[^\x00-\x7f]/g, "?") : bundled.outputFiles[0].text;
  const main = `(function (${parameters}) {\nconst __dirname = require("node:path").dirname(__filename);\n${code}\n})`;
  // Each section is named by a hash of its source: the cache file of one exact source.
  return [[`${name}-${sha256(main).slice(0, 20)}`, main], ...byKey(lazySections)];
}

/**
 * A hook file is a small ES module that compiles the hook's code through V8's code cache
 * (shared/code-cache.ts): from the second run on, the hook loads compiled code instead of parsing it.
 * - The code comes in sections: the bundle (CommonJS-format code in a function wrapper), then each module
 *   it loads only on some runs (scripts/lazy-modules.mjs), so that a run reads and compiles only what it runs.
 * - The bundle sits at the end of the file as plain text, one line comment per line: the code that runs is
 *   the code a reader sees, and the cache keeps only its compiled form (a kept source would have to be
 *   hashed at each run to be trusted, which costs more than Node's scan of the text).
 * - The lazy modules sit before it in a comment, as base64 of their Brotli compression: Node reads, decodes
 *   and scans the whole file at every start, and packed they are about a third of the bytes. The run that
 *   first needs one unpacks them (shared/hook-file.ts); the cache folder keeps them unpacked after that.
 * - Node built-ins are reached with require(), never with ESM imports, whose namespace objects touch every
 *   export (node:fs's would load fs/promises, readline and streams at each start).
 */
async function buildHookFile(id) {
  // The audit trail masks text with redact-secrets' detector, a lazy module loaded only for a record.
  const sections = await bundleSections(id, `import hook from "./hooks/${id}/index.ts";\nimport { hookMain } from "./shared/entry.ts";\nvoid hookMain([hook], undefined, { mask: ${MASK} });\n`);
  // The hook reads its sections back as latin1, exact only for ASCII (esbuild's default charset).
  const main = sections[0][1];
  for (const [key, source] of sections) if (/[^\x00-\x7f]/.test(source)) throw new Error(`${id}: section ${key} is not ASCII`);
  // Line comments end at CR as well as LF: the bundle must have none of its own.
  if (main.includes("\r")) throw new Error(`${id}: the bundle holds a carriage return`);
  const bytes = Buffer.from(sections.slice(1).map(([, source]) => source).join(""), "latin1");
  // Base64 has no "*", so the packed sections cannot end the comment early.
  const packed = brotliCompressSync(bytes, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_LGWIN]: 24, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }).toString("base64");
  const outer = await build({
    ...common,
    format: "cjs",
    // Every byte of the file costs each run (about 12 µs a KB on Node 24): the small module that runs the
    // sections is minified too.
    minify: !readable,
    write: false,
    outfile: `${id}.outer.cjs`,
    entryPoints: [join(root, "shared", "hook-file.ts")],
    define: {
      ...common.define,
      GUARDS_SOURCE_MARK: JSON.stringify(SOURCE_MARK),
      GUARDS_CODE_MARK: JSON.stringify(CODE_MARK),
      // Each section's SHA-256: a cache entry's source is used only if it has it (shared/code-cache.ts).
      GUARDS_SECTIONS: JSON.stringify(sections.map(([key, source], index) => ({ key, length: source.length, sha256: sha256(source), packed: index > 0 }))),
      GUARDS_SOURCE_CRC32: String(crc32(bytes)),
      GUARDS_SOURCE_SHA256: JSON.stringify(sha256(bytes)),
    },
  });

  const codeLines = main.split("\n").map((line) => `//${line}`).join("\n");
  return `${PREAMBLE}\n${outer.outputFiles[0].text}${SOURCE_MARK}${packed}\n*/${CODE_MARK}${codeLines}\n`;
}

const PREAMBLE = [
  // The bundles require only Node built-ins: process.getBuiltinModule (Node 20.16+, 22.3+) hands them out
  // without createRequire's module machinery, and without an ESM import's namespace object.
  "const require = process.getBuiltinModule",
  "  ? (id) => {",
  "      const builtin = process.getBuiltinModule(id);",
  "      if (builtin) return builtin;",
  '      throw Object.assign(new Error(`Cannot find module \'${id}\'`), { code: "MODULE_NOT_FOUND" });',
  "    }",
  '  : (await import("node:module")).createRequire(import.meta.url);',
  'const __filename = import.meta.filename ?? (await import("node:url")).fileURLToPath(import.meta.url);',
  ].join("\n");

/**
 * The SHA-256 of every built file, by path under dist/, with the package version: `guards verify` checks
 * installed files against it. Sorted, so that two builds of one commit write the same bytes.
 */
function manifest(dir) {
  const files = {};
  const walk = (sub) => {
    for (const name of readdirSync(join(dir, sub)).sort()) {
      const path = sub ? `${sub}/${name}` : name;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else files[path] = createHash("sha256").update(readFileSync(join(dir, path))).digest("hex");
    }
  };
  walk("");
  return `${JSON.stringify({ version: packageVersion, files }, null, 2)}\n`;
}

/** The file that holds every hook, for installs: its code goes to `guards.code.js` beside it. */
const GUARDS_LOADER = "guards.cjs";
const CODE_FILE = "guards.code.js";

/**
 * A list of guards a registry module exports, evaluated: hooks/inert-commands.ts SHELL_ONLY_GUARDS and
 * hooks/quick-reads.ts READ_GUARDS, the loader's lists of the entries the front serves.
 */
async function guardList(file, name) {
  const out = await build({ ...common, format: "cjs", write: false, entryPoints: [join(root, "hooks", file)] });
  const module = { exports: {} };
  new Function("module", "exports", "require", out.outputFiles[0].text)(module, module.exports, () => ({}));
  return module.exports[name];
}

/**
 * The hook lists of the default install's entries that need few of the hooks: a stop, an edit to format, a
 * read, an edit to check. Each gets a runner section of its own, so that its event deserialises only the
 * engine and its hooks (a Stop about 3 million instructions less than with every hook's code). A shell
 * entry names most hooks and takes the section with all of them, as does any other list.
 */
const RUNNER_FAMILIES = [["stop-telemetry"], ["format"], ["redact-secrets"], ["guard-files"]];

/**
 * Modules a family's runner keeps as lazy sections beyond the usual ones. The runner of redact-secrets alone
 * serves the read and prompt entries: its shell reader, with the whole shell analysis (about 150 KB), is
 * compiled only for a shell event, so a read with a secret deserialises a runner of about 115 KB instead of
 * 265 KB. The runner with every hook keeps it in its bundle: the other guards of a shell entry share the analysis.
 */
const FAMILY_LAZY = { "redact-secrets": [/[\\/]hooks[\\/]redact-secrets[\\/]shell-reads\.ts$/] };

/** A runner's entry: the loaders of `hooks` alone, or of every hook (hooks/loaders.ts), then the engine's main. */
function runnerEntry(hooks) {
  if (!hooks) return `import { hookLoaders } from "./hooks/loaders.ts";\nimport { guardsMain } from "./shared/entry.ts";\nvoid guardsMain(hookLoaders, undefined, { mask: ${MASK} });\n`;
  const loaders = hooks.map((id) => `  ${JSON.stringify(id)}: () => import("./hooks/${id}/index.ts").then((m) => m.default),`).join("\n");
  return `import { guardsMain } from "./shared/entry.ts";\nconst hookLoaders = {\n${loaders}\n};\nvoid guardsMain(hookLoaders, undefined, { mask: ${MASK} });\n`;
}

/**
 * The installed file: every hook in one bundle, run for the hooks its entry names (shared/guards-file.ts).
 * The code is plain text in a file of its own, which Node never scans: only the sections a run compiles
 * are read. Heavy modules (secretlint, the YAML parser, picomatch, the telemetry sender) stay sections of
 * their own, compiled only by a run that loads them.
 */
async function buildGuardsFile() {
  // The front reads the event and answers the inert commands and clean reads (shared/quick-entry.ts); the runner
  // is compiled only for the rest. Its config checks and redact-secrets' pre-filter are lazy sections, compiled only when needed.
  const [front, ...frontLazy] = await bundleSections(
    "front",
    `import { QUICK_RULES } from "./hooks/inert-commands.ts";\nimport { QUICK_READS } from "./hooks/quick-reads.ts";\nimport { frontMain } from "./shared/quick-entry.ts";\nfrontMain({ ...QUICK_RULES, reads: QUICK_READS }, __guardsRunner);\n`,
    "require, __filename, __guardsLoad, __guardsRunner",
    true,
  );
  const frontFor = await guardList("inert-commands.ts", "SHELL_ONLY_GUARDS");
  const frontReads = await guardList("quick-reads.ts", "READ_GUARDS");
  // One runner section per family of entries, each holding only its hooks, then one with every hook.
  const runners = [];
  const lazy = new Map(frontLazy);
  for (const family of [...RUNNER_FAMILIES, undefined]) {
    const [runner, ...loaded] = await bundleSections("guards", runnerEntry(family), undefined, true, family ? FAMILY_LAZY[family.join(",")] : undefined);
    runners.push({ runner, hooks: family ?? [...hookIds].sort() });
    for (const [key, source] of loaded) lazy.set(key, source);
  }
  const sections = [front, ...runners.map(({ runner }) => runner), ...byKey(lazy)];
  for (const [key, source] of sections) if (/[^\x00-\x7f]/.test(source)) throw new Error(`guards: section ${key} is not ASCII`);
  const header = "// The code of guards.cjs beside this file, read by it at the offsets it records: each section is one expression.\n";
  let offset = header.length;
  const index = sections.map(([key, source], at) => {
    const section = { key, length: source.length, sha256: sha256(source), packed: false, offset };
    // A runner section records the hooks it holds: the loader picks the first that holds an entry's.
    if (at >= 1 && at <= runners.length) section.hooks = runners[at - 1].hooks;
    offset += source.length + 1;
    return section;
  });
  const codeText = header + sections.map(([, source]) => `${source}\n`).join("");
  const outer = await build({
    ...common,
    format: "cjs",
    minify: !readable,
    write: false,
    outfile: "guards.outer.cjs",
    entryPoints: [join(root, "shared", "guards-file.ts")],
    define: {
      ...common.define,
      GUARDS_SECTIONS: JSON.stringify(index),
      GUARDS_CODE_FILE: JSON.stringify(CODE_FILE),
      GUARDS_CODE_BYTES: String(Buffer.byteLength(codeText, "latin1")),
      GUARDS_FRONT_FOR: JSON.stringify(frontFor),
      GUARDS_FRONT_READS: JSON.stringify(frontReads),
    },
  });
  // CommonJS, whatever the project's package.json says (.cjs): Node's ES-module loader costs an ES-module
  // entry about 9 million instructions more than a CommonJS one on Node 22 (not in its start-up snapshot),
  // and the file needs neither import nor top-level await; `require` and `__filename` are Node's own.
  return { loader: outer.outputFiles[0].text, code: codeText };
}

// `--out DIR`: build into DIR instead of dist/ (the reproducibility test builds twice and compares).
const outAt = process.argv.indexOf("--out");
const target = outAt === -1 ? join(root, "dist") : resolve(process.argv[outAt + 1]);
// Built into a fresh folder, then swapped in: processes running the old files never see a half-written tree.
const out = `${target}.next-${process.pid}`;
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, "hooks"), { recursive: true });
await Promise.all([
  ...hookIds.map(async (id) => writeFileSync(join(out, "hooks", `${id}.mjs`), await buildHookFile(id))),
  // The engine that the OpenCode and Amp plugins import in the agent's own process (shared/plugin-engine.ts).
  build({
    ...common,
    format: "esm",
    outfile: join(out, "plugin.mjs"),
    // Loaded once per agent session, but every byte is parsed at load: minified like the hook files.
    minify: !readable,
    plugins: [lazyModules(), providerGateTable],
    stdin: {
      contents: `import { hooks } from "./hooks/index.ts";\nimport { pluginEngine } from "./shared/plugin-engine.ts";\nexport const decide = pluginEngine(hooks, { mask: (text) => import("./hooks/redact-secrets/mask.ts").then((m) => m.maskSecrets(text)) });\n`,
      resolveDir: root,
      sourcefile: "plugin.entry.ts",
      loader: "ts",
    },
    banner: { js: 'import { createRequire as __guardsCreateRequire } from "node:module"; const require = __guardsCreateRequire(import.meta.url);' },
  }),
  buildGuardsFile().then(({ loader, code }) => {
    writeFileSync(join(out, GUARDS_LOADER), loader);
    writeFileSync(join(out, CODE_FILE), code);
  }),
  build({
    ...common,
    format: "esm",
    entryPoints: [join(root, "install.ts")],
    outfile: join(out, "cli.mjs"),
    plugins: [lazyModules(), providerGateTable],
    // Some bundled dependencies are CommonJS and call require() for Node built-ins.
    banner: { js: '#!/usr/bin/env node\nimport { createRequire as __guardsCreateRequire } from "node:module"; const require = __guardsCreateRequire(import.meta.url);' },
  }),
]);
// The bin is run directly by npx and package managers.
chmodSync(join(out, "cli.mjs"), 0o755);
writeFileSync(join(out, "manifest.json"), manifest(out));
rmSync(target, { recursive: true, force: true });
renameSync(out, target);
