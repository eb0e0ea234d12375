/**
 * The user's own setup: start-up files emptied, the home directory locked, credential folders carried
 * out of home inside another folder, and the same through interpreter calls (`os.truncate`, `os.chmod`,
 * `fs.chmodSync`). First missed on a list written apart from these tables.
 */
import type { HookCase } from "../../../shared/hook-case.ts";
import { asks, denies, passes } from "./make.ts";

export const homeEvasions: HookCase[] = [
  asks("a shell start-up file linked to /dev/null", "ln -snf /dev/null ~/.bash_profile", "overwrite-home-config"),
  asks("cp /dev/null over .zshenv", "cp -f /dev/null $HOME/.zshenv", "overwrite-home-config"),
  asks("echo -n over .profile", "echo -n > /home/dev/.profile", "overwrite-home-config"),
  asks("truncate of the git config", "truncate --size=0 ~/.config/git/config", "overwrite-home-config"),
  asks("printf of nothing into .vimrc", "bash -c \"printf '' > ~/.vimrc\"", "overwrite-home-config"),
  asks("os.truncate of .bashrc", "python3 -c \"import os; os.truncate(os.path.expanduser('~/.bashrc'), 0)\"", "overwrite-home-config"),
  denies("os.truncate of a private key", "python -c \"import os; os.truncate(os.path.expanduser('~/.ssh/id_ed25519'), 0)\"", "delete-credentials"),
  denies("chmod 0 of the home directory", "chmod 0 $HOME", "chmod-home"),
  denies("chmod a-rwx of the home directory", "chmod a-rwx /home/dev", "chmod-home"),
  denies("chown of the home directory to another user", "sudo chown root ~", "chmod-home"),
  denies("os.chmod of the home directory", "python3 -c \"import os; os.chmod(os.path.expanduser('~'), 0o000)\"", "chmod-home"),
  denies("fs.chmodSync of the home directory", "node -e \"require('fs').chmodSync(process.env.HOME, 0o600)\"", "chmod-home"),
  denies("os.chmod of home with stat constants", "python3 -c \"import os, stat; os.chmod(os.environ['HOME'], stat.S_IWUSR | stat.S_IRUSR)\"", "chmod-home"),
  denies("perl chmod without parentheses", "perl -e 'chmod 0, $ENV{HOME}'", "chmod-home"),
  denies("ruby File.chmod, mode first", "ruby -e 'File.chmod(0o000, Dir.home)'", "chmod-home"),
  asks("~/.config carried into temp", "mv ~/.config /tmp/cfg-old", "delete-credentials"),
];

export const homeNearMisses: HookCase[] = [
  passes("shell history emptied", "truncate -s 0 ~/.zsh_history"),
  passes("history linked to /dev/null", "ln -sf /dev/null ~/.python_history"),
  passes("a line appended to .bashrc", "echo 'export PATH=$HOME/bin:$PATH' >> ~/.bashrc"),
  passes("start-up file backed up", "cp ~/.bashrc ~/.bashrc.orig"),
  passes("in-place edit of .zshrc", "sed -i 's/robbyrussell/agnoster/' ~/.zshrc"),
  passes("chmod 700 of the home directory", "chmod 700 $HOME"),
  passes("chmod go-w of the home directory", "chmod go-w ~"),
  passes("chown of the home directory to its user", "chown dev:dev /home/dev"),
  passes("os.chmod of a project script", "python3 -c \"import os; os.chmod('scripts/release.sh', 0o755)\""),
  passes("fs.chmodSync of a build output", "node -e \"require('fs').chmodSync('dist/cli.js', 0o755)\""),
  passes("os.chmod of home to the owner alone, stat constants", "python3 -c \"import os, stat; os.chmod(os.path.expanduser('~'), stat.S_IRWXU)\""),
  passes("perl chmod of a project script", "perl -e 'chmod 0755, \"bin/cli\"'"),
  passes("os.truncate of a project log", "python3 -c \"import os; os.truncate('logs/app.log', 0)\""),
  passes("a folder of home moved within home", "mv ~/.config/old-app ~/.config/old-app.bak"),
];
