/**
 * The real-agent suite's process entry (bundled and started by scripts/test-agents.mjs):
 *   main install [--agents a,b]                 installs the pinned CLIs into the cache (needs the network)
 *   main run [--agents a,b] [--scenarios x,y]   runs every agent × scenario offline and prints the table
 *   main run --without-guards                   control run: every check must fail with nothing installed
 * Exit: 0 all applicable scenarios passed, 1 a scenario failed or an agent is missing, 2 bad arguments.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { AgentUnderTest } from "./agent.ts";
import { AGENTS } from "./agents/index.ts";
import { agentBinary, cacheRoot, ensureInstalled, installedVersion } from "./cli-cache.ts";
import { installGuards } from "./guards-install.ts";
import { createWorkspace, runAgent } from "./sandbox.ts";
import type { Scenario, Staged } from "./scenario.ts";
import { SCENARIOS } from "./scenarios/index.ts";
import { counts, renderTable, resultKey, type Outcome, type Results } from "./table.ts";

const REPO = process.env.GUARDS_REPO ?? process.cwd();
const DIST = process.env.GUARDS_DIST ?? join(REPO, "dist");
const CACHE = cacheRoot(process.env);
const PLATFORM = `${process.platform}-${process.arch}`;

/** Why this machine cannot run the agent's pinned package, or undefined. */
function unsupported(agent: AgentUnderTest): string | undefined {
  return agent.onlyOn && agent.onlyOn !== PLATFORM ? `${agent.npmPackage} is built for ${agent.onlyOn} only, this is ${PLATFORM}` : undefined;
}

function pick<T extends { id: string }>(all: readonly T[], wanted: string | undefined, what: string): T[] {
  if (!wanted) return [...all];
  const ids = wanted.split(",");
  const unknown = ids.filter((id) => !all.some((item) => item.id === id));
  if (unknown.length) throw new Error(`unknown ${what}: ${unknown.join(", ")} (known: ${all.map((item) => item.id).join(", ")})`);
  return all.filter((item) => ids.includes(item.id));
}

/**
 * `withoutGuards`: the control run. Nothing is installed, and the scenario passes only if its check FAILS:
 * the proof that each check can tell guarded from unguarded.
 */
async function runScenario(agent: AgentUnderTest, scenario: Scenario, withoutGuards: boolean): Promise<Outcome> {
  if (withoutGuards && !scenario.checkFailsWithoutGuards) return { status: "n/a", reason: "nothing for a guard to stop here" };
  const workspace = createWorkspace(`${agent.id}-${scenario.id}`);
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  let staged: Staged | undefined;
  try {
    const unfit = scenario.notApplicable?.(agent);
    if (unfit) {
      rmSync(workspace.root, { recursive: true, force: true });
      return { status: "n/a", reason: unfit };
    }
    staged = await scenario.stage({ agent, workspace, repo: REPO });
    const native = agent.toolCall(staged.call);
    const fallback = "notApplicable" in native && staged.shellFallback ? agent.toolCall({ role: "shell", command: staged.shellFallback }) : undefined;
    const call = fallback ?? native;
    if ("notApplicable" in call) {
      rmSync(workspace.root, { recursive: true, force: true });
      return { status: "n/a", reason: call.notApplicable };
    }
    let note = fallback && "notApplicable" in native ? `read with \`${staged.shellFallback?.split(" ")[0]}\`: ${native.notApplicable}` : undefined;
    const install = withoutGuards ? { ok: true, output: "(control run: guards not installed)" } : installGuards(join(DIST, "cli.mjs"), agent, workspace, scenario.hooks);
    if (!install.ok) return { status: "fail", reasons: [`guards install failed: ${install.output.split("\n")[0]}`], seconds: seconds(), kept: workspace.root };
    if (!withoutGuards && agent.installerNamesTrust && !install.output.includes(agent.installerNamesTrust)) {
      return { status: "fail", reasons: [`guards install did not name the trust step this agent needs ("${agent.installerNamesTrust}")`], seconds: seconds(), kept: workspace.root };
    }
    staged.afterInstall?.();
    const run = await runAgent({ agent, agentBin: agentBinary(CACHE, agent), workspace, call, env: staged.env, shared: { cache: join(CACHE, "xdg-cache") } });
    const found = await staged.verify(run);
    const reasons = withoutGuards ? (found.length ? [] : ["the check passed without any guard installed: it cannot tell"]) : found;
    if (withoutGuards && found.length) note = `without guards: ${found[0]}`;
    if (reasons.length === 0) {
      rmSync(workspace.root, { recursive: true, force: true });
      return { status: "pass", note: [note, withoutGuards ? undefined : staged.note?.(run)].filter(Boolean).join("; ") || undefined, seconds: seconds() };
    }
    const log = [`exit ${run.exitCode}`, "--- guards install", install.output, "--- stdout", run.stdout, "--- stderr", run.stderr, ...run.requests.map((r, i) => `--- request ${i} ${r.method} ${r.path}\n${r.body}`)];
    writeFileSync(join(workspace.root, "run.log"), log.join("\n"));
    return { status: "fail", reasons, seconds: seconds(), kept: workspace.root };
  } catch (error) {
    return { status: "fail", reasons: [`the scenario broke: ${(error as Error).message}`], seconds: seconds(), kept: workspace.root };
  } finally {
    await staged?.close?.();
  }
}

async function runAll(agents: AgentUnderTest[], scenarios: Scenario[], jobs: number, withoutGuards: boolean): Promise<Results> {
  const results: Results = new Map();
  const queue = [...agents];
  const worker = async () => {
    for (let agent = queue.shift(); agent; agent = queue.shift()) {
      const missing = installedVersion(CACHE, agent) !== agent.version;
      const skipped = unsupported(agent);
      for (const scenario of scenarios) {
        const outcome: Outcome = skipped
          ? { status: "n/a", reason: skipped }
          : missing
          ? { status: "fail", reasons: [`${agent.npmPackage}@${agent.version} is not installed in ${CACHE}`], seconds: 0, kept: "" }
          : await runScenario(agent, scenario, withoutGuards);
        results.set(resultKey(agent, scenario), outcome);
        process.stdout.write(`${agent.name} · ${scenario.id}: ${outcome.status}${"seconds" in outcome ? ` (${outcome.seconds} s)` : ""}${outcome.status === "fail" ? ` — ${outcome.reasons.join("; ")} [kept ${outcome.kept}]` : outcome.status === "n/a" ? ` — ${outcome.reason}` : ""}\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return results;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { agents: { type: "string" }, scenarios: { type: "string" }, jobs: { type: "string" }, "without-guards": { type: "boolean" } },
  });
  const agents = pick(AGENTS, values.agents, "agent");
  if (positionals[0] === "install") {
    // In parallel: the installs mostly wait on the network.
    const started = Date.now();
    const runnable = agents.filter((agent) => !unsupported(agent));
    for (const agent of agents.filter(unsupported)) process.stdout.write(`${agent.npmPackage}@${agent.version}: skipped (${unsupported(agent)})\n`);
    const outcomes = await Promise.all(runnable.map((agent) => ensureInstalled(CACHE, agent)));
    for (const { agent, cached, error } of outcomes) {
      process.stdout.write(`${agent.npmPackage}@${agent.version}: ${error ?? (cached ? "cached" : "installed")}\n`);
    }
    process.stdout.write(`agent CLIs ready in ${((Date.now() - started) / 1000).toFixed(1)} s (cache: ${CACHE})\n`);
    return outcomes.some((outcome) => outcome.error) ? 1 : 0;
  }
  if (positionals[0] !== "run") throw new Error('expected "install" or "run"');
  const scenarios = pick(SCENARIOS, values.scenarios, "scenario");
  const started = Date.now();
  const withoutGuards = values["without-guards"] === true;
  const results = await runAll(agents, scenarios, Number(values.jobs ?? process.env.GUARDS_AGENTS_JOBS ?? 2), withoutGuards);
  const total = counts(results);
  process.stdout.write(`\n${renderTable(agents, scenarios, results)}\n\n`);
  process.stdout.write(`${total.pass} passed, ${total.fail} failed, ${total.notApplicable} not applicable in ${Math.round((Date.now() - started) / 1000)} s · network: ${process.env.GUARDS_AGENTS_NETWORK ?? "host"}\n`);
  return total.fail > 0 ? 1 : 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`test-agents: ${(error as Error).message}\n`);
    process.exitCode = 2;
  },
);
