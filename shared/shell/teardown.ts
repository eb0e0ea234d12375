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

export const teardownReader: TeardownReader = { pathEffects, actionEffect };

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
