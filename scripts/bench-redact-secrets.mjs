// Times the built redact-secrets hook as Claude Code runs it (a fresh `node` per PreToolUse Read) against
// `node -e 0`, in turn, on: a 20 KB source file without secrets, the same with one secret, 10 MB of text
// without and with one secret. Prints medians of wall time and of child CPU time, and their ratios.
// Usage: node scripts/build.mjs && node scripts/bench-redact-secrets.mjs [runs]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const hook = join(root, "dist", "hooks", "redact-secrets.mjs");
const runs = Number(process.argv[2]) || 15;
const dir = mkdtempSync(join(tmpdir(), "bench-redact-secrets-"));

// A realistic clean source file: the project's own TypeScript, cut to 20 KB.
const source = ["shared/event.ts", "shared/run.ts", "shared/config.ts", "shared/stdin.ts", "shared/hook.ts"]
  .map((f) => readFileSync(join(root, f), "utf8"))
  .join("\n")
  .slice(0, 20 * 1024);
const secretLine = '\nconst STRIPE_KEY = "sk_live_4qWk29LmZx81PbR7TcVn0sYd";\n';
const words = "the quick brown fox jumps over lazy dog function return const value item index".split(" ");
let big = "";
for (let i = 0; big.length < 10 * 1024 * 1024; i++) big += `${words[i % 13]} ${words[(i * 7) % 13]} ${words[(i * 5) % 13]} line ${i}\n`;
const inputs = {
  "20 KB, no secret": source,
  "20 KB, one secret": source.slice(0, 10_000) + secretLine + source.slice(10_000),
  "10 MB, no secret": big,
  "10 MB, one secret": big.slice(0, 5_000_000) + secretLine + big.slice(5_000_000),
};

function timed(args, input) {
  const childBefore = childCpu();
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { input, encoding: "utf8", cwd: dir, env: { ...process.env, TMPDIR: dir } });
  const wall = performance.now() - start;
  if (result.status !== 0) throw new Error(`${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return { wall, cpu: childCpu() - childBefore };
}

/** CPU milliseconds of this process's finished children (cutime + cstime in /proc/self/stat, 10 ms ticks; Linux). */
function childCpu() {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  const ticks = Number(fields[13]) + Number(fields[14]); // cutime + cstime
  return (ticks / 100) * 1000;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`node ${process.version}, ${runs} runs each, hook and \`node -e 0\` in turn`);
console.log("| file read | hook wall ms | node -e 0 wall ms | wall ratio | hook CPU ms | node -e 0 CPU ms | CPU ratio |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
try {
  for (const [name, text] of Object.entries(inputs)) {
    const file = join(dir, name.replace(/\W+/g, "-") + ".ts");
    writeFileSync(file, text);
    const payload = JSON.stringify({ session_id: "bench", cwd: dir, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: file } });
    const a = [];
    const b = [];
    timed([hook, "--dialect", "claude"], payload);
    for (let i = 0; i < runs; i++) {
      a.push(timed([hook, "--dialect", "claude"], payload));
      b.push(timed(["-e", "0"], payload));
    }
    const ratio = (pick) => median(a.map((x, i) => pick(x) / Math.max(pick(b[i]), 1)));
    const row = [name, median(a.map((x) => x.wall)), median(b.map((x) => x.wall)), ratio((x) => x.wall), median(a.map((x) => x.cpu)), median(b.map((x) => x.cpu)), ratio((x) => x.cpu)];
    console.log(`| ${row.map((v) => (typeof v === "number" ? (v < 10 ? v.toFixed(2) : v.toFixed(0)) : v)).join(" | ")} |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
