/** kubectl-prod decisions, against the manifests in fixtures/manifests and the kubeconfigs in fixtures/kubeconfig. */
import { join } from "node:path";
import type { Action } from "../../shared/event.ts";
import { shellEvent, type HookCase } from "../../shared/hook-case.ts";
import type { HookConfig } from "../../shared/hook.ts";

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures");
export const MANIFESTS = join(FIXTURES, "manifests");
export const KUBECONFIGS = join(FIXTURES, "kubeconfig");
/** A developer whose current context is `dev` (namespace default), with prod contexts defined. */
export const DEV_HOME = join(KUBECONFIGS, "home-dev");

interface Extra {
  says?: string[];
  env?: Record<string, string>;
  config?: HookConfig;
}

const row = (action: Action, name: string, command: string, rule: string | undefined, extra: Extra = {}): HookCase => ({
  name,
  event: shellEvent(command, { cwd: MANIFESTS, projectRoot: MANIFESTS, workspaceRoots: [MANIFESTS] }),
  env: { HOME: DEV_HOME, ...extra.env },
  ...(extra.config ? { config: extra.config } : {}),
  expect: { action, ...(rule ? { rule } : {}), ...(extra.says ? { says: extra.says } : {}) },
});
const asks = (name: string, command: string, rule: string, extra?: Extra) => row("ask", name, command, rule, extra);
const passes = (name: string, command: string, extra?: Extra) => row("pass", name, command, undefined, extra);

const home = (dir: string) => ({ HOME: join(KUBECONFIGS, dir) });
const NS = "protected-namespace";
const CONTEXT = "protected-context";
const UNCHECKED = "unchecked-manifest";

export const cases: HookCase[] = [
  // Namespace flags, every spelling pflag accepts.
  asks("delete with -n prod", "kubectl delete pod web-7d9 -n prod", NS, { says: ["the protected namespace prod: pod web-7d9"] }),
  asks("-nprod attached", "kubectl -nprod delete deploy web", NS, { says: ["namespace prod"] }),
  asks("-n=prod", "kubectl scale deploy/web --replicas=0 -n=prod", NS, { says: ["deploy/web"] }),
  asks("--namespace production", "kubectl rollout restart deployment/api --namespace production", NS, { says: ["namespace production", "deployment/api"] }),
  asks("--namespace=prod before the verb", "kubectl --namespace=prod patch deploy api -p '{\"spec\":{\"replicas\":1}}'", NS),
  asks("last -n wins", "kubectl delete pod x -n dev -n prod", NS),
  passes("last -n wins the other way", "kubectl delete pod x -n prod -n dev"),
  passes("dev namespace", "kubectl delete pod web-7d9 -n dev"),
  passes("a namespace only named like prod", "kubectl delete pod x -n prod-mirror"),
  // Mutating verbs.
  asks("apply", "kubectl apply -f no-namespace.yaml -n prod", NS, { says: ["Deployment/worker (no-namespace.yaml)"] }),
  asks("create", "kubectl create configmap flags --from-literal=a=b -n prod", NS),
  asks("replace --force", "kubectl replace --force -f no-namespace.yaml -n production", NS),
  asks("edit", "kubectl edit svc/web -n prod", NS),
  asks("set image", "kubectl set image deployment/web web=nginx:1.28 -n prod", NS, { says: ["deployment/web"] }),
  asks("label", "kubectl label pods web-1 tier=front -n prod", NS),
  asks("annotate", "kubectl annotate deploy web note=x -n prod --overwrite", NS),
  asks("rollout undo", "kubectl rollout undo deploy/web -n prod", NS),
  asks("exec into a pod", "kubectl exec -it web-1 -n prod -- sh -c 'rm -rf /tmp/x'", NS),
  asks("cp into a pod", "kubectl cp ./fix.sql db-0:/tmp/fix.sql -n prod", NS, { says: ["pod db-0"] }),
  asks("cp naming the namespace in the pod spec", "kubectl cp ./fix.sql prod/db-0:/tmp/fix.sql", NS, { says: ["namespace prod: pod db-0"] }),
  passes("cp from a dev pod", "kubectl cp dev/db-0:/tmp/dump.sql ./dump.sql"),
  passes("krew installs a plugin locally", "kubectl krew install neat", { env: home("home-prod-namespace") }),
  asks("port-forward", "kubectl port-forward svc/db 5432:5432 -n prod", NS),
  asks("autoscale", "kubectl autoscale deploy web --min=2 --max=5 -n prod", NS),
  asks("run", "kubectl run debug --image=busybox -it --rm -n prod -- sh", NS),
  asks("a plugin verb counts as a change", "kubectl neat-apply thing -n prod", NS),
  // Read-only verbs and dry runs.
  passes("get", "kubectl get pods -n prod"),
  passes("describe", "kubectl describe deploy web -n production"),
  passes("logs -f", "kubectl logs -f deploy/web -n prod"),
  passes("top", "kubectl top pods -n prod"),
  passes("diff", "kubectl diff -f app-prod.yaml"),
  passes("explain", "kubectl explain deployment.spec"),
  passes("auth can-i", "kubectl auth can-i delete pods -n prod"),
  passes("rollout status", "kubectl rollout status deploy/web -n prod"),
  passes("rollout history", "kubectl rollout history deploy/web -n prod"),
  passes("config view", "kubectl config view --minify"),
  passes("config use-context only edits the local kubeconfig", "kubectl config use-context prod-eu"),
  passes("version and api-resources", "kubectl version --client && kubectl api-resources"),
  passes("--dry-run=client", "kubectl apply -f app-prod.yaml --dry-run=client"),
  passes("--dry-run=server", "kubectl delete deploy api -n prod --dry-run=server"),
  asks("--dry-run=none really applies", "kubectl apply -f app-prod.yaml --dry-run=none", NS),
  passes("help", "kubectl delete --help -n prod"),
  passes("apply view-last-applied", "kubectl apply view-last-applied deploy/api -n prod"),
  // Manifests: every document, several -f, directories, -R, lists, JSON.
  asks("manifest namespace", "kubectl apply -f app-prod.yaml", NS, { says: ["Deployment/api (app-prod.yaml)", "ConfigMap/api-settings"] }),
  passes("dev manifest", "kubectl apply -f app-dev.yaml"),
  asks("second document is production", "kubectl apply -f mixed.yaml", NS, { says: ["namespace production", "Job/migrate (mixed.yaml)"] }),
  asks("several -f, the second is prod", "kubectl apply -f app-dev.yaml -f app-prod.yaml", NS, { says: ["Deployment/api"] }),
  asks("--filename=", "kubectl delete --filename=app-prod.yaml", NS),
  asks("no namespace in the file, -n prod", "kubectl apply -n prod -f no-namespace.yaml", NS),
  passes("the manifest's own namespace wins over the context", "kubectl apply -f app-dev.yaml", { env: home("home-prod-namespace") }),
  asks("kind: List item in production", "kubectl apply -f list-prod.yaml", NS, { says: ["Secret/db-credentials (list-prod.yaml)"] }),
  passes("JSON ServiceList in dev", "kubectl apply -f list-dev.json"),
  passes("directory without -R reads only its own files", "kubectl apply -f dir-dev"),
  asks("directory with -R", "kubectl apply -R -f dir-dev", NS, { says: ["HorizontalPodAutoscaler/frontend"] }),
  asks("-Rf clustered", "kubectl apply -Rf dir-dev/", NS),
  asks("--recursive", "kubectl delete --recursive -f dir-dev", NS),
  asks("shell glob expanded here", "kubectl apply -f app-*.yaml", NS, { says: ["Deployment/api"] }),
  passes("empty manifest", "kubectl apply -f empty.yaml"),
  // Namespaces and cluster-scoped objects.
  asks("Namespace object named prod", "kubectl delete -f namespace-prod.yaml", NS, { says: ["Namespace/prod"] }),
  passes("Namespace object named dev, even in a prod context namespace", "kubectl apply -f namespace-dev.yaml", { env: home("home-prod-namespace") }),
  asks("delete ns prod", "kubectl delete ns prod", NS, { says: ["namespace/prod"] }),
  asks("delete namespace/production", "kubectl delete namespace/production", NS),
  asks("create namespace prod", "kubectl create namespace prod", NS),
  passes("delete ns dev", "kubectl delete ns dev", { env: home("home-prod-namespace") }),
  passes("cluster-scoped kinds touch no namespace", "kubectl apply -f cluster-scoped.yaml -n prod"),
  passes("delete clusterrole in a prod-namespace context", "kubectl delete clusterrole pod-reader", { env: home("home-prod-namespace") }),
  asks("cluster-scoped objects on a prod cluster", "kubectl apply -f cluster-scoped.yaml --context prod-eu", CONTEXT, { says: ["context prod-eu"] }),
  passes("cordon on the dev cluster", "kubectl cordon node-3"),
  asks("drain on a prod cluster", "kubectl drain node-3 --ignore-daemonsets --context prod-eu", CONTEXT),
  asks("taint on the current prod cluster", "kubectl taint nodes node-3 key=v:NoSchedule", CONTEXT, { env: home("home-prod") }),
  // Kubeconfig: current context, --context, --kubeconfig, KUBECONFIG, --cluster.
  asks("current context is prod", "kubectl delete pod x", CONTEXT, { env: home("home-prod"), says: ["context prod-eu", "cluster eks-prod-eu"] }),
  passes("--context overrides a prod current context", "kubectl delete pod x --context dev", { env: home("home-prod") }),
  asks("--context prod-eu", "kubectl --context=prod-eu scale deploy web --replicas=1", CONTEXT),
  asks("cluster name matches though the context does not", "kubectl delete pod x --context payments-admin", CONTEXT, { says: ["cluster arn:aws:eks"] }),
  asks("--cluster overrides the context's cluster", "kubectl delete pod x --cluster eks-prod-eu", CONTEXT),
  asks("context namespace production", "kubectl delete pod x --context dev-shared", NS, { says: ["namespace production"] }),
  asks("context namespace prod, no -n", "kubectl apply -f no-namespace.yaml", NS, { env: home("home-prod-namespace"), says: ["Deployment/worker"] }),
  passes("-n overrides the context namespace", "kubectl apply -f no-namespace.yaml -n dev", { env: home("home-prod-namespace") }),
  asks("--kubeconfig file", `kubectl --kubeconfig ${join(KUBECONFIGS, "ci-prod.yaml")} delete pod x`, CONTEXT, { says: ["prod-primary"] }),
  asks("--kubeconfig relative to the command's directory", "kubectl --kubeconfig ../kubeconfig/ci-prod.yaml delete pod x", CONTEXT),
  passes("KUBECONFIG list: missing files skipped, first definition wins", "kubectl delete pod x", {
    env: { KUBECONFIG: [join(KUBECONFIGS, "missing.yaml"), join(KUBECONFIGS, "first.yaml"), join(KUBECONFIGS, "second.yaml")].join(":") },
  }),
  asks("KUBECONFIG single file", "kubectl delete pod x", NS, { env: { KUBECONFIG: join(KUBECONFIGS, "second.yaml") }, says: ["namespace production"] }),
  passes("no kubeconfig at all: namespace default", "kubectl delete pod x", { env: home("home-none") }),
  // Kubeconfig chosen by the command line itself.
  asks("KUBECONFIG= before kubectl", `KUBECONFIG=${join(KUBECONFIGS, "ci-prod.yaml")} kubectl delete pod x`, CONTEXT, { says: ["prod-primary"] }),
  asks("env KUBECONFIG= kubectl", `env KUBECONFIG=${join(KUBECONFIGS, "ci-prod.yaml")} kubectl delete pod x`, CONTEXT, { says: ["prod-primary"] }),
  asks("export KUBECONFIG earlier in the line", `export KUBECONFIG=${join(KUBECONFIGS, "second.yaml")}; kubectl delete pod x`, NS, { says: ["namespace production"] }),
  asks("HOME= pointing at a prod kubeconfig", `HOME=${join(KUBECONFIGS, "home-prod")} kubectl delete pod x`, CONTEXT, { env: home("home-dev") }),
  passes("KUBECONFIG= to a non-prod file", `KUBECONFIG=${join(KUBECONFIGS, "first.yaml")} kubectl delete pod x`, { env: home("home-prod") }),
  asks("KUBECONFIG only known at run time", "KUBECONFIG=$CLUSTER_CONFIG kubectl delete pod x", "unreadable-kubeconfig", { env: home("home-dev") }),

  asks("broken kubeconfig", "kubectl delete pod x", "unreadable-kubeconfig", { env: home("home-broken"), says: ["line 8"] }),
  passes("a broken kubeconfig is not read for a read-only verb", "kubectl get pods", { env: home("home-broken") }),
  // Kustomize.
  asks("-k prod overlay", "kubectl apply -k kustomize/overlays/prod", NS, { says: ["Deployment/shop", "ConfigMap/shop-settings"] }),
  passes("-k dev overlay", "kubectl apply -k kustomize/overlays/dev"),
  asks("--kustomize=", "kubectl delete --kustomize=kustomize/overlays/prod", NS),
  asks("overlay without namespace, -n prod", "kubectl apply -k kustomize/overlays/plain -n prod", NS),
  asks("base keeps its own production namespace", "kubectl apply -k kustomize/inner-prod", NS, { says: ["CronJob/nightly-report"] }),
  asks("remote kustomize resource", "kubectl apply -k kustomize/remote", UNCHECKED, { says: ["https://github.com/example/platform"] }),
  asks("kustomization including itself", "kubectl apply -k kustomize/cycle", UNCHECKED, { says: ["includes itself"] }),
  asks("broken kustomization", "kubectl apply -k kustomize/broken", UNCHECKED, { says: ["kustomize/broken/kustomization.yaml line 5"] }),
  asks("missing kustomization", "kubectl apply -k kustomize", UNCHECKED, { says: ["no kustomization file"] }),
  asks("kustomize build | kubectl apply -f - (prod)", "kustomize build kustomize/overlays/prod | kubectl apply -f -", NS, { says: ["Deployment/shop"] }),
  passes("kustomize build | kubectl apply -f - (dev)", "kustomize build kustomize/overlays/dev | kubectl apply -f -"),
  asks("kubectl kustomize | kubectl apply -f -", "kubectl kustomize kustomize/overlays/prod | kubectl apply -f -", NS),
  passes("kustomize build alone", "kustomize build kustomize/overlays/prod"),
  // The line around the command: cd, heredocs, redirections, run-time values.
  asks("cd before -k", "cd kustomize/overlays && kubectl apply -k prod", NS, { says: ["Deployment/shop"] }),
  asks("cd before -f", "cd dir-dev && kubectl apply -f nested/hpa.yaml", NS),
  passes("cd into a dev directory", "cd dir-dev && kubectl apply -f deployment.yaml"),
  asks("heredoc manifest in prod", "kubectl apply -f - <<'EOF'\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: hotfix\n  namespace: prod\nEOF", NS, { says: ["ConfigMap/hotfix (the manifest in a heredoc)"] }),
  passes("heredoc manifest in dev", "kubectl apply -f - <<EOF\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: hotfix\n  namespace: dev\nEOF"),
  asks("heredoc that does not parse", "kubectl apply -f - <<EOF\nkind: ConfigMap\nmetadata: [\nEOF", UNCHECKED, { says: ["heredoc line"] }),
  asks("stdin redirected from a file", "kubectl apply -f - < app-dev.yaml", UNCHECKED, { says: ["app-dev.yaml"] }),
  asks("kustomize output through a file", "kustomize build kustomize/overlays/dev > out.yaml; cat out.yaml | kubectl apply -f -", UNCHECKED, { says: ["cat out.yaml"] }),
  asks("namespace from a variable", "kubectl delete pod x -n $NS", "unknown-target", { says: ["namespace $NS"] }),
  asks("context from a command substitution", "kubectl --context \"$(cat ctx)\" delete pod x", "unknown-target"),
  asks("manifest from a variable", "kubectl apply -f $MANIFEST", `unknown-target,${UNCHECKED}`, { says: ["$MANIFEST"] }),
  asks("directory from a variable", "cd \"$DIR\" && kubectl apply -f app-dev.yaml", UNCHECKED, { says: ["directory only known at run time"] }),
  asks("helm namespace from a variable", "helm upgrade shop ./chart -n $NS", "unknown-target"),
  passes("a variable in a value that decides nothing", "kubectl set image deploy/web web=registry.example.com/web:$TAG -n dev"),
  asks("flags hidden in a variable assigned earlier", "F=\"-n prod\"; kubectl delete pod x $F", NS),
  asks("flags hidden in a run-time variable", "kubectl delete pod x $FLAGS", "unknown-target", { says: ["argument $FLAGS"] }),
  // A function's body is read at its call, with the call's words as "$@".
  asks("a function passing its arguments on", "kube() { kubectl \"$@\"; }; kube delete pod x -n prod", NS),
  asks("helm behind a function", "h() { helm \"$@\"; }; h uninstall shop -n prod", NS),
  asks("a function defined and never called", "kube() { kubectl \"$@\"; }", "unknown-target"),
  asks("--dry-run value only known at run time", "kubectl delete pod x -n prod --dry-run=$MODE", NS),
  asks("unreadable command", "kubectl delete pod \"x -n prod", "unreadable-command"),
  // What cannot be checked.
  asks("-f - from elsewhere", "cat app-dev.yaml | kubectl apply -f -", UNCHECKED, { says: ["standard input"] }),
  asks("-f URL", "kubectl apply -f https://example.com/app.yaml", UNCHECKED, { says: ["https://example.com/app.yaml"] }),
  asks("broken manifest names file and line", "kubectl apply -f broken.yaml", UNCHECKED, { says: ["broken.yaml line 14"] }),
  asks("missing manifest", "kubectl apply -f not-written-yet.yaml", UNCHECKED, { says: ["not-written-yet.yaml does not exist"] }),
  asks("scalar document", "kubectl apply -f scalar.yaml", UNCHECKED, { says: ["not a Kubernetes object"] }),
  asks("--all-namespaces", "kubectl delete pods --all --all-namespaces -l app=old", "all-namespaces"),
  asks("-A", "kubectl label pods -A team=x --all", "all-namespaces"),
  passes("-A with a read-only verb", "kubectl get pods -A"),
  // Wrappers, chains and other kubectl builds.
  asks("sudo: another user's kubeconfig", "sudo kubectl delete pod x -n prod", `${NS},unknown-target`, { says: ["as another user (sudo)"] }),
  asks("sudo on a dev namespace still asks: the kubeconfig is root's", "sudo kubectl delete pod x -n dev", "unknown-target"),
  passes("sudo with a named dev context", "sudo kubectl delete pod x -n dev --context dev"),
  asks("over ssh", "ssh bastion 'kubectl rollout restart deploy/web'", "unknown-target", { says: ["on another machine (ssh bastion)"] }),
  asks("over ssh, named prod context", "ssh bastion kubectl --context prod-eu delete pod x", CONTEXT),
  passes("over ssh, read-only", "ssh bastion kubectl get pods"),
  asks("bash -c", "bash -c 'kubectl delete pod x -n prod'", NS),
  asks("after &&", "make build && kubectl apply -f app-prod.yaml", NS),
  asks("env wrapper", "env FOO=1 kubectl delete pod x -n prod", NS),
  asks("absolute path", "/usr/local/bin/kubectl delete pod x -n prod", NS),
  asks("oc", "oc delete pod x -n prod", NS),
  asks("kubecolor", "kubecolor delete pod x -n production", NS),
  asks("minikube kubectl --", "minikube kubectl -- delete pod x -n prod", NS),
  asks("microk8s kubectl", "microk8s kubectl delete pod x -n prod", NS),
  passes("kubectl in data", "echo 'kubectl delete pod x -n prod'"),
  passes("grep for kubectl", "grep -r 'kubectl delete' ."),
  passes("not kubectl", "ls -la && git status"),
  passes("kubectl in a commit message", "git commit -m \"kubectl delete -n prod\""),
  passes("read-only with a command substitution", "kubectl logs $(kubectl get pods -o name | head -1) -n prod"),
  passes("backup of prod to a file", "kubectl get deploy -n prod -o yaml > backup.yaml"),
  passes("set-context only edits the local kubeconfig", "kubectl config set-context --current --namespace=prod"),
  passes("diff of the prod overlay", "kubectl diff -k kustomize/overlays/prod"),
  passes("wait in prod", "kubectl wait --for=condition=ready pod -l app=web -n prod"),
  passes("kubens and kubectx switch locally", "kubens prod && kubectx prod-eu"),
  passes("helm history with a run-time namespace", "helm history shop -n $NS"),
  // Helm.
  asks("helm upgrade -n prod", "helm upgrade --install shop ./chart -n prod", NS, { says: ["helm upgrade release shop", "namespace prod"] }),
  asks("helm install --namespace=production", "helm install shop ./chart --namespace=production", NS),
  asks("helm uninstall on a prod context", "helm uninstall shop --kube-context prod-eu", CONTEXT),
  asks("helm rollback, namespace from the context", "helm rollback shop 3", NS, { env: home("home-prod-namespace") }),
  asks("helm HELM_NAMESPACE", "helm upgrade shop ./chart", NS, { env: { HELM_NAMESPACE: "prod" } }),
  passes("helm upgrade in dev", "helm upgrade shop ./chart -n dev"),
  passes("helm --dry-run", "helm upgrade shop ./chart -n prod --dry-run"),
  passes("helm template", "helm template shop ./chart -n prod"),
  passes("helm list", "helm list -n prod"),
  asks("helm template piped into kubectl", "helm template shop ./chart | kubectl apply -f -", UNCHECKED),
  // Options.
  asks("configured namespace", "kubectl delete pod x -n payments", NS, { config: { namespaces: ["payments", "billing-*"] } }),
  asks("configured namespace pattern", "kubectl delete pod x -n billing-eu", NS, { config: { namespaces: ["payments", "billing-*"] } }),
  passes("configured namespaces replace the defaults", "kubectl delete pod x -n prod", { config: { namespaces: ["payments"] } }),
  passes("configured context patterns", "kubectl delete pod x --context prod-eu", { config: { contexts: ["live-*"] } }),
  asks("configured context pattern matches", "kubectl delete pod x --context live-us", CONTEXT, { config: { contexts: ["live-*"] } }),
  // Several findings in one line.
  asks("namespace and context together", "kubectl delete deploy api -n prod --context prod-eu", `${NS},${CONTEXT}`, { says: ["namespace prod", "context prod-eu"] }),
];
