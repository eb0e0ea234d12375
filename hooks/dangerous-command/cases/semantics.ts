/**
 * Shell semantics that hide what runs or what a word holds: file descriptors above 2, `${x:-$(…)}`,
 * namerefs, `read`/`mapfile`/`printf -v`, `hash -p` and copies of installed programs under other names,
 * package.json scripts set and run in one line, variables a starting shell runs (BASH_ENV, ENV, PS4,
 * PROMPT_COMMAND), in-place edits, emptying through find, `find -fprint`, disk copiers, one system file's
 * mode or owner, `sed s///e`, crontab input, and group output into a pipe. Each family was first missed on
 * a list written apart from these tables; the near-misses are the same spellings doing no harm.
 */
import type { HookCase } from "../../../shared/hook-case.ts";
import { asks, denies, passes } from "./make.ts";

export const semanticEvasions: HookCase[] = [
  // descriptors above 2: exec N<<<CODE / N< <(…) then <&N, and /dev/fd/N or /proc/self/fd/N as a script
  denies("exec 3< <(echo 'rm -rf /etc'); sh <&3", "exec 3< <(echo 'rm -rf /etc'); sh <&3", "delete-system"),
  denies("exec 4<<<'rm -rf ~'; bash <&4", "exec 4<<<'rm -rf ~'; bash <&4", "delete-home"),
  denies("bash /dev/fd/3 3<<<'rm -rf ~'", "bash /dev/fd/3 3<<<'rm -rf ~'", "delete-home"),
  denies("sh /proc/self/fd/5 5< <(printf 'rm -rf /etc')", "sh /proc/self/fd/5 5< <(printf 'rm -rf /etc')", "delete-system"),
  denies("echo ${x:-$(rm -rf ~)}", "echo ${x:-$(rm -rf ~)}", "delete-home"),
  // the word after a ${…} operator expands: its $(…) runs
  denies(": \"${d:=$(chmod -R 000 ~)}\"", ": \"${d:=$(chmod -R 000 ~)}\"", "chmod-recursive-system"),
  denies("echo \"${HOME/dev/$(rm -rf /usr)}\"", "echo \"${HOME/dev/$(rm -rf /usr)}\"", "delete-system"),
  // declare -n, read and mapfile from a known input, printf -v: the variable's value is known
  denies("declare -n r=HOME; rm -rf \"$r\"", "declare -n r=HOME; rm -rf \"$r\"", "delete-home"),
  denies("typeset -n t=PWD; rm -rf \"$t\"/..", "typeset -n t=PWD; rm -rf \"$t\"/..", "delete-home"),
  asks("declare -n r=BUILD_DIR; rm -rf \"$r\"", "declare -n r=BUILD_DIR; rm -rf \"$r\"", "delete-unknown-target"),
  denies("read -r d <<< /etc; rm -rf \"$d\"", "read -r d <<< /etc; rm -rf \"$d\"", "delete-system"),
  denies("read a b <<< 'x /usr'; rm -rf \"$b\"", "read a b <<< 'x /usr'; rm -rf \"$b\"", "delete-system"),
  denies("mapfile -t a <<< /usr; rm -rf \"${a[0]}\"", "mapfile -t a <<< /usr; rm -rf \"${a[0]}\"", "delete-system"),
  denies("readarray -t dirs <<< $'/opt\\n/var'; rm -rf \"${dirs[@]}\"", "readarray -t dirs <<< $'/opt\\n/var'; rm -rf \"${dirs[@]}\"", "delete-system"),
  asks("read -r d < list.txt; rm -rf \"$d\"", "read -r d < list.txt; rm -rf \"$d\"", "delete-unknown-target"),
  denies("printf -v d %s \"$HOME\"; rm -rf \"$d\"", "printf -v d %s \"$HOME\"; rm -rf \"$d\"", "delete-home"),
  denies("printf -v d '%s/.ssh' ~; rm -rf \"$d\"", "printf -v d '%s/.ssh' ~; rm -rf \"$d\"", "delete-credentials"),
  // hash -p and links or copies of an installed program give it another name
  denies("hash -p /bin/rm ls; ls -rf ~", "hash -p /bin/rm ls; ls -rf ~", "delete-home"),
  denies("hash -p /usr/bin/shred cat; cat -u ~/.ssh/id_ed25519", "hash -p /usr/bin/shred cat; cat -u ~/.ssh/id_ed25519", "delete-credentials"),
  denies("ln -s /bin/rm /tmp/ls; PATH=/tmp:$PATH ls -rf ~", "ln -s /bin/rm /tmp/ls; PATH=/tmp:$PATH ls -rf ~", "delete-home"),
  denies("cp /bin/rm ./cat && ./cat -rf /etc", "cp /bin/rm ./cat && ./cat -rf /etc", "delete-system"),
  denies("ln -sf \"$(which rm)\" ~/bin/ll; ll -rf /usr", "ln -sf \"$(which rm)\" ~/bin/ll; ll -rf /usr", "delete-system"),
  // package.json scripts the line sets, then runs (with pre/post and install hooks)
  denies("npm pkg set scripts.x='rm -rf ~' && npm run x", "npm pkg set scripts.x='rm -rf ~' && npm run x", "delete-home"),
  denies("npm pkg set scripts.pretest='rm -rf /etc'; npm test", "npm pkg set scripts.pretest='rm -rf /etc'; npm test", "delete-system"),
  denies("npm pkg set 'scripts.postinstall=chmod -R 000 ~' && npm ci", "npm pkg set 'scripts.postinstall=chmod -R 000 ~' && npm ci", "chmod-recursive-system"),
  denies("pnpm pkg set scripts.clean='rm -rf ~' && pnpm clean", "pnpm pkg set scripts.clean='rm -rf ~' && pnpm clean", "delete-home"),
  denies("npm set-script wipe 'rm -rf /usr' && npm run-script wipe", "npm set-script wipe 'rm -rf /usr' && npm run-script wipe", "delete-system"),
  asks("npm pkg set scripts.x=\"$CMD\" && npm run x", "npm pkg set scripts.x=\"$CMD\" && npm run x", "unreadable-code"),
  // variables a starting shell runs: BASH_ENV, ENV, PS4 under -x, PROMPT_COMMAND under -i
  denies("PS4='$(rm -rf ~)' bash -xc :", "PS4='$(rm -rf ~)' bash -xc :", "delete-home"),
  denies("PS4='+$(chmod -R 000 /etc) ' sh -x script.sh", "PS4='+$(chmod -R 000 /etc) ' sh -x script.sh", "chmod-recursive-system"),
  denies("BASH_ENV=<(echo 'rm -rf ~') bash -c true", "BASH_ENV=<(echo 'rm -rf ~') bash -c true", "delete-home"),
  denies("ENV=<(echo 'rm -rf /usr') sh -i < /dev/null", "ENV=<(echo 'rm -rf /usr') sh -i < /dev/null", "delete-system"),
  denies("echo 'rm -rf ~' > /tmp/env.sh; BASH_ENV=/tmp/env.sh bash -c :", "echo 'rm -rf ~' > /tmp/env.sh; BASH_ENV=/tmp/env.sh bash -c :", "delete-home"),
  denies("PROMPT_COMMAND='rm -rf ~' bash -i < /dev/null", "PROMPT_COMMAND='rm -rf ~' bash -i < /dev/null", "delete-home"),
  // in-place edits: blanking scripts empty the file; other edits of a critical file ask
  denies("sed -i 's/.*//' /etc/shadow", "sed -i 's/.*//' /etc/shadow", "overwrite-system"),
  asks("sed -i '/^root/d' /etc/passwd", "sed -i '/^root/d' /etc/passwd", "overwrite-system"),
  asks("gsed -i -e 's/a/b/' /etc/hosts", "gsed -i -e 's/a/b/' /etc/hosts", "overwrite-system"),
  denies("perl -pi -e 's/.*//s' /etc/fstab", "perl -pi -e 's/.*//s' /etc/fstab", "overwrite-system"),
  asks("perl -i -ne 'print if 0' /etc/sudoers", "perl -i -ne 'print if 0' /etc/sudoers", "overwrite-system"),
  denies("ruby -i -pe '$_ = \"\"' /etc/group", "ruby -i -pe '$_ = \"\"' /etc/group", "overwrite-system"),
  denies("awk -i inplace 'NR<0' /etc/hosts", "awk -i inplace 'NR<0' /etc/hosts", "overwrite-system"),
  asks("gawk -i inplace '{ gsub(/a/, \"b\") } 1' /etc/passwd", "gawk -i inplace '{ gsub(/a/, \"b\") } 1' /etc/passwd", "overwrite-system"),
  // emptying the files find selects is deleting their content; find -fprint writes its list over a file
  asks("find ~ -name '*.py' -exec sed -i d {} +", "find ~ -name '*.py' -exec sed -i d {} +", "delete-outside-project"),
  asks("find ~/Documents -type f -exec truncate -s 0 {} \\;", "find ~/Documents -type f -exec truncate -s 0 {} \\;", "delete-outside-project"),
  asks("find ~ -name '*.log' -exec cp /dev/null {} \\;", "find ~ -name '*.log' -exec cp /dev/null {} \\;", "delete-outside-project"),
  denies("find / -fprint /etc/shadow -quit", "find / -fprint /etc/shadow -quit", "overwrite-system"),
  denies("find ~ -fprint0 ~/.ssh/authorized_keys", "find ~ -fprint0 ~/.ssh/authorized_keys", "delete-credentials"),
  // ddrescue and dcfldd onto a disk
  denies("ddrescue -f /dev/zero /dev/sda", "ddrescue -f /dev/zero /dev/sda", "block-device"),
  denies("dcfldd if=/dev/zero of=/dev/nvme0n1", "dcfldd if=/dev/zero of=/dev/nvme0n1", "block-device"),
  // one system file: setuid changes, others given write, critical files given away
  denies("chmod u-s /usr/bin/sudo", "chmod u-s /usr/bin/sudo", "chmod-system-file"),
  denies("chmod 4777 /bin/bash", "chmod 4777 /bin/bash", "chmod-system-file"),
  denies("chmod u+s /usr/bin/python3", "chmod u+s /usr/bin/python3", "chmod-system-file"),
  denies("chmod o+w /etc/profile", "chmod o+w /etc/profile", "chmod-system-file"),
  denies("chmod 666 /etc/passwd", "chmod 666 /etc/passwd", "chmod-system-file"),
  denies("chmod 755 /usr/bin/sudo", "chmod 755 /usr/bin/sudo", "chmod-system-file"),
  denies("chown dev /etc/sudoers", "chown dev /etc/sudoers", "chmod-system-file"),
  denies("chown dev:dev /etc/passwd", "chown dev:dev /etc/passwd", "chmod-system-file"),
  denies("chgrp dev /etc/shadow", "chgrp dev /etc/shadow", "chmod-system-file"),
  // sed s///e runs the pattern space after the substitution
  denies("sed 's/^/rm -rf ~/e' <<< ''", "sed 's/^/rm -rf ~/e' <<< ''", "delete-home"),
  denies("echo /etc | sed 's/^/rm -rf /e'", "echo /etc | sed 's/^/rm -rf /e'", "delete-system"),
  denies("printf '/usr\\n' | sed -e 's|^|chmod -R 000 |e'", "printf '/usr\\n' | sed -e 's|^|chmod -R 000 |e'", "chmod-recursive-system"),
  denies("sed 's/.*/rm -rf ~/e' notes.txt", "sed 's/.*/rm -rf ~/e' notes.txt", "delete-home"),
  asks("sed 's/x/y/e' notes.txt", "sed 's/x/y/e' notes.txt", "unreadable-code"),
  // crontab installs its input: each job's command is code, also the known lines of a group
  denies("(crontab -l 2>/dev/null; echo '* * * * * rm -rf ~') | crontab -", "(crontab -l 2>/dev/null; echo '* * * * * rm -rf ~') | crontab -", "delete-home"),
  denies("echo '@reboot rm -rf /etc' | crontab -", "echo '@reboot rm -rf /etc' | crontab -", "delete-system"),
  // a group's output feeds the pipe after it
  denies("(echo 'rm -rf ~') | sh", "(echo 'rm -rf ~') | sh", "delete-home"),
  denies("{ echo 'rm -rf /etc'; } | bash", "{ echo 'rm -rf /etc'; } | bash", "delete-system"),
  denies("a heredoc opened on descriptor 7, run by dash <&7", "exec 7<<'X'\nrm -rf /usr\nX\ndash <&7", "delete-system"),
  // at/batch -f FILE runs the file (read when the line wrote it); launchctl submit -- PROG runs PROG as a job
  denies("launchctl submit -l x -- /bin/sh -c 'rm -rf ~'", "launchctl submit -l x -- /bin/sh -c 'rm -rf ~'", "delete-home"),
  denies("printf 'rm -rf /usr\\n' > /tmp/j; batch -f /tmp/j", "printf 'rm -rf /usr\\n' > /tmp/j; batch -f /tmp/j", "delete-system"),
  denies("a schema drop in a quoted heredoc fed to psql", "psql \"$URL\" <<'SQL'\nDROP SCHEMA public CASCADE;\nSQL", "database-drop"),
  // mapfile/readarray -C CODE runs CODE as lines are read
  denies("mapfile -C 'rm -rf ~ #' -c 1 <<< x", "mapfile -C 'rm -rf ~ #' -c 1 <<< x", "delete-home"),
  denies("readarray -C 'chmod -R 000 /etc; :' -c 1 <<< x", "readarray -C 'chmod -R 000 /etc; :' -c 1 <<< x", "chmod-recursive-system"),
  // coproc running a shell: what is written to ${COPROC[1]} is its code
  denies("coproc sh; echo 'rm -rf ~' >&\"${COPROC[1]}\"", "coproc sh; echo 'rm -rf ~' >&\"${COPROC[1]}\"", "delete-home"),
  denies("coproc bash; printf 'rm -rf /etc\\n' >&${COPROC[1]}", "coproc bash; printf 'rm -rf /etc\\n' >&${COPROC[1]}", "delete-system"),
];

export const semanticNearMisses: HookCase[] = [
  // descriptors above 2: exec N<<<CODE / N< <(…) then <&N, and /dev/fd/N or /proc/self/fd/N as a script
  passes("exec 3<<<'ls -la'; bash <&3", "exec 3<<<'ls -la'; bash <&3"),
  passes("exec 3<<<'hello'; cat <&3", "exec 3<<<'hello'; cat <&3"),
  passes("bash /dev/fd/3 3<<<'echo hi'", "bash /dev/fd/3 3<<<'echo hi'"),
  passes("sort 2>&1 <&0", "sort 2>&1 <&0"),
  // the word after a ${…} operator expands: its $(…) runs
  passes("echo ${x:-$(date +%F)}", "echo ${x:-$(date +%F)}"),
  passes("echo ${x:-default}", "echo ${x:-default}"),
  // declare -n, read and mapfile from a known input, printf -v: the variable's value is known
  passes("local -n q=TMPDIR", "local -n q=TMPDIR"),
  passes("declare -n r=HOME; echo \"$r\"", "declare -n r=HOME; echo \"$r\""),
  passes("read -r d <<< ./build; rm -rf \"$d\"", "read -r d <<< ./build; rm -rf \"$d\""),
  passes("mapfile -t a <<< ./dist; rm -rf \"${a[0]}\"", "mapfile -t a <<< ./dist; rm -rf \"${a[0]}\""),
  passes("printf -v d %s ./out; rm -rf \"$d\"", "printf -v d %s ./out; rm -rf \"$d\""),
  passes("printf -v stamp '%s' \"$(date)\"; echo \"$stamp\"", "printf -v stamp '%s' \"$(date)\"; echo \"$stamp\""),
  // hash -p and links or copies of an installed program give it another name
  passes("hash -p /usr/bin/python3 python; python --version", "hash -p /usr/bin/python3 python; python --version"),
  passes("ln -s /usr/bin/python3 ./py; ./py -V", "ln -s /usr/bin/python3 ./py; ./py -V"),
  passes("cp /bin/ls /tmp/ls2; /tmp/ls2 -la ~", "cp /bin/ls /tmp/ls2; /tmp/ls2 -la ~"),
  // package.json scripts the line sets, then runs (with pre/post and install hooks)
  passes("npm pkg set scripts.clean='rm -rf ./dist' && npm run clean", "npm pkg set scripts.clean='rm -rf ./dist' && npm run clean"),
  passes("npm pkg set scripts.lint='eslint .' && npm run lint", "npm pkg set scripts.lint='eslint .' && npm run lint"),
  // variables a starting shell runs: BASH_ENV, ENV, PS4 under -x, PROMPT_COMMAND under -i
  passes("PS4='+ $(date +%T) ' bash -xc 'make'", "PS4='+ $(date +%T) ' bash -xc 'make'"),
  passes("PS4='+ ' bash -xc 'echo hi'", "PS4='+ ' bash -xc 'echo hi'"),
  passes("BASH_ENV=./env.sh bash -c 'npm test'", "BASH_ENV=./env.sh bash -c 'npm test'"),
  passes("PROMPT_COMMAND='history -a' bash -i < /dev/null", "PROMPT_COMMAND='history -a' bash -i < /dev/null"),
  // in-place edits: blanking scripts empty the file; other edits of a critical file ask
  passes("sed -i 's/old/new/g' src/app.ts", "sed -i 's/old/new/g' src/app.ts"),
  passes("sed -i 's/x/y/' /etc/nginx/nginx.conf", "sed -i 's/x/y/' /etc/nginx/nginx.conf"),
  passes("perl -i.bak -pe 's/foo/bar/' src/main.c", "perl -i.bak -pe 's/foo/bar/' src/main.c"),
  passes("perl -pi -e 's/a/b/' /etc/motd", "perl -pi -e 's/a/b/' /etc/motd"),
  passes("gawk -i inplace '{ print }' notes.txt", "gawk -i inplace '{ print }' notes.txt"),
  // emptying the files find selects is deleting their content; find -fprint writes its list over a file
  passes("find ./logs -name '*.log' -exec truncate -s 0 {} +", "find ./logs -name '*.log' -exec truncate -s 0 {} +"),
  passes("find ./src -name '*.ts' -exec sed -i 's/a/b/' {} +", "find ./src -name '*.ts' -exec sed -i 's/a/b/' {} +"),
  passes("find . -name '*.ts' -fprint ./files.txt", "find . -name '*.ts' -fprint ./files.txt"),
  passes("find /etc -name '*.conf' -fls /tmp/conf-list.txt", "find /etc -name '*.conf' -fls /tmp/conf-list.txt"),
  // ddrescue and dcfldd onto a disk
  passes("ddrescue -n /dev/sdb ./rescue.img rescue.map", "ddrescue -n /dev/sdb ./rescue.img rescue.map"),
  passes("dcfldd if=/dev/sda of=./sda.img", "dcfldd if=/dev/sda of=./sda.img"),
  // one system file: setuid changes, others given write, critical files given away
  passes("chmod 644 /etc/nginx/nginx.conf", "chmod 644 /etc/nginx/nginx.conf"),
  passes("chmod +x /usr/local/bin/tool", "chmod +x /usr/local/bin/tool"),
  passes("chmod 755 /usr/local/bin/tool", "chmod 755 /usr/local/bin/tool"),
  passes("chown root:root /etc/sudoers", "chown root:root /etc/sudoers"),
  passes("chown dev /usr/local/bin/tool", "chown dev /usr/local/bin/tool"),
  passes("chown -R dev ./node_modules", "chown -R dev ./node_modules"),
  // sed s///e runs the pattern space after the substitution
  passes("echo hi | sed 's/hi/echo hello/e'", "echo hi | sed 's/hi/echo hello/e'"),
  passes("sed 's/foo/bar/' notes.txt", "sed 's/foo/bar/' notes.txt"),
  passes("sed -n 's/^v//p' VERSION", "sed -n 's/^v//p' VERSION"),
  passes("sed 's/e/E/g' <<< hello", "sed 's/e/E/g' <<< hello"),
  // crontab installs its input: each job's command is code, also the known lines of a group
  passes("(crontab -l; echo '0 3 * * * cd ~/project && npm run backup') | crontab -", "(crontab -l; echo '0 3 * * * cd ~/project && npm run backup') | crontab -"),
  passes("echo '0 * * * * echo hi' | crontab -", "echo '0 * * * * echo hi' | crontab -"),
  // a group's output feeds the pipe after it
  passes("(echo hi; echo there) | sort", "(echo hi; echo there) | sort"),
  passes("(cd build && ls) | grep x", "(cd build && ls) | grep x"),
  // at/batch -f FILE runs the file (read when the line wrote it); launchctl submit -- PROG runs PROG as a job
  passes("launchctl submit -l build -- make -C ./project", "launchctl submit -l build -- make -C ./project"),
  passes("at -f ./jobs/nightly.sh midnight", "at -f ./jobs/nightly.sh midnight"),
  // mapfile/readarray -C CODE runs CODE as lines are read
  passes("mapfile -C 'printf \"%s \"' -c 10 lines < list.txt", "mapfile -C 'printf \"%s \"' -c 10 lines < list.txt"),
  // coproc running a shell: what is written to ${COPROC[1]} is its code
  passes("coproc sh; echo 'ls' >&\"${COPROC[1]}\"", "coproc sh; echo 'ls' >&\"${COPROC[1]}\""),
  passes("coproc cat; echo 'rm -rf ~' >&\"${COPROC[1]}\"", "coproc cat; echo 'rm -rf ~' >&\"${COPROC[1]}\""),
];
