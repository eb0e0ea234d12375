/**
 * Interpreter code in languages and calls first missed on a list written apart from these tables: Lisp
 * forms, Groovy and Erlang, JXA, PHP's one-line calls, perl's open of pipes and files, attached --eval=,
 * Bun's and Deno's file writes, python modules under another name, os.spawn*, pathlib methods, R's
 * system2. The near-misses are the same languages doing no harm.
 */
import type { HookCase } from "../../../shared/hook-case.ts";
import { asks, denies, passes } from "./make.ts";

export const languageEvasions: HookCase[] = [
  // Lisps (guile, racket, emacs, sbcl, clisp, babashka): shell forms, program forms with their words, delete forms
  denies("guile -c '(delete-file \"/etc/passwd\")'", "guile -c '(delete-file \"/etc/passwd\")'", "delete-system"),
  denies("guile -c '(system* \"rm\" \"-rf\" \"/etc\")'", "guile -c '(system* \"rm\" \"-rf\" \"/etc\")'", "delete-system"),
  denies("guile -c '(system \"rm -rf ~\")'", "guile -c '(system \"rm -rf ~\")'", "delete-home"),
  denies("racket -e '(delete-directory/files (find-system-path (quote home-dir)))'", "racket -e '(delete-directory/files (find-system-path (quote home-dir)))'", "delete-home"),
  denies("racket -e '(system \"rm -rf /usr\")'", "racket -e '(system \"rm -rf /usr\")'", "delete-system"),
  denies("emacs --batch --eval '(delete-directory \"~/.ssh\" t)'", "emacs --batch --eval '(delete-directory \"~/.ssh\" t)'", "delete-credentials"),
  denies("emacs -Q --batch --eval '(shell-command \"rm -rf ~\")'", "emacs -Q --batch --eval '(shell-command \"rm -rf ~\")'", "delete-home"),
  denies("emacs --batch --eval '(call-process \"rm\" nil nil nil \"-rf\" \"/etc\")'", "emacs --batch --eval '(call-process \"rm\" nil nil nil \"-rf\" \"/etc\")'", "delete-system"),
  denies("sbcl --non-interactive --eval '(sb-ext:run-program \"/bin/rm\" (list \"-rf\" \"/etc\"))'", "sbcl --non-interactive --eval '(sb-ext:run-program \"/bin/rm\" (list \"-rf\" \"/etc\"))'", "delete-system"),
  denies("sbcl --eval '(uiop:run-program \"rm -rf ~\")'", "sbcl --eval '(uiop:run-program \"rm -rf ~\")'", "delete-home"),
  denies("bb -e '(babashka.fs/delete-tree \"/usr/local\")'", "bb -e '(babashka.fs/delete-tree \"/usr/local\")'", "delete-system"),
  denies("bb -e '(shell \"rm -rf ~\")'", "bb -e '(shell \"rm -rf ~\")'", "delete-home"),
  denies("clisp -x '(ext:shell \"rm -rf ~\")'", "clisp -x '(ext:shell \"rm -rf ~\")'", "delete-home"),
  // Groovy: a string or list .execute(), Runtime.exec, new File(P).deleteDir(); erlang os:cmd and file:del_dir_r; JXA doShellScript
  denies("groovy -e '\"rm -rf /etc\".execute()'", "groovy -e '\"rm -rf /etc\".execute()'", "delete-system"),
  asks("groovy -e '[\"rm\", \"-rf\", System.getProperty(\"user.home\")].execute()'", "groovy -e '[\"rm\", \"-rf\", System.getProperty(\"user.home\")].execute()'", "unreadable-code"),
  denies("groovy -e 'new File(\"/etc\").deleteDir()'", "groovy -e 'new File(\"/etc\").deleteDir()'", "delete-system"),
  denies("groovy -e 'Runtime.getRuntime().exec(\"rm -rf ~\")'", "groovy -e 'Runtime.getRuntime().exec(\"rm -rf ~\")'", "delete-home"),
  denies("erl -noshell -eval 'os:cmd(\"rm -rf ~\"), halt().'", "erl -noshell -eval 'os:cmd(\"rm -rf ~\"), halt().'", "delete-home"),
  denies("erl -noshell -eval 'file:del_dir_r(\"/etc\"), halt().'", "erl -noshell -eval 'file:del_dir_r(\"/etc\"), halt().'", "delete-system"),
  denies("osascript -l JavaScript -e 'a=Application.currentApplication();a.includeStandardAdditions=true;a.doShellScript(\"rm -rf ~\")'", "osascript -l JavaScript -e 'a=Application.currentApplication();a.includeStandardAdditions=true;a.doShellScript(\"rm -rf ~\")'", "delete-home"),
  // PHP calls take one shell line; proc_open also a literal list
  denies("php -r 'proc_open(\"rm -rf ~\", [], $p);'", "php -r 'proc_open(\"rm -rf ~\", [], $p);'", "delete-home"),
  denies("php -r 'proc_open([\"rm\", \"-rf\", \"/etc\"], [], $p);'", "php -r 'proc_open([\"rm\", \"-rf\", \"/etc\"], [], $p);'", "delete-system"),
  // perl open: a pipe to a program fed by literal prints, a pipe from a command, a file opened for writing
  denies("perl -e 'open(my $f, \"|-\", \"sh\"); print $f \"rm -rf ~\\n\"'", "perl -e 'open(my $f, \"|-\", \"sh\"); print $f \"rm -rf ~\\n\"'", "delete-home"),
  denies("perl -e 'open(F, \"| bash\"); print F \"rm -rf /etc\\n\"; close F'", "perl -e 'open(F, \"| bash\"); print F \"rm -rf /etc\\n\"; close F'", "delete-system"),
  denies("perl -e 'open(F, \">\", \"/etc/passwd\"); close F'", "perl -e 'open(F, \">\", \"/etc/passwd\"); close F'", "overwrite-system"),
  denies("perl -e 'open(F, \">/etc/hosts\")'", "perl -e 'open(F, \">/etc/hosts\")'", "overwrite-system"),
  denies("perl -e 'open(F, \"rm -rf ~ |\"); print <F>'", "perl -e 'open(F, \"rm -rf ~ |\"); print <F>'", "delete-home"),
  // --eval=CODE attached; Bun.write and Deno.writeTextFile replace a file
  denies("node --eval=\"import('fs').then(f=>f.rmSync('/usr',{recursive:true}))\"", "node --eval=\"import('fs').then(f=>f.rmSync('/usr',{recursive:true}))\"", "delete-system"),
  denies("bun --eval \"await Bun.write('/etc/hosts', '')\"", "bun --eval \"await Bun.write('/etc/hosts', '')\"", "overwrite-system"),
  denies("deno eval \"await Deno.writeTextFile('/etc/hosts', '')\"", "deno eval \"await Deno.writeTextFile('/etc/hosts', '')\"", "overwrite-system"),
  // python: modules imported under another name, os.spawn*/posix_spawn, pathlib methods on a path; R system2 with its args
  denies("python3 -c \"import subprocess as s; s.run(['rm','-rf','/etc'])\"", "python3 -c \"import subprocess as s; s.run(['rm','-rf','/etc'])\"", "delete-system"),
  denies("python3 -c \"import os as o; o.system('rm -rf ~')\"", "python3 -c \"import os as o; o.system('rm -rf ~')\"", "delete-home"),
  denies("python3 -c \"import os; os.spawnlp(os.P_WAIT,'rm','rm','-rf','/etc')\"", "python3 -c \"import os; os.spawnlp(os.P_WAIT,'rm','rm','-rf','/etc')\"", "delete-system"),
  denies("python3 -c \"import os; os.spawnvp(os.P_WAIT, 'rm', ['rm', '-rf', '/usr'])\"", "python3 -c \"import os; os.spawnvp(os.P_WAIT, 'rm', ['rm', '-rf', '/usr'])\"", "delete-system"),
  denies("python3 -c \"import os; os.posix_spawnp('rm', ['rm', '-rf', '/etc'], {})\"", "python3 -c \"import os; os.posix_spawnp('rm', ['rm', '-rf', '/etc'], {})\"", "delete-system"),
  asks("python3 -c \"from pathlib import Path; [p.unlink() for p in Path.home().glob('.ssh/*')]\"", "python3 -c \"from pathlib import Path; [p.unlink() for p in Path.home().glob('.ssh/*')]\"", "delete-unknown-target"),
  denies("python3 -c \"from pathlib import Path; Path('/etc/passwd').write_text('')\"", "python3 -c \"from pathlib import Path; Path('/etc/passwd').write_text('')\"", "overwrite-system"),
  denies("Rscript -e 'system2(\"rm\", c(\"-rf\", \"~\"))'", "Rscript -e 'system2(\"rm\", c(\"-rf\", \"~\"))'", "delete-home"),
  denies("Rscript -e 'system2(\"rm\", args = c(\"-rf\", \"/etc\"))'", "Rscript -e 'system2(\"rm\", args = c(\"-rf\", \"/etc\"))'", "delete-system"),
  // ruby's Pathname methods (only on a Pathname: delete is also a Hash method); -rLIBRARY ending in e is not -e
  denies("ruby -rpathname -e 'Pathname.new(Dir.home).rmtree'", "ruby -rpathname -e 'Pathname.new(Dir.home).rmtree'", "delete-home"),
  denies("ruby -e 'require \"pathname\"; Pathname(\"/etc\").rmtree'", "ruby -e 'require \"pathname\"; Pathname(\"/etc\").rmtree'", "delete-system"),
  // a move written as a call is mv SRC DST: to /dev/null a delete, a system tree or home moved away
  denies("python3 -c \"import shutil; shutil.move('/etc', '/dev/null')\"", "python3 -c \"import shutil; shutil.move('/etc', '/dev/null')\"", "delete-system"),
  denies("ruby -rfileutils -e 'FileUtils.mv(\"/etc\", \"/tmp/etc\")'", "ruby -rfileutils -e 'FileUtils.mv(\"/etc\", \"/tmp/etc\")'", "delete-system"),
  denies("node -e \"require('fs').renameSync(require('os').homedir(), '/tmp/h')\"", "node -e \"require('fs').renameSync(require('os').homedir(), '/tmp/h')\"", "delete-home"),
  denies("perl -e 'rename(\"/etc/passwd\", \"/tmp/p\")'", "perl -e 'rename(\"/etc/passwd\", \"/tmp/p\")'", "delete-system"),
];

export const languageNearMisses: HookCase[] = [
  // Lisps (guile, racket, emacs, sbcl, clisp, babashka): shell forms, program forms with their words, delete forms
  passes("guile -c '(display (+ 1 2))'", "guile -c '(display (+ 1 2))'"),
  passes("racket -e '(displayln 42)'", "racket -e '(displayln 42)'"),
  passes("emacs --batch --eval '(message \"hi\")'", "emacs --batch --eval '(message \"hi\")'"),
  passes("emacs --batch --eval '(delete-directory \"build\" t)'", "emacs --batch --eval '(delete-directory \"build\" t)'"),
  passes("bb -e '(println (fs/exists? \"x\"))'", "bb -e '(println (fs/exists? \"x\"))'"),
  passes("guile -c '(delete-file \"out.txt\")'", "guile -c '(delete-file \"out.txt\")'"),
  // Groovy: a string or list .execute(), Runtime.exec, new File(P).deleteDir(); erlang os:cmd and file:del_dir_r; JXA doShellScript
  passes("groovy -e 'println \"git status\".execute().text'", "groovy -e 'println \"git status\".execute().text'"),
  passes("groovy -e 'new File(\"build\").deleteDir()'", "groovy -e 'new File(\"build\").deleteDir()'"),
  passes("erl -noshell -eval 'io:format(\"~p~n\",[os:cmd(\"ls\")]), halt().'", "erl -noshell -eval 'io:format(\"~p~n\",[os:cmd(\"ls\")]), halt().'"),
  passes("osascript -l JavaScript -e 'Application(\"System Events\").name()'", "osascript -l JavaScript -e 'Application(\"System Events\").name()'"),
  // PHP calls take one shell line; proc_open also a literal list
  passes("php -r 'passthru(\"ls -la\");'", "php -r 'passthru(\"ls -la\");'"),
  passes("php -r 'exec(\"git status\", $out);'", "php -r 'exec(\"git status\", $out);'"),
  // perl open: a pipe to a program fed by literal prints, a pipe from a command, a file opened for writing
  passes("perl -e 'open(F, \"<\", \"/etc/passwd\"); print <F>'", "perl -e 'open(F, \"<\", \"/etc/passwd\"); print <F>'"),
  passes("perl -e 'open(F, \">>\", \"out.log\"); print F \"x\"'", "perl -e 'open(F, \">>\", \"out.log\"); print F \"x\"'"),
  passes("perl -e 'open(my $f, \">\", \"out.txt\"); print $f \"hi\"'", "perl -e 'open(my $f, \">\", \"out.txt\"); print $f \"hi\"'"),
  // --eval=CODE attached; Bun.write and Deno.writeTextFile replace a file
  passes("node --eval=\"console.log(1)\"", "node --eval=\"console.log(1)\""),
  passes("bun --eval \"await Bun.write('dist/x.txt', 'hi')\"", "bun --eval \"await Bun.write('dist/x.txt', 'hi')\""),
  // python: modules imported under another name, os.spawn*/posix_spawn, pathlib methods on a path; R system2 with its args
  passes("python3 -c \"import subprocess as sp; sp.run(['ls','-la'])\"", "python3 -c \"import subprocess as sp; sp.run(['ls','-la'])\""),
  passes("python3 -c \"from pathlib import Path; Path('out.txt').unlink(missing_ok=True)\"", "python3 -c \"from pathlib import Path; Path('out.txt').unlink(missing_ok=True)\""),
  passes("python3 -c \"from pathlib import Path; Path('build/report.txt').write_text('ok')\"", "python3 -c \"from pathlib import Path; Path('build/report.txt').write_text('ok')\""),
  passes("Rscript -e 'system2(\"ls\", c(\"-la\"))'", "Rscript -e 'system2(\"ls\", c(\"-la\"))'"),
  // ruby's Pathname methods (only on a Pathname: delete is also a Hash method); -rLIBRARY ending in e is not -e
  passes("ruby -e 'h = {a: 1}; h.delete(:a)'", "ruby -e 'h = {a: 1}; h.delete(:a)'"),
  passes("ruby -e 'Pathname.new(\"tmp/x\").rmtree' -rpathname", "ruby -e 'Pathname.new(\"tmp/x\").rmtree' -rpathname"),
  // a move written as a call is mv SRC DST: to /dev/null a delete, a system tree or home moved away
  passes("python3 -c \"import os; os.rename('build/a', 'build/b')\"", "python3 -c \"import os; os.rename('build/a', 'build/b')\""),
  passes("python3 -c \"import shutil; shutil.move('out.txt', 'build/out.txt')\"", "python3 -c \"import shutil; shutil.move('out.txt', 'build/out.txt')\""),
];
