// The Node binaries the tests and the benchmark run built files on. Under `npm test` / `npm run`,
// `node` on PATH is the Node 24 of the `node` dev dependency (node_modules/.bin comes first), so the
// machine's own Node is looked up on PATH with node_modules folders left out.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, realpathSync } from "node:fs";
import { delimiter, join } from "node:path";

/** The first `node` on PATH outside any node_modules folder: the Node users run hooks with. */
export function systemNode(path = process.env.PATH ?? "") {
  for (const dir of path.split(delimiter)) {
    if (!dir || dir.includes("node_modules")) continue;
    const candidate = join(dir, "node");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * Distinct Node binaries (by real path): the machine's, this process's, the dev dependency's Node 24, and
 * any listed in `GUARDS_EXTRA_NODES` (paths separated as in PATH), such as a Node 22 from `npm i node@22`.
 */
export function nodeBinaries(root) {
  const extra = (process.env.GUARDS_EXTRA_NODES ?? "").split(delimiter).filter(Boolean);
  const candidates = [systemNode(), process.execPath, join(root, "node_modules", "node", "bin", "node"), ...extra];
  const seen = new Set();
  const out = [];
  for (const path of candidates) {
    if (!path || !existsSync(path)) continue;
    const real = realpathSync(path);
    if (seen.has(real)) continue;
    seen.add(real);
    const version = spawnSync(path, ["-p", "process.versions.node"], { encoding: "utf8", env: { ...process.env, NODE_EXTRA_CA_CERTS: "" } }).stdout.trim();
    if (!version || out.some((b) => b.version === version)) continue;
    out.push({ name: `node ${version}`, path, version });
  }
  return out.sort((a, b) => Number(a.version.split(".")[0]) - Number(b.version.split(".")[0]));
}
