/**
 * The subcommand words of a CLI with global options (`aws --profile prod s3 rb …` → `s3 rb …`): options
 * and the values they take are dropped, wherever they stand. A new global option is a change here,
 * never to a rule that reads the subcommand.
 */
import type { ExecutedCommand } from "./types.ts";

type ValuedTable = Readonly<Record<string, ReadonlySet<string>>>;
let valuedTable: ValuedTable | undefined;

/** Options that take the next word as their value, per program; built when a CLI's words are first read. */
const valuedOptions = (): ValuedTable => (valuedTable ??= {
  aws: new Set(["--profile", "--region", "--output", "--endpoint-url", "--query", "--ca-bundle", "--cli-read-timeout", "--cli-connect-timeout", "--color", "--cli-binary-format", "--cli-input-json", "--cli-input-yaml"]),
  gcloud: new Set(["--project", "--account", "--configuration", "--format", "--verbosity", "--impersonate-service-account", "--billing-project", "--flags-file", "--flatten", "--trace-token", "--region", "--zone"]),
  gsutil: new Set(["-o", "-h", "-p", "-u"]),
  az: new Set(["--subscription", "--output", "-o", "--query", "--name", "-n", "--resource-group", "-g"]),
  gh: new Set(["-R", "--repo", "--hostname", "-X", "--method", "-H", "--header", "-f", "--field", "-F", "--raw-field", "--input", "-q", "--jq", "-t", "--template"]),
  glab: new Set(["-R", "--repo", "-X", "--method", "-H", "--header", "-f", "--field", "-F", "--raw-field"]),
  npm: new Set(["--registry", "--otp", "--userconfig", "--prefix", "-C", "--workspace", "-w", "--tag", "--access"]),
  pnpm: new Set(["--registry", "--otp", "--dir", "-C", "--filter", "-F"]),
  yarn: new Set(["--registry", "--otp", "--cwd"]),
  bun: new Set(["--registry", "--otp", "--cwd"]),
  heroku: new Set(["-a", "--app", "-r", "--remote", "--confirm"]),
  fly: new Set(["-a", "--app", "-c", "--config", "-t", "--access-token"]),
  flyctl: new Set(["-a", "--app", "-c", "--config", "-t", "--access-token"]),
  doctl: new Set(["-t", "--access-token", "--context", "-o", "--output", "-c", "--config"]),
  kubectl: new Set(["-n", "--namespace", "--context", "--cluster", "--user", "--kubeconfig", "-l", "--selector", "-f", "--filename", "-o", "--output", "--field-selector", "-s", "--server", "--token", "--as", "--grace-period", "--timeout"]),
  oc: new Set(["-n", "--namespace", "--context", "--cluster", "--user", "--kubeconfig", "-l", "--selector", "-f", "--filename", "-o", "--output", "--field-selector", "-s", "--server", "--token", "--as"]),
  helm: new Set(["-n", "--namespace", "--kube-context", "--kubeconfig", "--kube-apiserver", "--kube-token", "--timeout"]),
  eksctl: new Set(["-n", "--name", "-r", "--region", "-p", "--profile", "-f", "--config-file"]),
  helmfile: new Set(["-e", "--environment", "-f", "--file", "-n", "--namespace", "-l", "--selector", "--kube-context", "--state-values-file", "--state-values-set", "-b", "--helm-binary"]),
  hcloud: new Set(["--context", "--config", "-o", "--output"]),
  argocd: new Set(["--server", "--auth-token", "--grpc-web-root-path", "--config", "--context", "--port-forward-namespace"]),
  nomad: new Set(["-address", "-region", "-namespace", "-token", "-ca-cert"]),
  terraform: new Set([]),
  tofu: new Set([]),
  terragrunt: new Set([]),
});

/** The words that are neither options nor option values, in order. */
export function commandWords(command: ExecutedCommand): string[] {
  const table = valuedOptions();
  const valued = Object.hasOwn(table, command.program) ? table[command.program]! : undefined;
  const words: string[] = [];
  const argv = command.argv;
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === "--") {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (word.startsWith("-") && word.length > 1) {
      if (valued?.has(word)) i++;
      continue;
    }
    words.push(word);
  }
  return words;
}
