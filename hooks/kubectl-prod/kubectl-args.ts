/** What a kubectl command line says about where it acts. */
import { allValues, isDryRun, isSet, lastValue, parseFlags, type FlagGrammar } from "./flags.ts";

export interface KubectlInvocation {
  /** Positional words: the verb first (`apply`, `rollout`, …), then sub-verbs and resources. */
  positionals: string[];
  namespace?: string;
  context?: string;
  cluster?: string;
  kubeconfig?: string;
  /** Every `-f`/`--filename` value, in order. */
  files: string[];
  kustomize?: string;
  recursive: boolean;
  allNamespaces: boolean;
  dryRun: boolean;
  help: boolean;
}

const KUBECTL_GRAMMAR: FlagGrammar = {
  valueLong: new Set([
    "namespace", "context", "cluster", "kubeconfig", "user", "server", "token", "as", "as-group", "as-uid",
    "certificate-authority", "client-certificate", "client-key", "cache-dir", "request-timeout", "tls-server-name",
    "log-file", "log-dir", "v", "vmodule", "profile", "profile-output", "filename", "kustomize", "selector", "output",
    "field-selector", "container", "type", "patch", "patch-file", "replicas", "current-replicas", "resource-version",
    "grace-period", "timeout", "field-manager", "template", "image", "port", "overrides", "env", "limits", "requests",
    "serviceaccount", "from", "from-file", "from-literal", "from-env-file", "to-revision", "subresource",
    "prune-allowlist", "cascade", "chunk-size", "sort-by", "label-columns", "address", "pod-running-timeout",
    "target-port", "protocol", "name", "external-ip", "load-balancer-ip", "session-affinity", "cluster-ip", "min",
    "max", "cpu-percent", "labels", "restart", "image-pull-policy", "pod-selector", "since", "since-time", "tail",
    "containers", "raw", "for", "copy-to", "profile", "target",
  ]),
  short: { n: "namespace", f: "filename", k: "kustomize", l: "selector", o: "output", c: "container", p: "patch", s: "server", v: "v", L: "label-columns", e: "env", A: "all-namespaces", R: "recursive", h: "help" },
};

export function parseKubectlArgs(args: readonly string[]): KubectlInvocation {
  const parsed = parseFlags(args, KUBECTL_GRAMMAR);
  const invocation: KubectlInvocation = {
    positionals: parsed.positionals,
    files: allValues(parsed, "filename"),
    recursive: isSet(parsed, "recursive"),
    allNamespaces: isSet(parsed, "all-namespaces"),
    dryRun: isDryRun(parsed),
    help: isSet(parsed, "help"),
  };
  const set = (key: "namespace" | "context" | "cluster" | "kubeconfig" | "kustomize", value: string | undefined) => {
    if (value !== undefined) invocation[key] = value;
  };
  set("namespace", lastValue(parsed, "namespace"));
  set("context", lastValue(parsed, "context"));
  set("cluster", lastValue(parsed, "cluster"));
  set("kubeconfig", lastValue(parsed, "kubeconfig"));
  set("kustomize", lastValue(parsed, "kustomize"));
  return invocation;
}
