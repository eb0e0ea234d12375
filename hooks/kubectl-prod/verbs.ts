/** Which kubectl and helm commands change a cluster, and which only read it. */

/** kubectl verbs that only read (or only touch the local kubeconfig): never asked about. */
const KUBECTL_READ_ONLY = new Set([
  "get", "describe", "logs", "top", "diff", "explain", "api-resources", "api-versions", "version", "cluster-info",
  "completion", "events", "wait", "kustomize", "options", "help", "plugin", "config", "alpha",
  // The krew plugin manager installs plugins on this machine only.
  "krew",
]);
/** Verbs whose sub-verb decides: the listed sub-verbs only read. */
const KUBECTL_READ_ONLY_SUBVERBS: Record<string, ReadonlySet<string>> = {
  rollout: new Set(["status", "history"]),
  auth: new Set(["can-i", "whoami"]),
  apply: new Set(["view-last-applied"]),
};
/** Verbs that act on nodes, not on objects in a namespace. */
const KUBECTL_NODE_VERBS = new Set(["cordon", "uncordon", "drain", "taint"]);

/**
 * True when the command may change the cluster. Verbs kubectl does not define (plugins such as
 * `kubectl neat`, `oc new-app`) count as changes: a plugin can do anything.
 */
export function isKubectlMutation(positionals: readonly string[]): boolean {
  const [verb, subverb] = positionals;
  if (verb === undefined || KUBECTL_READ_ONLY.has(verb)) return false;
  const readOnlySubverbs = KUBECTL_READ_ONLY_SUBVERBS[verb];
  if (readOnlySubverbs && subverb !== undefined && readOnlySubverbs.has(subverb)) return false;
  // `kubectl apply` alone is the verb; `kubectl rollout` alone only prints help.
  if (readOnlySubverbs && verb !== "apply" && subverb === undefined) return false;
  return true;
}

export function isNodeVerb(verb: string | undefined): boolean {
  return verb !== undefined && KUBECTL_NODE_VERBS.has(verb);
}

/** helm commands that install, change or remove releases in a namespace. */
const HELM_MUTATIONS = new Set(["install", "upgrade", "uninstall", "un", "delete", "del", "rollback", "test"]);

export function isHelmMutation(verb: string | undefined): boolean {
  return verb !== undefined && HELM_MUTATIONS.has(verb);
}

/** Resource types whose objects live outside any namespace (kubectl api-resources --namespaced=false). */
const CLUSTER_SCOPED = new Set([
  "node", "nodes", "no", "persistentvolume", "persistentvolumes", "pv", "storageclass", "storageclasses", "sc",
  "clusterrole", "clusterroles", "clusterrolebinding", "clusterrolebindings", "customresourcedefinition",
  "customresourcedefinitions", "crd", "crds", "priorityclass", "priorityclasses", "pc", "ingressclass", "ingressclasses",
  "runtimeclass", "runtimeclasses", "mutatingwebhookconfiguration", "mutatingwebhookconfigurations",
  "validatingwebhookconfiguration", "validatingwebhookconfigurations", "validatingadmissionpolicy",
  "validatingadmissionpolicies", "validatingadmissionpolicybinding", "validatingadmissionpolicybindings",
  "apiservice", "apiservices", "csidriver", "csidrivers", "csinode", "csinodes", "volumeattachment",
  "volumeattachments", "certificatesigningrequest", "certificatesigningrequests", "csr", "flowschema",
  "flowschemas", "prioritylevelconfiguration", "prioritylevelconfigurations", "clusterissuer", "clusterissuers",
]);
const NAMESPACE_TYPES = new Set(["namespace", "namespaces", "ns"]);

/** `deployment.v1.apps` → `deployment`, case-folded, as kubectl resolves short and full names. */
function baseType(type: string): string {
  return type.toLowerCase().split(".")[0]!;
}

export function isClusterScopedType(type: string): boolean {
  return CLUSTER_SCOPED.has(baseType(type));
}

export function isNamespaceType(type: string): boolean {
  return NAMESPACE_TYPES.has(baseType(type));
}

/** Manifest kinds, by the same table (`ClusterRole` → `clusterrole`). */
export function isClusterScopedKind(kind: string): boolean {
  return CLUSTER_SCOPED.has(kind.toLowerCase());
}
