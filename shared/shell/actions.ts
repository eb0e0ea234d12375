/**
 * What a command destroys that is not a file on this machine, whatever it is spelled like: uncommitted
 * work thrown away by git (`discard-uncommitted`), and things deleted elsewhere (`remote-destroy`):
 * packages, repositories, cloud resources, buckets, clusters, databases, container data, the history
 * of a remote branch. Guards judge these effects; which program and which flags produce them is
 * known here only.
 */
import { posix } from "node:path";
import { commandWords } from "./cli-words.ts";
import { teardownReaderLoaded } from "./effects.ts";
import { DROP_TEST_DATABASE, forTests, isLocalHost, TEST_NAME } from "./test-database.ts";
import type { ExecutedCommand } from "./types.ts";

/** A path a git discard is limited to: `.` and exclude pathspecs (`:!x`) mean the whole tree. */
export interface DiscardPath {
  raw: string;
  /** Absolute when known. */
  path: string | undefined;
  /** Only run time knows it (`"$(git rev-parse --show-toplevel)"`). */
  dynamic: boolean;
  /** A pathspec that stands for the whole tree (`.`, `:/`, `*`, `:!node_modules`, `..`). */
  whole: boolean;
}

export interface DiscardEffect {
  kind: "discard-uncommitted";
  /** The repository's folder: `git -C DIR`, else where the command runs. */
  repo: string | undefined;
  /** changes: edits to tracked files; untracked: files git does not know; stashes / stash: all of them or one; worktree: a linked worktree with its changes. */
  what: "changes" | "untracked" | "stashes" | "stash" | "worktree";
  /** The git subcommand, for messages and for the rule that names it (`git reset --hard`). */
  via: string;
  /** Empty: the whole tree. */
  paths: DiscardPath[];
}

export type RemoteKind = "package" | "repository" | "cloud" | "infrastructure" | "s3" | "gcs" | "cluster" | "database" | "container-data" | "container-volume" | "environment" | "branch";

export interface RemoteDestroyEffect {
  kind: "remote-destroy";
  target: RemoteKind;
  /** What goes, in a few words: "a published package version", "every object under the S3 prefix". */
  what: string;
  /** The whole thing goes (a repository, a bucket with its objects, a namespace), not one part that can be recreated or undone. */
  whole: boolean;
  /** branch: the branches rewritten or deleted (empty: the current one); every branch with `--mirror`/`--all`. */
  branches?: string[];
  all?: boolean;
  deleting?: boolean;
}

export type ActionEffect = DiscardEffect | RemoteDestroyEffect;

const GIT_VALUED_GLOBALS = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env"]);
const PACKAGE_MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);
const FORGES = new Set(["gh", "glab", "hub", "tea", "fj"]);
const HTTP_CLIENTS = new Set(["curl", "wget", "http", "https", "xh"]);
const TERRAFORM = new Set(["terraform", "tofu", "terragrunt"]);
const SQL_CLIENTS = new Set(["Invoke-Sqlcmd", "psql", "mysql", "mariadb", "sqlite3", "sqlcmd", "clickhouse-client", "cockroach", "duckdb", "mongo", "mongosh", "cqlsh", "cypher-shell", "litecli"]);
/** Clients that take statements as operands (`duckdb prod.db 'DROP TABLE t'`; cypher-shell has no database operand). */
const POSITIONAL_SQL = new Set(["sqlite3", "duckdb", "litecli", "cypher-shell"]);
/** Redis and its forks speak the same protocol: `FLUSHALL` empties every database. */
const REDIS_CLIENTS = new Set(["redis-cli", "valkey-cli", "keydb-cli"]);
/** Schema tools whose command drops every object of the configured database (`flyway clean`, `php artisan db:wipe`). */
const SCHEMA_WIPES: Readonly<Record<string, readonly string[]>> = {
  flyway: ["clean"],
  liquibase: ["dropAll", "drop-all"],
  mix: ["ecto.drop", "ecto.reset"],
  dbmate: ["drop"],
  "sequelize-cli": ["db:drop"],
  sequelize: ["db:drop"],
};
const CONTAINER_TOOLS = new Set(["docker", "podman", "nerdctl"]);
/** The standalone compose programs: `docker-compose down -v` is `docker compose down -v`. */
const COMPOSE_TOOLS = new Set(["docker-compose", "podman-compose"]);
/** Package managers and toolchain installers whose environments hold what a project was set up with. */
const ENVIRONMENT_TOOLS = new Set(["conda", "mamba", "micromamba", "pip", "pip3", "uv", "brew", "pipx", "rustup", "opam", "pacman", "yay", "paru", "port", "nix-env", "nix", "flatpak"]);
/** Local clusters and their backups: `minikube delete --all`, `kind delete clusters --all`, `velero backup delete`. */
const LOCAL_CLUSTERS = new Set(["minikube", "kind", "k3d", "microk8s", "velero"]);
/** Programs with an effect here; every other command returns at once. */
/**
 * Programs whose deletes are read by the lazy section (shared/shell/teardown.ts): restores over a live
 * database, Redis over a raw socket, sync and backup tools, migration tools rolling everything back.
 * Until `loadTeardownReader` (shared/shell.ts) has loaded it they have no effect here.
 */
export const TEARDOWN_ACTORS = new Set(["pg_restore", "mongorestore", "nc", "ncat", "netcat", "telnet", "socat", "s3cmd", "azcopy", "b2", "mc", "rclone", "restic", "borg", "rdiff-backup", "duplicity", "knex", "typeorm", "typeorm-ts-node-commonjs", "typeorm-ts-node-esm", "alembic", "flask", "diesel", "sqlx", "migrate", "sequelize", "sequelize-cli", "mix", "dotnet", "php"]);
/**
 * Programs with a row in the table of whole-resource deletes (aws, gcloud, az, …), which the lazy section
 * holds (shared/shell/teardown.ts); a test keeps this list and the table's keys the same.
 */
export const CLOUD_PROGRAMS = new Set(["aws", "gcloud", "az", "eksctl", "bq", "hcloud", "linode-cli", "vultr-cli", "scw", "netlify", "wrangler", "helmfile", "argocd", "flux", "nomad", "cdktf", "sam", "crane", "skopeo", "regctl", "helm", "gsutil", "rclone", "vault", "influx", "borg", "heroku", "oci", "ibmcloud", "fly", "flyctl", "doctl", "supabase", "firebase", "cdk", "aws-cdk", "sst", "amplify", "copilot", "neonctl", "pscale", "turso", "openstack", "b2", "tmutil", "serverless", "sls", "vercel"]);
const ACTORS = new Set(["git", ...CLOUD_PROGRAMS, "wsl", ...TEARDOWN_ACTORS, "prisma", "rails", "rake", "npx", "pnpx", "bunx", "aws-cdk", "sst", "amplify", "copilot", "neonctl", "pscale", "turso", "openstack", "tmutil", "Invoke-Sqlcmd", "oci", "ibmcloud", "dotnet", "pg_dropcluster", "cdk", "cdktf", "sam", "hcloud", "linode-cli", "vultr-cli", "scw", "netlify", "wrangler", "helmfile", "argocd", "flux", "nomad", "virsh", "crane", "skopeo", "regctl", "bq", "php", "valkey-cli", "keydb-cli", ...Object.keys(SCHEMA_WIPES), "eksctl", "helm", "rclone", "mc", "s3cmd", "etcdctl", "consul", "vault", "influx", "borg", "serverless", "sls", "cargo", "gem", "aws", "gsutil", "gcloud", "kubectl", "oc", "pulumi", "dropdb", "mysqladmin", "redis-cli", "prisma", "npx", "pnpx", "bunx", "rails", "rake", "python", "python3", "az", "heroku", "fly", "flyctl", "doctl", "supabase", "firebase", "vercel", ...ENVIRONMENT_TOOLS, ...LOCAL_CLUSTERS, ...PACKAGE_MANAGERS, ...FORGES, ...HTTP_CLIENTS, ...TERRAFORM, ...SQL_CLIENTS, ...CONTAINER_TOOLS, ...COMPOSE_TOOLS]);

/** Every effect of one command beyond the files of this machine. */
export function actionEffects(command: ExecutedCommand): ActionEffect[] {
  if (command.program.startsWith("Remove-")) {
    const effect = teardownReaderLoaded()?.actionEffect(command, command.argv.slice(1), []) as RemoteDestroyEffect | undefined;
    return effect ? [effect] : [];
  }
  if (!ACTORS.has(command.program)) return [];
  if (command.program === "git") return gitEffects(command);
  const effect = remoteEffect(pythonModule(command));
  return effect ? [effect] : [];
}

/** `python -m pip …` is pip, `python -m alembic …` alembic. */
function pythonModule(command: ExecutedCommand): ExecutedCommand {
  const { argv } = command;
  if (!/^python[\d.]*$/.test(command.program) || argv[1] !== "-m" || !(ENVIRONMENT_TOOLS.has(argv[2] ?? "") || argv[2] === "alembic" || argv[2] === "flask")) return command;
  return { ...command, program: argv[2]!, argv: argv.slice(2), dynamic: command.dynamic.slice(2) };
}

// ---- git ---------------------------------------------------------------------------------------

const has = (args: string[], ...flags: string[]) => args.some((a) => flags.includes(a));
const shortFlag = (args: string[], letter: string) => args.some((a) => /^-[A-Za-z]+$/.test(a) && a.includes(letter));
const WHOLE_TREE = (p: string) => p === "." || p === "./" || p === ":/" || p === ":" || p === "*" || p === ":(top)" || p.startsWith("..") || /^:(!|\^|\(exclude|\(top)/.test(p);

function gitEffects(command: ExecutedCommand): ActionEffect[] {
  const { argv } = command;
  let i = 1;
  let repo = command.cwd;
  while (i < argv.length && argv[i]!.startsWith("-")) {
    if (argv[i] === "-C") repo = command.dynamic[i + 1] ? undefined : resolve(repo, argv[i + 1] ?? "");
    i += GIT_VALUED_GLOBALS.has(argv[i]!) ? 2 : 1;
  }
  const args = argv.slice(i);
  const offset = i;
  if (args.length === 0) return [];
  const [sub, ...rest] = args as [string, ...string[]];
  // Help and dry runs do nothing.
  if (has(rest, "--help", "-h") || ((sub === "push" || sub === "clean") && (has(rest, "--dry-run", "-n") || shortFlag(rest, "n")))) return [];
  const discard = (what: DiscardEffect["what"], via: string, paths: DiscardPath[] = []): ActionEffect[] => [{ kind: "discard-uncommitted", repo, what, via, paths }];
  const forced = has(rest, "--force") || shortFlag(rest, "f");
  switch (sub) {
    case "reset":
      return has(rest, "--hard", "--merge") ? discard("changes", "git reset --hard") : [];
    case "clean": {
      if (!forced) return [];
      // `git clean -fdx build/` only deletes under build/; `-e PATTERN` names what is kept, not a path.
      const paths = rest.flatMap((a, k) => (a.startsWith("-") || rest[k - 1] === "-e" || rest[k - 1] === "--exclude" ? [] : [discardPath(a, command.dynamic[offset + 1 + k] === true || a.includes("$"), repo)]));
      return discard("untracked", "git clean -f", paths);
    }
    case "checkout":
    case "restore": {
      if (sub === "restore" && has(rest, "--staged", "-S") && !has(rest, "--worktree", "-W")) return [];
      const dash = rest.indexOf("--");
      const paths = (dash >= 0 ? rest.slice(dash + 1) : rest).filter((a) => !a.startsWith("-"));
      // One named file's changes are a routine discard; the whole tree, or a forced checkout, is not.
      if (paths.some(WHOLE_TREE) || (sub === "checkout" && has(rest, "-f", "--force"))) return discard("changes", `git ${sub}`);
      return [];
    }
    case "rm": {
      const paths = rest.filter((a) => !a.startsWith("-"));
      // `--cached` only untracks: the files stay.
      if (forced && (has(rest, "-r") || shortFlag(rest, "r")) && !has(rest, "--cached") && paths.some((p) => p === "." || p === ":/" || p === "*" || p === "./")) return discard("changes", "git rm -rf");
      return [];
    }
    case "checkout-index":
      // `-a -f` writes every indexed file over the working tree: unstaged edits are gone.
      return (has(rest, "-a", "--all") || shortFlag(rest, "a")) && forced ? discard("changes", "git checkout-index -a -f") : [];
    case "submodule":
      // `deinit -f` empties the submodules' working trees, local changes with them.
      return rest.includes("deinit") && forced ? discard("changes", "git submodule deinit -f") : [];
    case "read-tree":
      // `git read-tree -u --reset TREE` rewrites the index and the working tree: `reset --hard` by its plumbing name.
      return has(rest, "-u") && has(rest, "--reset") ? discard("changes", "git read-tree -u --reset") : [];
    case "switch":
      return has(rest, "--discard-changes", "-f", "--force") || shortFlag(rest, "f") ? discard("changes", "git switch --discard-changes") : [];
    case "worktree":
      return rest[0] === "remove" && forced ? discard("worktree", "git worktree remove --force") : [];
    case "stash":
      if (rest[0] === "clear") return discard("stashes", "git stash clear");
      if (rest[0] === "drop") return discard("stash", "git stash drop");
      return [];
    case "push":
      return pushEffects(rest);
    default:
      return [];
  }
}

function discardPath(raw: string, dynamic: boolean, repo: string | undefined): DiscardPath {
  const whole = WHOLE_TREE(raw);
  const path = dynamic || (!raw.startsWith("/") && repo === undefined) ? undefined : resolve(repo, raw);
  return { raw, path, dynamic, whole };
}

function resolve(base: string | undefined, path: string): string | undefined {
  if (path.startsWith("/")) return posix.resolve(path);
  return base === undefined ? undefined : posix.resolve(base, path);
}

/** `git push --force`, `+ref`, `--delete`, `:ref`, `--mirror`: the remote branch's history goes. */
function pushEffects(rest: string[]): ActionEffect[] {
  const options = rest.filter((a) => a.startsWith("-"));
  const refspecs = rest.filter((a) => !a.startsWith("-")).slice(1);
  const force = options.some((o) => o === "--force" || o === "--force-with-lease" || o.startsWith("--force-with-lease=") || o === "--mirror" || /^-[A-Za-z]*f/.test(o)) || refspecs.some((r) => r.startsWith("+"));
  // `--prune` deletes the remote branches the refspecs' patterns match and this repository lacks.
  const deleting = has(options, "--delete", "-d", "--prune") || refspecs.some((r) => r.startsWith(":"));
  if (!force && !deleting) return [];
  const branches = refspecs.map((r) => r.replace(/^\+/, "").split(":").pop()!.replace(/^refs\/heads\//, ""));
  // A wildcard refspec (`refs/heads/*:refs/heads/*`) names every branch.
  const all = has(options, "--mirror", "--all") || branches.some((b) => b.includes("*"));
  return [{ kind: "remote-destroy", target: "branch", what: deleting ? "deletes" : "force-pushes over", whole: all, branches, all, deleting }];
}

// ---- elsewhere ---------------------------------------------------------------------------------

/** API addresses of a whole repository or package. */
const REPOSITORY_API = /^https?:\/\/(api\.github\.com\/repos\/[^/]+\/[^/?]+|[^/]+\/api\/v4\/projects\/[^/?]+|[^/]+\/api\/v1\/repos\/[^/]+\/[^/?]+)\/?(\?.*)?$/;
/** Elasticsearch and OpenSearch: DELETE of `_all`, `*` or a wildcard index deletes every index it matches. */
const SEARCH_INDEXES = /^(?:https?:\/\/)?[^/\s]+\/(?:_all|[\w.-]*\*[\w.*-]*)\/?(?:\?.*)?$/;
const SEARCH_INDEX = /^(?:https?:\/\/)?(?:[^/\s]*:(?:9200|9243)|[^/\s]*(?:elastic|opensearch|\bes\b)[^/\s]*)\/[\w.-]+\/?(?:\?.*)?$/;
const PACKAGE_API = /^https?:\/\/registry\.(npmjs\.org|yarnpkg\.com)\/.*\/-rev\//;
const SQL_CODE_FLAGS = new Set(["-c", "--command", "-e", "--execute", "-Q", "--query", "-q", "--eval", "-Query", "-query"]);
// `DELETE FROM t` with no WHERE empties the table like TRUNCATE.
// Mongo's `deleteMany({})` / `remove({})` with an empty filter and `.drop()` of a collection; Cypher's
// `MATCH (n) DETACH DELETE n` with no WHERE deletes every node.
// `DROP OWNED BY role` drops every object the role owns; `db[c].drop()` has no word boundary before its dot.
const DROP_SQL = /\b(?:drop\s+(?:database|schema|table|keyspace|owned)\b|truncate\s+(?:table\s+)?\w|delete\s+from\s+[\w.`"\[\]]+\s*(?:;|$)|dropDatabase\s*\(|flushall\b|flushdb\b|(?:deleteMany|remove)\s*\(\s*\{\s*\}\s*\)|match\s*\(\s*\w*\s*\)\s*(?:detach\s+)?delete\b)|\.drop\s*\(\s*\)/i;


function remoteEffect(command: ExecutedCommand): RemoteDestroyEffect | undefined {
  const { program } = command;
  const args = command.argv.slice(1);
  const destroys = (target: RemoteKind, what: string, whole: boolean): RemoteDestroyEffect => ({ kind: "remote-destroy", target, what, whole });
  if (TERRAFORM.has(program)) {
    if (args.some((a) => a === "-help" || a === "--help" || a === "-h")) return undefined;
    const sub = args.find((a) => !a.startsWith("-"));
    // `terragrunt run-all destroy` / `run --all destroy` / `destroy-all`: every module's resources.
    const destroy = sub === "destroy" || sub === "destroy-all" || (sub === "apply" && args.includes("-destroy")) || ((sub === "run-all" || sub === "run") && args.includes("destroy"));
    if (destroy) return destroys("infrastructure", "every resource of the infrastructure", true);
    // A workspace's state goes with it; `-force` even while it still tracks resources.
    if (sub === "workspace" && args.includes("delete")) return destroys("infrastructure", "a workspace's state", false);
    return undefined;
  }
  if (args.includes("--help") || args.includes("--dry-run") || args.includes("--dryrun") || args.some((a) => a.startsWith("--dry-run="))) return undefined;
  const words = commandWords(command);
  const gem = program === "gem";
  if (PACKAGE_MANAGERS.has(program) && (words[0] === "unpublish" || (words[0] === "npm" && words[1] === "unpublish"))) return destroys("package", "a published package version, breaking everyone who depends on it", true);
  if ((program === "cargo" || program === "gem") && words[0] === "yank") return destroys("package", "a published version (yanked from the registry)", false);
  if (program === "dotnet" && words[0] === "nuget" && words[1] === "delete") return destroys("package", "a published package version (deleted or unlisted)", false);
  if (FORGES.has(program)) return forgeEffect(program, args, words);
  if (HTTP_CLIENTS.has(program)) return httpDeleteEffect(args);
  if (program === "aws" && words[0] === "s3") {
    const recursive = args.includes("--recursive") || args.includes("-r");
    if (words[1] === "rm" && recursive) return destroys("s3", "every object under the S3 prefix", true);
    if (words[1] === "rb" && args.includes("--force")) return destroys("s3", "the bucket and everything in it", true);
    if (words[1] === "rm" || (words[1] === "sync" && args.includes("--delete"))) return destroys("s3", "objects in S3", false);
    return undefined;
  }
  if ((program === "gsutil" && words.some((a) => a === "rm" || a === "rb") && args.some((a) => /^-[A-Za-z]*r/.test(a))) || (program === "gcloud" && words[0] === "storage" && words[1] === "rm" && (args.includes("--recursive") || args.includes("-r")))) {
    return destroys("gcs", "every object under the Cloud Storage prefix", true);
  }
  const store = objectStoreEffect(program, args, words);
  if (store) return store;
  // The table of whole-resource deletes is in the lazy section (loaded for the programs in CLOUD_PROGRAMS).
  const table = CLOUD_PROGRAMS.has(program) ? teardownReaderLoaded()?.cloud() : undefined;
  for (const [path, what, whole] of table && Object.hasOwn(table, program) ? table[program]! : []) if (path.every((w, i) => words[i] === w)) return destroys("cloud", what, whole);
  if (program === "kubectl" || program === "oc") return kubernetesEffect(args, words);
  if (program === "pulumi" && (words[0] === "destroy" || words[0] === "down") && !args.some((a) => a === "--preview-only" || a === "-h")) return destroys("infrastructure", "every resource of the stack", true);
  // `pulumi stack rm --force` drops the stack's state and leaves its resources without an owner.
  if (program === "pulumi" && words[0] === "stack" && words[1] === "rm") return destroys("infrastructure", "a stack's state", false);
  if (program === "dropdb" || (program === "mysqladmin" && words.includes("drop"))) {
    const names = program === "dropdb" ? args.filter((a, i) => !a.startsWith("-") && !/^(-h|-p|-U|--host|--port|--username|--maintenance-db)$/.test(args[i - 1] ?? "")) : words.slice(words.indexOf("drop") + 1);
    return isLocalHost(args) && names.length > 0 && names.every((n) => TEST_NAME.test(n)) ? undefined : destroys("database", "a whole database", true);
  }
  if (REDIS_CLIENTS.has(program)) return redisEffect(command);
  // A WSL distribution's whole file system (its home folders too) is one virtual disk that goes with it.
  if (program === "wsl") return args.includes("--unregister") ? destroys("cloud", "a WSL distribution with its whole file system", true) : undefined;
  if (program === "pg_dropcluster") return args.some((a) => a === "--help" || a === "-h") ? undefined : destroys("database", "a PostgreSQL cluster with every database in it", true);
  // `influx delete` without a predicate deletes every point of the bucket in the time range.
  if (program === "influx" && words[0] === "delete") return destroys("database", "time-series data in a bucket", !args.some((a) => a === "--predicate" || a === "-p" || a.startsWith("--predicate=")));
  // `supabase db reset --linked` resets the hosted database, not the local one.
  if (program === "supabase" && words[0] === "db" && words[1] === "reset" && args.some((a) => a === "--linked" || a === "--db-url" || a.startsWith("--db-url="))) return destroys("database", "the hosted database (dropped and recreated)", true);
  if (program === "virsh" && (words[0] === "undefine" && args.some((a) => a === "--remove-all-storage" || a === "--storage" || a.startsWith("--storage=")) || words[0] === "vol-delete" || words[0] === "pool-delete")) return destroys("cloud", "a virtual machine's disks", true);
  // Like `rails db:drop`: the configured database is often a development one, so these are confirmed.
  if (Object.hasOwn(SCHEMA_WIPES, program) && words.some((w) => SCHEMA_WIPES[program]!.includes(w))) return forTests(command, args) ? undefined : destroys("database", "every object in the configured database", false);
  if (program === "php" && words[0] === "artisan" && /^(db:wipe|migrate:fresh|migrate:reset|migrate:refresh)$/.test(words[1] ?? "")) return forTests(command, args) ? undefined : destroys("database", "every table of the configured database", false);
  if (SQL_CLIENTS.has(program)) {
    const code = [...args.filter((a, i) => SQL_CODE_FLAGS.has(args[i - 1] ?? "") || (POSITIONAL_SQL.has(program) && (i > 0 || program === "cypher-shell") && !a.startsWith("-"))), command.input?.kind === "static" ? command.input.text ?? "" : ""];
    // A statement inside a string literal is data: `SELECT 'DROP DATABASE x' AS hint` drops nothing.
    const statements = code.map((c) => c.replace(/'(?:''|[^'])*'/g, "''"));
    if (!statements.some((c) => DROP_SQL.test(c))) return undefined;
    // `DROP DATABASE IF EXISTS app_test` on this machine: the test run's own database, recreated by the next one.
    if (isLocalHost(args) && statements.every((c) => !DROP_SQL.test(c.replace(DROP_TEST_DATABASE, "")))) return undefined;
    return destroys("database", "a database or table with its data", true);
  }
  // Restores, raw sockets, sync tools, migration tools and PowerShell's cloud cmdlets: the lazy section.
  if (TEARDOWN_ACTORS.has(program)) return teardownReaderLoaded()?.actionEffect(command, args, words) as RemoteDestroyEffect | undefined;
  if (CONTAINER_TOOLS.has(program)) return containerEffect(args);
  if (ENVIRONMENT_TOOLS.has(program) || LOCAL_CLUSTERS.has(program) || (gem && words[0] === "uninstall") || (PACKAGE_MANAGERS.has(program) && args.some((a) => a === "-g" || a === "--global"))) return environmentEffect(command, args, words);
  if (COMPOSE_TOOLS.has(program)) return containerEffect(["compose", ...args]);
  return frameworkDropEffect(command, args, words);
}

/**
 * Deletes in object stores and key-value stores whose whole-ness lies in a flag: `mc rm --recursive --force`,
 * `s3cmd del --recursive`, `gsutil rsync -d` (deletes what the source lacks), `etcdctl del --prefix`,
 * `consul kv delete -recurse`.
 */
function objectStoreEffect(program: string, args: string[], words: string[]): RemoteDestroyEffect | undefined {
  const destroys = (what: string, whole: boolean): RemoteDestroyEffect => ({ kind: "remote-destroy", target: "cloud", what, whole });
  const recursive = args.some((a) => a === "--recursive" || a === "-recurse" || /^-[A-Za-z]*r[A-Za-z]*$/.test(a));
  if (program === "mc" && (words[0] === "rm" || words[0] === "rb") && (recursive || words[0] === "rb") && args.includes("--force")) return destroys("a bucket or prefix with every object in it", true);
  if (program === "s3cmd" && (((words[0] === "del" || words[0] === "rm") && recursive) || (words[0] === "rb" && recursive))) return destroys("every object under the S3 prefix", true);
  if (program === "gsutil" && words.includes("rsync") && args.some((a) => /^-[A-Za-z]*d[A-Za-z]*$/.test(a))) return { kind: "remote-destroy", target: "gcs", what: "the objects the source does not have", whole: false };
  if (program === "gcloud" && words[0] === "storage" && words[1] === "rsync" && args.some((a) => a === "--delete-unmatched-destination-objects" || a.startsWith("--delete-unmatched-destination-objects="))) return { kind: "remote-destroy", target: "gcs", what: "the objects the source does not have", whole: false };
  // `--from-key ""` is every key at or after the empty one: all of them.
  if (program === "etcdctl" && (words[0] === "del" || words[0] === "delete") && args.some((a) => a === "--prefix" || a === "--from-key" || a === "--from-key=true")) return destroys("every key under the prefix", true);
  if (program === "consul" && words[0] === "kv" && words[1] === "delete" && args.includes("-recurse")) return destroys("every key under the prefix", true);
  return undefined;
}

/** `gh repo delete`, `glab repo delete`, `gh api -X DELETE repos/o/r`, `gh release delete`. */
function forgeEffect(program: string, args: string[], words: string[]): RemoteDestroyEffect | undefined {
  const destroys = (what: string, whole: boolean): RemoteDestroyEffect => ({ kind: "remote-destroy", target: "repository", what, whole });
  if ((words[0] === "repo" && words[1] === "delete") || (program === "hub" && words[0] === "delete")) return destroys("a repository with its issues, pull requests and history", true);
  if (words[0] === "release" && words[1] === "delete") return destroys("a published release", false);
  if (words[0] !== "api") return undefined;
  const method = args.findIndex((a) => a === "-X" || a === "--method");
  const verb = method >= 0 ? args[method + 1] : args.find((a) => /^(-X|--method=)/.test(a))?.replace(/^(-X|--method=)/, "");
  if (verb?.toUpperCase() !== "DELETE") return undefined;
  const endpoint = words[1] ?? "";
  if (/^\/?repos\/[^/]+\/[^/]+\/?$/.test(endpoint) || /^\/?projects\/[^/]+\/?$/.test(endpoint)) return destroys("a repository, through the API", true);
  return destroys(`\`${endpoint}\` through the forge's API`, false);
}

/** `curl -X DELETE https://api.github.com/repos/o/r`: the forge's or registry's own delete, without its CLI. */
function httpDeleteEffect(args: string[]): RemoteDestroyEffect | undefined {
  // Elasticsearch's `_delete_by_query` (any method) deletes every document its query matches.
  if (args.some((a) => /\/_delete_by_query\b/.test(a))) return { kind: "remote-destroy", target: "database", what: "the search documents the query matches", whole: false };
  const method = args.findIndex((a) => a === "-X" || a === "--request" || a === "--method");
  const verb = method >= 0 ? args[method + 1] : args.find((a) => /^(-X|--request=|--method=)/.test(a))?.replace(/^(-X|--request=|--method=)/, "") ?? (args[0]?.toUpperCase() === "DELETE" ? "DELETE" : undefined);
  if (verb?.toUpperCase() !== "DELETE") return undefined;
  if (args.some((a) => REPOSITORY_API.test(a))) return { kind: "remote-destroy", target: "repository", what: "a repository, through the forge's API", whole: true };
  if (args.some((a) => PACKAGE_API.test(a))) return { kind: "remote-destroy", target: "package", what: "a published package, through the registry's API", whole: true };
  if (args.some((a) => SEARCH_INDEXES.test(a))) return { kind: "remote-destroy", target: "database", what: "every index of the search cluster", whole: true };
  // One index of Elasticsearch or OpenSearch (its port, or its name in the host): its documents go.
  // Time-based indices (`logs-2024.01.01`) are made to be deleted as they age.
  if (args.some((a) => SEARCH_INDEX.test(a) && !/\d{4}[.-]\d{2}(?:[.-]\d{2})?\/?(?:\?.*)?$/.test(a))) return { kind: "remote-destroy", target: "database", what: "a search index with its documents", whole: false };
  return undefined;
}

/** Redis options that take a value; the first other word is the command (`redis-cli -n 0 FLUSHDB`, not `GET flushall`). */
let redisValued: Set<string> | undefined;
const REDIS_VALUED = (): Set<string> => (redisValued ??= new Set(["-h", "-p", "-s", "-a", "-u", "-n", "-r", "-i", "-d", "--user", "--pass", "--askpass", "--pattern", "--count", "--quoted-pattern", "--cacert", "--cacertdir", "--cert", "--key", "--sni", "--tls-ciphers", "--tls-ciphersuites", "--eval", "--rdb", "--functions-rdb", "--memkeys-samples"]));

/** `FLUSHALL`/`FLUSHDB` empty Redis; `DEL`/`UNLINK` of keys only run time knows (`--scan … | xargs redis-cli del`) may hit them all. */
function redisEffect(command: ExecutedCommand): RemoteDestroyEffect | undefined {
  const { argv } = command;
  let at = 1;
  while (at < argv.length && argv[at]!.startsWith("-")) at += REDIS_VALUED().has(argv[at]!) ? 2 : 1;
  const verb = argv[at]?.toLowerCase();
  const input = command.input?.kind === "static" ? command.input.text ?? "" : "";
  if (verb === "flushall" || verb === "flushdb" || /^\s*flush(all|db)\b/im.test(input)) return { kind: "remote-destroy", target: "database", what: "every key in Redis", whole: true };
  if ((verb === "del" || verb === "unlink") && command.dynamic.slice(at + 1).some(Boolean)) return { kind: "remote-destroy", target: "database", what: "Redis keys only known when it runs", whole: false };
  return undefined;
}

/** `kubectl delete namespace X` takes everything in it; `delete … --all` every object of a kind. */
function kubernetesEffect(args: string[], words: string[]): RemoteDestroyEffect | undefined {
  if (words[0] !== "delete" || args.includes("-h")) return undefined;
  const kinds = (words[1] ?? "").split(",");
  // OpenShift's `project` is a namespace.
  if (kinds.some((k) => /^(namespaces?|ns|projects?|persistentvolumes?|pv|persistentvolumeclaims?|pvc|crds?|customresourcedefinitions?)(\/|$)/.test(k))) {
    return { kind: "remote-destroy", target: "cluster", what: `the ${words[1]} ${words[2] ?? ""} with everything it holds`.replace(/ +/g, " ").trim(), whole: true };
  }
  if (args.includes("--all") || args.includes("-A") || args.includes("--all-namespaces")) return { kind: "remote-destroy", target: "cluster", what: "every object of the kind in the cluster", whole: false };
  return undefined;
}

function containerEffect(args: string[]): RemoteDestroyEffect | undefined {
  const sub = args[0] === "container" || args[0] === "system" || args[0] === "volume" ? `${args[0]} ${args[1] ?? ""}` : args[0];
  const all = args.some((a) => a === "--all" || /^-[A-Za-z]*a/.test(a));
  if (sub === "system prune" && all && args.includes("--volumes")) return { kind: "remote-destroy", target: "container-data", what: "every image, stopped container and volume, with their data", whole: true };
  // `podman system reset` removes every container, image, volume and the storage itself.
  if (sub === "system reset") return { kind: "remote-destroy", target: "container-data", what: "every container, image and volume, with their data", whole: true };
  if (sub === "volume prune" && all) return { kind: "remote-destroy", target: "container-data", what: "every unused volume with its data", whole: false };
  if (args.includes("--help") || args.includes("-h")) return undefined;
  // A named volume holds a service's data (a database's files), outside any folder the file policy knows.
  if ((sub === "volume rm" || sub === "volume remove") && args.some((a) => a === "--all" || /^-[A-Za-z]*a[A-Za-z]*$/.test(a))) return { kind: "remote-destroy", target: "container-volume", what: "every volume with its data", whole: false };
  // `docker rm -v`: the containers' anonymous volumes go with them.
  if ((sub === "rm" || sub === "container rm") && args.some((a) => a === "--volumes" || /^-[A-Za-z]*v[A-Za-z]*$/.test(a))) return { kind: "remote-destroy", target: "container-volume", what: "containers with their anonymous volumes", whole: false };
  if (sub === "volume rm" || sub === "volume remove") {
    const names = args.slice(2).filter((a) => !a.startsWith("-"));
    if (names.length > 0) return { kind: "remote-destroy", target: "container-volume", what: `the volume${names.length > 1 ? "s" : ""} ${names.join(", ")} with ${names.length > 1 ? "their" : "its"} data`, whole: false };
  }
  if (args[0] === "compose" && args.includes("down") && args.some((a) => a === "-v" || a === "--volumes" || (a.startsWith("--volumes=") && a !== "--volumes=false"))) {
    return { kind: "remote-destroy", target: "container-volume", what: "the compose project's volumes with their data", whole: false };
  }
  return undefined;
}

/**
 * Environments wiped at once: a conda environment with its packages, every package of a manager (`pipx
 * uninstall-all`, `gem uninstall --all`), a toolchain installer removing itself, or an uninstall of
 * packages only run time names (`$(brew list)`, `xargs pip uninstall` of `pip freeze`, `-r <(pip freeze)`):
 * they are confirmed, as the list may be everything. Local clusters deleted all at once, and cluster
 * backups, are confirmed too.
 */
function environmentEffect(command: ExecutedCommand, args: string[], words: string[]): RemoteDestroyEffect | undefined {
  const { program, argv, dynamic } = command;
  const wipes = (what: string): RemoteDestroyEffect => ({ kind: "remote-destroy", target: "environment", what, whole: false });
  const flag = (long: string, letter: string) => args.includes(long) || args.includes(`${long}=true`) || shortFlag(args, letter);
  if (args.includes("-h")) return undefined;
  if (LOCAL_CLUSTERS.has(program)) {
    if (program === "velero") return words[0] === "backup" && words[1] === "delete" ? { kind: "remote-destroy", target: "cluster", what: "cluster backups", whole: false } : undefined;
    if (program === "microk8s") return words[0] === "reset" ? { kind: "remote-destroy", target: "cluster", what: "the local cluster with its workloads and storage", whole: false } : undefined;
    const deletes = words.includes("delete") && (args.includes("--all") || args.includes("--all=true") || (program === "minikube" ? args.includes("--purge") : shortFlag(args, "a") || shortFlag(args, "A")));
    return deletes ? { kind: "remote-destroy", target: "cluster", what: "every local cluster with its data", whole: false } : undefined;
  }
  if (program === "conda" || program === "mamba" || program === "micromamba") {
    if (shortFlag(args, "d")) return undefined;
    const env = (words[0] === "env" && words[1] === "remove") || ((words[0] === "remove" || words[0] === "uninstall") && args.includes("--all"));
    return env ? wipes("a conda environment with every package in it") : undefined;
  }
  // `nix-env -e '.*'`, `nix profile remove '.*'`/`--all`, `flatpak uninstall --all`: every package of the profile.
  const everything = (w: string) => w === ".*" || w === "*" || w === "--all";
  if ((program === "nix-env" && args.some((a) => a === "-e" || a === "--uninstall") && args.some(everything)) || (program === "nix" && words[0] === "profile" && words[1] === "remove" && args.some(everything)) || (program === "flatpak" && /^(uninstall|remove)$/.test(words[0] ?? "") && args.includes("--all"))) return wipes("every package of the profile");
  // MacPorts' pseudo-ports: `installed` and `active` are every package.
  if (program === "port" && words[0] === "uninstall" && words.some((w) => w === "installed" || w === "active" || w === "all")) return wipes("every package the manager installed");
  if ((program === "pipx" && words[0] === "uninstall-all") || (program === "gem" && words[0] === "uninstall" && flag("--all", "a"))) return wipes("every package the manager installed");
  if ((program === "rustup" && words[0] === "self" && words[1] === "uninstall") || (program === "opam" && words[0] === "switch" && /^(remove|rm)$/.test(words[1] ?? ""))) return wipes("a toolchain with everything installed in it");
  // `python -m pip uninstall …` reaches here as pip (see remoteEffect); `uv pip uninstall`.
  const verbAt = argv.findIndex((a, i) => i > 0 && /^(uninstall|remove|rm|purge)$/.test(a));
  const pacman = program === "pacman" || program === "yay" || program === "paru";
  const removes = verbAt > 0 && (words[0] === argv[verbAt] || (program === "uv" && words[0] === "pip") || pacman);
  const pacmanRemove = pacman && args.some((a) => /^-R/.test(a));
  if ((removes || pacmanRemove) && dynamic.some((d, i) => d && i > (verbAt > 0 ? verbAt : 0))) return wipes("packages only known when it runs (every installed one, when the list comes from the manager itself)");
  return undefined;
}

/**
 * Framework and migration commands that drop, recreate or roll back every migration of the database they
 * are configured for (`rails db:purge`, `alembic downgrade base`, `knex migrate:rollback --all`). The
 * configured database is often a development one: confirmed, and passed when the line points it at the
 * test database.
 */
function frameworkDropEffect(command: ExecutedCommand, args: string[], words: string[]): RemoteDestroyEffect | undefined {
  const runner = ["npx", "pnpx", "bunx"].includes(command.program);
  const tool = runner ? words[0] ?? "" : command.program;
  const w = runner ? words.slice(1) : words;
  const drops =
    (tool === "prisma" && ((w.includes("migrate") && w.includes("reset")) || (w[0] === "db" && w[1] === "push" && args.includes("--force-reset")))) ||
    ((tool === "rails" || tool === "rake") && w.some((x) => /^db:(drop|reset|purge|schema:load|truncate_all)(:all)?$/.test(x))) ||
    (w.includes("manage.py") && (w.includes("flush") || w.includes("reset_db")));
  if (drops) return forTests(command, args) ? undefined : { kind: "remote-destroy", target: "database", what: "the configured database (dropped, emptied or rolled back)", whole: false };
  // The other migration tools (`knex`, `alembic`, `dotnet ef`, …) are read by the lazy section, also through npx.
  return runner && TEARDOWN_ACTORS.has(tool) ? teardownReaderLoaded()?.actionEffect({ ...command, program: tool, argv: command.argv.slice(1) }, args.slice(1), w) as RemoteDestroyEffect | undefined : undefined;
}
