/** One end-to-end scenario: it stages files, scripts one tool call, and checks real effects afterwards. */
import type { HookId } from "../../shared/hook.ts";
import type { AgentUnderTest, ScriptedCall, Workspace } from "./agent.ts";
import { bodyHasToolResult } from "./fake/script.ts";
import type { AgentRun } from "./sandbox.ts";

export interface ScenarioContext {
  agent: AgentUnderTest;
  workspace: Workspace;
  /** The repository root: its dist/ and node_modules/ (the real formatter). */
  repo: string;
}

export interface Staged {
  call: ScriptedCall;
  /** The same step through the shell, for an agent without a tool for `call` (Codex reads files with `cat`). */
  shellFallback?: string;
  /** Extra environment for the agent (and so for the hooks it starts). */
  env?: Record<string, string>;
  /** Failures found on disk and in the recorded model traffic; empty means the scenario passed. */
  verify(run: AgentRun): string[] | Promise<string[]>;
  /** A few words for the table beside "pass": what was observed. */
  note?(run: AgentRun): string | undefined;
  /** Runs after the guards install, before the agent (stand-ins replace an installed hook file here). */
  afterInstall?(): void;
  close?(): Promise<void>;
}

export interface Scenario {
  id: string;
  title: string;
  /** The hooks `guards install --hooks` puts in place for this scenario. */
  hooks: readonly HookId[];
  /** Without guards installed the check fails (the control run, `--without-guards`, proves it). */
  checkFailsWithoutGuards: boolean;
  /** A reason this agent cannot express the scenario, or undefined. */
  notApplicable?(agent: AgentUnderTest): string | undefined;
  stage(context: ScenarioContext): Staged | Promise<Staged>;
}

/**
 * The agent sent the tool's outcome back to the model, or a pre-tool hook ended the run by the agent's own
 * account: either way the scripted call really went through its tool pipeline.
 */
export function roundTripFailures(run: AgentRun): string[] {
  if (run.stoppedByHook) return [];
  return requestsAfterTool(run).length > 0 ? [] : [`the agent never sent a tool result back to the model (${run.requests.length} requests, exit ${run.exitCode})`];
}

/** Bodies of the model requests from the first one carrying a tool result on: what the model saw of the tool's outcome. */
export function requestsAfterTool(run: AgentRun): string[] {
  const bodies = run.requests.map((request) => request.body);
  const first = bodies.findIndex(bodyHasToolResult);
  return first < 0 ? [] : bodies.slice(first);
}
