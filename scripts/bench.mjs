// Whole-process timings of every built hook on typical payloads, interleaved with `node -e 0`
// in the same run and environment. Writes BENCHMARKS.md. Usage: npm run bench [-- --runs N]
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { nodeBinaries } from "./node-binaries.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// 41 pairs: with fewer, a row moves by ±0.1 between runs on a shared 2-vCPU machine; with 41, by about ±0.04.
const { values } = parseArgs({ options: { runs: { type: "string", default: "41" }, only: { type: "string" } } });
const runs = Number(values.runs);

/** Each dialect's shell-before fixture and the path of its command field. */
const SHELL_FIXTURES = {
  cursor: ["cursor/beforeShellExecution/ls.json", ["command"]],
  claude: ["claude/PreToolUse/ls.json", ["tool_input", "command"]],
  windsurf: ["windsurf/pre_run_command/ls.json", ["tool_info", "command_line"]],
  copilot: ["copilot/preToolUse/ls.json", ["toolArgs", "command"]],
  gemini: ["gemini/BeforeTool/ls.json", ["tool_input", "command"]],
  codex: ["codex/PreToolUse/ls.json", ["tool_input", "command"]],
  qwen: ["qwen/PreToolUse/ls.json", ["tool_input", "command"]],
  universal: ["universal/pre-tool-use/ls.json", ["toolInput", "command"]],
};

function fixture(path) {
  const file = join(root, "fixtures", path);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}

function withField(obj, path, value) {
  const copy = structuredClone(obj);
  let cur = copy;
  for (const key of path.slice(0, -1)) cur = cur[key] = typeof cur[key] === "object" && cur[key] ? cur[key] : {};
  cur[path.at(-1)] = value;
  return copy;
}

const work = mkdtempSync(join(tmpdir(), "guards-bench-"));
const project = join(work, "project");
mkdirSync(project);
const line = (i) => `export const value${i} = computeSomething(${i}, "a fairly ordinary line of source code");\n`;
const clean20k = join(project, "clean.ts");
writeFileSync(clean20k, Array.from({ length: 260 }, (_, i) => line(i)).join(""));
const secret20k = join(project, "settings.ts");
writeFileSync(secret20k, Array.from({ length: 260 }, (_, i) => (i === 130 ? 'const token = "ghp_R8sVq2Lz9TxY4mK7pN1wQ3eB6cD5fG0hJ2kA";\n' : line(i))).join(""));
const big10m = join(project, "big.log");
writeFileSync(big10m, Array.from({ length: 130_000 }, (_, i) => line(i)).join(""));

const readPayload = (file) => ({
  session_id: "bench", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default",
  hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: file }, tool_use_id: "toolu_bench",
});

const scenarios = [];
for (const [dialect, [path, field]] of Object.entries(SHELL_FIXTURES)) {
  const fixed = fixture(path);
  if (!fixed) continue;
  // Windsurf runs hooks in the workspace root and reports the command's cwd: both are the bench project here.
  const base = dialect === "windsurf" ? withField(fixed, ["tool_info", "cwd"], project) : fixed;
  for (const hook of ["dangerous-command", "kubectl-prod", "git-to-gh"]) {
    scenarios.push({ name: `${hook} · ${dialect} · \`npm test && rm -rf ./build\``, hook, dialect, payload: withField(base, field, "npm test && rm -rf ./build") });
  }
}
scenarios.push(
  { name: "redact-secrets · claude · 20 KB clean file", hook: "redact-secrets", dialect: "claude", payload: readPayload(clean20k) },
  { name: "redact-secrets · claude · 20 KB file with a secret", hook: "redact-secrets", dialect: "claude", payload: readPayload(secret20k) },
  { name: "redact-secrets · claude · 10 MB file", hook: "redact-secrets", dialect: "claude", payload: readPayload(big10m) },
  {
    name: "format · claude · edit of a file with no formatter", hook: "format", dialect: "claude",
    payload: { session_id: "bench", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default", hook_event_name: "PostToolUse", tool_name: "Write", tool_input: { file_path: join(project, "notes.txt"), content: "x" }, tool_response: { success: true }, tool_use_id: "t" },
  },
  {
    name: "stop-telemetry · claude · Stop, no endpoint", hook: "stop-telemetry", dialect: "claude",
    payload: { session_id: "bench", transcript_path: "/tmp/t.jsonl", cwd: project, permission_mode: "default", hook_event_name: "Stop", stop_hook_active: false },
  },
);
writeFileSync(join(project, "notes.txt"), "x\n");

// The installed file that holds every hook, run for one hook, as an entry naming only that hook runs it.
for (const scenario of scenarios.filter((s) => s.dialect === "claude" && !s.name.includes("10 MB"))) {
  scenarios.push({ ...scenario, name: `guards.cjs --hooks ${scenario.hook} · ${scenario.name.split(" · ").slice(1).join(" · ")}`, file: join(root, "dist", "guards.cjs"), extraArgs: ["--hooks", scenario.hook] });
}
// The enterprise config of the README (audit on, OTLP export on, locked), as YAML and as JSON: YAML needs the
// parser at every run (a root-owned file is never kept parsed), JSON does not.
const enterprise = { audit: { enabled: true, all: false }, telemetry: { otlp: { enabled: true, endpoint: "http://127.0.0.1:9", protocol: "http/json" } }, locked: ["audit", "telemetry.otlp"] };
writeFileSync(join(work, "enterprise.yaml"), "audit:\n  enabled: true\n  all: false\ntelemetry:\n  otlp:\n    enabled: true\n    endpoint: http://127.0.0.1:9\n    protocol: http/json\nlocked: [audit, telemetry.otlp]\n");
writeFileSync(join(work, "enterprise.json"), JSON.stringify(enterprise));
const cjsDanger = scenarios.find((s) => s.name.startsWith("guards.cjs --hooks dangerous-command · claude"));
for (const format of ["yaml", "json"]) {
  scenarios.push({ ...cjsDanger, name: `${cjsDanger.name}, enterprise config in ${format.toUpperCase()} (audit and OTLP export on)`, env: { GUARDS_ENTERPRISE_CONFIG: join(work, `enterprise.${format}`) } });
}
// What every run would cost without the code cache (the first run of a hook on a Node version does this, and writes the cache).
scenarios.push({ ...scenarios.find((s) => s.hook === "dangerous-command" && s.dialect === "claude"), env: { GUARDS_CODE_CACHE: "off" } });
scenarios.at(-1).name = "dangerous-command · claude · `npm test && rm -rf ./build`, code cache off";

// No NODE_EXTRA_CA_CERTS: where the machine sets it, every Node start reads the CA bundle (about 0.1 s on
// Node 20), which inflates `node -e 0` and hides a hook's own cost. Nothing timed here makes a TLS connection.
const env = { ...process.env, GUARDS_STATE_DIR: join(work, "state"), HOME: work };
delete env.NODE_EXTRA_CA_CERTS;

/**
 * One agent action with the default install: `guards install --agent A` in the bench project, then every
 * entry the agent would start for the event (its event name, and a matcher that takes the tool), started
 * together, as the agent starts them; timed from the first start to the last exit.
 */
const AGENT_ACTIONS = {
  claude: { config: ".claude/settings.json", shell: "claude/PreToolUse/ls.json", read: "claude/PreToolUse/read-range.json" },
  codex: { config: ".codex/hooks.json", shell: "codex/PreToolUse/ls.json" },
  gemini: { config: ".gemini/settings.json", shell: "gemini/BeforeTool/ls.json", read: "gemini/BeforeTool/read-file.json" },
  qwen: { config: ".qwen/settings.json", shell: "qwen/PreToolUse/ls.json" },
};
const actions = [];
for (const [agent, { config, ...events }] of Object.entries(AGENT_ACTIONS)) {
  const installed = spawnSync(process.execPath, [join(root, "dist", "cli.mjs"), "install", "--agent", agent, "--yes"], { cwd: project, env, encoding: "utf8" });
  if (installed.status !== 0) throw new Error(`guards install --agent ${agent}: ${installed.stderr}`);
  const doc = JSON.parse(readFileSync(join(project, config), "utf8"));
  for (const [kind, path] of Object.entries(events)) {
    const payload = { ...fixture(path), cwd: project, ...(kind === "read" ? { tool_input: { file_path: clean20k } } : {}) };
    const commands = (doc.hooks?.[payload.hook_event_name] ?? [])
      .filter((group) => group.matcher === undefined || group.matcher === "*" || new RegExp(`^(?:${group.matcher})$`).test(payload.tool_name))
      .flatMap((group) => group.hooks.map((handler) => handler.command));
    actions.push({ name: `agent action · ${agent} · ${kind === "shell" ? "`ls`" : "read of a 20 KB clean file"} (${commands.length} entr${commands.length === 1 ? "y" : "ies"})`, commands, input: JSON.stringify(payload) });
  }
}

/** Every command at once through the shell, as agents start hook entries; wall time until the last exits. */
function timeTogether(node, commands, input) {
  const start = process.hrtime.bigint();
  const pathEnv = { ...env, PATH: `${dirname(node)}:${env.PATH}` };
  return Promise.all(
    commands.map((command) => new Promise((done) => {
      const child = spawn(command, { shell: true, cwd: project, env: pathEnv, stdio: ["pipe", "ignore", "ignore"] });
      child.on("exit", (code) => done(code));
      child.stdin.end(input);
    })),
  ).then((codes) => ({ ms: Number(process.hrtime.bigint() - start) / 1e6, status: codes.join(",") }));
}
function timeOnce(node, args, input, extraEnv = {}) {
  const start = process.hrtime.bigint();
  const result = spawnSync(node, args, { input, cwd: project, env: { ...env, ...extraEnv }, encoding: "utf8", maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { ms, status: result.status };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const tables = [];
for (const node of nodeBinaries(root)) {
  const rows = [];
  for (const scenario of scenarios.filter((s) => !values.only || s.name.includes(values.only))) {
    const file = scenario.file ?? join(root, "dist", "hooks", `${scenario.hook}.mjs`);
    const input = JSON.stringify(scenario.payload);
    const args = [file, "--dialect", scenario.dialect, ...(scenario.extraArgs ?? [])];
    timeOnce(node.path, args, input, scenario.env);
    timeOnce(node.path, ["-e", "0"], "");
    const hookMs = [], baseMs = [], ratios = [];
    let status;
    for (let i = 0; i < runs; i++) {
      const a = timeOnce(node.path, args, input, scenario.env);
      const b = timeOnce(node.path, ["-e", "0"], "");
      status = a.status;
      hookMs.push(a.ms); baseMs.push(b.ms); ratios.push(a.ms / b.ms);
    }
    const row = { name: scenario.name, hook: median(hookMs), base: median(baseMs), ratio: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), status };
    rows.push(row);
    process.stdout.write(`${node.name} · ${row.name}: ${row.hook.toFixed(1)} ms vs ${row.base.toFixed(1)} ms → ×${row.ratio.toFixed(3)} (exit ${status})\n`);
  }
  for (const action of actions.filter((a) => !values.only || a.name.includes(values.only))) {
    await timeTogether(node.path, action.commands, action.input);
    const hookMs = [], baseMs = [], ratios = [];
    let status;
    for (let i = 0; i < runs; i++) {
      const a = await timeTogether(node.path, action.commands, action.input);
      const b = timeOnce(node.path, ["-e", "0"], "");
      status = a.status;
      hookMs.push(a.ms); baseMs.push(b.ms); ratios.push(a.ms / b.ms);
    }
    const row = { name: action.name, hook: median(hookMs), base: median(baseMs), ratio: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios), status };
    rows.push(row);
    process.stdout.write(`${node.name} · ${row.name}: ${row.hook.toFixed(1)} ms vs ${row.base.toFixed(1)} ms → ×${row.ratio.toFixed(3)} (exit ${status})\n`);
  }
  tables.push([
    `### Node ${node.version}`,
    "",
    "| scenario | hook median (ms) | `node -e 0` median (ms) | extra (ms) | ratio (median of pairs) | ratio min–max | exit |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map((r) => `| ${r.name} | ${r.hook.toFixed(1)} | ${r.base.toFixed(1)} | ${(r.hook - r.base).toFixed(1)} | ×${r.ratio.toFixed(3)} | ${r.min.toFixed(2)}–${r.max.toFixed(2)} | ${r.status} |`),
  ].join("\n"));
}

const doc = `# Benchmarks

Whole-process wall time of each built hook (\`node dist/hooks/<id>.mjs --dialect D\`, payload on stdin), run
alternately with \`node -e 0\` in the same environment, ${runs} pairs after one warm-up each. The ratio is the
median of the pair-by-pair ratios, so it holds when the machine's speed drifts. Regenerate with \`npm run bench\`.

The hooks are spawned as Node-based agents spawn them (stdin is a socket). The warm-up run of each hook
writes its code cache (README, "Environment variables of the hook files"); the last row of each table shows
a run without it, which is what the first run of a hook on a Node version costs. The "agent action" rows
install the default guards for one agent and start every entry the agent would start for one shell or read
event together, through the shell, as the agent does; the time runs until the last one exits. The
"guards.cjs --hooks" rows run the installed file that holds every hook, as an entry naming one hook runs it;
two of them with the enterprise config of README's "The config to push by MDM" (audit and OTLP export on), once
as YAML and once as JSON: a root-owned YAML file is parsed at every run, JSON needs no YAML parser.
Node 22 rows come from a Node 22 binary named in \`GUARDS_EXTRA_NODES\` (for example from \`npm i node@22\`).

Machine: ${cpus().length} × ${cpus()[0]?.model ?? "?"}. \`NODE_EXTRA_CA_CERTS\` was unset for the run: a machine that sets it makes every Node start read that CA bundle (about 0.1 s on Node 20), which inflates \`node -e 0\` and hides a hook's own cost.

${tables.join("\n\n")}
`;
writeFileSync(join(root, "BENCHMARKS.md"), doc);
process.stdout.write("wrote BENCHMARKS.md\n");
