/**
 * Teardown that few lines run, read in a section loaded only for them (`loadTeardownReader` in
 * shared/shell.ts): archivers that delete what they pack or unpack over a folder, sync tools deleting at
 * their destination or moving their source away, restores over a live database, Redis spoken over a raw
 * socket, migration tools rolling every migration back, and PowerShell's cloud cmdlets. What each
 * produces is an ordinary file or remote-destroy effect (shared/shell/effects.ts, shared/shell/actions.ts).
 */
import type { Add, TeardownReader } from "./effects.ts";
import type { RemoteDestroyEffect, RemoteKind } from "./actions.ts";
import { forTests } from "./test-database.ts";
import type { ExecutedCommand } from "./types.ts";

export const teardownReader: TeardownReader = { pathEffects, actionEffect, cloud: () => cloud() };

function pathEffects(command: ExecutedCommand, add: Add): void {
  (ARCHIVERS.has(command.program) ? archiveEffects : syncEffects)(command, add);
}

const ARCHIVERS = new Set(["tar", "bsdtar", "gtar", "zip", "unzip", "7z", "7za", "7zz", "rar"]);
/** tar options that take the next word as their value. */
const TAR_VALUED = new Set(["-f", "--file", "-C", "--directory", "-T", "--files-from", "-X", "--exclude-from", "-b", "--blocking-factor", "-I", "--use-compress-program", "-H", "--format", "-g", "--listed-incremental", "-N", "--newer", "-V", "--label", "--exclude", "--owner", "--group", "--mode", "--mtime", "--transform", "--xform"]);

/**
 * Archivers that delete what they packed (`tar --remove-files`, `zip -m`, `7z a -sdel`, `rar m`): the
 * sources are moved into the archive, often under the temp directory. Unpacking into a folder
 * (`tar -x -C DIR`, `unzip -d DIR`) writes over what is there: an overwrite of the folder's contents.
 */
function archiveEffects(command: ExecutedCommand, add: Add): void {
  const { program, argv, dynamic } = command;
  const args = argv.slice(1);
  if (args.some((a) => a === "--help" || a === "-h" || a === "--version")) return;
  const into = (dir: { value: string; dynamic: boolean }) => add("overwrite", dir.dynamic ? dir.value : `${dir.value.replace(/\/?$/, "/")}*`, dir.dynamic);
  if (program === "unzip") {
    // `-l`/`-t`/`-v`/`-Z` only read; `-n` never overwrites; `-p` writes to stdout.
    if (args.some((a) => /^-[A-Za-z]*[ltvZnp]/.test(a) && !a.startsWith("--"))) return;
    const at = args.indexOf("-d");
    if (at >= 0 && args[at + 1] !== undefined) into({ value: args[at + 1]!, dynamic: dynamic[at + 2] ?? false });
    return;
  }
  if (program === "zip") {
    // `zip -m ARCHIVE FILES`, `zip -rm …`: the files go once packed. `-x`/`-i` start pattern lists.
    if (!args.some((a) => /^-[A-Za-z]*m/.test(a) && !a.startsWith("--")) && !args.includes("--move")) return;
    const recursive = args.some((a) => /^-[A-Za-z]*r/.test(a) && !a.startsWith("--"));
    const stop = args.findIndex((a) => a === "-x" || a === "-i" || a === "--exclude" || a === "--include");
    const operands = args.map((value, i) => ({ value, dynamic: dynamic[i + 1] ?? false })).slice(0, stop < 0 ? undefined : stop).filter((o) => !o.value.startsWith("-"));
    for (const o of operands.slice(1)) add("delete", o.value, o.dynamic, { recursive });
    return;
  }
  if (program === "7z" || program === "7za" || program === "7zz" || program === "rar") {
    const operands = args.map((value, i) => ({ value, dynamic: dynamic[i + 1] ?? false })).filter((o) => !o.value.startsWith("-"));
    const moves = program === "rar" ? operands[0]?.value === "m" || (operands[0]?.value === "a" && args.includes("-df")) : operands[0]?.value === "a" && args.some((a) => a.toLowerCase() === "-sdel");
    if (moves) for (const o of operands.slice(2)) add("delete", o.value, o.dynamic, { recursive: true });
    // `7z x ARCHIVE -oDIR`: unpacked into DIR.
    const out = args.findIndex((a) => a.startsWith("-o") && a.length > 2);
    if ((operands[0]?.value === "x" || operands[0]?.value === "e") && out >= 0) into({ value: args[out]!.slice(2), dynamic: dynamic[out + 1] ?? false });
    return;
  }
  // tar: the mode is the first word without a dash (`czf`), or an option (`-x`, `--extract`, `-xzf`).
  let extract = false, create = false, list = false;
  let dir: { value: string; dynamic: boolean } | undefined;
  const files: { value: string; dynamic: boolean }[] = [];
  let pendingArchive = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const d = dynamic[i + 1] ?? false;
    const letters = i === 0 && /^[A-Za-z]+$/.test(a) ? a : /^-[A-Za-z]+$/.test(a) ? a.slice(1) : "";
    if (letters) {
      extract ||= /[x]/.test(letters);
      create ||= /[crui]/.test(letters) && !/[x]/.test(letters);
      list ||= letters.includes("t");
      // Old style `czf ARCHIVE`, or a cluster ending in f or C (`-cf ARCHIVE`, `-xC DIR`): the next word is the value.
      if (letters.endsWith("f")) pendingArchive = true;
      if (letters.endsWith("C") && args[i + 1] !== undefined) { dir = { value: args[i + 1]!, dynamic: dynamic[i + 2] ?? false }; i++; }
      else if (pendingArchive) { i++; pendingArchive = false; }
      continue;
    }
    if (a === "--extract" || a === "--get") extract = true;
    else if (a === "--create" || a === "--append" || a === "--update") create = true;
    else if (a === "--list") list = true;
    else if (a.startsWith("--directory=")) dir = { value: a.slice(12), dynamic: d };
    else if (TAR_VALUED.has(a)) {
      if (a === "-C" || a === "--directory") dir = { value: args[i + 1] ?? "", dynamic: dynamic[i + 2] ?? false };
      i++;
    } else if (!a.startsWith("-")) files.push({ value: a, dynamic: d });
  }
  if (list) return;
  if (create && args.includes("--remove-files")) for (const f of files) add("delete", f.value, f.dynamic, { recursive: true });
  if (extract && dir) into(dir);
}

/**
 * `rclone sync|move SRC DST` and `unison -force ROOT`: a local destination loses what the source lacks
 * (like `rsync --delete`); `rclone move` deletes its local source once copied. Remote ends are
 * remote-destroy effects (shared/shell/actions.ts). `--dry-run` rehearses.
 */
function syncEffects(command: ExecutedCommand, add: Add): void {
  const { program, argv, dynamic } = command;
  const args = argv.slice(1);
  if (args.some((a) => a === "--dry-run" || a === "-n" || a === "--help" || a === "-h" || a === "-testonly")) return;
  const operands = args.map((value, i) => ({ value, dynamic: dynamic[i + 1] ?? false })).filter((o, i) => !o.value.startsWith("-") && !(program === "unison" && /^-(force|prefer|root|path|ignore|logfile)$/.test(args[i - 1] ?? "")));
  const local = (o: { value: string }) => !/^[\w.-]{2,}:/.test(o.value);
  const contents = (o: { value: string; dynamic: boolean }) => (o.dynamic ? o.value : `${o.value.replace(/\/?$/, "/")}*`);
  if (program === "unison") {
    const forced = args[args.indexOf("-force") + 1];
    if (args.indexOf("-force") < 0 || forced === undefined) return;
    // The other root becomes a copy of the forced one: what it lacks is deleted there.
    for (const o of operands) if (o.value !== forced && local(o)) add("delete", contents(o), o.dynamic, { recursive: true });
    return;
  }
  const [verb, source, destination] = operands;
  if (verb?.value === "sync" && destination && local(destination)) add("delete", contents(destination), destination.dynamic, { recursive: true });
  if ((verb?.value === "move" || verb?.value === "moveto") && source && local(source)) add("delete", source.value, source.dynamic, { recursive: true });
}


/** Restores, raw sockets, sync and backup tools, migration tools, cloud cmdlets: what they destroy elsewhere. */
function actionEffect(command: ExecutedCommand, args: string[], words: string[]): RemoteDestroyEffect | undefined {
  const { program } = command;
  const destroys = (target: RemoteKind, what: string, whole: boolean): RemoteDestroyEffect => ({ kind: "remote-destroy", target, what, whole });
  if (program.startsWith("Remove-")) return cmdletEffect(command);
  if (program === "pg_restore" || program === "mongorestore") {
    // `pg_restore --clean -d DB` and `mongorestore --drop` drop what is there before restoring the dump over it.
    const clean = program === "pg_restore" ? args.some((a) => a === "--clean" || /^-[A-Za-z]*c[A-Za-z]*$/.test(a)) && args.some((a) => a === "-d" || a.startsWith("--dbname") || /^-[A-Za-z]*d[A-Za-z]*$/.test(a)) : args.includes("--drop");
    return clean ? destroys("database", "the database's objects, dropped before the dump is restored over them", false) : undefined;
  }
  // `echo FLUSHALL | nc cache 6379`: Redis's inline protocol without redis-cli.
  if (RAW_CLIENTS.has(program)) return /\bflush(all|db)\b/i.test(command.input?.kind === "static" ? command.input.text ?? "" : "") ? destroys("database", "every key in Redis", true) : undefined;
  return syncDeleteEffect(program, args, words) ?? migrationDropEffect(command, args, words);
}

const RAW_CLIENTS = new Set(["nc", "ncat", "netcat", "telnet", "socat"]);

/**
 * Migration tools that drop the schema or roll every migration back (`knex migrate:rollback --all`,
 * `alembic downgrade base`, `dotnet ef database drop`): confirmed like `rails db:drop`, and passed when the
 * line points them at the test environment.
 */
function migrationDropEffect(command: ExecutedCommand, args: string[], w: string[]): RemoteDestroyEffect | undefined {
  const tool = command.program;
  const drops =
    (tool === "knex" && w[0] === "migrate:rollback" && args.includes("--all")) ||
    (tool.startsWith("typeorm") && w[0] === "schema:drop") ||
    // `alembic -c prod.ini downgrade base`: an option's value may come first.
    ((tool === "alembic" || (tool === "flask" && w.includes("db"))) && w.includes("downgrade") && w[w.indexOf("downgrade") + 1] === "base") ||
    (tool === "php" && /^doctrine:(database|schema):drop$/.test(w[1] ?? "") && args.includes("--force")) ||
    (tool === "dotnet" && w[0] === "ef" && w[1] === "database" && w[2] === "drop") ||
    (tool === "mix" && w[0] === "ecto.rollback" && args.includes("--all")) ||
    ((tool === "diesel" || tool === "sqlx") && w[0] === "database" && /^(reset|drop)$/.test(w[1] ?? "")) ||
    (tool === "migrate" && (w.includes("drop") || (w.includes("down") && (args.includes("-all") || args.includes("--all"))))) ||
    ((tool === "sequelize" || tool === "sequelize-cli") && w[0] === "db:migrate:undo:all");
  return drops && !forTests(command, args) ? { kind: "remote-destroy", target: "database", what: "the configured database (dropped, emptied or rolled back)", whole: false } : undefined;
}

/**
 * Sync tools that delete at the destination what the source lacks (from an empty folder: everything
 * there), and recursive deletes of object-store clients: `rclone sync`, `s3cmd sync --delete-removed`,
 * `azcopy sync --delete-destination=true`,
 * `b2 sync --delete`, `mc mirror --remove`. A local destination is a file effect (shared/shell/effects.ts).
 */
function syncDeleteEffect(program: string, args: string[], words: string[]): RemoteDestroyEffect | undefined {
  const part = (target: RemoteKind, what: string): RemoteDestroyEffect => ({ kind: "remote-destroy", target, what, whole: false });
  const lacks = "the objects at the destination the source does not have";
  const operands = args.filter((a) => !a.startsWith("-"));
  if (program === "rclone" && (words[0] === "sync" || words[0] === "bisync") && isRemote(operands.at(-1) ?? "")) return part("cloud", "the files at the remote destination the source does not have");
  if (program === "s3cmd" && words[0] === "sync" && args.includes("--delete-removed")) return part("s3", lacks);
  if (program === "azcopy" && words[0] === "sync" && args.some((a, i) => /^--delete-destination=(true|prompt)$/i.test(a) || (a === "--delete-destination" && /^(true|prompt)$/i.test(args[i + 1] ?? "")))) return part("cloud", lacks);
  if (program === "azcopy" && (words[0] === "rm" || words[0] === "remove") && args.some((a) => a === "--recursive" || a === "--recursive=true")) return { kind: "remote-destroy", target: "cloud", what: "every blob under the path", whole: true };
  if (program === "b2" && words[0] === "sync" && args.includes("--delete")) return part("cloud", lacks);
  if (program === "b2" && words[0] === "rm" && args.includes("--recursive")) return { kind: "remote-destroy", target: "cloud", what: "every file under the bucket path", whole: true };
  if (program === "mc" && words[0] === "mirror" && args.includes("--remove")) return part("cloud", lacks);
  // Snapshots forgotten (`restic -r REPO forget --keep-last 1`) can no longer be restored.
  if (program === "restic" && words.includes("forget") && !args.includes("-n")) return part("cloud", "backup snapshots");
  // Other backup tools' retention: `borg prune`, `rdiff-backup --remove-older-than`, `duplicity remove-all-but-n-full`.
  if (program === "borg" && words[0] === "prune" && !args.some((a) => a === "-n" || a === "--dry-run")) return part("cloud", "backup archives");
  if (program === "rdiff-backup" && (args.some((a) => a.startsWith("--remove-older-than")) || (words[0] === "remove" && words[1] === "increments"))) return part("cloud", "backup increments");
  if (program === "duplicity" && words.some((w) => /^remove-(older-than|all-but-n-full|all-inc-of-but-n-full)$/.test(w)) && args.includes("--force")) return part("cloud", "backup sets");
  return undefined;
}

/** `remote:path`, `s3://…`, `https://…`: not a folder here (a drive letter `C:` is). */
const isRemote = (word: string) => /^[\w.-]{2,}:/.test(word) || /^[a-z][\w+.-]*:\/\//i.test(word);

/** PowerShell's cloud and Hyper-V modules: `Remove-AzResourceGroup`, `Remove-S3Bucket`, `Remove-DDBTable`, `Remove-VM`. */
const CLOUD_CMDLET = /^Remove-(Az|AzureRm|AzureAD|Mg|S3|DDB|EC2|RDS|CFN|LM|SQS|SNS|ECR|EKS|KMS|SEC|CWL|EFS|Gcs|Gce|GcSql|VM)(?:[A-Z]|$)/;
/** Parts that can be recreated or whose data stays (a VM's disks, one object, a snapshot): confirmed, not refused. */
const CMDLET_PART = /(VM|Instance|Snapshot|Checkpoint|Object|Item|Tag|Version|Assignment|Member)s?$/;
function cmdletEffect(command: ExecutedCommand): RemoteDestroyEffect | undefined {
  const { program, argv } = command;
  if (!CLOUD_CMDLET.test(program) || argv.some((a) => /^-whatif(:\$true)?$/i.test(a))) return undefined;
  return { kind: "remote-destroy", target: "cloud", what: `what \`${program}\` names`, whole: !CMDLET_PART.test(program) };
}

export type CloudTable = Readonly<Record<string, readonly [string[], string, boolean][]>>;
let cloudTable: CloudTable | undefined;

/**
 * What each flag-free word sequence destroys, per program, and whether that is the whole thing. Built on
 * first use; the programs it names are CLOUD_PROGRAMS in shared/shell/actions.ts.
 */
export const cloud = (): CloudTable => (cloudTable ??= {
  aws: [
    [["s3api", "delete-bucket"], "an S3 bucket", true],
    [["rds", "delete-db-instance"], "a database instance", true],
    [["rds", "delete-db-cluster"], "a database cluster", true],
    [["dynamodb", "delete-table"], "a DynamoDB table with its data", true],
    [["ec2", "terminate-instances"], "EC2 instances", false],
    [["eks", "delete-cluster"], "a Kubernetes cluster", true],
    [["efs", "delete-file-system"], "a file system with its data", true],
    [["route53", "delete-hosted-zone"], "a DNS zone", true],
    [["elasticache", "delete-replication-group"], "a cache cluster", false],
    [["redshift", "delete-cluster"], "a data warehouse cluster", true],
    [["ec2", "delete-volume"], "an EBS volume with its data", true],
    [["ec2", "delete-snapshot"], "a volume snapshot", false],
    [["cloudformation", "delete-stack"], "a CloudFormation stack and its resources", true],
    [["secretsmanager", "delete-secret"], "a secret", false],
    [["kms", "schedule-key-deletion"], "an encryption key (and all data encrypted with it)", true],
    [["iam", "delete-user"], "an IAM user", false],
    [["ecr", "delete-repository"], "a container registry repository", false],
    [["s3api", "delete-objects"], "the S3 objects listed", false],
    [["lambda", "delete-function"], "a Lambda function", true],
    [["apigateway", "delete-rest-api"], "an API", true],
    [["sqs", "delete-queue"], "a queue with its messages", true],
    [["sns", "delete-topic"], "a notification topic", true],
    [["ecs", "delete-cluster"], "a container cluster", true],
    [["ecs", "delete-service"], "a container service", false],
    [["logs", "delete-log-group"], "a log group with its logs", true],
    [["backup", "delete-backup-vault"], "a backup vault", true],
    [["backup", "delete-recovery-point"], "a backup", true],
    [["glacier", "delete-vault"], "an archive vault", true],
    [["opensearch", "delete-domain"], "a search domain with its indexes", true],
    [["es", "delete-elasticsearch-domain"], "a search domain with its indexes", true],
    [["docdb", "delete-db-cluster"], "a database cluster", true],
    [["neptune", "delete-db-cluster"], "a database cluster", true],
    [["kinesis", "delete-stream"], "a data stream with its records", true],
    [["organizations", "close-account"], "an AWS account", true],
    [["cognito-idp", "delete-user-pool"], "a user pool with its users", true],
  ],
  gcloud: [
    [["projects", "delete"], "a cloud project with everything in it", true],
    [["sql", "instances", "delete"], "a Cloud SQL instance with its data", true],
    [["container", "clusters", "delete"], "a Kubernetes cluster", true],
    [["compute", "instances", "delete"], "compute instances", false],
    [["compute", "disks", "delete"], "persistent disks with their data", true],
    [["storage", "buckets", "delete"], "a storage bucket", true],
    [["firestore", "databases", "delete"], "a Firestore database", true],
    [["sql", "databases", "delete"], "a Cloud SQL database", true],
    [["run", "services", "delete"], "a Cloud Run service", true],
    [["functions", "delete"], "a cloud function", true],
    [["app", "services", "delete"], "an App Engine service", true],
    [["pubsub", "topics", "delete"], "a Pub/Sub topic", true],
    [["spanner", "instances", "delete"], "a Spanner instance with its databases", true],
    [["spanner", "databases", "delete"], "a Spanner database", true],
    [["bigtable", "instances", "delete"], "a Bigtable instance with its tables", true],
    [["redis", "instances", "delete"], "a Redis instance with its data", true],
    [["filestore", "instances", "delete"], "a file share with its data", true],
    [["secrets", "delete"], "a secret with its versions", true],
    [["kms", "keys", "versions", "destroy"], "an encryption key version (and the data encrypted with it)", true],
  ],
  az: [
    [["group", "delete"], "a resource group with everything in it", true],
    [["storage", "account", "delete"], "a storage account with its data", true],
    [["sql", "db", "delete"], "a database", true],
    [["storage", "container", "delete"], "a storage container with its blobs", true],
    [["storage", "blob", "delete-batch"], "every blob in a storage container", true],
    [["vm", "delete"], "a virtual machine", false],
    [["aks", "delete"], "a Kubernetes cluster", true],
    [["keyvault", "delete"], "a key vault with its keys and secrets", true],
    // A purge skips the soft-delete that `keyvault delete` leaves: nothing can be recovered after it.
    [["keyvault", "purge"], "a deleted key vault, beyond recovery", true],
    [["cosmosdb", "delete"], "a Cosmos DB account with its data", true],
    [["postgres", "server", "delete"], "a database server with its data", true],
    [["postgres", "flexible-server", "delete"], "a database server with its data", true],
    [["mysql", "server", "delete"], "a database server with its data", true],
    [["mysql", "flexible-server", "delete"], "a database server with its data", true],
    [["webapp", "delete"], "a web app with its deployments", false],
    [["functionapp", "delete"], "a function app", false],
  ],
  eksctl: [[["delete", "cluster"], "a Kubernetes cluster", true]],
  bq: [[["rm"], "a BigQuery dataset or table", true]],
  hcloud: [[["server", "delete"], "a server", false], [["volume", "delete"], "a volume with its data", true], [["project", "delete"], "a project", true]],
  "linode-cli": [[["linodes", "delete"], "a server", false], [["volumes", "delete"], "a volume with its data", true], [["databases", "mysql-delete"], "a managed database", true], [["databases", "postgresql-delete"], "a managed database", true]],
  "vultr-cli": [[["instance", "delete"], "a server", false], [["block-storage", "delete"], "a volume with its data", true]],
  scw: [[["instance", "server", "delete"], "a server", false], [["rdb", "instance", "delete"], "a managed database", true]],
  netlify: [[["sites:delete"], "a site with its deploys", true]],
  // Cloudflare: R2 buckets, D1 databases, KV namespaces, and the Worker itself.
  wrangler: [[["r2", "bucket", "delete"], "an object storage bucket", true], [["d1", "delete"], "a database", true], [["kv", "namespace", "delete"], "a key-value namespace with its keys", true], [["kv:namespace", "delete"], "a key-value namespace with its keys", true], [["delete"], "a Worker", false]],
  helmfile: [[["destroy"], "every release of the helmfile with its Kubernetes objects", true], [["delete"], "every release of the helmfile with its Kubernetes objects", true]],
  argocd: [[["app", "delete"], "an application and the Kubernetes objects it manages", false], [["proj", "delete"], "a project", false], [["cluster", "rm"], "a cluster registration", false]],
  flux: [[["uninstall"], "Flux and its controllers from the cluster", false], [["delete"], "a Flux object and what it manages", false]],
  nomad: [[["job", "stop"], "a job", false], [["namespace", "delete"], "a namespace", false], [["volume", "delete"], "a volume with its data", true]],
  cdktf: [[["destroy"], "every resource of the CDK for Terraform stacks", true]],
  sam: [[["delete"], "the application's stack and its resources", true]],
  // Images in a registry: a tag others pull is gone for everyone.
  crane: [[["delete"], "an image in a registry", false]],
  skopeo: [[["delete"], "an image in a registry", false]],
  regctl: [[["image", "delete"], "an image in a registry", false], [["tag", "delete"], "an image tag in a registry", false]],
  // A release's Kubernetes objects go; its volumes usually stay: confirmed, not refused.
  helm: [[["uninstall"], "a release and its Kubernetes objects", false], [["delete"], "a release and its Kubernetes objects", false], [["del"], "a release and its Kubernetes objects", false], [["un"], "a release and its Kubernetes objects", false]],
  gsutil: [[["rb"], "a storage bucket", false]],
  // Other object-store, key-value, secret and backup clients.
  rclone: [[["purge"], "a remote path with everything in it", true], [["delete"], "the files under a remote path", false], [["deletefile"], "a remote file", false], [["rmdirs"], "empty remote folders", false]],
  vault: [[["secrets", "disable"], "a secrets engine with every secret in it", true]],
  influx: [[["bucket", "delete"], "a time-series bucket with its data", true]],
  borg: [[["delete"], "a backup repository or archive", true]],
  heroku: [[["apps:destroy"], "an app with its add-ons and data", true], [["apps:delete"], "an app", true], [["pg:reset"], "a Postgres database", true], [["addons:destroy"], "an add-on with its data (a database, a cache)", true], [["addons:remove"], "an add-on with its data (a database, a cache)", true]],
  oci: [[["os", "bucket", "delete"], "an object storage bucket", true], [["db", "autonomous-database", "delete"], "a database", true], [["compute", "instance", "terminate"], "a compute instance", false], [["bv", "volume", "delete"], "a block volume with its data", true]],
  ibmcloud: [[["resource", "service-instance-delete"], "a service instance with its data", true], [["cos", "bucket-delete"], "an object storage bucket", true], [["ks", "cluster", "rm"], "a Kubernetes cluster", true]],
  fly: [[["apps", "destroy"], "an app", true], [["volumes", "destroy"], "a volume with its data", true]],
  flyctl: [[["apps", "destroy"], "an app", true], [["volumes", "destroy"], "a volume with its data", true]],
  doctl: [[["databases", "delete"], "a managed database", true], [["kubernetes", "cluster", "delete"], "a Kubernetes cluster", true], [["compute", "droplet", "delete"], "a droplet", false], [["compute", "volume", "delete"], "a volume with its data", true], [["apps", "delete"], "an app with its deployments", true]],
  supabase: [[["projects", "delete"], "a project with its database", true]],
  firebase: [[["projects:delete"], "a project", true], [["database:remove"], "database data", true], [["firestore:delete"], "Firestore documents and collections", true], [["functions:delete"], "deployed cloud functions", false], [["hosting:disable"], "the hosted site (it stops being served)", false]],
  cdk: [[["destroy"], "every resource of the CDK stacks", true]],
  "aws-cdk": [[["destroy"], "every resource of the CDK stacks", true]],
  sst: [[["remove"], "every resource of the app's stage", true]],
  amplify: [[["delete"], "the app's backend environments and their resources", true]],
  copilot: [[["app", "delete"], "an application with its environments and services", true], [["env", "delete"], "an environment with its resources", true], [["svc", "delete"], "a service", false]],
  neonctl: [[["projects", "delete"], "a project with its databases", true], [["databases", "delete"], "a database", true], [["branches", "delete"], "a database branch", false]],
  pscale: [[["database", "delete"], "a database", true], [["branch", "delete"], "a database branch", false]],
  turso: [[["db", "destroy"], "a database", true], [["group", "destroy"], "a database group with its databases", true]],
  openstack: [[["server", "delete"], "servers", false], [["volume", "delete"], "a volume with its data", true], [["project", "delete"], "a project", true], [["stack", "delete"], "a stack and its resources", true], [["container", "delete"], "an object storage container", true]],
  b2: [[["delete-bucket"], "a storage bucket", true]],
  tmutil: [[["delete"], "Time Machine backups", false]],
  serverless: [[["remove"], "the service's stack and its resources", true]],
  sls: [[["remove"], "the service's stack and its resources", true]],
  vercel: [[["remove"], "a deployment or project", false], [["rm"], "a deployment or project", false], [["project", "rm"], "a project", true]],
});
