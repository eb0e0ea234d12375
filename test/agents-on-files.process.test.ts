/**
 * Done-when table: for each installed file × each agent that runs it, a destructive command is stopped, a
 * harmless command passes, a harmless read passes and a secret read never shows the secret, judged by what
 * that agent does with the hook's bytes (test/support/agent-readers.ts). The files are written by
 * `guards install`, their entries run as the agents run them: the command string through `sh -c`, in the
 * project, with the agent's environment and payload.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../cli/install/json-text.ts";
import { guardsHandlers } from "../cli/install/merge.ts";
import { installTargets } from "../cli/install/targets/index.ts";
import { AGENTS_ON_FILES, combineOutcomes, type AgentOnFile, type Call, type Outcome } from "./support/agent-readers.ts";
import { SYSTEM_NODE } from "./support/process.ts";
import { guards, makeWorkspace, type Workspace } from "./install/workspace.ts";

const BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const token = (length: number) => [...randomBytes(length)].map((b) => BASE62[b % 62]).join("");
/** Made at test time in the providers' formats: nothing to find in the repository. */
const SECRETS = [`ghp_${token(36)}`, `sk_live_${token(24)}`];
const CLEAN = "export const add = (a: number, b: number) => a + b;\n";

let ws: Workspace;

beforeAll(async () => {
  ws = makeWorkspace();
  const files = { ".env": `PORT=3000\nGITHUB_TOKEN=${SECRETS[0]}\nSTRIPE_SECRET_KEY=${SECRETS[1]}\n`, "src/app.ts": CLEAN };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(ws.project, name)), { recursive: true });
    writeFileSync(join(ws.project, name), text);
  }
  // Two installs, so each file exists (one install of both writes Claude's file only: one copy per agent).
  for (const agent of ["claude", "copilot"]) {
    const result = await guards(ws, ["install", "--agent", agent, "--yes"]);
    expect(result.stderr).toBe("");
  }
}, 120_000);

function matches(matcher: string | undefined, tool: string): boolean {
  return matcher === undefined || matcher === "" || matcher === "*" || new RegExp(`^(?:${matcher})$`).test(tool);
}

/** Every entry of the file the agent runs for this call, each as a process; the agent's combined outcome. */
function callThrough(agent: AgentOnFile, call: Call): { outcome: Outcome; bytes: string } {
  const target = installTargets[agent.file];
  const path = join(ws.project, agent.file === "claude" ? ".claude/settings.json" : ".github/hooks/guards.json");
  const doc = parseConfig(readFileSync(path, "utf8"), path).value;
  const entries = guardsHandlers(doc, target.layout).filter((e) => e.event === agent.eventKey && (!agent.matcherTool || matches(e.matcher, agent.matcherTool(call))));
  const payload = agent.payload(call, ws.project);
  const input = agent.input(JSON.parse(payload.replace(/^\uFEFF/, "")) as Record<string, unknown>);
  let bytes = "";
  const outcomes = entries.map(({ handler }) => {
    const command = String(handler.command ?? handler.bash);
    const run = spawnSync("sh", ["-c", command], {
      cwd: agent.cwd?.(ws.project, ws.home) ?? ws.project,
      input: payload,
      env: { PATH: `${dirname(SYSTEM_NODE)}:/usr/bin:/bin`, HOME: ws.home, ...agent.env(ws.project) },
      encoding: "utf8",
      timeout: 20_000,
    });
    bytes += run.stdout + run.stderr;
    return agent.outcome({ exitCode: run.status, stdout: run.stdout }, input);
  });
  expect(entries.length, `${agent.name}: no entry runs for ${call.kind}`).toBeGreaterThan(call.kind === "shell" ? 0 : -1);
  return { outcome: combineOutcomes(outcomes, input), bytes };
}

/** What the model reads when the call runs: the file at the (possibly rewritten) path. */
function readBy(agent: AgentOnFile, outcome: Outcome): string | undefined {
  if (outcome.kind !== "runs") return undefined;
  const path = agent.readPath(outcome.input);
  return path === undefined ? undefined : readFileSync(path, "utf8");
}

describe.for(AGENTS_ON_FILES)("$name", (agent) => {
  it("stops a destructive command, plain and disguised", () => {
    for (const command of ["rm -rf ~", "cd ~ && rm -rf ."]) {
      expect(callThrough(agent, { kind: "shell", command }).outcome.kind, command).toMatch(/^(blocked|asked)$/);
    }
  });

  it("lets a harmless command run unchanged", () => {
    const { outcome } = callThrough(agent, { kind: "shell", command: "ls -la" });
    expect(outcome).toEqual({ kind: "runs", input: expect.objectContaining({ command: "ls -la" }) });
  });

  it("lets a harmless read run and show the file", () => {
    const { outcome } = callThrough(agent, { kind: "read", path: join(ws.project, "src/app.ts") });
    expect(outcome.kind).toBe("runs");
    expect(readBy(agent, outcome)).toBe(CLEAN);
  });

  it("never shows the secret of a secret read", () => {
    const { outcome, bytes } = callThrough(agent, { kind: "read", path: join(ws.project, ".env") });
    const shown = `${readBy(agent, outcome) ?? ""}${bytes}`;
    for (const secret of SECRETS) expect(shown).not.toContain(secret);
    if (outcome.kind === "runs") expect(readBy(agent, outcome)).toContain("[REDACTED");
  });
});
