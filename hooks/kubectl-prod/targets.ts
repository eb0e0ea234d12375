/** Which namespaces a kubectl change touches, and what it touches there. */
import type { KubectlInvocation } from "./kubectl-args.ts";
import type { ManifestObject } from "./manifests.ts";
import { isClusterScopedKind, isClusterScopedType, isNamespaceType, isNodeVerb } from "./verbs.ts";

/** One object (or set of objects) a change would touch, in one namespace. */
export interface Touched {
  namespace: string;
  /** `Deployment/web (k8s/app.yaml)`, `deploy/web`, `pods`, … */
  label: string;
}

/**
 * A manifest object lands in its own `metadata.namespace`, else in `-n`, else in the context's
 * namespace. A Namespace object touches the namespace it names; other cluster-scoped objects
 * (ClusterRole, CRD, …) touch none, and are judged by the cluster alone.
 */
export function touchedByObjects(objects: readonly ManifestObject[], fallbackNamespace: string): Touched[] {
  const touched: Touched[] = [];
  for (const object of objects) {
    const label = `${object.kind}/${object.name} (${object.source})`;
    if (object.kind === "Namespace") touched.push({ namespace: object.name, label });
    else if (!isClusterScopedKind(object.kind)) touched.push({ namespace: object.namespace ?? fallbackNamespace, label });
  }
  return touched;
}

/** Verbs whose second word is a sub-verb, not a resource type (`rollout restart deploy/web`). */
const SUBVERB_VERBS = new Set(["rollout", "set", "auth", "certificate", "apply", "plugin"]);

/** Resources named on the command line: `delete ns prod`, `scale deploy/web`, `exec pod -- …`. */
export function touchedByArguments(invocation: KubectlInvocation, fallbackNamespace: string): Touched[] {
  const [verb, ...rest] = invocation.positionals;
  if (isNodeVerb(verb)) return [];
  if (verb === "cp") return copyTargets(rest, fallbackNamespace);
  const words = verb !== undefined && SUBVERB_VERBS.has(verb) ? rest.slice(1) : rest;
  const slashed = words.filter((word) => word.includes("/"));
  if (slashed.length > 0) {
    return slashed.flatMap((word) => {
      const [type = "", name = ""] = word.split("/");
      if (isNamespaceType(type)) return [{ namespace: name, label: word }];
      return isClusterScopedType(type) ? [] : [{ namespace: fallbackNamespace, label: word }];
    });
  }
  const [type, ...names] = words;
  if (type !== undefined && isNamespaceType(type)) return names.map((name) => ({ namespace: name, label: `namespace/${name}` }));
  if (type !== undefined && isClusterScopedType(type)) return [];
  const label = words.length > 0 ? words.slice(0, 2).join(" ") : (verb ?? "kubectl");
  return [{ namespace: fallbackNamespace, label }];
}

/** `kubectl cp [NAMESPACE/]POD:PATH …`: a pod spec may name its own namespace. */
function copyTargets(words: readonly string[], fallbackNamespace: string): Touched[] {
  return words
    .filter((word) => word.includes(":"))
    .map((word) => {
      const pod = word.slice(0, word.indexOf(":"));
      const slash = pod.indexOf("/");
      return slash < 0 ? { namespace: fallbackNamespace, label: `pod ${pod}` } : { namespace: pod.slice(0, slash), label: `pod ${pod.slice(slash + 1)}` };
    });
}
