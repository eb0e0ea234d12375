/**
 * Scripts a line writes into package.json and then runs: `npm pkg set scripts.x='CODE' && npm run x`.
 * The script is code like any other (package managers run it with `sh -c`), with its `pre`/`post` hooks,
 * and the install hooks (`preinstall`, `install`, `postinstall`, `prepare`) run by `npm install`.
 */
import type { Arg } from "./types.ts";
import { record, type Execution } from "./execute.ts";
import { walkCode } from "./walk.ts";

export const PACKAGE_RUNNERS = new Set(["npm", "pnpm", "yarn", "bun"]);
const INSTALLS = ["install", "i", "ci", "add"];
const LIFECYCLE = ["start", "test", "t", "stop", "restart"];
/** pnpm, yarn and bun run a script named as their first word (`yarn build`); npm only through `run`. */
const BUILT_IN = ["install", "i", "ci", "add", "remove", "rm", "exec", "x", "dlx", "pkg", "config", "init", "publish", "pack", "login", "logout", "why", "list", "ls", "outdated", "update", "up", "upgrade", "link", "unlink", "audit", "cache", "create", "info", "view", "help"];

export function runPackageScripts(program: string, args: Arg[], ex: Execution): void {
  const words = args.slice(1).filter((a) => !a.value.startsWith("-"));
  const [sub, ...rest] = words;
  if (!sub) return;
  if (sub.value === "pkg" && rest[0]?.value === "set") {
    // `npm pkg set scripts.x=CODE scripts.y=CODE`: each assignment writes one script.
    for (const word of rest.slice(1)) {
      const m = /^scripts\.([^=]+)=(.*)$/s.exec(word.value);
      if (m) scripts(ex).set(m[1]!, word.dynamic ? undefined : m[2]!);
    }
    return;
  }
  if (sub.value === "set-script" && rest[0] && rest[1]) {
    scripts(ex).set(rest[0].value, rest[1].dynamic ? undefined : rest[1].value);
    return;
  }
  const known = ex.walk.scripts;
  if (!known?.size) return;
  const name = sub.value === "run" || sub.value === "run-script" ? rest[0]?.value : LIFECYCLE.includes(sub.value) ? (sub.value === "t" ? "test" : sub.value) : INSTALLS.includes(sub.value) ? undefined : program !== "npm" && !BUILT_IN.includes(sub.value) ? sub.value : undefined;
  const names = name !== undefined ? [`pre${name}`, name, `post${name}`] : INSTALLS.includes(sub.value) ? ["preinstall", "install", "postinstall", "prepare"] : [];
  for (const script of names) {
    if (!known.has(script)) continue;
    const code = known.get(script);
    const wrapper = `${program} run ${script}`;
    if (code === undefined) record([{ value: "sh", dynamic: false, raw: "sh" }], [...ex.frame.wrappers, wrapper], ex.state.cwd, { ...ex, redirects: [] }, { kind: "dynamic", from: `the script ${script}` });
    else walkCode(code, { ...ex.state, vars: new Map(ex.state.vars) }, { ...ex.frame, wrappers: [...ex.frame.wrappers, wrapper], depth: ex.frame.depth + 1 }, ex.walk);
  }
}

function scripts(ex: Execution): Map<string, string | undefined> {
  return (ex.walk.scripts ??= new Map());
}
