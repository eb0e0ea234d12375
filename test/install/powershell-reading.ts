/**
 * How PowerShell reads a command line, by PowerShell's tree-sitter grammar (tree-sitter-powershell, MIT,
 * loaded as WebAssembly through web-tree-sitter): the commands it runs, their words, and every part it
 * would expand (a variable, `$(…)`, `@(…)`, a script block). No pwsh can be installed where the tests run,
 * so this is the closest reading there is to PowerShell's own parser.
 */
import { createRequire } from "node:module";
import { Language, Parser, type Node } from "web-tree-sitter";

export interface PowerShellReading {
  /** Each command of the line: its name and arguments as PowerShell passes them (quotes taken off). */
  commands: { name: string; args: string[] }[];
  /** The text of every part PowerShell would expand or run before the command starts. */
  expansions: string[];
  /** Parse errors (ERROR or MISSING nodes). */
  errors: string[];
}

const EXPANDING = new Set(["variable", "braced_variable", "sub_expression", "array_expression", "script_block_expression", "script_block"]);

let parser: Parser | undefined;

async function powershellParser(): Promise<Parser> {
  if (parser) return parser;
  await Parser.init();
  const wasm = createRequire(import.meta.url).resolve("tree-sitter-powershell/tree-sitter-powershell.wasm");
  const created = new Parser();
  created.setLanguage(await Language.load(wasm));
  return (parser = created);
}

export async function powershellReading(line: string): Promise<PowerShellReading> {
  // A line as the shell is handed it ends with a newline: without it the grammar wants one more separator.
  const tree = (await powershellParser()).parse(`${line}\n`)!;
  const reading: PowerShellReading = { commands: [], expansions: [], errors: [] };
  const visit = (node: Node): void => {
    if (node.isError || (node.isMissing && !isCommaJoin(node))) reading.errors.push(node.toString());
    if (EXPANDING.has(node.type)) reading.expansions.push(node.text);
    if (node.type === "command") reading.commands.push(commandOf(node));
    for (const child of node.children) if (child) visit(child);
  };
  visit(tree.rootNode);
  return reading;
}

/**
 * `--hooks a,b`: the grammar reads `a` and `,b` as two elements with a separator it says is missing.
 * PowerShell passes an array literal written among a native command's arguments as the text it was written
 * in, one argument `a,b` (PowerShell/PowerShell src/System.Management.Automation/engine/
 * NativeCommandParameterBinder.cs: "ArrayLiteralAst is used to reconstruct the correct argument"): the
 * two are joined here, and that separator is no error.
 */
function commandOf(node: Node): { name: string; args: string[] } {
  const name = node.childForFieldName("command_name")?.text ?? "";
  const args: string[] = [];
  for (const element of node.childForFieldName("command_elements")?.children ?? []) {
    if (!element || element.type === "command_argument_sep") continue;
    if (element.text.startsWith(",") && args.length > 0) args[args.length - 1] += element.text;
    else args.push(unquoted(element.text));
  }
  return { name, args };
}

function isCommaJoin(missing: Node): boolean {
  return missing.parent?.type === "command_argument_sep" && (missing.parent.nextSibling?.text.startsWith(",") ?? false);
}

/** A double- or single-quoted word without its quotes (what reaches the program when nothing in it expands). */
function unquoted(text: string): string {
  return /^(["']).*\1$/s.test(text) ? text.slice(1, -1) : text;
}
