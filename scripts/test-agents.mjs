// The real-agent suite (test/agents/): builds guards, bundles the suite, installs the pinned agent CLIs
// into the cache (network), then runs every agent × scenario offline: inside a network namespace that
// holds only loopback where the machine allows it (root or user namespaces), else on the host network.
// Arguments go to the suite: --agents claude,codex --scenarios destructive,harmless --jobs 2 --without-guards
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const env = { ...process.env, GUARDS_REPO: root };

// A private copy of dist/: a rebuild in the working tree while the suite runs must not pull files from under it.
// The build empties dist/ first, so a copy taken while another build runs can be partial: check it, build again.
const work = mkdtempSync(join(tmpdir(), "guards-agents-suite-"));
const dist = join(work, "dist");
const hookIds = readdirSync(join(root, "hooks"), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const complete = () => existsSync(join(dist, "cli.mjs")) && hookIds.every((id) => existsSync(join(dist, "hooks", `${id}.mjs`)));
for (let attempt = 1; !complete(); attempt++) {
  if (attempt > 3) {
    process.stderr.write("test-agents: dist/ stayed incomplete after 3 builds (another build running?)\n");
    process.exit(1);
  }
  const built = spawnSync(process.execPath, [join(root, "scripts", "build.mjs")], { stdio: "inherit" });
  if (built.status !== 0) process.exit(1);
  rmSync(dist, { recursive: true, force: true });
  try {
    cpSync(join(root, "dist"), dist, { recursive: true });
  } catch {
    // A file went away during the copy: the check above sees it and builds again.
  }
}
env.GUARDS_DIST = dist;

const suite = join(work, "suite.mjs");
await build({ entryPoints: [join(root, "test", "agents", "main.ts")], bundle: true, platform: "node", format: "esm", target: "node20", outfile: suite, logLevel: "warning" });

function run(command, commandArgs, extraEnv = {}) {
  return spawnSync(command, commandArgs, { stdio: "inherit", cwd: root, env: { ...env, ...extraEnv } }).status ?? 1;
}

/** The command prefix that enters a loopback-only network namespace, or undefined where none can be made. */
function isolation() {
  if (process.env.NO_NETNS === "1") return undefined;
  const enter = ["sh", "-c", 'ip link set lo up && exec "$@"', "sh"];
  for (const unshare of [["unshare", "-n"], ["unshare", "-rn"]]) {
    const probe = spawnSync(unshare[0], [...unshare.slice(1), ...enter, "true"], { stdio: "ignore" });
    if (probe.status === 0) return [...unshare, ...enter];
  }
  return undefined;
}

// The suite's own unit tests first (the fake model servers): a broken fake would fail every agent at once.
let status = run(process.execPath, [join(root, "node_modules", "vitest", "vitest.mjs"), "run", "--config", join(root, "test", "agents", "vitest.config.ts")]);
if (status === 0) status = run(process.execPath, [suite, "install", ...args]);
if (status === 0) {
  const prefix = isolation();
  const runSuite = (suiteArgs) =>
    prefix
      ? run(prefix[0], [...prefix.slice(1), process.execPath, suite, "run", ...suiteArgs], { GUARDS_AGENTS_NETWORK: "loopback-only namespace (unshare -n)" })
      : run(process.execPath, [suite, "run", ...suiteArgs], { GUARDS_AGENTS_NETWORK: "host (no network namespace available; agents kept offline by their settings only)" });
  status = runSuite(args);
  // Then the control run: with nothing installed every guarded check must fail, or it proves nothing.
  if (status === 0 && !args.includes("--without-guards")) status = runSuite([...args, "--without-guards"]);
}
rmSync(work, { recursive: true, force: true });
process.exit(status);
