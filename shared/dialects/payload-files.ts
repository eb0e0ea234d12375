/** File paths and edits as the agents report them: `{file_path, edits: [{old_string, new_string}]}` (Cursor, Windsurf). */
import { InputError } from "../dialect.ts";
import type { TextEdit } from "../event.ts";
import { isObject, optionalString, type Json } from "../fields.ts";

/** Agents document absolute paths; a relative one is taken against the event's cwd. */
export function absolute(path: string, cwd: string): string {
  if (path === "" || path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || !cwd) return path;
  return `${cwd.replace(/\/$/, "")}/${path}`;
}

/** Cursor edits are `{old_string, new_string}` (cursor-hooks.md afterFileEdit); one-shot writes carry content. */
export function editsOf(input: Json, path = "edits"): TextEdit[] {
  const list = input.edits;
  if (list !== undefined && list !== null) {
    if (!Array.isArray(list)) throw new InputError(`field "${path}" must be an array`);
    return list.map((edit, index) => {
      if (!isObject(edit)) throw new InputError(`field "${path}[${index}]" must be an object`);
      return {
        oldText: optionalString(edit, "old_string", `${path}[${index}].old_string`) ?? "",
        newText: optionalString(edit, "new_string", `${path}[${index}].new_string`) ?? "",
      };
    });
  }
  const newText = optionalString(input, "new_string") ?? optionalString(input, "content") ?? optionalString(input, "contents");
  return newText === undefined ? [] : [{ oldText: optionalString(input, "old_string") ?? "", newText }];
}
