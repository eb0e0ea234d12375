/** Turns one kubectl or helm run into the reasons, if any, a person should confirm it. */
import type { ClusterCall } from "./cluster-calls.ts";
import { parseHelmArgs } from "./helm-args.ts";
import { parseKubectlArgs, type KubectlInvocation } from "./kubectl-args.ts";
import { resolveKubeTarget, type KubeSelection, type KubeTarget } from "./kubeconfig.ts";
import { readKustomization } from "./kustomize.ts";
import { readManifestSources, readManifestText, type ManifestObject } from "./manifests.ts";
import { matchesName, type KubectlProdOptions } from "./options.ts";
import { touchedByArguments, touchedByObjects, type Touched } from "./targets.ts";
import { isHelmMutation, isKubectlMutation } from "./verbs.ts";
import { newBudget, Unreadable, type ReadBudget } from "./yaml-files.ts";

export type FindingRule = "protected-namespace" | "protected-context" | "all-namespaces" | "unknown-target" | "unchecked-manifest" | "unreadable-kubeconfig";

export interface Finding {
  rule: FindingRule;
  message: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** `eventCwd` stands in when a `cd` to a run-time directory hid where the command runs. */
export async function judgeCall(call: ClusterCall, eventCwd: string, env: Env, options: KubectlProdOptions): Promise<Finding[]> {
  return call.tool === "kubectl" ? judgeKubectl(call, eventCwd, env, options) : judgeHelm(call, eventCwd, env, options);
}

async function judgeKubectl(call: ClusterCall, eventCwd: string, env: Env, options: KubectlProdOptions): Promise<Finding[]> {
  const invocation = parseKubectlArgs(call.args);
  if (invocation.help || invocation.dryRun || !isKubectlMutation(invocation.positionals)) return [];
  const findings: Finding[] = [];
  const unknown = runTimeValues(call, { namespace: invocation.namespace, context: invocation.context, cluster: invocation.cluster, kubeconfig: invocation.kubeconfig });
  unknown.push(...call.opaqueArgs.map((arg) => `argument ${arg}`));
  if (unknown.length > 0) findings.push(unknownTarget(unknown));
  const target = await readTarget(call, invocation, call.cwd ?? eventCwd, env, findings);
  findings.push(...contextFindings(target, options));
  if (invocation.allNamespaces) findings.push({ rule: "all-namespaces", message: "it acts on every namespace (--all-namespaces)" });
  const fallback = invocation.namespace ?? target.namespace ?? "default";
  let touched: Touched[];
  if (invocation.files.length > 0 || invocation.kustomize !== undefined) {
    try {
      touched = touchedByObjects(await readObjects(invocation, call), fallback);
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      findings.push({ rule: "unchecked-manifest", message: `${error.message}; it would go to namespace ${fallback} unless the manifests say otherwise` });
      touched = [];
    }
  } else {
    touched = touchedByArguments(invocation, fallback);
  }
  findings.push(...namespaceFindings(touched, options));
  return findings;
}

async function judgeHelm(call: ClusterCall, eventCwd: string, env: Env, options: KubectlProdOptions): Promise<Finding[]> {
  const invocation = parseHelmArgs(call.args, env);
  const [verb, release = "(unnamed)"] = invocation.positionals;
  const verbKnown = verb === undefined || !isRunTime(call, verb);
  if (invocation.help || invocation.dryRun || (verbKnown && !isHelmMutation(verb))) return [];
  const findings: Finding[] = [];
  const unknown = runTimeValues(call, { namespace: invocation.namespace, context: invocation.context, kubeconfig: invocation.kubeconfig });
  unknown.push(...call.opaqueArgs.map((arg) => `argument ${arg}`));
  if (unknown.length > 0) findings.push(unknownTarget(unknown));
  const selection: KubeSelection = {};
  if (invocation.kubeconfig !== undefined) selection.kubeconfig = invocation.kubeconfig;
  if (invocation.context !== undefined) selection.context = invocation.context;
  const target = await readTarget(call, selection, call.cwd ?? eventCwd, env, findings);
  findings.push(...contextFindings(target, options));
  const namespace = invocation.namespace ?? target.namespace ?? "default";
  findings.push(...namespaceFindings([{ namespace, label: `helm ${verb} release ${release}` }], options));
  return findings;
}

async function readTarget(call: ClusterCall, selection: KubeSelection, cwd: string, env: Env, findings: Finding[]): Promise<KubeTarget> {
  if (call.elsewhere !== undefined) {
    // Only a context named on the command line says anything about a kubeconfig that is not ours.
    if (selection.context === undefined) findings.push({ rule: "unknown-target", message: `it runs ${call.elsewhere}, whose kubeconfig and current context are not known here` });
    return selection.context === undefined ? { files: [] } : { context: selection.context, files: [] };
  }
  try {
    return await resolveKubeTarget(selection, cwd, env, newBudget());
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    findings.push({ rule: "unreadable-kubeconfig", message: `${error.message}, so the cluster it acts on is unknown` });
    const target: KubeTarget = { files: [] };
    if (selection.context !== undefined) target.context = selection.context;
    return target;
  }
}

async function readObjects(invocation: KubectlInvocation, call: ClusterCall): Promise<ManifestObject[]> {
  const budget: ReadBudget = newBudget();
  const cwd = call.cwd;
  const sources = [...invocation.files, ...(invocation.kustomize === undefined ? [] : [invocation.kustomize])];
  const dynamic = sources.find((value) => isRunTime(call, value));
  if (dynamic !== undefined) throw new Unreadable(`the manifests ${dynamic} are only known at run time`);
  if (cwd === undefined) throw new Unreadable("it runs in a directory only known at run time, so its manifests cannot be found");
  const objects: ManifestObject[] = [];
  for (const value of invocation.files) {
    if (value === "-") objects.push(...(await readStdin(call, cwd, budget)));
    else objects.push(...(await readManifestSources([value], invocation.recursive, cwd, budget)));
  }
  if (invocation.kustomize !== undefined) objects.push(...(await readKustomization(invocation.kustomize, cwd, budget)));
  return objects;
}

/** `-f -`: a heredoc is read as it is, `kustomize build DIR |` as that kustomization, anything else is unknown. */
async function readStdin(call: ClusterCall, cwd: string, budget: ReadBudget): Promise<ManifestObject[]> {
  const stdin = call.stdin;
  if (stdin?.kind === "text") return readManifestText(stdin.text, `the manifest in ${stdin.from}`);
  if (stdin?.kind === "kustomization") return readKustomization(stdin.dir, cwd, budget);
  throw new Unreadable(`the manifests come from standard input${stdin ? ` (${stdin.from})` : ""}, which cannot be checked`);
}

/** Values written as `$VAR` or `$(…)`: no Kubernetes name contains `$`. */
function isRunTime(call: ClusterCall, value: string): boolean {
  return call.dynamicArgs.has(value) || value.includes("$") || value.includes("`");
}

function runTimeValues(call: ClusterCall, values: Record<string, string | undefined>): string[] {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined && isRunTime(call, value))
    .map(([name, value]) => `${name} ${value}`);
}

function unknownTarget(unknown: string[]): Finding {
  return { rule: "unknown-target", message: `its ${unknown.join(" and ")} ${unknown.length > 1 ? "are" : "is"} only known at run time` };
}

function contextFindings(target: KubeTarget, options: KubectlProdOptions): Finding[] {
  const contextMatch = target.context !== undefined && matchesName(target.context, options.contexts);
  const clusterMatch = target.cluster !== undefined && matchesName(target.cluster, options.contexts);
  if (!contextMatch && !clusterMatch) return [];
  const names = [target.context !== undefined ? `context ${target.context}` : "", target.cluster !== undefined ? `cluster ${target.cluster}` : ""].filter(Boolean);
  return [{ rule: "protected-context", message: `it runs against the protected ${names.join(", ")}` }];
}

const MAX_LABELS = 8;

function namespaceFindings(touched: readonly Touched[], options: KubectlProdOptions): Finding[] {
  const byNamespace = new Map<string, string[]>();
  for (const { namespace, label } of touched) {
    if (!matchesName(namespace, options.namespaces)) continue;
    const labels = byNamespace.get(namespace) ?? [];
    if (!labels.includes(label)) labels.push(label);
    byNamespace.set(namespace, labels);
  }
  return [...byNamespace].map(([namespace, labels]) => {
    const shown = labels.slice(0, MAX_LABELS).join(", ");
    const more = labels.length > MAX_LABELS ? ` and ${labels.length - MAX_LABELS} more` : "";
    return { rule: "protected-namespace", message: `it changes the protected namespace ${namespace}: ${shown}${more}` };
  });
}
