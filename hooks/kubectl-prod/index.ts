import { ask, pass, type Decision } from "../../shared/event.ts";
import { defineHook } from "../../shared/hook.ts";
import { analyzeShell } from "../../shared/shell.ts";
import { findClusterCalls, type ClusterCall } from "./cluster-calls.ts";
import type { Finding, FindingRule } from "./judge.ts";

/** Rules in the order they are reported, most specific first. */
const RULE_ORDER: readonly FindingRule[] = ["protected-namespace", "protected-context", "all-namespaces", "unknown-target", "unchecked-manifest", "unreadable-kubeconfig"];
const MAX_SHOWN_COMMAND = 160;
/** Variables that choose the kubeconfig, and so the cluster. */
const KUBECONFIG_VARIABLES = ["KUBECONFIG", "HOME"] as const;

export default defineHook({
  meta: {
    id: "kubectl-prod",
    summary: "Asks before kubectl or helm changes a protected namespace or cluster.",
    events: ["shell.before"],
    failure: "closed",
  },
  async run(event, ctx) {
    const analysis = analyzeShell(event.command, { cwd: event.cwd, env: ctx.env });
    // Part of the line could not be read: it may hide a kubectl run (same policy as the other command guards).
    if (analysis.unresolved.length > 0) {
      return ask(`kubectl-prod: could not read the whole command (${analysis.unresolved[0]}), so it cannot tell whether it changes a protected cluster.`, { rule: "unreadable-command" });
    }
    const calls = findClusterCalls(analysis.commands);
    // Most commands never mention kubectl or helm: no config, kubeconfig or YAML parser is touched.
    if (calls.length === 0) return pass();
    // The judge (kubeconfig, manifests, kustomize, the verbs' tables) is set up only for a line that calls a cluster.
    const [{ judgeCall }, { readOptions }] = await Promise.all([import("./judge.ts"), import("./options.ts")]);
    const options = readOptions(ctx.config);
    const judged: { call: ClusterCall; findings: Finding[] }[] = [];
    for (const call of calls) {
      // KUBECONFIG or HOME set by the line itself to a value only run time knows: the cluster cannot be told.
      const unknown = KUBECONFIG_VARIABLES.filter((name) => call.lineEnv[name] === null);
      if (unknown.length > 0) {
        judged.push({ call, findings: [{ rule: "unreadable-kubeconfig", message: `its ${unknown.join(" and ")} is only known when it runs` }] });
        continue;
      }
      const findings = await judgeCall(call, event.cwd, { ...ctx.env, ...(call.lineEnv as Record<string, string>) }, options);
      if (findings.length > 0) judged.push({ call, findings });
    }
    return judged.length === 0 ? pass() : askFor(judged);
  },
});

function askFor(judged: { call: ClusterCall; findings: Finding[] }[]): Decision {
  const rules = new Set(judged.flatMap(({ findings }) => findings.map((finding) => finding.rule)));
  const reasons = judged.map(({ call, findings }) => `\`${shorten(call.display)}\`: ${findings.map((finding) => finding.message).join("; ")}`);
  const userMessage = `kubectl-prod: ${reasons.join(". ")}. Confirm before it runs.`;
  return ask(userMessage, {
    rule: RULE_ORDER.filter((rule) => rules.has(rule)).join(","),
    agentMessage: `${userMessage} A person must approve this; do not retry it in another form or against another namespace to get around the check.`,
  });
}

function shorten(text: string): string {
  return text.length > MAX_SHOWN_COMMAND ? `${text.slice(0, MAX_SHOWN_COMMAND - 1)}…` : text;
}
