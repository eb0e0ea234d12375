/** The built dist/hooks/kubectl-prod.mjs as each agent runs it, on every Node binary, from each dialect's shell fixture. */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEV_HOME, KUBECONFIGS, MANIFESTS } from "../../hooks/kubectl-prod/cases.ts";
import { DIST, TABLE_NODES, readFixture, runNodeFile, type ProcessResult, type RunFileOptions } from "../support/process.ts";

// The built file is copied alone out of dist/ and run from there, as a project that vendors one hook
// does (README "What an install runs, and how to verify it"); the copy also keeps the run steady while dist/ is rebuilt.
const COPY_DIR = mkdtempSync(join(tmpdir(), "kubectl-prod-built-"));
const BUILT = join(COPY_DIR, "kubectl-prod.mjs");
copyFileSync(join(DIST, "hooks", "kubectl-prod.mjs"), BUILT);
afterAll(() => rmSync(COPY_DIR, { recursive: true, force: true }));

function runBuiltHook(payload: unknown, options: RunFileOptions & { dialect: string }): ProcessResult {
  const input = typeof payload === "string" ? payload : JSON.stringify(payload);
  return runNodeFile(BUILT, { ...options, args: ["--dialect", options.dialect], input });
}

/** How each dialect receives an ask (its `render` in shared/dialects/). */
type Expectation = (result: ProcessResult) => void;
const askedAs = (check: (json: Record<string, any>) => unknown): Expectation => (result) => {
  expect(result.exitCode).toBe(0);
  expect(check(result.json as Record<string, any>)).toBe(true);
};
const claudeShaped = (decision: string) => askedAs((json) => json.hookSpecificOutput?.permissionDecision === decision);

const SHELL_FIXTURES: { dialect: string; fixture: string; asked: Expectation }[] = [
  { dialect: "claude", fixture: "claude/PreToolUse/ls.json", asked: claudeShaped("ask") },
  { dialect: "qwen", fixture: "qwen/PreToolUse/ls.json", asked: claudeShaped("ask") },
  // Codex treats an ask as a failure and would run the tool: it gets a deny with the reason.
  { dialect: "codex", fixture: "codex/PreToolUse/ls.json", asked: claudeShaped("deny") },
  { dialect: "cursor", fixture: "cursor/beforeShellExecution/ls.json", asked: askedAs((json) => json.permission === "ask") },
  { dialect: "cursor", fixture: "cursor/preToolUse/shell-npm-install.json", asked: askedAs((json) => ["ask", "deny"].includes(json.permission)) },
  { dialect: "copilot", fixture: "copilot/preToolUse/ls.json", asked: askedAs((json) => json.permissionDecision === "ask") },
  { dialect: "copilot", fixture: "copilot/preToolUse/bash-string-args.json", asked: askedAs((json) => json.permissionDecision === "ask") },
  { dialect: "gemini", fixture: "gemini/BeforeTool/ls.json", asked: askedAs((json) => json.decision === "deny") },
  { dialect: "universal", fixture: "universal/pre-tool-use/ls.json", asked: claudeShaped("ask") },
  // Windsurf cannot prompt: the ask arrives as a block, exit 2 with the reason on stderr.
  {
    dialect: "windsurf",
    fixture: "windsurf/pre_run_command/ls.json",
    asked: (result) => {
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain("kubectl-prod");
    },
  },
];

/** The fixture with its command replaced and its directories pointed at fixtures/manifests. */
function withCommand(value: unknown, command: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withCommand(item, command));
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if ((key === "command" || key === "command_line") && typeof field === "string") out[key] = command;
    else if ((key === "cwd" || key === "working_directory") && typeof field === "string") out[key] = MANIFESTS;
    else if (key === "workspace_roots" && Array.isArray(field)) out[key] = [MANIFESTS];
    // Copilot may send toolArgs as a JSON string (fixtures/copilot/preToolUse/bash-string-args.json).
    else if (key === "toolArgs" && typeof field === "string") out[key] = JSON.stringify(withCommand(JSON.parse(field), command));
    else out[key] = withCommand(field, command);
  }
  return out;
}

const ASKED = [
  { name: "-n prod", command: "kubectl delete pod web-1 -n prod", says: "namespace prod" },
  { name: "a production document in a manifest", command: "kubectl apply -f mixed.yaml", says: "Job/migrate" },
  { name: "a prod kustomize overlay piped into kubectl", command: "kustomize build kustomize/overlays/prod | kubectl apply -f -", says: "Deployment/shop" },
  { name: "helm on a prod context", command: "helm upgrade shop ./chart --kube-context prod-eu", says: "context prod-eu" },
];
const PASSED = [
  { name: "a command without kubectl", command: "ls -la" },
  { name: "a dev manifest", command: "kubectl apply -f app-dev.yaml" },
];
// The universal payload has no cwd: the dialect falls back to PWD (fixtures/universal/pre-tool-use/ls.json).
const ENV = { HOME: DEV_HOME, PWD: MANIFESTS, KUBECONFIG: undefined, HELM_NAMESPACE: undefined, HELM_KUBECONTEXT: undefined, GUARDS_ENTERPRISE_CONFIG: join(KUBECONFIGS, "no-enterprise-config.yaml") };

describe.for(TABLE_NODES)("kubectl-prod built file on $name", (node) => {
  describe.for(SHELL_FIXTURES)("$dialect $fixture", ({ dialect, fixture, asked }) => {
    const payload = readFixture(fixture);
    it.for(ASKED)("asks: $name", ({ command, says }) => {
      const result = runBuiltHook(withCommand(payload, command), { dialect, cwd: MANIFESTS, env: ENV, node: node.path });
      asked(result);
      expect(result.stdout + result.stderr).toContain(says);
    });
    it.for(PASSED)("passes: $name", ({ command }) => {
      const result = runBuiltHook(withCommand(payload, command), { dialect, cwd: MANIFESTS, env: ENV, node: node.path });
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toBe("");
      expect(result.stdout).not.toMatch(/"(ask|deny)"/);
    });
  });
});

describe("kubectl-prod built file failure policy", () => {
  it("blocks, in one line, when the payload is not JSON", () => {
    const result = runBuiltHook("{not json", { dialect: "claude", cwd: MANIFESTS, env: ENV });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("input is not valid JSON");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });
  it("denies when the config gives a wrong type (fail closed)", () => {
    const payload = withCommand(readFixture("claude/PreToolUse/ls.json"), "kubectl delete pod x -n dev");
    const result = runBuiltHook(payload, {
      dialect: "claude",
      cwd: MANIFESTS,
      env: { ...ENV, GUARDS_ENTERPRISE_CONFIG: join(KUBECONFIGS, "..", "manifests", "kustomize", "bad-guards-config.yaml") },
    });
    expect((result.json as Record<string, any>).hookSpecificOutput.permissionDecision).toBe("deny");
    expect(result.stdout).toContain("hooks.kubectl-prod.namespaces");
  });
});
