/**
 * Further neighbours: `case` bodies, declarations that expand `~`, runners that take code as an option
 * or run their words (`flock -c`, `sem`, `firejail`, `systemd-inhibit`), parallel's valued options and
 * dry run, `docker exec`, and more cloud and cluster deletes. Each family was first missed on a list
 * written apart from these tables; the near-misses are the same spellings doing no harm.
 */
import type { HookCase } from "../../../shared/hook-case.ts";
import { asks, denies, passes } from "./make.ts";

export const furtherEvasions: HookCase[] = [
  // `case` bodies are code; only the patterns are skipped.
  denies("a case body on one line", "case y in y) rm -rf /usr;; esac", "delete-system"),
  denies("the second branch of a case", "case \"$1\" in\n  a) make ;;\n  b|c) rm -rf ~/.aws ;;\nesac", "delete-credentials"),
  denies("a case pattern in parentheses", "case $m in (all) rm -rf ~;; esac", "delete-home"),
  // `export NAME=~…` expands `~` like an assignment does.
  denies("export of a home path, then deleted", "export D=~/; rm -rf \"$D\"", "delete-home"),
  denies("declare -x of a credential folder", "declare -x K=~/.ssh; rm -rf $K", "delete-credentials"),
  denies("local inside a function", "f() { local t=~; rm -rf \"$t\"; }; f", "delete-home"),
  // Runners that run code or words.
  denies("flock FILE -c CODE", "flock /var/lock/x -c 'rm -rf /usr'", "delete-system"),
  denies("flock --command=CODE", "flock -n /tmp/l --command='rm -rf ~'", "delete-home"),
  asks("flock -c of a run-time value", "flock /tmp/l -c \"$JOB\"", "unreadable-code"),
  denies("sem runs its words with a shell", "sem -j 1 'rm -rf ~/*'", "delete-home"),
  denies("firejail keeps home", "firejail --quiet rm -rf ~", "delete-home"),
  denies("systemd-inhibit", "systemd-inhibit --why=x rm -rf /opt", "delete-system"),
  denies("parallel -j N before the command", "parallel -j 2 rm -rf ::: ~ /tmp/x", "delete-home"),
  // `docker exec`: the container's paths are its own, remote effects are not.
  denies("docker exec of a database drop", "docker exec -i pg psql -c 'drop database shop'", "database-drop"),
  denies("podman exec of redis FLUSHALL", "podman exec cache redis-cli FLUSHALL", "database-drop"),
  // More cloud and cluster deletes.
  denies("aws eks delete-cluster", "aws --region eu-west-1 eks delete-cluster --name main", "cloud-delete"),
  denies("aws efs delete-file-system", "aws efs delete-file-system --file-system-id fs-9", "cloud-delete"),
  denies("eksctl delete cluster", "eksctl delete cluster -n main --region us-east-2", "cloud-delete"),
  denies("az aks delete", "az aks delete --name main --resource-group rg -y", "cloud-delete"),
  denies("az keyvault delete", "az keyvault delete --name vault1", "cloud-delete"),
  denies("az postgres flexible-server delete", "az postgres flexible-server delete -g rg -n pg1 --yes", "cloud-delete"),
  denies("podman system reset", "podman system reset --force", "docker-prune-all"),
  asks("helm uninstall of a release", "helm uninstall api --namespace shop", "cloud-delete"),
  asks("helm -n NS delete", "helm -n shop delete api", "cloud-delete"),
  asks("gsutil rb of a bucket", "gsutil rb gs://old-assets", "cloud-delete"),
  // Interpreter calls without parentheses, or naming the program apart from its words.
  denies("perl system without parentheses", "perl -e 'system \"rm -rf /srv\"'", "delete-system"),
  denies("ruby system without parentheses", "ruby -e 'system \"rm -rf ~\"'", "delete-home"),
  denies("ruby %x()", "ruby -e 'puts %x(rm -rf /opt)'", "delete-system"),
  denies("ruby %x[]", "ruby -e '%x[rm -rf ~]'", "delete-home"),
  denies("python os.execv with a word list", "python3 -c \"import os; os.execv('/bin/rm', ['rm', '-rf', '/usr'])\"", "delete-system"),
  denies("python os.execlp with words", "python3 -c \"import os; os.execlp('rm', 'rm', '-rf', os.environ['HOME'])\"", "delete-home"),
  denies("Deno.Command with args", "deno eval \"await new Deno.Command('rm', {args: ['-rf', '/opt']}).output()\"", "delete-system"),
  denies("Tcl file delete -force", "tclsh <<< 'file delete -force -- /usr/share'", "delete-system"),
  denies("expect spawn", "expect -c 'spawn rm -rf /etc; expect eof'", "delete-system"),
  denies("PHP array_map unlink over a glob", "php -r 'array_map(\"unlink\", glob(\"/var/*\"));'", "delete-system"),
  // sed's `e` command runs a shell command.
  denies("sed e with a line address", "sed -n '2e rm -rf ~' notes.txt", "delete-home"),
  denies("sed -e with a regex address", "sed -e '/x/e rm -rf /etc' f.txt", "delete-system"),
  // Programs that write their result over a file an option names.
  denies("sort -o emptying a system file", "sort -o /etc/group /dev/null", "overwrite-system"),
  denies("openssl -out over a key", "openssl genpkey -algorithm ed25519 -out ~/.ssh/id_ed25519", "delete-credentials"),
  denies("curl -o over credentials, flags run together", "curl -sSfo ~/.netrc https://example.com/n", "delete-credentials"),
  denies("wget -O over a kube config", "wget -qO ~/.kube/config https://example.com/k", "delete-credentials"),
  denies("ssh-keygen told to overwrite a key", "yes | ssh-keygen -q -t rsa -f ~/.ssh/id_rsa -N ''", "delete-credentials"),
  denies("gpg deleting a secret key", "gpg --yes --delete-secret-keys 0xABCDEF", "delete-credentials"),
  denies("crontab of /dev/null", "crontab -u dev /dev/null", "crontab-remove"),
  denies("crontab - of an empty stdin", "printf '' | crontab -", "crontab-remove"),
  // A call under another name is the same call.
  denies("node: execSync destructured under another name", "node -e \"const { execSync: sh } = require('child_process'); sh('rm -rf /var')\"", "delete-system"),
  denies("node: an API taken from require into a variable", "node -e \"const del = require('fs').rmSync; del(require('os').homedir(), {recursive: true})\"", "delete-home"),
  denies("node: import { rmSync as r }", "node --input-type=module -e \"import { rmSync as wipe } from 'fs'; wipe('/etc', {recursive: true})\"", "delete-system"),
  denies("python: from os import system", "python3 -c \"from os import system; system('rm -rf ~')\"", "delete-home"),
  denies("python: from shutil import rmtree as NAME", "python3 -c \"from shutil import rmtree as gone; gone('/srv')\"", "delete-system"),
  denies("python: an API assigned to a name", "python3 -c \"import os; run = os.system; run('rm -rf /usr')\"", "delete-system"),
  // `find … | xargs CMD` is `find … -exec CMD {} +`.
  denies("find of home piped to xargs rm -rf", "find ~ -mindepth 1 -maxdepth 1 -print0 | xargs -0 rm -rf", "delete-home"),
  denies("find of a system tree piped to xargs -I", "find /usr/lib -type f | xargs -I F rm F", "delete-system"),
  asks("find of selected files under home piped to xargs", "find ~ -name '*.orig' | xargs rm -f", "delete-outside-project"),
  // Shells of other families and toybox.
  denies("tcsh -c", "tcsh -c 'rm -rf ~/.aws'", "delete-credentials"),
  denies("csh -fc", "csh -fc 'rm -rf /usr'", "delete-system"),
  denies("nushell -c", "nu -c 'rm -rf ~'", "delete-home"),
  denies("xonsh -c", "xonsh -c 'rm -rf /etc'", "delete-system"),
  denies("toybox runs its applet", "toybox rm -rf ~", "delete-home"),
];

export const furtherNearMisses: HookCase[] = [
  passes("a case whose pattern is a dangerous word", "case \"$1\" in\n  rm) echo remove ;;\n  *) ls ;;\nesac"),
  passes("a case body deleting a project folder", "case $t in clean) rm -rf ./build ;; esac"),
  passes("export of a project path, then deleted", "export OUT=./out; rm -rf \"$OUT\""),
  passes("export of home, only printed", "export H=~; echo \"$H\""),
  passes("flock -c of a build", "flock /tmp/build.lock -c 'make -j2'"),
  passes("sem of a compression", "sem -j 2 gzip big.log"),
  passes("firejail of a browser", "firejail --private firefox"),
  passes("systemd-inhibit --list", "systemd-inhibit --list"),
  passes("parallel --dry-run of a delete", "parallel --dry-run rm -rf ::: /usr"),
  passes("parallel -j N of a compression", "parallel -j 4 gzip ::: a.log b.log"),
  passes("docker exec of a delete inside the container", "docker exec web rm -rf /app/tmp"),
  passes("docker exec of a query", "docker exec -i pg psql -c 'select 1'"),
  passes("helm uninstall --dry-run", "helm uninstall api --dry-run"),
  passes("helm list", "helm list -n shop"),
  passes("eksctl get cluster", "eksctl get cluster"),
  passes("az keyvault list", "az keyvault list -o table"),
  passes("gsutil ls of a bucket", "gsutil ls gs://old-assets"),
  passes("ruby %x() of a listing", "ruby -e 'puts %x(git status)'"),
  passes("perl printing the word system", "perl -e 'print \"system \\\"x\\\"\"'"),
  passes("python os.execvp of a build", "python3 -c \"import os; os.execvp('make', ['make', 'test'])\""),
  passes("Deno.Command of git", "deno eval \"new Deno.Command('git', {args: ['log']}).outputSync()\""),
  passes("Tcl file delete in the project", "tclsh <<< 'file delete ./out/a.o'"),
  passes("expect spawn of ssh", "expect -c 'spawn ssh build01; expect eof'"),
  passes("PHP array_map unlink in the project", "php -r 'array_map(\"unlink\", glob(\"cache/*.tmp\"));'"),
  passes("sed printing lines with a dangerous word", "sed -n '/e rm -rf/p' notes.txt"),
  passes("sed e of a date", "sed '1e date' notes.txt"),
  passes("sort -o in the project", "sort -u -o names.txt names.txt"),
  passes("openssl -out in the project", "openssl req -x509 -newkey rsa:2048 -nodes -keyout ./dev.key -out ./dev.crt -subj /CN=dev"),
  passes("curl -o in the project, flags run together", "curl -fsSLo ./vendor/lib.tgz https://example.com/lib.tgz"),
  passes("wget -O- to stdout", "wget -qO- https://example.com/health"),
  passes("ssh-keygen of a new key", "ssh-keygen -t ed25519 -f ~/.ssh/id_deploy2 -N ''"),
  passes("ssh-keygen -y reading a key", "ssh-keygen -y -f ~/.ssh/id_rsa"),
  passes("gpg listing secret keys", "gpg --list-secret-keys"),
  passes("crontab of a file", "crontab ./cron/jobs.txt"),
  passes("node: execSync under another name running tests", "node -e \"const { execSync: sh } = require('child_process'); sh('npm test')\""),
  passes("python: from shutil import rmtree of a project folder", "python3 -c \"from shutil import rmtree as gone; gone('build')\""),
  passes("python: from os import path", "python3 -c \"from os import path; print(path.join('a', 'b'))\""),
  passes("find in the project piped to xargs rm", "find ./build -name '*.o' -print0 | xargs -0 rm -f"),
  passes("find of folders in the project piped to xargs rm -rf", "find . -type d -name __pycache__ -prune | xargs rm -rf"),
  passes("find piped to xargs of a reader", "find src -name '*.ts' | xargs grep -l TODO"),
  passes("tcsh -c of a build", "tcsh -c 'make -j2'"),
  passes("nushell listing", "nu -c 'ls'"),
  passes("toybox listing", "toybox ls -la"),
];
