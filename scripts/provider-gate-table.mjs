/**
 * An esbuild plugin that replaces hooks/redact-secrets/provider-gate-table.ts, which reads each provider's gate
 * off providers.ts, with the same table as data. The pre-filter then sets up a string and JSON.parse at each
 * start, where the module itself would set up every provider's pattern and checks (about 45 KB of code), and
 * makes the gate of a provider only when a keyword of the text names it.
 */
import { build } from "esbuild";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const TABLE = /[\\/]hooks[\\/]redact-secrets[\\/]provider-gate-table\.ts$/;
/** A gate's fields (ProviderGate in provider-gate.ts), in the order of gateOf: a test checks both. */
export const FIELDS = ["kind", "keywords", "files", "notInCode", "lineScoped", "nextLine", "lineNeeds", "keywordContext", "wholeText"];
const TESTS = ["keywordContext", "wholeText"];

/**
 * The module's source: `table` (a GateTable) as JSON, each gate a row of FIELDS, each gate test by its name in
 * `tests` (GATE_TESTS of provider-gate.ts). A test that has no name there cannot be written as data: the
 * build stops on it.
 */
export function gateTableSource(table, tests) {
  const names = new Map(Object.entries(tests).map(([name, test]) => [test, name]));
  const nameOf = (gate, field) => {
    const test = gate[field];
    if (test === undefined) return undefined;
    const name = names.get(test);
    if (!name) throw new Error(`provider ${gate.kind}: its ${field} is not one of GATE_TESTS (hooks/redact-secrets/provider-gate.ts); name it there`);
    return name;
  };
  const rows = table.keywords.length === 0 && table.always.length === 0 ? [] : gateRows(table);
  const data = {
    keywords: table.keywords,
    probeGroups: table.probeGroups,
    presetOf: table.presetOf,
    gatesOf: table.gatesOf,
    always: table.always,
    // Each row a JSON text of its own, parsed when a text first needs its gate.
    rows: rows.map((gate) => JSON.stringify(FIELDS.map((field) => (TESTS.includes(field) ? nameOf(gate, field) : gate[field]) ?? null))),
  };
  // Every gate is made with one object literal: the gates share one shape, and V8 reads them all alike.
  const fields = FIELDS.map((field, index) => `${field}: row[${index}] === null ? undefined : ${TESTS.includes(field) ? `GATE_TESTS[row[${index}]]` : `row[${index}]`}`);
  return [
    'import { GATE_TESTS } from "./provider-gate.ts";',
    "// Each provider's gate as providers.ts defined it when this file was built, a row of FIELDS; gate tests by name.",
    `const data = JSON.parse(${JSON.stringify(JSON.stringify(data))});`,
    "const gates = [];",
    "const gateOfRow = (row) => ({ " + fields.join(", ") + " });",
    "export const GATE_TABLE = { keywords: data.keywords, probeGroups: data.probeGroups, presetOf: data.presetOf, gatesOf: data.gatesOf, always: data.always, gate: (index) => (gates[index] ??= gateOfRow(JSON.parse(data.rows[index]))) };",
    "",
  ].join("\n");
}

/** Every gate of the table, in order. */
function gateRows(table) {
  const count = Math.max(-1, ...table.always, ...table.gatesOf.flat()) + 1;
  return Array.from({ length: count }, (_, index) => table.gate(index));
}

/**
 * The table read off the sources, with the tests it may name; with `plugins` (this one), the table the built
 * hook files hold.
 */
export async function sourceTable(plugins = []) {
  const out = await build({
    plugins,
    bundle: true,
    platform: "node",
    format: "cjs",
    write: false,
    logLevel: "warning",
    stdin: {
      contents: 'export { GATE_TABLE } from "./hooks/redact-secrets/provider-gate-table.ts";\nexport { GATE_TESTS } from "./hooks/redact-secrets/provider-gate.ts";\n',
      resolveDir: root,
      sourcefile: "gates.entry.ts",
      loader: "ts",
    },
  });
  const module = { exports: {} };
  new Function("module", "exports", "require", out.outputFiles[0].text)(module, module.exports, (id) => process.getBuiltinModule(id));
  return { table: module.exports.GATE_TABLE, tests: module.exports.GATE_TESTS };
}

let source;

export const providerGateTable = {
  name: "provider-gate-table",
  setup(b) {
    b.onLoad({ filter: TABLE }, async (args) => {
      source ??= sourceTable().then(({ table, tests }) => gateTableSource(table, tests));
      return { contents: await source, loader: "js", resolveDir: dirname(args.path) };
    });
  },
};
