/**
 * VS Code's own tool ids (the Local harness, which sends the model-facing name) and what their inputs
 * name. Sources: microsoft/vscode `runInTerminalTool.ts` and the Copilot extension's `toolNames.ts` and
 * `package.json` inputSchema (extensions/copilot/src/extension/tools/common/toolNames.ts). The contributed ids (`copilot_readFile`)
 * and the old docs' `runTerminalCommand` / `editFiles` are not what hooks see.
 */
import { InputError } from "../dialect.ts";
import type { TextEdit } from "../event.ts";
import { isObject, optionalString, requireString, type Json } from "../fields.ts";
import { patchedFiles } from "./patch.ts";
import type { ToolRole } from "./tool-event.ts";
import { VSCODE_TOOL_ROLES, VSCODE_TOOL_IDS } from "./vscode-events.ts";

export { VSCODE_TOOL_IDS };

export function vscodeRole(toolName: string): ToolRole {
  return Object.hasOwn(VSCODE_TOOL_ROLES, toolName) ? VSCODE_TOOL_ROLES[toolName]! : toolName.startsWith("mcp_") ? "mcp" : "tool";
}

/** The files a read or edit names, as given (relative paths are made absolute by the caller). */
export function vscodePaths(toolName: string, input: Json): string[] {
  if (toolName === "multi_replace_string_in_file") {
    const replacements = input.replacements;
    if (!Array.isArray(replacements)) throw new InputError(`field "tool_input.replacements" must be an array`);
    const paths = replacements.map((item, index) => {
      if (!isObject(item)) throw new InputError(`field "tool_input.replacements[${index}]" must be an object`);
      return requireString(item, "filePath", `tool_input.replacements[${index}].filePath`);
    });
    return [...new Set(paths)];
  }
  // apply_patch carries the files only in its patch text (`*** Update File: path`).
  if (toolName === "apply_patch") return patchedFiles(requireString(input, "input", "tool_input.input"));
  return [requireString(input, "filePath", "tool_input.filePath")];
}

/** Old and new text per tool: `oldString`/`newString`, `content` (create), `code` (insert). */
export function vscodeEdits(toolName: string, input: Json): TextEdit[] {
  const one = (item: Json, path: string): TextEdit => ({
    oldText: optionalString(item, "oldString", `${path}.oldString`) ?? "",
    newText: optionalString(item, "newString", `${path}.newString`) ?? optionalString(item, "content", `${path}.content`) ?? optionalString(item, "code", `${path}.code`) ?? "",
  });
  if (toolName === "multi_replace_string_in_file") {
    return (input.replacements as unknown[]).filter(isObject).map((item, index) => one(item, `tool_input.replacements[${index}]`));
  }
  if (toolName === "apply_patch") return [{ oldText: "", newText: optionalString(input, "input", "tool_input.input") ?? "" }];
  return [one(input, "tool_input")];
}
