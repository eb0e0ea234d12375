/** What a helm command line says about where it acts. */
import { isDryRun, isSet, lastValue, parseFlags, type FlagGrammar } from "./flags.ts";

export interface HelmInvocation {
  positionals: string[];
  namespace?: string;
  context?: string;
  kubeconfig?: string;
  dryRun: boolean;
  help: boolean;
}

const HELM_GRAMMAR: FlagGrammar = {
  valueLong: new Set([
    "namespace", "kube-context", "kubeconfig", "values", "set", "set-string", "set-file", "set-json", "set-literal",
    "version", "repo", "output", "timeout", "description", "post-renderer", "post-renderer-args", "kube-apiserver",
    "kube-token", "kube-as-user", "kube-as-group", "kube-ca-file", "kube-tls-server-name", "registry-config",
    "repository-config", "repository-cache", "burst-limit", "qps", "username", "password", "ca-file", "cert-file",
    "key-file", "history-max", "labels", "name-template", "deletion-propagation", "cascade", "filter", "max",
  ]),
  short: { n: "namespace", f: "values", o: "output", l: "labels", h: "help" },
};

/** Helm honours HELM_NAMESPACE and HELM_KUBECONTEXT when the flags are absent (helm.sh/docs/helm/helm). */
export function parseHelmArgs(args: readonly string[], env: Readonly<Record<string, string | undefined>>): HelmInvocation {
  const parsed = parseFlags(args, HELM_GRAMMAR);
  const invocation: HelmInvocation = { positionals: parsed.positionals, dryRun: isDryRun(parsed), help: isSet(parsed, "help") };
  const namespace = lastValue(parsed, "namespace") ?? (env.HELM_NAMESPACE || undefined);
  const context = lastValue(parsed, "kube-context") ?? (env.HELM_KUBECONTEXT || undefined);
  const kubeconfig = lastValue(parsed, "kubeconfig");
  if (namespace !== undefined) invocation.namespace = namespace;
  if (context !== undefined) invocation.context = context;
  if (kubeconfig !== undefined) invocation.kubeconfig = kubeconfig;
  return invocation;
}
