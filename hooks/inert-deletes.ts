/**
 * Deletes of plain names in the folder a command runs in (`rm -rf ./build dist`), as the guards judge them
 * with no config file: the hook file's front answers the line only when every guard lets each delete
 * pass, by the guards' own code (dangerous-command's classes of places, guard-files' guarded places and
 * the links it resolves). A section of its own: only a line with such a delete compiles it.
 */
import { lstatSync } from "node:fs";
import { posix } from "node:path";
import { guardedPlaces } from "../shared/guarded-places.ts";
import type { DeletesCheck } from "../shared/quick-answer.ts";
import { classify, homePlaces, type HomePlaces } from "./dangerous-command/paths.ts";
import type { Options } from "./dangerous-command/options.ts";
import type { Scope } from "./dangerous-command/scope.ts";
import { placeOf, placeUnder, realForms } from "./guard-files/places.ts";

/** dangerous-command's options with no config: nothing protected beyond its own classes. */
const NO_OPTIONS: Options = { disabled: new Set(), protectedPaths: [], protectedBranches: [], rules: [] };

export const deletesPassEveryGuard: DeletesCheck = (names, cwd, projectRoot, env) => {
  if (!cwd.startsWith("/") || posix.resolve(cwd) !== cwd.replace(/(.)\/+$/, "$1")) return false;
  const home = env.HOME || undefined;
  let places: { value: HomePlaces | undefined } | undefined;
  // Temp folders decide only for places outside the project, which are not answered here.
  const scope: Scope = {
    home,
    user: env.USER || undefined,
    homePlaces: () => (places ??= { value: homePlaces(home) }).value,
    tempDirs: [],
    projectRoot,
    options: NO_OPTIONS,
    analysis: { commands: [], unresolved: [] },
    catastrophicOnly: false,
  };
  const guarded = guardedPlaces(projectRoot, env);
  return names.every((name) => {
    const path = posix.resolve(cwd, name);
    // No hidden folder on the way (`.git`, `.ssh`, an agent's or the guards' own), and inside the project.
    if (path.split("/").some((segment) => segment.startsWith(".")) || classify({ path, contents: false }, scope) !== "inside-project") return false;
    // A link, or a folder reached through one, is left to the guards, which resolve it.
    const forms = realForms(path);
    if (forms.length > 1 || isLink(path)) return false;
    // guard-files: the place itself, and every guarded place under it, which a recursive delete reaches.
    return !placeOf(path, guarded) && !placeUnder(path, guarded);
  });
};

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
