/**
 * Neighbours of the known families: other runners and wrappers, other interpreters, CLI global
 * options, macOS disk tools, find selecting a name. Each was first missed on a list written apart from
 * these tables; the near-misses are the same spellings doing no harm.
 */
import type { HookCase } from "../../../shared/hook-case.ts";
import { asks, denies, passes } from "./make.ts";

export const neighbourEvasions: HookCase[] = [
  // watch joins its words and runs them with sh -c.
  denies("watch runs its words with sh -c", "watch -n 60 'rm -rf ~/*'", "delete-home"),
  denies("watch with several words", "watch -n 1 rm -rf /etc", "delete-system"),
  // Wrappers that run the program after their own options.
  denies("systemd-run", "systemd-run --user rm -rf ~", "delete-home"),
  denies("systemd-run --working-directory", "systemd-run --working-directory=/ rm -rf etc", "delete-system"),
  denies("runuser -u", "runuser -u root -- rm -rf /etc", "delete-system"),
  denies("runuser USER -c CODE, like su", "runuser -l root -c 'rm -rf /usr'", "delete-system"),
  denies("strace -f", "strace -f -o /dev/null rm -rf ~", "delete-home"),
  denies("ltrace", "ltrace -o /tmp/t rm -rf /var", "delete-system"),
  denies("fakeroot", "fakeroot rm -rf ~", "delete-home"),
  denies("xvfb-run -a", "xvfb-run -a rm -rf ~", "delete-home"),
  denies("faketime with a date", "faketime '2020-01-01' rm -rf ~", "delete-home"),
  // Root runners and environment managers that run a program.
  denies("doas -s reading its code from stdin", "echo 'rm -rf /etc' | doas -s", "delete-system"),
  denies("pkexec", "pkexec rm -rf /etc", "delete-system"),
  denies("run0", "run0 rm -rf /etc", "delete-system"),
  asks("pkexec of anything is confirmed, like sudo", "pkexec systemctl restart nginx", "sudo"),
  denies("uv run", "uv run --with x rm -rf ~", "delete-home"),
  denies("poetry run", "poetry run python -c 'import shutil; shutil.rmtree(\"/etc\")'", "delete-system"),
  denies("bundle exec", "bundle exec rm -rf ~", "delete-home"),
  denies("mise x with tools before --", "mise x node@20 -- rm -rf ~", "delete-home"),
  denies("direnv exec DIR", "direnv exec . rm -rf ~", "delete-home"),
  denies("conda run -n", "conda run -n base rm -rf ~", "delete-home"),
  // rsync's short name for --delete-during.
  denies("rsync --del from an empty folder", "rsync -a --del /tmp/empty/ /home/dev/", "delete-home"),
  // Global options before the subcommand.
  denies("aws --profile s3 rb --force", "aws --profile prod s3 rb s3://assets --force", "aws-s3-delete"),
  denies("aws --region s3 rm --recursive", "aws --region eu-west-1 s3 rm s3://b/p --recursive", "aws-s3-delete"),
  denies("aws --profile s3api delete-bucket", "aws --profile prod s3api delete-bucket --bucket x", "cloud-delete"),
  denies("gcloud --project projects delete", "gcloud --project p projects delete p", "cloud-delete"),
  denies("npm --registry unpublish", "npm --registry https://registry.npmjs.org unpublish pkg@1.0.0", "package-unpublish"),
  denies("gh -R repo delete", "gh -R acme/web repo delete --yes", "repo-delete"),
  // macOS disk tools.
  denies("diskutil eraseDisk", "diskutil eraseDisk APFS Untitled /dev/disk2", "block-device"),
  denies("diskutil apfs deleteContainer", "diskutil apfs deleteContainer disk3", "block-device"),
  denies("diskutil zeroDisk", "diskutil zeroDisk disk4", "block-device"),
  // Other interpreters.
  denies("Tcl exec from a here-string", "tclsh <<< 'exec rm -rf /etc'", "delete-system"),
  denies("expect -c exec", "expect -c 'exec rm -rf ~'", "delete-home"),
  denies("R unlink recursive of ~", "Rscript -e 'unlink(\"~\", recursive=TRUE)'", "delete-home"),
  denies("R system()", "Rscript -e 'system(\"rm -rf /etc\")'", "delete-system"),
  denies("AppleScript do shell script", "osascript -e 'do shell script \"rm -rf ~\"'", "delete-home"),
  denies("PowerShell Remove-Item -Recurse of ~", "pwsh -c 'Remove-Item -Recurse -Force ~'", "delete-home"),
  denies("PowerShell rm -r of $HOME", "pwsh -Command 'rm -r -fo $HOME'", "delete-home"),
  denies("PowerShell Remove-Item -Path /etc", "powershell -c 'Remove-Item -Path /etc -Recurse'", "delete-system"),
  denies("Bun shell template", "bun -e 'await Bun.$`rm -rf ~`'", "delete-home"),
  denies("zx-style $ template in node", "node -e 'const { $ } = require(\"zx\"); $`rm -rf /etc`'", "delete-system"),
  // find selecting a literal name deletes PATH/NAME itself.
  denies("find -name .git -exec rm -rf", "find . -name .git -prune -exec rm -rf {} +", "delete-git-dir"),
  denies("find ~ -name .ssh -exec rm -rf", "find ~ -maxdepth 1 -name .ssh -exec rm -rf {} +", "delete-credentials"),
  denies("find -name of two names, one .git", "find . \\( -name .git -o -name dist \\) -exec rm -rf {} +", "delete-git-dir"),
  // printf repeats its format for each argument; xargs -0 splits its input at NULs.
  denies("printf '%s\\0' into xargs -0", "printf '%s\\0' /etc /usr | xargs -0 rm -rf", "delete-system"),
  denies("printf '%s\\n' of several words into xargs", "printf '%s\\n' ./build /boot | xargs rm -rf", "delete-system"),
  // A function's body is judged where it is called, with the call's words as `$1…`.
  denies("a function called with ~", "f() { rm -rf \"$1\"; }; f ~", "delete-home"),
  denies("a function called with /etc after a harmless call", "f() { rm -rf \"$1\"; }; f ./build; f /etc", "delete-system"),
  denies("a function passing its argument on", "g() { rm -rf \"$1\"; }; h() { g \"$1\"; }; h ~", "delete-home"),
  denies("a function joining ./ and ../..", "f() { rm -rf \"./$1\"; }; f ../..", "delete-home"),
  denies("function keyword with \"$@\"", "function f { rm -rf \"$@\"; }; f ~/x /etc", "delete-system"),
  denies("a function never called is judged as defined", "f() { rm -rf ~; }", "delete-home"),
  denies("a recursive function called once", "f() { f | f & }; f", "fork-bomb"),
  denies("a function's output piped into sh", "f() { echo 'rm -rf ~'; }; f | sh", "delete-home"),
  // `$(…)` output of echo or printf of known words is known before the line runs.
  denies("the program from $(echo)", "$(echo rm) -rf ~", "delete-home"),
  denies("the target from $(printf)", "rm -rf $(printf '%s' /)", "delete-root"),
  denies("the target from quoted $(printf …\\n)", "rm -rf \"$(printf '%s\\n' /etc)\"", "delete-system"),
  denies("a variable holding $(echo)", "x=$(echo rm); $x -rf ~", "delete-home"),
];

export const neighbourNearMisses: HookCase[] = [
  passes("watch running a reader", "watch -n 2 kubectl get pods"),
  passes("uv pip install runs no program of the line", "uv pip install -r requirements.txt"),
  passes("uv run of tests", "uv run pytest -x"),
  passes("mise install", "mise install"),
  passes("bundle exec of a build", "bundle exec rake build"),
  passes("watch -x with a project delete", "watch -x rm -rf ./build"),
  passes("systemd-run of a build", "systemd-run --user --scope make -j2"),
  passes("strace of a test run", "strace -f -o trace.txt npm test"),
  passes("rsync --del inside the project", "rsync -a --del ./dist/ ./public/"),
  passes("aws --profile s3 ls", "aws --profile prod s3 ls s3://assets"),
  passes("aws --profile s3 rm --recursive --dryrun", "aws --profile prod s3 rm s3://b/p --recursive --dryrun"),
  passes("diskutil list", "diskutil list"),
  passes("diskutil info", "diskutil info disk2"),
  passes("Tcl printing text", "tclsh <<< 'puts \"rm -rf /\"'"),
  passes("R printing", "Rscript -e 'print(1+1)'"),
  passes("R unlink of a project file", "Rscript -e 'unlink(\"build\", recursive=TRUE)'"),
  passes("AppleScript notification", "osascript -e 'display notification \"done\"'"),
  passes("PowerShell listing", "pwsh -c 'Get-ChildItem'"),
  passes("PowerShell Remove-Item in the project", "pwsh -c 'Remove-Item -Recurse -Force ./dist'"),
  passes("Bun shell running tests", "bun -e 'await Bun.$`bun test`'"),
  passes("find -name node_modules -exec rm -rf", "find . -name node_modules -prune -exec rm -rf {} +"),
  passes("find -name .git only prints", "find . -name .git -prune -print"),
  passes("printf '%s\\0' of project folders into xargs -0", "printf '%s\\0' build dist | xargs -0 rm -rf"),
  passes("a function called with a project folder", "f() { rm -rf \"./$1\"; }; f build"),
  passes("a function called with two project folders", "clean() { rm -rf \"$@\"; }; clean ./dist ./build"),
  passes("a function echoing its argument", "f() { echo \"rm -rf $1\"; }; f ~"),
  passes("a function whose body only a trap runs", "f() { rm -f ./.lock; }; trap f EXIT"),
  passes("$(echo) of a harmless program", "$(echo ls) -la"),
  passes("$(printf) of a project folder", "rm -rf \"$(printf '%s' ./build)\""),
];
