/**
 * remote-destroy effects: packages unpublished from a registry, repositories and releases deleted on a
 * forge, cloud projects, buckets and databases deleted. Nothing local can bring them back.
 */
import type { ExecutedCommand } from "../../../shared/shell.ts";
import { commandWords } from "../../../shared/shell/cli-words.ts";
import { askFinding, denyFinding, type Finding } from "../finding.ts";

const PACKAGE_MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);
const FORGES = new Set(["gh", "glab", "hub", "tea", "fj"]);
const HTTP_CLIENTS = new Set(["curl", "wget", "http", "https", "xh"]);
/** API addresses of a whole repository or package. */
const REPOSITORY_API = /^https?:\/\/(api\.github\.com\/repos\/[^/]+\/[^/?]+|[^/]+\/api\/v4\/projects\/[^/?]+|[^/]+\/api\/v1\/repos\/[^/]+\/[^/?]+)\/?(\?.*)?$/;
const PACKAGE_API = /^https?:\/\/registry\.(npmjs\.org|yarnpkg\.com)\/.*\/-rev\//;

/** What each flag-free word sequence destroys, per program: `gcloud projects delete` → "a cloud project". */
const CLOUD: Record<string, [string[], string, "deny" | "ask"][]> = {
  aws: [
    [["s3api", "delete-bucket"], "an S3 bucket", "deny"],
    [["rds", "delete-db-instance"], "a database instance", "deny"],
    [["rds", "delete-db-cluster"], "a database cluster", "deny"],
    [["dynamodb", "delete-table"], "a DynamoDB table with its data", "deny"],
    [["ec2", "terminate-instances"], "EC2 instances", "ask"],
    [["ec2", "delete-volume"], "an EBS volume with its data", "deny"],
    [["ec2", "delete-snapshot"], "a volume snapshot", "ask"],
    [["cloudformation", "delete-stack"], "a CloudFormation stack and its resources", "deny"],
    [["secretsmanager", "delete-secret"], "a secret", "ask"],
    [["kms", "schedule-key-deletion"], "an encryption key (and all data encrypted with it)", "deny"],
    [["iam", "delete-user"], "an IAM user", "ask"],
    [["ecr", "delete-repository"], "a container registry repository", "ask"],
  ],
  gcloud: [
    [["projects", "delete"], "a cloud project with everything in it", "deny"],
    [["sql", "instances", "delete"], "a Cloud SQL instance with its data", "deny"],
    [["container", "clusters", "delete"], "a Kubernetes cluster", "deny"],
    [["compute", "instances", "delete"], "compute instances", "ask"],
    [["compute", "disks", "delete"], "persistent disks with their data", "deny"],
    [["storage", "buckets", "delete"], "a storage bucket", "deny"],
    [["firestore", "databases", "delete"], "a Firestore database", "deny"],
  ],
  az: [
    [["group", "delete"], "a resource group with everything in it", "deny"],
    [["storage", "account", "delete"], "a storage account with its data", "deny"],
    [["sql", "db", "delete"], "a database", "deny"],
    [["vm", "delete"], "a virtual machine", "ask"],
  ],
  heroku: [[["apps:destroy"], "an app with its add-ons and data", "deny"], [["apps:delete"], "an app", "deny"], [["pg:reset"], "a Postgres database", "deny"]],
  fly: [[["apps", "destroy"], "an app", "deny"], [["volumes", "destroy"], "a volume with its data", "deny"]],
  flyctl: [[["apps", "destroy"], "an app", "deny"], [["volumes", "destroy"], "a volume with its data", "deny"]],
  doctl: [[["databases", "delete"], "a managed database", "deny"], [["kubernetes", "cluster", "delete"], "a Kubernetes cluster", "deny"]],
  supabase: [[["projects", "delete"], "a project with its database", "deny"]],
  firebase: [[["projects:delete"], "a project", "deny"], [["database:remove"], "database data", "deny"]],
  vercel: [[["remove"], "a deployment or project", "ask"], [["rm"], "a deployment or project", "ask"], [["project", "rm"], "a project", "deny"]],
};

export function remoteRule(command: ExecutedCommand): Finding | undefined {
  const { program } = command;
  const args = command.argv.slice(1);
  if (args.includes("--help") || args.includes("--dry-run") || args.includes("--dryrun")) return undefined;
  const words = commandWords(command);
  if (PACKAGE_MANAGERS.has(program) && (words[0] === "unpublish" || (words[0] === "npm" && words[1] === "unpublish"))) {
    return denyFinding("package-unpublish", "removes a published package version from the registry, breaking everyone who depends on it", "`npm deprecate PACKAGE@VERSION \"reason\"` warns users and keeps it installable");
  }
  if ((program === "cargo" && words[0] === "yank") || (program === "gem" && words[0] === "yank")) return askFinding("package-unpublish", "yanks a published version from the registry");
  if (FORGES.has(program)) return forgeRule(program, args, words);
  if (HTTP_CLIENTS.has(program)) return httpDeleteRule(args);
  for (const [path, what, action] of CLOUD[program] ?? []) {
    if (path.every((w, i) => words[i] === w)) {
      const finding = action === "deny" ? denyFinding : askFinding;
      return finding("cloud-delete", `deletes ${what}, which cannot be undone`, "show it first (`describe`/`list`) and ask the user");
    }
  }
  return undefined;
}

/** `gh repo delete`, `glab repo delete`, `gh api -X DELETE repos/o/r`, `gh release delete`. */
function forgeRule(program: string, args: string[], words: string[]): Finding | undefined {
  if ((words[0] === "repo" && words[1] === "delete") || (program === "hub" && words[0] === "delete")) {
    return denyFinding("repo-delete", "deletes a repository with its issues, pull requests and history", "`gh repo archive` keeps it readable and can be undone");
  }
  if (words[0] === "release" && words[1] === "delete") return askFinding("repo-delete", "deletes a published release");
  if (words[0] === "api") {
    const method = args.findIndex((a) => a === "-X" || a === "--method");
    const verb = method >= 0 ? args[method + 1] : args.find((a) => /^(-X|--method=)/.test(a))?.replace(/^(-X|--method=)/, "");
    const endpoint = words.find((w, i) => i > 0 && w !== verb) ?? "";
    if (verb?.toUpperCase() === "DELETE") {
      if (/^\/?repos\/[^/]+\/[^/]+\/?$/.test(endpoint) || /^\/?projects\/[^/]+\/?$/.test(endpoint)) {
        return denyFinding("repo-delete", "deletes a repository through the API", "`gh repo archive` keeps it readable and can be undone");
      }
      return askFinding("repo-delete", `deletes \`${endpoint}\` through the forge's API`);
    }
  }
  return undefined;
}

/** `curl -X DELETE https://api.github.com/repos/o/r`: the forge's own delete, without its CLI. */
function httpDeleteRule(args: string[]): Finding | undefined {
  const method = args.findIndex((a) => a === "-X" || a === "--request" || a === "--method");
  const verb = method >= 0 ? args[method + 1] : args.find((a) => /^(-X|--request=|--method=)/.test(a))?.replace(/^(-X|--request=|--method=)/, "") ?? (args[0]?.toUpperCase() === "DELETE" ? "DELETE" : undefined);
  if (verb?.toUpperCase() !== "DELETE") return undefined;
  if (args.some((a) => REPOSITORY_API.test(a))) return denyFinding("repo-delete", "deletes a repository through the forge's API", "archive it instead (`gh repo archive`)");
  if (args.some((a) => PACKAGE_API.test(a))) return denyFinding("package-unpublish", "removes a published package from the registry", "`npm deprecate PACKAGE@VERSION \"reason\"` keeps it installable");
  return undefined;
}
