import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { hooks } from "../../hooks/index.ts";
import { builtHooksDir, GUARDS_VERSION } from "../install/package-info.ts";
import { pack } from "../install/pack.ts";
import { UsageError, type Command } from "./io.ts";

/** `guards pack --format uaaps --out DIR`: the guards as a universal (UAAPS) package. */
export const packCommand: Command = async (io) => {
  const { values } = parseArgs({ args: io.argv, options: { format: { type: "string" }, out: { type: "string" } } });
  if (values.format !== "uaaps") throw new UsageError('--format must be "uaaps" (the only package format so far)');
  if (!values.out) throw new UsageError("--out DIR is required");
  const out = resolve(io.cwd, values.out);
  const files = pack({
    out,
    hooks: Object.values(hooks),
    hookSources: io.env.GUARDS_HOOKS_DIR ? resolve(io.cwd, io.env.GUARDS_HOOKS_DIR) : builtHooksDir(),
    version: GUARDS_VERSION,
  });
  io.stdout(`wrote ${files.length} files to ${out}\n`);
  return 0;
};
