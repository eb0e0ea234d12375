/** Cloud, infrastructure, databases and containers: the operations that destroy data elsewhere. */
import type { ExecutedCommand } from "../../../shared/shell.ts";
import { commandWords } from "../../../shared/shell/cli-words.ts";
import { askFinding, denyFinding, type Finding } from "../finding.ts";

const TERRAFORM = new Set(["terraform", "tofu", "terragrunt"]);
const SQL_CLIENTS = new Set(["psql", "mysql", "mariadb", "sqlite3", "sqlcmd", "clickhouse-client", "cockroach", "duckdb"]);
const SQL_CODE_FLAGS = new Set(["-c", "--command", "-e", "--execute", "-Q", "--query", "-q"]);
const DROP_SQL = /\b(?:drop\s+(?:database|schema|table|keyspace)\b|truncate\s+(?:table\s+)?\w|dropDatabase\s*\(|flushall\b|flushdb\b)/i;
const CONTAINER_TOOLS = new Set(["docker", "podman", "nerdctl"]);

export function infraRule(command: ExecutedCommand, stdin: string | undefined): Finding | undefined {
  const { program, argv } = command;
  const args = argv.slice(1);
  if (TERRAFORM.has(program)) {
    if (args.some((a) => a === "-help" || a === "--help" || a === "-h")) return undefined;
    const sub = args.find((a) => !a.startsWith("-"));
    if (sub === "destroy" || (sub === "apply" && args.includes("-destroy"))) {
      return denyFinding("terraform-destroy", "destroys every resource of the infrastructure", "`terraform plan -destroy` shows what would go");
    }
    return undefined;
  }
  const words = commandWords(command);
  if (program === "aws" && words[0] === "s3") {
    if (args.includes("--dryrun")) return undefined;
    const recursive = args.includes("--recursive") || args.includes("-r");
    if (words[1] === "rm" && recursive) return denyFinding("aws-s3-delete", "deletes every object under the S3 prefix", "add `--dryrun` to list what would go");
    if (words[1] === "rb" && args.includes("--force")) return denyFinding("aws-s3-delete", "deletes the bucket and everything in it", "`aws s3 ls` the bucket and ask the user");
    if (words[1] === "rm" || (words[1] === "sync" && args.includes("--delete"))) return askFinding("aws-s3-delete", "deletes objects in S3");
    return undefined;
  }
  if ((program === "gsutil" && args.some((a) => a === "rm" || a === "rb") && args.some((a) => /^-[A-Za-z]*r/.test(a))) || (program === "gcloud" && words[0] === "storage" && words[1] === "rm" && (args.includes("--recursive") || args.includes("-r")))) {
    return denyFinding("gcs-delete", "deletes every object under the Cloud Storage prefix", "list first with `gsutil ls`");
  }
  if (program === "kubectl" || program === "oc") return kubernetesRule(args);
  if (program === "pulumi" && args.find((a) => !a.startsWith("-")) === "destroy" && !args.some((a) => a === "--preview-only" || a === "--help" || a === "-h")) {
    return denyFinding("terraform-destroy", "destroys every resource of the stack", "`pulumi preview --diff` shows the stack; ask the user");
  }
  if (program === "dropdb" || (program === "mysqladmin" && args.includes("drop"))) return denyFinding("database-drop", "drops a whole database", "take a dump first and ask the user");
  if (program === "redis-cli" && args.some((a) => /^flush(all|db)$/i.test(a))) return denyFinding("database-drop", "deletes every key in Redis", "delete the keys meant with `DEL`");
  if (SQL_CLIENTS.has(program) || program === "mongo" || program === "mongosh") {
    const code = [...args.filter((a, i) => SQL_CODE_FLAGS.has(args[i - 1] ?? "") || args[i - 1] === "--eval" || (program === "sqlite3" && i > 0 && !a.startsWith("-"))), stdin ?? ""];
    if (code.some((c) => DROP_SQL.test(c))) return denyFinding("database-drop", "drops or empties a database or table", "take a dump first and ask the user");
    return undefined;
  }
  if (CONTAINER_TOOLS.has(program)) return containerRule(args);
  return frameworkDropRule(program, args);
}

/** `kubectl delete namespace X` takes everything in it; `delete … --all` every object of a kind. */
function kubernetesRule(args: string[]): Finding | undefined {
  const words = args.filter((a, i) => !a.startsWith("-") && !/^(-n|--namespace|--context|-l|--selector|-f|--filename|--kubeconfig)$/.test(args[i - 1] ?? ""));
  if (words[0] !== "delete" || args.some((a) => a.startsWith("--dry-run") || a === "--help" || a === "-h")) return undefined;
  const kinds = (words[1] ?? "").split(",");
  if (kinds.some((k) => /^(namespaces?|ns|persistentvolumes?|pv|persistentvolumeclaims?|pvc|crds?|customresourcedefinitions?)(\/|$)/.test(k))) {
    return denyFinding("kubernetes-delete", `deletes the ${words[1]} ${words[2] ?? ""} with everything it holds`.replace(/ +/g, " "), "check with `--dry-run=client -o name` first and ask the user");
  }
  if (args.includes("--all") || args.includes("-A") || args.includes("--all-namespaces")) return askFinding("kubernetes-delete", "deletes every object of the kind in the cluster");
  return undefined;
}

/** Framework commands that drop and recreate the database they are configured for. */
function frameworkDropRule(program: string, args: string[]): Finding | undefined {
  const words = args.filter((a) => !a.startsWith("-"));
  const prisma = (program === "prisma" || (["npx", "pnpx", "bunx"].includes(program) && words[0] === "prisma")) && words.includes("migrate") && words.includes("reset");
  const rails = (program === "rails" || program === "rake") && words.some((w) => w === "db:drop" || w === "db:reset" || w === "db:schema:load");
  const django = words.includes("manage.py") && (words.includes("flush") || words.includes("reset_db"));
  if (prisma || rails || django) return askFinding("database-drop", "drops and recreates the configured database, losing its data");
  return undefined;
}

function containerRule(args: string[]): Finding | undefined {
  const sub = args[0] === "container" || args[0] === "system" || args[0] === "volume" ? `${args[0]} ${args[1] ?? ""}` : args[0];
  const all = args.some((a) => a === "--all" || /^-[A-Za-z]*a/.test(a));
  if (sub === "system prune" && all && args.includes("--volumes")) {
    return denyFinding("docker-prune-all", "deletes every image, stopped container and volume, with their data", "`docker system prune` without `-a --volumes` keeps images and volumes");
  }
  if (sub === "volume prune" && all) return askFinding("docker-prune-all", "deletes every unused volume with its data");
  if (sub === "run" || sub === "create" || sub === "container run" || sub === "container create") {
    const mountsRoot = args.some((a, i) => {
      const value = a === "-v" || a === "--volume" || a === "--mount" ? args[i + 1] ?? "" : a.replace(/^(-v|--volume=|--mount=)/, "");
      return value.startsWith("/:") || /(^|,)(source|src)=\/(,|$)/.test(value);
    });
    if (mountsRoot) return denyFinding("container-mounts-root", "gives a container the host's whole filesystem", "mount only the project folder, e.g. `-v \"$PWD\":/work`");
  }
  return undefined;
}
