/**
 * An esbuild plugin for modules a hook needs only on some runs (secretlint, the YAML parser): a dynamic
 * `import()` of one of them is compiled on first use, from code kept out of the bundle's own. Bundled as
 * code, V8 would pre-parse every byte of them at each start. The hook file stays self-contained.
 */
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { providerGateTable } from "./provider-gate-table.mjs";

/** Dynamically imported specifiers (as written) or resolved paths that are compiled on first use. */
const LAZY = [
  /^yaml$/,
  /^picomatch$/,
  /[\\/]hooks[\\/]redact-secrets[\\/]engine\.ts$/,
  // The PowerShell reader: only PowerShell lines load it.
  /[\\/]hooks[\\/]redact-secrets[\\/]powershell-reads\.ts$/,
  // The PowerShell statement reader of the shell analysis: only lines that run PowerShell load it.
  /[\\/]shared[\\/]shell[\\/]powershell\.ts$/,
  // Archivers, sync tools, restores, migration tools and cloud cmdlets: only lines that run one load it.
  /[\\/]shared[\\/]shell[\\/]teardown\.ts$/,
  // dangerous-command's accounts, logs, storage and rarer network rules: only lines that run such a program load it.
  /[\\/]hooks[\\/]dangerous-command[\\/]rules[\\/]machine\.ts$/,
  // The OTLP sender: only the stop hook, the detached flusher and the CLI deliver.
  /[\\/]shared[\\/]telemetry[\\/]otlp-deliver\.ts$/,
  // undici, which only stop-telemetry's own endpoint loads (about 280 KB a hook would otherwise read at each start).
  /[\\/]shared[\\/]http-post\.ts$/,
  // The front's config check (plain YAML, the merge, each guard's options): only a project with a config file reads it.
  /[\\/]hooks[\\/]inert-settings\.ts$/,
  // The front's check of a line's deletes (the guards' view of the places they hit): only such a line reads it.
  /[\\/]hooks[\\/]inert-deletes\.ts$/,
];

/**
 * Modules that the file holding every hook (guards.cjs) keeps as sections of their own, so that its front and
 * its runner share one instance in a process: redact-secrets' pre-filter (the providers' gates) and the
 * providers' patterns, which the front's read check sets up and a read it hands on uses again. A single-hook file has
 * no front, and keeps them in its bundle (a section of its own would be packed, and checked at each load).
 */
const SHARED = [
  /[\\/]hooks[\\/]redact-secrets[\\/]prefilter\.ts$/,
  // The providers' patterns and checks: the pre-filter loads them only for a text that opens one of their gates
  // (provider-gate.ts), and the engine's rule shares the instance (each pattern is compiled once).
  /[\\/]hooks[\\/]redact-secrets[\\/]provider-rule\.ts$/,
];
const NAMESPACE = "lazy-module";

// Keeps secretlint's `debug` calls, and the package, out of the string: nothing in a hook turns them on.
const debugStub = {
  name: "debug-stub",
  setup(b) {
    b.onResolve({ filter: /^debug$/ }, () => ({ path: "debug", namespace: "debug-stub" }));
    b.onLoad({ filter: /.*/, namespace: "debug-stub" }, () => ({
      contents: "const d = () => {}; d.enabled = false; d.extend = () => d; module.exports = () => d;",
      loader: "js",
    }));
  },
};

// secretlint's always-on profiler (performance marks, loads perf_hooks) records nothing a hook reads.
const profilerStub = {
  name: "profiler-stub",
  setup(b) {
    b.onResolve({ filter: /^@secretlint\/profiler$/ }, () => ({ path: "profiler", namespace: "profiler-stub" }));
    b.onLoad({ filter: /.*/, namespace: "profiler-stub" }, () => ({ contents: "export const secretLintProfiler = { mark() {} };", loader: "js" }));
  },
};

// secretlint's preset loads node-forge (~880 KB) only to open .p12 files; guards refuses those by path and
// never hands binary files to secretlint, so the import resolves to nothing and the rule's own catch ends it.
const p12ParserStub = {
  name: "p12-parser-stub",
  setup(b) {
    b.onResolve({ filter: /^\.\/index-[\w-]+\.js$/ }, (args) =>
      args.kind === "dynamic-import" && /secretlint-rule-preset-recommend/.test(args.importer) ? { path: "forge", namespace: "p12-parser-stub" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "p12-parser-stub" }, () => ({ contents: "export const i = { default: undefined };", loader: "js" }));
  },
};

// The preset's token rules refuse a match right after a letter with `(?<!\p{L})`. V8 builds that Unicode
// class anew for each pattern: about 1.3 ms to create the preset's eight and 1 ms more to scan 20 KB with
// them, on every read that reaches secretlint. `(?<![A-Za-z])` refuses fewer matches (after an ASCII letter
// only), so the rules still find every token they found, and a token glued to a non-ASCII letter as well.
const letterLookbehind = {
  name: "letter-lookbehind",
  setup(b) {
    b.onLoad({ filter: /[\\/]@secretlint[\\/]secretlint-rule-preset-recommend[\\/].*\.js$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      return { contents: withoutEagerMatcher(source.replaceAll("(?<!\\p{L})", "(?<![A-Za-z])")), loader: "js" };
    });
  },
};

// Each preset rule checks a match against its `allows` patterns with regexp-string-matcher, which the preset
// sets up when it loads: three lodash modules (uniq, uniqWith, sortBy) evaluated on every secret read. guards
// passes no `allows`, and matchPatterns(text, []) is [] whatever the text, so the matcher is set up only for
// a non-empty list.
const EAGER_MATCHER = "var regexpStringMatcherExports = requireRegexpStringMatcher();";
function withoutEagerMatcher(source) {
  if (!source.includes("requireRegexpStringMatcher")) return source;
  if (!source.includes(EAGER_MATCHER)) throw new Error("secretlint's preset no longer sets up regexp-string-matcher as expected: review scripts/lazy-modules.mjs");
  return source.replace(
    EAGER_MATCHER,
    "var regexpStringMatcherExports = { matchPatterns: (text, patterns) => (patterns.length === 0 ? [] : requireRegexpStringMatcher().matchPatterns(text, patterns)) };",
  );
}

const built = new Map();

/**
 * A lazy module bundled on its own, minified: its code, the files it was made from, and the sections of the
 * lazy modules it loads in turn (none when `inline`: they stay strings in its code, as in the CLI).
 */
async function buildLazy(path, inline, shared) {
  const nested = new Map();
  const result = await build({
    entryPoints: [path],
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    minify: true,
    write: false,
    metafile: true,
    outfile: "lazy.cjs",
    legalComments: "none",
    logLevel: "warning",
    plugins: [lazyModules(inline ? {} : { sections: nested, shared }), debugStub, profilerStub, p12ParserStub, letterLookbehind, providerGateTable],
  });
  return { code: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs), nested };
}

/**
 * `sections`: a Map that receives each lazy module's code, by key, for a hook file, which packs them apart
 * from its bundle and hands the bundle `__guardsLoad(key)` to compile one (shared/hook-file.ts). Without it
 * (the CLI), the code stays in the bundle as a string. `also`: patterns lazy in this bundle alone (not in the
 * lazy modules it loads), for a runner that needs a module on few of its runs where other runners need it often.
 */
export function lazyModules({ sections, shared = false, also = [] } = {}) {
  return {
    name: "lazy-modules",
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== "dynamic-import" || args.pluginData?.lazy) return undefined;
        const resolved = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: { lazy: true } });
        const lazy = [...LAZY, ...(shared ? SHARED : []), ...also];
        if (resolved.errors.length || !lazy.some((re) => re.test(args.path) || re.test(resolved.path))) return undefined;
        return { path: resolved.path, namespace: NAMESPACE };
      });
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        // Each lazy module is built once, whichever hooks load it.
        const memo = `${sections ? "sections" : "inline"}:${shared}:${args.path}`;
        if (!built.has(memo)) built.set(memo, buildLazy(args.path, !sections, shared));
        const { code, inputs, nested } = await built.get(memo);
        // A CommonJS wrapper: esbuild's import() interop then hands out its exports as the module would.
        // `require` is the bundle's own; `__guardsLoad` compiles the sections of the lazy modules it loads in turn.
        const key = `lazy-${createHash("sha256").update(code).digest("hex").slice(0, 20)}`;
        let factory;
        if (sections) {
          sections.set(key, `(function (require, module, exports, __guardsLoad) {${code}\n})`);
          for (const [nestedKey, source] of nested) sections.set(nestedKey, source);
          factory = `__guardsLoad(${JSON.stringify(key)})`;
        } else {
          factory = `new Function("require", "module", "exports", ${JSON.stringify(code)})`;
        }
        // The exports are kept on the factory: a hook file's loader hands out one factory per section, so the
        // front and the runner of one process share a module's instance (its tables are set up once).
        const contents = [
          `const lazyFactory = ${factory};`,
          "if (!lazyFactory.guardsExports) {",
          "  const lazyModule = { exports: {} };",
          `  lazyFactory(require, lazyModule, lazyModule.exports${sections ? ", __guardsLoad" : ""});`,
          "  lazyFactory.guardsExports = lazyModule.exports;",
          "}",
          "module.exports = lazyFactory.guardsExports;",
        ].join("\n");
        return { contents, loader: "js", watchFiles: inputs };
      });
    },
  };
}
