/**
 * GUARDS_ENTERPRISE_CONFIG cannot hide the machine's enterprise file: the variable names another file only
 * where the default one is not there. Proved on the function with a stand-in default path, and on the
 * built hook with a real /etc/guards/config.yaml, made visible to that one process only (a private mount
 * namespace with /etc overlaid: the machine's /etc is never written).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { configPaths, DEFAULT_ENTERPRISE_CONFIG, enterpriseConfigPath, presentConfigFiles } from "../shared/config-paths.ts";
import { DIST, ROOT as REPO, SYSTEM_NODE } from "./support/process.ts";
import { withCommand } from "./support/shell-payloads.ts";

const ROOT = mkdtempSync(join(tmpdir(), "guards-config-paths-"));
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));
const THERE = join(ROOT, "etc-guards", "config.yaml");
mkdirSync(join(ROOT, "etc-guards"));
writeFileSync(THERE, "{}\n");
const STAGED = join(ROOT, "staged.yaml");
const A_FILE = join(ROOT, "a-file");
writeFileSync(A_FILE, "");

describe("enterpriseConfigPath", () => {
  it.for([
    { name: "no variable: the default", chosen: undefined, fallback: THERE, expected: THERE },
    { name: "an empty variable: the default", chosen: "", fallback: THERE, expected: THERE },
    { name: "the default there: the variable cannot hide it", chosen: "/dev/null", fallback: THERE, expected: THERE },
    { name: "the default there: nor name another policy", chosen: STAGED, fallback: THERE, expected: THERE },
    { name: "no default file: the variable names the file (tests, staged trees)", chosen: STAGED, fallback: join(ROOT, "etc-none", "config.yaml"), expected: STAGED },
    { name: "a default path under a plain file cannot exist: the variable", chosen: STAGED, fallback: join(A_FILE, "config.yaml"), expected: STAGED },
  ])("$name", ({ chosen, fallback, expected }) => {
    expect(enterpriseConfigPath(chosen, fallback)).toBe(expected);
  });

  it("configPaths and presentConfigFiles agree on it (the hook file's front section and the runner read the same list)", () => {
    const paths = configPaths(ROOT, { HOME: ROOT, GUARDS_ENTERPRISE_CONFIG: STAGED });
    expect(paths.enterprise).toBe(enterpriseConfigPath(STAGED));
    writeFileSync(STAGED, "{}\n");
    expect(presentConfigFiles(paths)).toContain(paths.enterprise);
  });
});

/** Whether this process may make a private mount namespace (root, util-linux `unshare`, overlayfs). */
function canOverlayEtc(): boolean {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return false;
  const probe = spawnSync("unshare", ["-m", "sh", "-c", `mount -t overlay overlay -o lowerdir=/etc,upperdir=${ROOT}/probe-u,workdir=${ROOT}/probe-w /etc`], { timeout: 10_000, cwd: ROOT });
  return probe.status === 0;
}
mkdirSync(join(ROOT, "probe-u"));
mkdirSync(join(ROOT, "probe-w"));

describe.skipIf(!canOverlayEtc())("the built hook with a real /etc/guards/config.yaml", () => {
  const project = join(ROOT, "project");
  mkdirSync(join(project, ".guards"), { recursive: true });
  const hook = join(DIST, "hooks", "guard-files.mjs");
  const payload = JSON.stringify(withCommand(JSON.parse(readFileSync(join(REPO, "fixtures", "claude", "PreToolUse", "bash-git-status.json"), "utf8")), "rm -rf .guards", project));
  const offByVariable = join(ROOT, "off.yaml");
  writeFileSync(offByVariable, "hooks:\n  guard-files:\n    enabled: false\n");

  /** The hook's answer with /etc/guards/config.yaml holding `policy` (none when undefined), in its own namespace. */
  function decide(policy: string | undefined, variable: string): string {
    const n = Math.random().toString(36).slice(2);
    for (const d of [`u-${n}`, `w-${n}`]) mkdirSync(join(ROOT, d));
    writeFileSync(join(ROOT, `policy-${n}`), policy ?? "");
    const plant = policy === undefined ? "" : `mkdir -p /etc/guards && cp "$POLICY" ${DEFAULT_ENTERPRISE_CONFIG} && `;
    const script = `mount -t overlay overlay -o lowerdir=/etc,upperdir=${ROOT}/u-${n},workdir=${ROOT}/w-${n} /etc && ${plant}exec "$NODE" "$HOOK" --dialect claude`;
    const result = spawnSync("unshare", ["-m", "sh", "-c", script], {
      input: payload,
      cwd: project,
      encoding: "utf8",
      timeout: 20_000,
      env: { PATH: process.env.PATH, HOME: join(ROOT, "home"), XDG_CONFIG_HOME: join(ROOT, "xdg"), TMPDIR: join(ROOT, "tmp"), PWD: project, POLICY: join(ROOT, `policy-${n}`), NODE: SYSTEM_NODE, HOOK: hook, GUARDS_ENTERPRISE_CONFIG: variable },
    });
    const answer = result.stdout.trim() ? JSON.parse(result.stdout).hookSpecificOutput?.permissionDecision : undefined;
    return answer ?? (result.status === 0 ? "pass" : `exit ${result.status}: ${result.stderr}`);
  }

  it.for([
    { name: "no machine policy: the variable's file applies (it switches guard-files off)", policy: undefined, variable: offByVariable, expected: "pass" },
    { name: "the machine's policy applies, not the file the variable names", policy: "{}\n", variable: offByVariable, expected: "ask" },
    { name: "a variable of /dev/null does not hide the machine's policy", policy: "hooks:\n  guard-files:\n    enabled: false\n", variable: "/dev/null", expected: "pass" },
  ])("$name", ({ policy, variable, expected }) => {
    expect(decide(policy, variable)).toBe(expected);
  });
});
